package google

import "strings"

// AddressComponent is one part of an address, Google style: ShortName drops the unit word
// ("Phường Hàng Bạc" → "Hàng Bạc"; a number keeps it: "Quận 1").
type AddressComponent struct {
	LongName  string   `json:"long_name"`
	ShortName string   `json:"short_name"`
	Types     []string `json:"types"`
}

// unitWords start official unit names, longest first.
var unitWords = []string{"Thành phố ", "Thị trấn ", "Thị Trấn ", "Thị xã ", "Thị Xã ", "Đặc khu ", "Phường ", "Huyện ", "Quận ", "Tỉnh ", "Xã "}

// ShortUnitName drops the unit word of an official name unless what is left is a number.
func ShortUnitName(name string) string {
	for _, w := range unitWords {
		if rest, ok := strings.CutPrefix(name, w); ok {
			if strings.Trim(rest, "0123456789") == "" {
				return name
			}
			return rest
		}
	}
	return name
}
