package addr

import (
	"strings"

	"github.com/bando-vn/bando/core/text"
)

// Component is an administrative part of an address.
type Component struct {
	Text  string  // as written, unit word included ("Q.1", "phường Hàng Bạc")
	Name  string  // the name as written, without its unit word ("1", "Hàng Bạc")
	Start int     // byte offset of Text in the input
	Units []int32 // gazetteer units of this level the text names, consistent with the other components
}

// Reading is one consistent interpretation of the administrative part in one structure:
// gazetteer unit indexes, -1 where the text names no unit of that level.
type Reading struct {
	New                      bool
	Ward, District, Province int32
}

// Address is a parsed address. Text fields are spans of the input as written ("" when absent).
type Address struct {
	Venue       string // a name before the address ("Nhà hàng Ngon")
	HouseNumber string // house number with its alley chain ("12", "k448 h20/2", "ngõ 34 ngách 5 số 2")
	Number      string // the house number alone ("12A", "113/34", "2"); "" when only an alley is given
	Alley       string // the alley chain alone ("ngõ 34 ngách 5", "hẻm 45"), "" when none
	Street      string
	Ward        *Component
	District    *Component // old structure only
	Province    *Component
	Postcode    string
	Country     string
	// Lead is the input before the administrative part (venue, house number, street) with
	// trailing separators trimmed; Lead + the units rewritten is the same address in another structure.
	Lead string
	// Readings lists the consistent interpretations of Ward/District/Province, best first.
	Readings []Reading
}

// Empty reports whether nothing was recognised.
func (a *Address) Empty() bool {
	return a.HouseNumber == "" && a.Street == "" && a.Ward == nil && a.District == nil && a.Province == nil &&
		a.Postcode == "" && a.Country == ""
}

// Parse parses an address. It never fails: unrecognised text is left out.
func (g *Gazetteer) Parse(s string) Address {
	toks := tokenize(s)
	var a Address
	skip := make([]bool, len(toks))
	tail := markCountryAndPostcode(s, toks, skip, &a)
	spans := g.findSpans(toks, skip)
	c := g.bestCombo(toks, spans, tail, nil)
	adminStart := g.components(s, toks, &c, &a)
	for _, sp := range c.spans {
		if sp != nil {
			for k := sp.i; k < sp.j; k++ {
				skip[k] = true
			}
		}
	}
	leadEnd := 0
	if adminStart > 0 {
		leadEnd = toks[adminStart-1].end
	}
	a.Lead = strings.TrimRight(s[:leadEnd], " ,;-\t\n")
	if adminStart == len(toks) {
		a.Lead = strings.TrimSpace(s)
	}
	parseLead(s, toks[:adminStart], skip[:adminStart], &a)
	return a
}

// components fills a's Ward, District, Province and Readings from combo c and returns the
// index of the first token of the administrative part (len(toks) when there is none).
func (g *Gazetteer) components(s string, toks []token, c *combo, a *Address) int {
	adminStart := len(toks)
	for l, sp := range c.spans {
		if sp == nil {
			continue
		}
		comp := &Component{Text: s[toks[sp.i].start:toks[sp.j-1].end], Name: s[toks[sp.ni].start:toks[sp.j-1].end], Start: toks[sp.i].start}
		switch Level(l) {
		case Ward:
			a.Ward = comp
		case District:
			a.District = comp
		case Province:
			a.Province = comp
		}
		adminStart = min(adminStart, sp.i)
	}
	g.fillReadings(s, a, c)
	return adminStart
}

// Tail is one way the last words of a text name administrative units.
type Tail struct {
	Start    int       // byte offset in the text of the administrative part's first word
	Words    int       // its words (unit words included)
	Readings []Reading // its consistent readings in both structures, best first
}

// Tails lists the ways the last words of s, with at least one word before them, are a whole
// administrative part (units of different levels, no other word between or after them but a
// country or postcode): "bv bach mai dong da" → "dong da"; "cho ben thanh quan 1" → "quan 1"
// and "ben thanh quan 1". After a number the part is read as if a comma preceded it ("54B
// Cầu Xây 2 Thủ Đức": a bare district name there is a unit, not a street's). Shortest part
// first, at most max of them.
func (g *Gazetteer) Tails(s string, max int) []Tail {
	toks := tokenize(s)
	skip := make([]bool, len(toks))
	tail := markCountryAndPostcode(s, toks, skip, &Address{})
	whole := g.findSpans(toks, skip)
	var out []Tail
	for k := tail - 1; k >= 1 && k >= tail-maxTailWords && len(out) < max; k-- {
		if ownUnitWord(whole, k) {
			continue
		}
		cut, bare := toks, true
		if toks[k-1].seg == toks[k].seg && numberish(toks[k-1].f) {
			// as if a comma preceded the part; a bare ward name must then still
			// be its whole part's only unit, as in Parse
			cut, bare = append([]token(nil), toks...), false
			for i := k; i < len(cut); i++ {
				cut[i].seg++
			}
		}
		var spans []span
		for _, sp := range g.findSpans(cut, skip) {
			if sp.i >= k && sp.j <= tail {
				spans = append(spans, sp)
			}
		}
		c := g.bestCombo(cut, spans, tail, func(c *combo) bool { return covers(c, k, tail) && (bare || !bareWard(c)) })
		if len(c.old) == 0 && len(c.new) == 0 {
			continue
		}
		var a Address
		g.components(s, cut, &c, &a)
		out = append(out, Tail{Start: toks[k].start, Words: tail - k, Readings: a.Readings})
	}
	return out
}

// ownUnitWord: a unit word written before token k starts a unit's name there ("H. Mai
// Sơn", "thành phố Hồ Chí Minh"): the part starts with the unit word, not at k.
func ownUnitWord(spans []span, k int) bool {
	for _, sp := range spans {
		if sp.unitWord && sp.i < k && sp.ni == k {
			return true
		}
	}
	return false
}

// bareWard: c is one ward's name without its unit word.
func bareWard(c *combo) bool {
	n := 0
	for _, s := range c.spans {
		if s != nil {
			n++
		}
	}
	w := c.spans[Ward]
	return n == 1 && w != nil && !w.unitWord
}

// maxTailWords bounds the words of an administrative part Tails reads.
const maxTailWords = 10

// covers: the spans of c are exactly tokens [i, j) with no word between them.
func covers(c *combo, i, j int) bool {
	first, last := -1, -1
	for _, s := range c.spans {
		if s == nil {
			continue
		}
		if s.i < i || s.j > j {
			return false
		}
		if first < 0 || s.i < first {
			first = s.i
		}
		last = max(last, s.j)
	}
	return first == i && last == j && gaps(c) == 0
}

// markCountryAndPostcode marks "Việt Nam" and 6-digit postcodes; it returns the index just
// past the last token that is neither.
func markCountryAndPostcode(s string, toks []token, skip []bool, a *Address) int {
	for i := range toks {
		switch {
		case toks[i].f == "vietnam" || toks[i].f == "vn" && i == len(toks)-1:
			skip[i] = true
			a.Country = s[toks[i].start:toks[i].end]
		case toks[i].f == "viet" && i+1 < len(toks) && toks[i+1].f == "nam":
			skip[i], skip[i+1] = true, true
			a.Country = s[toks[i].start:toks[i+1].end]
		case len(toks[i].f) == 6 && text.AllDigits(toks[i].f) && toks[i].f[0] != '0':
			skip[i] = true
			a.Postcode = toks[i].f
		}
	}
	tail := len(toks)
	for tail > 0 && skip[tail-1] {
		tail--
	}
	return tail
}

// hasMarks reports non-ASCII letters: the text was written with accents.
func hasMarks(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

// accentFilter keeps, when the text has accents, the readings whose unit names match the
// written names accent for accent most often ("Châu Bình" is not "Châu Bính").
func (g *Gazetteer) accentFilter(s string, a *Address, c *combo) {
	if !hasMarks(s) {
		return
	}
	score := func(units []int32) int {
		n := 0
		for l, comp := range []*Component{a.Ward, a.District, a.Province} {
			if comp != nil && units[l] >= 0 && g.accentMatches(units[l], comp.Name) {
				n++
			}
		}
		return n
	}
	best := 0
	for _, t := range c.old {
		best = max(best, score([]int32{t[0], t[1], t[2]}))
	}
	for _, t := range c.new {
		best = max(best, score([]int32{t[0], -1, t[1]}))
	}
	if best == 0 {
		return
	}
	old, nw := c.old[:0:0], c.new[:0:0]
	for _, t := range c.old {
		if score([]int32{t[0], t[1], t[2]}) == best {
			old = append(old, t)
		}
	}
	for _, t := range c.new {
		if score([]int32{t[0], -1, t[1]}) == best {
			nw = append(nw, t)
		}
	}
	c.old, c.new = old, nw
}

// fillReadings keeps, in each component, the units some reading uses.
func (g *Gazetteer) fillReadings(s string, a *Address, c *combo) {
	g.accentFilter(s, a, c)
	keep := func(comp *Component, u int32) {
		if comp == nil || u < 0 {
			return
		}
		for _, x := range comp.Units {
			if x == u {
				return
			}
		}
		comp.Units = append(comp.Units, u)
	}
	for _, t := range c.old {
		a.Readings = append(a.Readings, Reading{New: false, Ward: t[0], District: t[1], Province: t[2]})
		keep(a.Ward, t[0])
		keep(a.District, t[1])
		if c.spans[Province] != nil {
			keep(a.Province, t[2])
		}
	}
	for _, t := range c.new {
		a.Readings = append(a.Readings, Reading{New: true, Ward: t[0], District: -1, Province: t[1]})
		keep(a.Ward, t[0])
		if c.spans[Province] != nil {
			keep(a.Province, t[1])
		}
	}
}
