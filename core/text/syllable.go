package text

import "strings"

// Vietnamese syllable structure on folded text: onset + vowel cluster +
// coda. Onsets longest first.
var (
	onsets = []string{"ngh", "ng", "nh", "ch", "gh", "gi", "kh", "ph", "qu", "th", "tr",
		"b", "c", "d", "g", "h", "k", "l", "m", "n", "r", "s", "t", "v", "x", ""}
	vowelClusters = setOf("a", "e", "i", "o", "u", "y", "ai", "ao", "au", "ay", "eo", "eu", "ia", "ie", "iu",
		"oa", "oe", "oi", "oo", "ua", "ue", "ui", "uo", "uu", "uy", "ya", "ye", "ieu", "yeu", "oai", "oay",
		"oeo", "uai", "uay", "uoi", "uou", "uya", "uye", "uyu", "uey")
	codas = []string{"ngh", "ng", "nh", "ch", "c", "m", "n", "p", "t", ""}
)

func setOf(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// IsSyllable reports whether a folded word can be a Vietnamese syllable
// (onset, vowel cluster, coda: "nguyen", "truong", "phuong" yes; "thyu",
// "nwguu", "dxeu" no). A typed word that is not one is likely a typo, a
// keystroke leftover or a foreign word; search plans its tiles last.
func IsSyllable(w string) bool {
	if w == "" || len(w) > 7 {
		return false
	}
	for _, on := range onsets {
		if !strings.HasPrefix(w, on) {
			continue
		}
		rest := w[len(on):]
		for _, co := range codas {
			if strings.HasSuffix(rest, co) && vowelClusters[rest[:len(rest)-len(co)]] {
				return true
			}
		}
	}
	return false
}
