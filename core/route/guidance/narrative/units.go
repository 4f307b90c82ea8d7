package narrative

import (
	"math"
	"strconv"
	"strings"
)

// Lang is a narrative language.
type Lang uint8

// Languages.
const (
	VI Lang = iota // Vietnamese (the default)
	EN             // English
)

// ParseLang reads a language: "vi", "vi-VN", "en", "en-US" (any case; a
// region other than these two is accepted for its language).
func ParseLang(s string) (Lang, bool) {
	s = strings.ToLower(s)
	if i := strings.IndexAny(s, "-_"); i >= 0 {
		s = s[:i]
	}
	switch s {
	case "vi":
		return VI, true
	case "en":
		return EN, true
	}
	return VI, false
}

// Tag is the language's BCP 47 tag as Valhalla writes it ("vi-VN").
func (l Lang) Tag() string {
	if l == EN {
		return "en-US"
	}
	return "vi-VN"
}

// Units are the length units of Valhalla answers.
type Units uint8

// Units.
const (
	Km Units = iota // kilometres and metres
	Mi              // miles and feet
)

const (
	metresPerMile = 1609.344
	feetPerMetre  = 3.2808399
)

// number writes x with the given decimals, a decimal comma and dot
// thousands separators in Vietnamese (1.234,5), the reverse in English
// (1,234.5); trailing zero decimals are dropped ("2 km", not "2,0 km").
func number(x float64, decimals int, l Lang) string {
	s := strconv.FormatFloat(x, 'f', decimals, 64)
	intPart, frac, _ := strings.Cut(s, ".")
	frac = strings.TrimRight(frac, "0")
	neg := strings.HasPrefix(intPart, "-")
	intPart = strings.TrimPrefix(intPart, "-")
	thousands, point := ",", "."
	if l == VI {
		thousands, point = ".", ","
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteString(thousands)
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteString(point)
		b.WriteString(frac)
	}
	return b.String()
}

// Distance is a distance's text for a Google step or leg: metres below
// 1 km (to the metre below 100 m, else to 10 m), kilometres with one
// decimal below 100 km, whole kilometres beyond; with Mi, feet below
// 0.1 mi (to 10 ft) and miles likewise. "1,8 km" / "1.8 km", "350 m".
func Distance(m float64, l Lang, u Units) string {
	if !(m > 0) { // 0, negative or NaN
		m = 0
	}
	if u == Mi {
		mi := m / metresPerMile
		if mi < 0.1 {
			return number(roundTo(m*feetPerMetre, 10), 0, l) + " ft"
		}
		return bigUnit(mi, l, " mi", map[Lang]string{VI: " dặm", EN: " mi"})
	}
	switch {
	case m < 100:
		return number(math.Round(m), 0, l) + " m"
	case roundTo(m, 10) < 1000:
		return number(roundTo(m, 10), 0, l) + " m"
	}
	return bigUnit(m/1000, l, " km", nil)
}

// bigUnit writes x (≥ 0.1) with one decimal below 100, whole above.
func bigUnit(x float64, l Lang, unit string, per map[Lang]string) string {
	if u, ok := per[l]; ok {
		unit = u
	}
	if x < 99.95 {
		return number(math.Round(x*10)/10, 1, l) + unit
	}
	return number(math.Round(x), 0, l) + unit
}

func roundTo(x, step float64) float64 { return math.Round(x/step) * step }

// Duration is a duration's text: whole minutes (at least 1 for any time
// above zero), then hours and minutes, then days and hours.
// "3 phút" / "3 mins", "1 giờ 5 phút" / "1 hour 5 mins".
func Duration(s float64, l Lang) string {
	if !(s > 0) {
		return unitCount(0, l, "phút", "min", "mins")
	}
	min := int64(math.Round(s / 60))
	if min < 1 {
		min = 1
	}
	if min < 60 {
		return unitCount(min, l, "phút", "min", "mins")
	}
	h, mm := min/60, min%60
	if h < 24 {
		out := unitCount(h, l, "giờ", "hour", "hours")
		if mm > 0 {
			out += " " + unitCount(mm, l, "phút", "min", "mins")
		}
		return out
	}
	d, hh := h/24, h%24
	out := unitCount(d, l, "ngày", "day", "days")
	if hh > 0 {
		out += " " + unitCount(hh, l, "giờ", "hour", "hours")
	}
	return out
}

// unitCount writes "n unit" with the language's word (English plural
// for n ≠ 1).
func unitCount(n int64, l Lang, vi, one, many string) string {
	w := vi
	if l == EN {
		w = many
		if n == 1 {
			w = one
		}
	}
	return number(float64(n), 0, l) + " " + w
}

// VerbalLength is a spoken length: "less than 10 meters" / "chưa đến
// 10 mét", metres to 10 m below 1 km, "1 kilometer", "2.5 kilometers" /
// "2,5 ki-lô-mét"; feet below 0.1 mi and miles with Mi.
func VerbalLength(m float64, l Lang, u Units) string {
	if !(m > 0) {
		m = 0
	}
	type words struct{ less, small, smalls, big, bigs string }
	w := map[[2]uint8]words{
		{uint8(VI), uint8(Km)}: {"chưa đến 10 mét", "mét", "mét", "ki-lô-mét", "ki-lô-mét"},
		{uint8(EN), uint8(Km)}: {"less than 10 meters", "meter", "meters", "kilometer", "kilometers"},
		{uint8(VI), uint8(Mi)}: {"chưa đến 10 feet", "foot", "feet", "dặm", "dặm"},
		{uint8(EN), uint8(Mi)}: {"less than 10 feet", "foot", "feet", "mile", "miles"},
	}[[2]uint8{uint8(l), uint8(u)}]
	small, big := m, m/1000
	bigFrom := 1000.0 - 5
	if u == Mi {
		small, big, bigFrom = m*feetPerMetre, m/metresPerMile, 0.1*metresPerMile
	}
	if m >= bigFrom {
		x := math.Round(big*10) / 10
		if x == 1 {
			return "1 " + w.big
		}
		return number(x, 1, l) + " " + w.bigs
	}
	if small < 10 {
		return w.less
	}
	return number(roundTo(small, 10), 0, l) + " " + w.smalls
}
