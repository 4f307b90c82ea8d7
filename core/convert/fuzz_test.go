package convert

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/addr"
	"github.com/bando-vn/bando/core/admin"
)

// FuzzConvert converts arbitrary text both ways over the sample bundle's units (no point):
// never a panic, an error only ErrNoUnits, every answer's formatted address ends with its
// target's province.
func FuzzConvert(f *testing.F) {
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "bundle", "tiles", "admin", "units.mp"))
	if err != nil {
		f.Fatal(err)
	}
	u, err := admin.DecodeUnits(b)
	if err != nil {
		f.Fatal(err)
	}
	c := New(u, addr.NewGazetteer(u), nil)
	for _, s := range []string{"12 Hàng Bạc, Phường Hàng Bạc, Quận Hoàn Kiếm, Hà Nội", "Phường Sài Gòn, TP HCM", "p ben thanh q1", ",,,", "ngõ"} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, toNew bool) {
		res, err := c.Convert(context.Background(), s, toNew, nil)
		if err != nil {
			if err != ErrNoUnits {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		for _, r := range res {
			if r.To.Province.Name != "" && !strings.HasSuffix(r.Formatted, r.To.Province.Name) {
				t.Fatalf("%q: %q does not end with %q", s, r.Formatted, r.To.Province.Name)
			}
		}
	})
}
