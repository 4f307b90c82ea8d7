package text

import (
	"strings"
)

// abbreviations pairs short forms with the folded phrases they stand for.
// A short form may stand for several phrases ("tt": thị trấn, trung tâm);
// a phrase may have several short forms ("hcm", "tphcm", "sai gon").
// The table is data: add rows, never code.
var abbreviations = [...][2]string{
	// administrative unit words (API.md: Q.1, P., TP., TX., H.)
	{"q", "quan"}, {"p", "phuong"}, {"tp", "thanh pho"}, {"tx", "thi xa"}, {"h", "huyen"},
	{"tt", "thi tran"}, {"x", "xa"}, {"t", "tinh"}, {"kp", "khu pho"},
	// street and alley words
	{"d", "duong"}, {"đ", "duong"}, {"ng", "ngo"}, {"qc", "quang truong"}, {"dl", "dai lo"},
	// kinds of places
	{"bv", "benh vien"}, {"dh", "dai hoc"}, {"dhqg", "dai hoc quoc gia"}, {"cd", "cao dang"},
	{"thpt", "trung hoc pho thong"}, {"thcs", "trung hoc co so"}, {"th", "tieu hoc"},
	{"mn", "mam non"}, {"ubnd", "uy ban nhan dan"}, {"cty", "cong ty"},
	{"ks", "khach san"}, {"nh", "ngan hang"}, {"bx", "ben xe"}, {"sb", "san bay"},
	{"kdt", "khu do thi"}, {"kcn", "khu cong nghiep"}, {"ktx", "ky tuc xa"},
	{"tttm", "trung tam thuong mai"}, {"tt", "trung tam"}, {"ttyt", "trung tam y te"},
	{"bhxh", "bao hiem xa hoi"}, {"cv", "cong vien"}, {"ch", "cua hang"}, {"sthi", "sieu thi"},
	{"vp", "van phong"}, {"hv", "hoc vien"}, {"dhbk", "dai hoc bach khoa"},
	{"cc", "chung cu"}, {"tyt", "tram y te"}, {"nvh", "nha van hoa"}, {"bvdk", "benh vien da khoa"},
	// places known by short names
	{"hn", "ha noi"}, {"hcm", "ho chi minh"}, {"tphcm", "thanh pho ho chi minh"},
	{"sg", "sai gon"}, {"sai gon", "ho chi minh"}, {"dn", "da nang"}, {"hp", "hai phong"},
	{"brvt", "ba ria vung tau"}, {"tphn", "thanh pho ha noi"},
	{"ho guom", "ho hoan kiem"},
}

var expandIndex = buildExpand()

func buildExpand() map[string][]string {
	m := map[string][]string{}
	for _, a := range abbreviations {
		m[a[0]] = append(m[a[0]], a[1])
	}
	return m
}

// Expansions returns the folded phrases a folded short form stands for
// ("bv" → ["benh vien"]), nil if it is none. The caller must not modify
// the result.
func Expansions(short string) []string { return expandIndex[short] }

// MaxPhraseWords is the longest phrase (in words) of the abbreviation
// table: a matcher looks at most this many tokens ahead.
var MaxPhraseWords = maxPhraseWords()

func maxPhraseWords() int {
	n := 1
	for _, a := range abbreviations {
		n = max(n, len(strings.Fields(a[0])), len(strings.Fields(a[1])))
	}
	return n
}

// unitPrefixes are the short forms that glue to a number: "q1" is quận 1,
// "p12" phường 12.
var unitPrefixes = []string{"q", "p", "f", "kp", "tdp", "to"}

// SplitUnitNumber splits a folded token made of a unit short form and a
// number ("q1" → "q", "1"; "p12" → "p", "12"); ok=false otherwise.
func SplitUnitNumber(tok string) (unit, num string, ok bool) {
	for _, u := range unitPrefixes {
		if len(tok) > len(u) && strings.HasPrefix(tok, u) && AllDigits(tok[len(u):]) {
			num := tok[len(u):]
			if u == "f" { // Saigonese "F12" for phường 12
				u = "p"
			}
			return u, num, true
		}
	}
	return "", "", false
}

// AllDigits reports whether s is a non-empty run of ASCII digits.
func AllDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
