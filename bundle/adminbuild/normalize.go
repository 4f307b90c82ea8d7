package adminbuild

import "strings"

// foldTable maps every Vietnamese letter with diacritics to its base letter.
var foldTable = func() map[rune]rune {
	groups := map[rune]string{
		'a': "àáảãạăằắẳẵặâầấẩẫậ", 'e': "èéẻẽẹêềếểễệ", 'i': "ìíỉĩị",
		'o': "òóỏõọôồốổỗộơờớởỡợ", 'u': "ùúủũụưừứửữự", 'y': "ỳýỷỹỵ", 'd': "đ",
	}
	m := map[rune]rune{}
	for base, s := range groups {
		for _, r := range s {
			m[r] = base
		}
	}
	return m
}()

// foldName is the matching key of a Vietnamese name: lower case, without
// diacritics or combining marks, single spaces. "Hoà" and "Hòa" (tone mark
// placed differently) and "HÒA" all fold to "hoa".
func foldName(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		if r >= 0x300 && r <= 0x36f { // combining diacritics (decomposed input)
			continue
		}
		if f, ok := foldTable[r]; ok {
			r = f
		}
		if r == ' ' || r == '\t' || r == '\u00a0' {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}
