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
	lower  string   // Name lower-cased with its marks, tone marks placed one way (toneKey)
	alt    []string // other spellings of Name (official table), toneKey'd
}

// Gazetteer recognises unit names. It is read-only after NewGazetteer and safe for concurrent use.
type Gazetteer struct {
	Units  []Unit
	byName map[string][]int32 // folded core name (or alias) → unit indexes
	byCode map[codeKey]int32
	maxLen int // longest name in tokens
}

type codeKey struct {
	new   bool
	level Level
	code  string
}

// unitWords are the folded unit-type words that start official names, longest first.
var unitWords = []string{"thanh pho", "thi tran", "thi xa", "dac khu", "phuong", "huyen", "quan", "tinh", "xa"}

// coreName strips the leading unit word of a folded official name.
func coreName(folded string) string {
	for _, w := range unitWords {
		if strings.HasPrefix(folded, w+" ") {
			return trimZeros(folded[len(w)+1:])
		}
	}
	return folded
}

// unitKind returns the unit word that starts a folded official name.
func unitKind(folded string) string {
	for _, w := range unitWords {
		if strings.HasPrefix(folded, w+" ") {
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
	g := &Gazetteer{byName: map[string][]int32{}, byCode: map[codeKey]int32{}}
	add := func(new bool, level Level, code, name, parent string, parentLevel Level, alt ...string) {
		p := int32(-1)
		if parent != "" {
			if i, ok := g.byCode[codeKey{new, parentLevel, parent}]; ok {
				p = i
			}
		}
		name = strings.TrimSpace(name)
		i := int32(len(g.Units))
		g.Units = append(g.Units, Unit{New: new, Level: level, Code: code, Name: name, Parent: p, core: coreName(text.Fold(name)), kind: unitKind(text.Fold(name)), lower: toneKey(name)})
		for _, a := range alt {
			g.Units[i].alt = append(g.Units[i].alt, toneKey(strings.TrimSpace(a)))
		}
		g.byCode[codeKey{new, level, code}] = i
	}
	for _, p := range u.NewProvinces {
		add(true, Province, p.Code, p.Name, "", 0)
	}
	for _, w := range u.NewWards {
		add(true, Ward, w.Code, w.Name, w.Province, Province, w.Alt...)
	}
	for _, p := range u.OldProvinces {
		add(false, Province, p.Code, p.Name, "", 0)
	}
	for _, d := range u.OldDistricts {
		add(false, District, d.Code, d.Name, d.Province, Province)
	}
	for _, w := range u.OldWards {
		add(false, Ward, w.Code, w.Name, w.District, District, w.Alt...)
	}
	for i := range g.Units {
		g.index(g.Units[i].core, int32(i))
		for _, a := range g.Units[i].alt {
			if c := coreName(text.Fold(a)); c != g.Units[i].core {
				g.index(c, int32(i))
			}
		}
		if g.Units[i].Level == Province {
			for _, a := range provinceAliases[g.Units[i].core] {
				g.index(a, int32(i))
			}
		}
	}
	for k, v := range g.byName {
		sort.Slice(v, func(a, b int) bool { return v[a] < v[b] })
		g.byName[k] = v
	}
	return g
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

// Lookup returns the index of the unit with this structure, level and code, or -1.
func (g *Gazetteer) Lookup(new bool, level Level, code string) int32 {
	if i, ok := g.byCode[codeKey{new, level, code}]; ok {
		return i
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
	if strings.HasSuffix(g.Units[u].lower, w) {
		return true
	}
	for _, a := range g.Units[u].alt {
		if strings.HasSuffix(a, w) {
			return true
		}
	}
	return false
}
