package geocode

import (
	"reflect"
	"testing"
)

func TestKeyOf(t *testing.T) {
	cases := []struct {
		number, street string
		base           string
		path           []string
	}{
		{"252/16", "Hẻm 252 Phan Anh", "phan anh", []string{"252", "16"}},
		{"252/16", "Phan Anh", "phan anh", []string{"252", "16"}},
		{"16", "hẻm 252 Phan Anh", "phan anh", []string{"252", "16"}},
		{"218", "Ngõ 218 Lạc Long Quân", "lac long quan", []string{"218", "218"}},
		{"16", "Ngõ 5 Quảng An", "quang an", []string{"5", "16"}},
		{"số 16 ngõ 5", "Quảng An", "quang an", []string{"5", "16"}},
		{"số 2 ngõ 34 ngách 5", "Nguyễn Trãi", "nguyen trai", []string{"34", "5", "2"}},
		{"ngõ 34 ngách 5 số 2", "Nguyễn Trãi", "nguyen trai", []string{"34", "5", "2"}},
		{"2", "Ngách 34/5 Nguyễn Trãi", "nguyen trai", []string{"34", "5", "2"}},
		{"12A", "Phố Hàng Bạc", "hang bac", []string{"12a"}},
		{"12a", "hang bac", "hang bac", []string{"12a"}},
		{"12-14", "Đ. Lê Lợi", "le loi", []string{"12-14"}},
		{"21", "Đường số 85", "85", []string{"21"}},
		{"21", "đường 85", "85", []string{"21"}},
		{"k448 h20/2", "Hoàng Diệu", "hoang dieu", []string{"448", "20", "2"}},
		{"36", "Hẻm 141/150/38", "", []string{"141", "150", "38", "36"}},
		{"", "Đại lộ Thăng Long", "thang long", nil},
		{"2", "Hẻm số 39 Đường số 1", "1", []string{"39", "2"}},
		{"22 Sông Nhuệ", "Cầu Vồng", "cau vong", []string{"22", "song", "nhue"}},
		{"số 5", "Tràng Tiền", "trang tien", []string{"5"}},
	}
	for _, c := range cases {
		k := KeyOf(c.number, c.street)
		if k.Base != c.base || !reflect.DeepEqual(k.Path, c.path) {
			t.Errorf("KeyOf(%q, %q) = %q %q, want %q %q", c.number, c.street, k.Base, k.Path, c.base, c.path)
		}
	}
	if !KeyOf("252/16", "Phan Anh").Equal(KeyOf("16", "Hẻm 252 Phan Anh")) || KeyOf("16", "Phan Anh").Equal(KeyOf("16", "Hẻm 252 Phan Anh")) {
		t.Error("Equal")
	}
}
