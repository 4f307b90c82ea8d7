package addr

import (
	"sort"
	"strings"

	"github.com/bando-vn/bando/core/text"
)

// levelMask is a set of levels.
type levelMask uint8

func (m levelMask) has(l Level) bool { return m&(1<<l) != 0 }

const (
	anyLevel   = levelMask(1<<Province | 1<<District | 1<<Ward)
	wardOnly   = levelMask(1 << Ward)
	distOnly   = levelMask(1 << District)
	provOnly   = levelMask(1 << Province)
	cityLevels = levelMask(1<<Province | 1<<District)
)

// unitPrefixes maps folded unit words and their abbreviations to the levels they introduce.
var unitPrefixes = map[string]levelMask{
	"phuong": wardOnly, "p": wardOnly, "xa": wardOnly, "x": wardOnly, "thi tran": wardOnly, "tt": wardOnly, "dac khu": wardOnly,
	"quan": distOnly, "q": distOnly, "huyen": distOnly, "h": distOnly, "thi xa": distOnly, "tx": distOnly,
	"thanh pho": cityLevels, "tp": cityLevels, "tinh": provOnly,
}

// unitKinds maps unit words and abbreviations to the unit word of official names.
var unitKinds = map[string]string{
	"phuong": "phuong", "p": "phuong", "xa": "xa", "x": "xa", "thi tran": "thi tran", "tt": "thi tran",
	"dac khu": "dac khu", "quan": "quan", "q": "quan", "huyen": "huyen", "h": "huyen", "thi xa": "thi xa",
	"tx": "thi xa", "thanh pho": "thanh pho", "tp": "thanh pho", "tinh": "tinh",
}

// span is a run of tokens naming a unit of one level.
type span struct {
	i, j     int // tokens [i, j), unit word included
	ni       int // first token of the name
	level    Level
	units    []int32
	unitWord bool
	blocked  bool // a bare name right after a house number or street word
	score    float64
}

// unitWordAt returns the length in tokens and levels of a unit word starting at token i.
func unitWordAt(toks []token, i int) (int, levelMask) {
	if i+1 < len(toks) && toks[i+1].seg == toks[i].seg {
		if m, ok := unitPrefixes[toks[i].f+" "+toks[i+1].f]; ok {
			return 2, m
		}
	}
	if m, ok := unitPrefixes[toks[i].f]; ok {
		return 1, m
	}
	return 0, 0
}

// fusedNumber splits "q1", "p06" into a unit word and a number.
func fusedNumber(f string) (levelMask, string) {
	if len(f) >= 2 && (f[0] == 'q' || f[0] == 'p') && text.AllDigits(f[1:]) {
		if f[0] == 'q' {
			return distOnly, trimZeros(f[1:])
		}
		return wardOnly, trimZeros(f[1:])
	}
	return 0, ""
}

// findSpans lists every run of tokens the gazetteer knows, by level.
func (g *Gazetteer) findSpans(toks []token, skip []bool) []span {
	var out []span
	for i := range toks {
		if skip[i] {
			continue
		}
		if m, num := fusedNumber(toks[i].f); m != 0 {
			out = g.addSpans(out, toks, i, i, i+1, num, m, unitKinds[toks[i].f[:1]])
		}
		if k, m := unitWordAt(toks, i); k > 0 {
			kind := toks[i].f
			if k == 2 {
				kind += " " + toks[i+1].f
			}
			out = g.nameSpans(out, toks, skip, i, i+k, m, unitKinds[kind])
		}
		out = g.nameSpans(out, toks, skip, i, i, anyLevel, "")
	}
	return out
}

// nameSpans adds the spans whose name starts at token ni.
// kind is the unit word written before the name ("" none).
func (g *Gazetteer) nameSpans(out []span, toks []token, skip []bool, i, ni int, m levelMask, kind string) []span {
	unitWord := kind != ""
	var b strings.Builder
	for j := ni; j < len(toks) && j-ni < g.maxLen && !skip[j] && toks[j].seg == toks[i].seg; j++ {
		if j > ni {
			b.WriteByte(' ')
		}
		b.WriteString(toks[j].f)
		name := b.String()
		if text.AllDigits(name) {
			if !unitWord {
				break
			}
			name = trimZeros(name)
		}
		out = g.addSpans(out, toks, i, ni, j+1, name, m, kind)
	}
	return out
}

func (g *Gazetteer) addSpans(out []span, toks []token, i, ni, j int, name string, m levelMask, kind string) []span {
	unitWord := kind != ""
	units := g.Named(name)
	if len(units) == 0 {
		return out
	}
	for _, l := range [...]Level{Province, District, Ward} {
		if !m.has(l) {
			continue
		}
		var us []int32
		for _, u := range units {
			if g.Level(u) == l {
				us = append(us, u)
			}
		}
		if len(us) == 0 {
			continue
		}
		us = narrowKind(g, us, kind)
		s := span{i: i, j: j, ni: ni, level: l, units: us, unitWord: unitWord}
		s.score = 1 + 0.5*float64(j-ni)
		if unitWord {
			s.score += 2
		} else if prevBlocksBare(toks, i) {
			if l != Province {
				continue
			}
			s.blocked = true
			s.score -= 1.5
		}
		if fillsSegment(toks, i, j) {
			s.score++
		} else if toks[len(toks)-1].seg > toks[0].seg && i > 0 && toks[i-1].seg == toks[i].seg {
			s.score -= 1.5 // commas are used, but not before this unit
		}
		out = append(out, s)
	}
	return out
}

// narrowKind keeps the units whose official unit word is the one written, when there are any:
// "Thị trấn Yên Viên" is not "Xã Yên Viên" of the same district.
func narrowKind(g *Gazetteer, us []int32, kind string) []int32 {
	if kind == "" {
		return us
	}
	var same []int32
	for _, u := range us {
		if g.kind(u) == kind {
			same = append(same, u)
		}
	}
	if len(same) == 0 {
		return us
	}
	return same
}

// fillsSegment reports whether tokens [i, j) are a whole comma-separated segment.
func fillsSegment(toks []token, i, j int) bool {
	return (i == 0 || toks[i-1].seg != toks[i].seg) && (j == len(toks) || toks[j].seg != toks[j-1].seg)
}

// roadWords end the name of a numbered road ("quốc lộ 22", "QL 1A", "tỉnh lộ 10", "ĐT 743").
var roadWords = set("lo", "ql", "tl", "dt", "hl")

// prevBlocksBare: a name right after a house number or a street word is a street ("165 Cầu
// Giấy"), not a unit, unless a unit word says otherwise.
func prevBlocksBare(toks []token, i int) bool {
	if i == 0 || toks[i-1].seg != toks[i].seg {
		return false
	}
	p := toks[i-1].f
	if alleyWords[p] {
		return true
	}
	if streetWords[p] { // "đường Láng", "123 phố Huế", not "Đơn Dương Lâm Đồng"
		return i == 1 || toks[i-2].seg != toks[i].seg || numberish(toks[i-2].f)
	}
	if !numberish(p) {
		return false
	}
	for k := i - 2; k >= 0 && toks[k].seg == toks[i].seg && !numberish(toks[k].f); k-- {
		if streetWords[toks[k].f] && k+1 < i-1 {
			return false // "Đường số 100 Thủ Đức", "Đường Foresa 1 Xuân Phương": the street's own number
		}
	}
	if i >= 2 && toks[i-2].seg == toks[i].seg && (streetWords[toks[i-2].f] || roadWords[toks[i-2].f]) {
		// "Đường D5 Thủ Đức", "Quốc lộ 22 Củ Chi": the street's own number
		return false
	}
	if m, _ := fusedNumber(p); m != 0 {
		return false
	}
	for k := 1; k <= 2 && i-1-k >= 0; k++ { // "quận 08 Hồ Chí Minh": the number belongs to a unit
		if n, _ := unitWordAt(toks, i-1-k); n == k && toks[i-1-k].seg == toks[i].seg {
			return false
		}
	}
	return true
}

// combo is a choice of at most one span per level.
type combo struct {
	spans [4]*span // by Level
	score float64
	old   [][3]int32 // consistent old (ward, district, province), -1 for an absent level
	new   [][2]int32 // consistent new (ward, province)
}

// bestCombo chooses the most plausible administrative reading of the tokens; with keep, only
// among the combos keep accepts.
func (g *Gazetteer) bestCombo(toks []token, spans []span, tail int, keep func(*combo) bool) combo {
	var by [4][]*span
	for k := range spans {
		s := &spans[k]
		by[s.level] = append(by[s.level], s)
	}
	for l := range by {
		sort.SliceStable(by[l], func(a, b int) bool { return by[l][a].score > by[l][b].score })
		if len(by[l]) > 16 {
			by[l] = by[l][:16]
		}
		by[l] = append(by[l], nil)
	}
	best := combo{}
	for _, p := range by[Province] {
		for _, d := range by[District] {
			if overlap(p, d) {
				continue
			}
			for _, w := range by[Ward] {
				if overlap(p, w) || overlap(d, w) {
					continue
				}
				c := combo{spans: [4]*span{nil, p, d, w}}
				if (keep == nil || keep(&c)) && g.scoreCombo(&c, toks, tail) && c.score > best.score {
					best = c
				}
			}
		}
	}
	return best
}

func overlap(a, b *span) bool { return a != nil && b != nil && a.i < b.j && b.i < a.j }

// scoreCombo scores c and resolves its units; false when c is not a possible reading.
func (g *Gazetteer) scoreCombo(c *combo, toks []token, tail int) bool {
	n, last := 0, -1
	var only *span
	for _, s := range c.spans {
		if s == nil {
			continue
		}
		n++
		only = s
		c.score += s.score
		if s.j > last {
			last = s.j
		}
	}
	if n == 0 {
		return false
	}
	if n == 1 && !only.unitWord {
		switch only.level {
		case Ward:
			if !fillsSegment(toks, only.i, only.j) {
				return false
			}
		case District:
			if !fillsSegment(toks, only.i, only.j) && only.j != tail {
				return false
			}
		}
	}
	g.resolve(c)
	if len(c.old) == 0 && len(c.new) == 0 {
		return false
	}
	if n > 1 {
		c.score += 2 * float64(n-1)
	}
	// usual order: ward, district, province from left to right
	for _, pair := range [...][2]Level{{Ward, District}, {District, Province}, {Ward, Province}} {
		if a, b := c.spans[pair[0]], c.spans[pair[1]]; a != nil && b != nil && a.j <= b.i {
			c.score += 0.5
		}
	}
	c.score -= 0.3 * float64(tail-last+gaps(c)) // words left after the administrative part or between its units
	return true
}

// gaps counts the words between the first and the last span of c that no span covers
// ("Trịnh Công Sơn Tây Hồ HN" is Tây Hồ, not Sơn Tây with "Hồ" left between).
func gaps(c *combo) int {
	first, last, covered := -1, -1, 0
	for _, s := range c.spans {
		if s == nil {
			continue
		}
		if first < 0 || s.i < first {
			first = s.i
		}
		last = max(last, s.j)
		covered += s.j - s.i
	}
	if first < 0 {
		return 0
	}
	return last - first - covered
}

// resolve lists the unit tuples consistent with every span of c, in both structures.
func (g *Gazetteer) resolve(c *combo) {
	w, d, p := c.spans[Ward], c.spans[District], c.spans[Province]
	has := func(s *span, u int32) bool {
		if s == nil {
			return true
		}
		k := sort.Search(len(s.units), func(i int) bool { return s.units[i] >= u })
		return k < len(s.units) && s.units[k] == u
	}
	c.old, c.new = nil, nil
	switch {
	case w != nil:
		for _, u := range w.units {
			unit := g.Unit(u)
			if unit.New {
				if d == nil && has(p, unit.Parent) {
					c.new = append(c.new, [2]int32{u, unit.Parent})
				}
				continue
			}
			dist := unit.Parent
			prov := int32(-1)
			if dist >= 0 {
				prov = g.Parent(dist)
			}
			if has(d, dist) && has(p, prov) {
				c.old = append(c.old, [3]int32{u, dist, prov})
			}
		}
	case d != nil:
		for _, u := range d.units {
			if prov := g.Parent(u); has(p, prov) {
				c.old = append(c.old, [3]int32{-1, u, prov})
			}
		}
	default:
		for _, u := range p.units {
			if g.IsNew(u) {
				c.new = append(c.new, [2]int32{-1, u})
			} else {
				c.old = append(c.old, [3]int32{-1, -1, u})
			}
		}
	}
}
