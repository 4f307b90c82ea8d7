package geocode

import (
	"strings"

	"github.com/bando-vn/bando/core/text"
)

// AddressKey is an address reduced for comparison, so that the ways Vietnamese addresses are
// written compare equal: "252/16 Phan Anh", "16 hẻm 252 Phan Anh" and the data's
// "252/16" on "Hẻm 252 Phan Anh" are all {Base "phan anh", Path ["252" "16"]}; "số 2 ngõ 34
// ngách 5 Nguyễn Trãi" and "2" on "Ngách 34/5 Nguyễn Trãi" are {"nguyen trai", ["34" "5" "2"]}.
type AddressKey struct {
	// Base is the folded street name without its street word ("đường", "phố", "đ."), alley
	// words and alley numbers; a numbered street keeps its number ("đường số 85" → "85").
	Base string
	// Path is the alley numbers from the street outwards, then the house number, folded
	// ("12a", "12-14" stay whole).
	Path []string
}

// Equal reports whether two keys name the same address.
func (k AddressKey) Equal(o AddressKey) bool {
	if k.Base != o.Base || len(k.Path) != len(o.Path) {
		return false
	}
	for i := range k.Path {
		if k.Path[i] != o.Path[i] {
			return false
		}
	}
	return true
}

// streetWords are the folded words that name a street's type ahead of its name.
var streetWords = map[string]bool{"duong": true, "pho": true, "d": true, "dg": true, "dl": true, "dai lo": true}

// alleyWords are the folded alley words ("ngõ", "ngách", "hẻm", "kiệt") and their short forms.
var alleyWords = map[string]bool{"ngo": true, "ngach": true, "nghach": true, "hem": true, "kiet": true, "hxh": true, "ng": true}

// KeyOf reduces a house number (with any alley chain before it: "ngõ 34 ngách 5 số 2") and
// a street name (which may itself start with alleys: "Hẻm 252 Phan Anh") to an AddressKey.
func KeyOf(number, street string) AddressKey {
	var k AddressKey
	sw := houseTokens(street)
	alley, rest := alleyPath(sw)
	k.Base = baseName(rest)
	nw := houseTokens(number)
	lead, tail := alleyPath(nw)
	var num []string
	for _, w := range tail {
		switch {
		case w == "so" || w == "nha":
		case isNumberWord(w):
			num = append(num, splitPath(w)...)
		default: // not a number ("22 Sông Nhuệ"): kept, so that it matches only itself
			num = append(num, w)
		}
	}
	path := append(append([]string(nil), alley...), lead...)
	switch {
	case len(num) > len(path) && hasPrefix(num, path): // "252/16" on "Hẻm 252": the number repeats the alley
		path = num
	default:
		path = append(path, num...)
	}
	k.Path = path
	return k
}

func hasPrefix(s, p []string) bool {
	if len(p) == 0 || len(s) < len(p) {
		return false
	}
	for i := range p {
		if s[i] != p[i] {
			return false
		}
	}
	return true
}

// houseTokens folds s into words keeping '/' and '-' inside them ("113/34", "12-14").
func houseTokens(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' || r == '.' }) {
		parts := strings.FieldsFunc(f, func(r rune) bool { return r == '/' || r == '-' })
		for i := range parts {
			parts[i] = strings.ReplaceAll(text.Fold(parts[i]), " ", "")
		}
		sep := "/"
		if strings.Contains(f, "-") && !strings.Contains(f, "/") {
			sep = "-"
		}
		if w := strings.Trim(strings.Join(parts, sep), "/-"); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// isNumberWord: a house-number word ("12", "12a", "113/34", "12-14", "18a25").
func isNumberWord(w string) bool { return w != "" && w[0] >= '0' && w[0] <= '9' }

// splitPath splits "113/34" into ["113" "34"]; "12-14" stays whole.
func splitPath(w string) []string { return strings.Split(w, "/") }

// alleyPath reads the leading alley words and their numbers ("hem 252", "ngo 34 ngach 5",
// "k448", "h20/2") and returns the numbers and the words after them.
func alleyPath(ws []string) (path, rest []string) {
	i := 0
	for i < len(ws) {
		w := ws[i]
		switch {
		case alleyWords[w] && i+1 < len(ws) && isNumberWord(ws[i+1]):
			path = append(path, splitPath(ws[i+1])...)
			i += 2
			continue
		case alleyWords[w] && i+2 < len(ws) && ws[i+1] == "so" && isNumberWord(ws[i+2]): // "hẻm số 39"
			path = append(path, splitPath(ws[i+2])...)
			i += 3
			continue
		case len(w) > 1 && (w[0] == 'k' || w[0] == 'h') && isNumberWord(w[1:]):
			path = append(path, splitPath(w[1:])...)
			i++
			continue
		case w == "so" && i+1 < len(ws) && isNumberWord(ws[i+1]) && i+2 < len(ws) && alleyWords[ws[i+2]]:
			// "số 2 ngõ 34 …": the house number comes first; read it after the alleys
			rest := append(append([]string(nil), ws[i+2:]...), ws[i+1])
			p, r := alleyPath(rest)
			return append(path, p...), r
		case isNumberWord(w) && i+1 < len(ws) && alleyWords[ws[i+1]]:
			// "2 ngõ 34 …", as above
			rest := append(append([]string(nil), ws[i+1:]...), w)
			p, r := alleyPath(rest)
			return append(path, p...), r
		}
		break
	}
	return path, ws[i:]
}

// baseName joins the street words after any street-type word; "so N" alone is "N".
func baseName(ws []string) string {
	for len(ws) > 1 && streetWords[ws[0]] {
		ws = ws[1:]
	}
	if len(ws) > 1 && streetWords[ws[0]+" "+ws[1]] {
		ws = ws[2:]
	}
	if len(ws) == 2 && ws[0] == "so" && isNumberWord(ws[1]) {
		ws = ws[1:]
	}
	return strings.Join(ws, " ")
}
