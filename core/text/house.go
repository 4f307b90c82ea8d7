package text

import "strings"

// House is the leading house part of an address as people type it:
// "12 ngõ 34 Hàng Bạc", "số 113/34 Lê Lợi", "hẻm 45/6 Lê Lợi", "kiệt 7 Ông Ích Khiêm".
type House struct {
	// Number is the folded house number with its '/' and '-' kept
	// ("12a", "113/34", "12-14"); "" when none was typed.
	Number string
	// Alleys are the alley parts in the typed order, folded, with the alley
	// word spelled out: "ngo 34", "ngach 5", "hem 45/6", "kiet 7".
	Alleys []string
	// Street is the rest of the text (as typed), normally the street name.
	Street string
}

// alleyWords maps folded alley words (and their short forms) to the
// spelled-out word.
var alleyWords = map[string]string{
	"ngo": "ngo", "ng": "ngo", "ngach": "ngach", "nghach": "ngach", "hem": "hem", "h": "hem",
	"kiet": "kiet", "k": "kiet", "hxh": "hem",
}

// IsHouseNumber reports whether a folded word (with '/' or '-' kept) looks
// like a Vietnamese house number: digits, optionally a letter suffix, parts
// joined by '/' or '-' ("12", "12a", "113/34", "45/6b", "12-14").
func IsHouseNumber(w string) bool {
	if w == "" || len(w) > 24 {
		return false
	}
	for _, part := range strings.FieldsFunc(w, func(r rune) bool { return r == '/' || r == '-' }) {
		if !housePart(part) {
			return false
		}
	}
	return w[0] >= '0' && w[0] <= '9' && w[len(w)-1] != '/' && w[len(w)-1] != '-'
}

// housePart: digits then at most two letters ("12", "12a", "5bis" is not).
func housePart(p string) bool {
	i := 0
	for i < len(p) && p[i] >= '0' && p[i] <= '9' {
		i++
	}
	if i == 0 {
		return false
	}
	rest := p[i:]
	return len(rest) <= 2 && strings.Trim(rest, "abcdefghijklmnopqrstuvwxyz") == ""
}

// houseWords splits s into folded words, keeping '/' and '-' inside words
// so house numbers survive ("113/34").
func houseWords(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' }) {
		f = strings.Trim(f, ".;:")
		if f == "" {
			continue
		}
		parts := strings.FieldsFunc(f, func(r rune) bool { return r == '/' || r == '-' })
		for i := range parts {
			parts[i] = strings.ReplaceAll(Fold(parts[i]), " ", "")
		}
		sep := "/"
		if strings.Contains(f, "-") && !strings.Contains(f, "/") {
			sep = "-"
		}
		if w := strings.Join(parts, sep); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// houseSeps turns the separators ParseHouse splits on into spaces (built
// once: a Replacer builds its tables on first use).
var houseSeps = strings.NewReplacer(",", " ", "\t", " ", "\n", " ")

// ParseHouse splits the leading house number and alleys off a typed
// address: "12 ngõ 34 Hàng Bạc" → {Number "12", Alleys ["ngo 34"],
// Street "Hàng Bạc"}. "số" before the number is dropped. Text without a
// house part comes back whole in Street.
func ParseHouse(s string) House {
	// A house number and an alley's number both start with an ASCII digit
	// (IsHouseNumber), which folding never makes of anything else: without
	// one, the answer is the text whole (most typed searches; no work).
	if strings.IndexAny(s, "0123456789") < 0 {
		return House{Street: strings.TrimSpace(s)}
	}
	return parseHouse(s)
}

// parseHouse is ParseHouse's parse (TestParseHouseNoDigits checks the
// shortcut against it).
func parseHouse(s string) House {
	var h House
	words := houseWords(s)
	raw := strings.Fields(houseSeps.Replace(s))
	if len(raw) != len(words) { // a word folded to nothing: give up on positions
		return House{Street: strings.TrimSpace(s)}
	}
	i := 0
	if i < len(words) && words[i] == "so" && i+1 < len(words) && IsHouseNumber(words[i+1]) {
		i++
	}
	if i < len(words) && IsHouseNumber(words[i]) {
		h.Number = words[i]
		i++
	}
	for i+1 < len(words) {
		alley, ok := alleyWords[words[i]]
		if !ok || !IsHouseNumber(words[i+1]) {
			break
		}
		h.Alleys = append(h.Alleys, alley+" "+words[i+1])
		i += 2
	}
	if h.Number == "" && len(h.Alleys) == 0 {
		return House{Street: strings.TrimSpace(s)}
	}
	h.Street = strings.Join(raw[i:], " ")
	return h
}
