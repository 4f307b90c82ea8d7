package adminbuild

import "testing"

func TestWardNameMatches(t *testing.T) {
	for _, c := range []struct {
		written, official string
		want              bool
	}{
		{"Hàng Trống", "Phường Hàng Trống", true},
		{"Phương Mai", "Phường Phương Mai", true},
		{"Phuong Mai", "Phường Phương Mai", false}, // "phuong" typed without marks is the unit word
		{"Phường Phương Mai", "Phường Phương Mai", true},
		{"Phuong 8", "Phường 8", true},
		{"Ward 6", "Phường 06", true},
		{"2", "Phường 2", true},
		{"P.2", "Phường 2", true},
		{"Đakao", "Phường Đa Kao", true},
		{"Văn Miếu", "Phường Văn Miếu - Quốc Tử Giám", true},
		{"Quốc Tử Giám", "Phường Văn Miếu - Quốc Tử Giám", true},
		{"Đống Đa", "Phường Văn Miếu - Quốc Tử Giám", false},
		{"Xã Cổ Đô", "Xã Cổ Đô", true},
		{"Phường 12", "Phường 2", false},
	} {
		if got := WardNameMatches(c.written, c.official); got != c.want {
			t.Errorf("WardNameMatches(%q, %q) = %v, want %v", c.written, c.official, got, c.want)
		}
	}
}
