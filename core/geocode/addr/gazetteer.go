package addr

import (
	"sort"
	"strings"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/text"
)

// Level is an administrative level.
type Level uint8

const (
	Province Level = iota + 1
	District       // old structure only
	Ward
)

func (l Level) String() string {
	switch l {
	case Province:
		return "province"
	case District:
		return "district"
	case Ward:
		return "ward"
	}
	return "?"
}

// Unit is one administrative unit of either structure.
type Unit struct {
	New    bool     // structure: true = since 1 July 2025, false = until 30 June 2025
	Level  Level    // Province, District (old only) or Ward
	Code   string   // GSO code
	Name   string   // official full name with its unit word ("Phường Hàng Bạc")
	Parent int32    // index of the parent unit in Gazetteer.Units, -1 for provinces
	core   string   // folded name without the unit word ("hang bac", "1" for "Phường 1")
	kind   string   // folded unit word of the official name ("phuong", "thi tran"), "" when none
	alt    []string // other spellings of Name (official table), as written
}

// Gazetteer recognises unit names. It is read-only after NewGazetteer and safe for concurrent use.
type Gazetteer struct {
	Units  []Unit
	byName map[string][]int32 // folded core name (or alias) → unit indexes, ascending
	codes  [2][4]codeSection  // by structure (1: new) and level: the units, by code
	maxLen int                // longest name in tokens
}

// codeSection is the units of one structure and level, Units[lo:hi], found by code.
type codeSection struct {
	lo, hi int32
	order  []int32 // the indexes sorted by code (stable); nil when Units[lo:hi] already is
}

// at returns the index of the k-th unit of s in code order.
func (s *codeSection) at(k int) int32 {
	if s.order != nil {
		return s.order[k]
	}
	return s.lo + int32(k)
}

// unitWords are the folded unit-type words that start official names, longest first.
var unitWords = []string{"thanh pho", "thi tran", "thi xa", "dac khu", "phuong", "huyen", "quan", "tinh", "xa"}

// coreName strips the leading unit word of a folded official name.
func coreName(folded string) string {
	if w := unitKind(folded); w != "" {
		return trimZeros(folded[len(w)+1:])
	}
	return folded
}

// unitKind returns the unit word that starts a folded official name.
func unitKind(folded string) string {
	for _, w := range unitWords {
		if len(folded) > len(w) && folded[len(w)] == ' ' && folded[:len(w)] == w {
			return w
		}
	}
	return ""
}

// trimZeros writes a numeric name without leading zeros ("06" → "6").
func trimZeros(s string) string {
	if !text.AllDigits(s) {
		return s
	}
	t := strings.TrimLeft(s, "0")
	if t == "" {
		return "0"
	}
	return t
}

// provinceAliases are common short forms of province names (folded), keyed by the folded core
// name of the province they stand for.
var provinceAliases = map[string][]string{
	"ho chi minh":     {"hcm", "tphcm", "hcmc", "sai gon", "sg", "tp hcm", "ho chi minh city"},
	"ha noi":          {"hn", "hanoi", "tphn"},
	"da nang":         {"dn", "danang"},
	"ba ria vung tau": {"brvt", "vung tau ba ria"},
	"thua thien hue":  {"tth"},
	"hai phong":       {"hp"},
	"can tho":         {"ct"},
}

// NewGazetteer indexes every unit of u by name.
func NewGazetteer(u *admin.Units) *Gazetteer {
	n := len(u.NewProvinces) + len(u.NewWards) + len(u.OldProvinces) + len(u.OldDistricts) + len(u.OldWards)
	g := &Gazetteer{Units: make([]Unit, 0, n), byName: make(map[string][]int32, n)}
	add := func(new bool, level Level, code, name, parent string, parentLevel Level, alt []string) {
		p := int32(-1)
		if parent != "" {
			p = g.Lookup(new, parentLevel, parent)
		}
		name = strings.TrimSpace(name)
		folded := text.Fold(name)
		kind := unitKind(folded)
		core := folded
		if kind != "" {
			core = trimZeros(folded[len(kind)+1:])
		}
		g.Units = append(g.Units, Unit{New: new, Level: level, Code: code, Name: name, Parent: p, core: core, kind: kind, alt: alt})
	}
	section := func(new bool, level Level, fill func()) {
		lo := int32(len(g.Units))
		fill()
		g.codes[b2i(new)][level] = g.newSection(lo, int32(len(g.Units)))
	}
	section(true, Province, func() {
		for _, p := range u.NewProvinces {
			add(true, Province, p.Code, p.Name, "", 0, nil)
		}
	})
	section(true, Ward, func() {
		for _, w := range u.NewWards {
			add(true, Ward, w.Code, w.Name, w.Province, Province, w.Alt)
		}
	})
	section(false, Province, func() {
		for _, p := range u.OldProvinces {
			add(false, Province, p.Code, p.Name, "", 0, nil)
		}
	})
	section(false, District, func() {
		for _, d := range u.OldDistricts {
			add(false, District, d.Code, d.Name, d.Province, Province, nil)
		}
	})
	section(false, Ward, func() {
		for _, w := range u.OldWards {
			add(false, Ward, w.Code, w.Name, w.District, District, w.Alt)
		}
	})
	// Units are indexed in ascending order, so every byName list is ascending.
	for i := range g.Units {
		g.index(g.Units[i].core, int32(i))
		for _, a := range g.Units[i].alt {
			if c := coreName(text.Fold(strings.TrimSpace(a))); c != g.Units[i].core {
				g.index(c, int32(i))
			}
		}
		if g.Units[i].Level == Province {
			for _, a := range provinceAliases[g.Units[i].core] {
				g.index(a, int32(i))
			}
		}
	}
	return g
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// newSection indexes Units[lo:hi] by code.
func (g *Gazetteer) newSection(lo, hi int32) codeSection {
	s := codeSection{lo: lo, hi: hi}
	us := g.Units[lo:hi]
	if sort.SliceIsSorted(us, func(a, b int) bool { return us[a].Code < us[b].Code }) {
		return s
	}
	s.order = make([]int32, hi-lo)
	for k := range s.order {
		s.order[k] = lo + int32(k)
	}
	sort.SliceStable(s.order, func(a, b int) bool { return g.Units[s.order[a]].Code < g.Units[s.order[b]].Code })
	return s
}

func (g *Gazetteer) index(name string, i int32) {
	if name == "" {
		return
	}
	g.byName[name] = append(g.byName[name], i)
	if n := strings.Count(name, " ") + 1; n > g.maxLen {
		g.maxLen = n
	}
}

// Lookup returns the index of the unit with this structure, level and code, or -1 (the last
// one indexed when several share it).
func (g *Gazetteer) Lookup(new bool, level Level, code string) int32 {
	if level < Province || level > Ward {
		return -1
	}
	s := &g.codes[b2i(new)][level]
	n := int(s.hi - s.lo)
	k := sort.Search(n, func(k int) bool { return g.Units[s.at(k)].Code > code })
	if k > 0 && g.Units[s.at(k-1)].Code == code {
		return s.at(k - 1)
	}
	return -1
}

// Named returns the indexes of units whose folded name without its unit word is name.
func (g *Gazetteer) Named(name string) []int32 { return g.byName[name] }

// SameName returns the other units whose folded name without its unit word is unit i's
// ("Phường Tây Hồ" for "Quận Tây Hồ": since 2025 many wards carry their old district's name).
func (g *Gazetteer) SameName(i int32) []int32 {
	if i < 0 || int(i) >= len(g.Units) {
		return nil
	}
	var out []int32
	for _, j := range g.byName[g.Units[i].core] {
		if j != i && g.Units[j].core == g.Units[i].core {
			out = append(out, j)
		}
	}
	return out
}

// Within reports whether unit i lies inside unit anc (or is it).
func (g *Gazetteer) Within(i, anc int32) bool {
	for ; i >= 0; i = g.Units[i].Parent {
		if i == anc {
			return true
		}
	}
	return false
}

// ProvinceOf returns the province containing unit i (i itself for a province), or -1.
func (g *Gazetteer) ProvinceOf(i int32) int32 {
	for i >= 0 && g.Units[i].Level != Province {
		i = g.Units[i].Parent
	}
	return i
}

// tonePlacement writes the tone mark of "oa", "oe", "uy" on the first vowel ("hoà" → "hòa",
// "thuỷ" → "thủy"): sources place it both ways.
var tonePlacement = strings.NewReplacer(
	"oà", "òa", "oá", "óa", "oả", "ỏa", "oã", "õa", "oạ", "ọa",
	"oè", "òe", "oé", "óe", "oẻ", "ỏe", "oẽ", "õe", "oẹ", "ọe",
	"uỳ", "ùy", "uý", "úy", "uỷ", "ủy", "uỹ", "ũy", "uỵ", "ụy")

// toneKey lower-cases s keeping its marks, with one tone placement, for accent-exact comparison.
func toneKey(s string) string { return tonePlacement.Replace(text.Lower(s)) }

// accentMatches reports whether the written name (marks kept) is unit u's name without its unit word.
func (g *Gazetteer) accentMatches(u int32, written string) bool {
	w := toneKey(written)
	if strings.HasSuffix(toneKey(g.Units[u].Name), w) {
		return true
	}
	for _, a := range g.Units[u].alt {
		if strings.HasSuffix(toneKey(strings.TrimSpace(a)), w) {
			return true
		}
	}
	return false
}
