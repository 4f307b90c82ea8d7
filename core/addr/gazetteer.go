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

// Unit is one administrative unit of either structure, as Gazetteer.Unit
// returns it: its strings are views into the gazetteer's text (no copy).
type Unit struct {
	New    bool   // structure: true = since 1 July 2025, false = until 30 June 2025
	Level  Level  // Province, District (old only) or Ward
	Code   string // GSO code
	Name   string // official full name with its unit word ("Phường Hàng Bạc")
	Parent int32  // index of the parent unit (Gazetteer.Unit), -1 for provinces
	core   string // folded name without the unit word ("hang bac", "1" for "Phường 1")
	kind   string // folded unit word of the official name ("phuong", "thi tran"), "" when none
	alt    string // other spellings of Name (official table), as written, "\n"-separated
}

// Gazetteer recognises unit names. It is read-only after NewGazetteer and
// safe for concurrent use. It holds no pointers but its text: units,
// names and postings are offsets into flat arrays, so the Go collector,
// which scans every pointer of what is live at each cycle, does not walk
// its ~14,000 units and ~7,000 names (in wasm a cycle took 7–9 ms with
// them as strings and maps, 1.6 ms without: BENCHMARKS.search.md).
type Gazetteer struct {
	units  unitRecs          // read in place from the admin/gazetteer tile, or packed by NewGazetteer
	text   string            // every string of units and names, concatenated (in place, too)
	names  []strRef          // folded core names (and aliases), each once, in the order first indexed
	post   []int32           // unit indexes of names[k]: post[poff[k]:poff[k+1]], ascending
	poff   []uint32          // len(names)+1 offsets into post
	slots  []int32           // open-addressing hash table of names: 1 + k, 0 for empty (nameSlot)
	codes  [2][4]codeSection // by structure (1: new) and level: the units, by code
	maxLen int               // longest name in tokens
}

// strRef is a string of Gazetteer.text: text[off:off+n].
type strRef struct{ off, n uint32 }

// unitRec is a Unit as NewGazetteer builds it: strings as strRefs.
type unitRec struct {
	new                    bool
	level                  Level
	kind                   uint8 // 1 + index in unitWords, 0 for none
	parent                 int32
	code, name, core, alts strRef
}

func (g *Gazetteer) str(r strRef) string { return g.text[r.off : r.off+r.n] }

// unitRecs is the units as the admin/gazetteer tile packs them
// (core/admin/FORMAT.md §6.2 "units": unitRecBytes per unit, the strRefs
// code, name, core, alts, then parent, new, level, kind), read where they
// lie: decoding the tile copies neither them nor the text, so its bytes are
// all a first area query adds to a wasm instance's memory, whose peak stays.
type unitRecs string

// The strRefs of a unit record, in order.
const (
	refCode = iota
	refName
	refCore
	refAlts
)

func (u unitRecs) len() int { return len(u) / unitRecBytes }

func (u unitRecs) rec(i int32) string { return string(u[int(i)*unitRecBytes:][:unitRecBytes]) }

func (u unitRecs) ref(i int32, field int) strRef {
	r := u.rec(i)[field*strRefBytes:]
	return strRef{le32(r), le32(r[4:])}
}

func (u unitRecs) parent(i int32) int32 { return int32(le32(u.rec(i)[32:])) }
func (u unitRecs) isNew(i int32) bool   { return u.rec(i)[36] == 1 }
func (u unitRecs) level(i int32) Level  { return Level(u.rec(i)[37]) }
func (u unitRecs) kind(i int32) uint8   { return u.rec(i)[38] }

// le32 reads a little-endian u32 at the start of s.
func le32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// Len is the number of units.
func (g *Gazetteer) Len() int { return g.units.len() }

// Unit returns unit i (0 ≤ i < Len()).
func (g *Gazetteer) Unit(i int32) Unit {
	return Unit{New: g.units.isNew(i), Level: g.units.level(i), Code: g.Code(i), Name: g.str(g.units.ref(i, refName)),
		Parent: g.units.parent(i), core: g.core(i), alt: g.str(g.units.ref(i, refAlts)), kind: g.kind(i)}
}

// Code returns unit i's code; Parent its parent's index (-1 for none).
func (g *Gazetteer) Code(i int32) string { return g.str(g.units.ref(i, refCode)) }

// Parent returns the index of unit i's parent, -1 for a province.
func (g *Gazetteer) Parent(i int32) int32 { return g.units.parent(i) }

// Level returns unit i's level.
func (g *Gazetteer) Level(i int32) Level { return g.units.level(i) }

// IsNew reports whether unit i belongs to the new structure.
func (g *Gazetteer) IsNew(i int32) bool { return g.units.isNew(i) }

func (g *Gazetteer) core(i int32) string { return g.str(g.units.ref(i, refCore)) }

func (g *Gazetteer) kind(i int32) string {
	if k := g.units.kind(i); k > 0 {
		return unitWords[k-1]
	}
	return ""
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

// NewGazetteer indexes every unit of u by name. The gazetteer keeps none of
// u's memory: its strings are copied into one text.
func NewGazetteer(u *admin.Units) *Gazetteer {
	n := len(u.NewProvinces) + len(u.NewWards) + len(u.OldProvinces) + len(u.OldDistricts) + len(u.OldWards)
	b := gazBuilder{g: &Gazetteer{slots: make([]int32, slotsFor(2*n))}, units: make([]unitRec, 0, n), alts: make([][]string, 0, n)}
	g := b.g
	b.text.Grow(40 * n) // code, name, folded core and other spellings of a unit, and its other names: 34 bytes on the real units
	add := func(new bool, level Level, code, name, parent string, parentLevel Level, alt []string) {
		p := int32(-1)
		if parent != "" {
			p = b.lookup(new, parentLevel, parent)
		}
		name = strings.TrimSpace(name)
		folded := text.Fold(name)
		kind := unitKind(folded)
		core := folded
		if kind != "" {
			core = trimZeros(folded[len(kind)+1:])
		}
		b.units = append(b.units, unitRec{new: new, level: level, kind: uint8(kindIndex(kind)), parent: p,
			code: b.intern(code), name: b.intern(name), core: b.intern(core), alts: b.intern(strings.Join(alt, "\n"))})
		b.alts = append(b.alts, alt)
	}
	section := func(new bool, level Level, fill func()) {
		lo := int32(len(b.units))
		fill()
		g.codes[b2i(new)][level] = b.newSection(lo, int32(len(b.units)))
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
	// Units are indexed in ascending order, so every name's list is ascending.
	for i := range b.units {
		core := b.text.String()[b.units[i].core.off:][:b.units[i].core.n]
		b.index(core, int32(i))
		for _, a := range b.alts[i] {
			if c := coreName(text.Fold(strings.TrimSpace(a))); c != core {
				b.index(c, int32(i))
			}
		}
		if b.units[i].level == Province {
			for _, a := range provinceAliases[core] {
				b.index(a, int32(i))
			}
		}
	}
	b.finish()
	return g
}

// gazBuilder holds what NewGazetteer needs only while it builds: flat
// slices rather than maps, for the peak of a build sets the size of a wasm
// instance's memory for good.
type gazBuilder struct {
	g     *Gazetteer
	text  strings.Builder
	units []unitRec  // packed into g.units by finish
	alts  [][]string // by unit: its other spellings
	// the name index being built: name k's units are a list through
	// next, from head[k] to tail[k], of entries unit[e]
	head, tail, next, unit []int32
}

// intern returns the strRef of s appended to the text being built.
func (b *gazBuilder) intern(s string) strRef {
	r := strRef{uint32(b.text.Len()), uint32(len(s))}
	b.text.WriteString(s)
	return r
}

func (b *gazBuilder) index(name string, i int32) {
	if name == "" {
		return
	}
	g := b.g
	slot, k := nameSlot(g.slots, g.names, b.text.String(), name)
	if k < 0 {
		if 2*(len(g.names)+1) > len(g.slots) { // keep the table at most half full
			b.rehash()
			slot, _ = nameSlot(g.slots, g.names, b.text.String(), name)
		}
		k = int32(len(g.names))
		g.names = append(g.names, b.intern(name))
		g.slots[slot] = k + 1
		b.head = append(b.head, -1)
		b.tail = append(b.tail, -1)
	} else if t := b.tail[k]; t >= 0 && b.unit[t] == i {
		return // indexed already under this name
	}
	e := int32(len(b.unit))
	b.unit = append(b.unit, i)
	b.next = append(b.next, -1)
	if b.tail[k] < 0 {
		b.head[k] = e
	} else {
		b.next[b.tail[k]] = e
	}
	b.tail[k] = e
	if n := strings.Count(name, " ") + 1; n > b.g.maxLen {
		b.g.maxLen = n
	}
}

// lookup is Gazetteer.Lookup while the text is being built.
func (b *gazBuilder) lookup(new bool, level Level, code string) int32 {
	text := b.text.String()
	return lookupCode(&b.g.codes[b2i(new)][level], func(i int32) string { r := b.units[i].code; return text[r.off : r.off+r.n] }, code)
}

// newSection indexes units[lo:hi] by code.
func (b *gazBuilder) newSection(lo, hi int32) codeSection {
	s := codeSection{lo: lo, hi: hi}
	text := b.text.String()
	code := func(i int32) string { r := b.units[i].code; return text[r.off : r.off+r.n] }
	sorted := true
	for i := lo + 1; i < hi && sorted; i++ {
		sorted = code(i-1) <= code(i)
	}
	if sorted {
		return s
	}
	s.order = make([]int32, hi-lo)
	for k := range s.order {
		s.order[k] = lo + int32(k)
	}
	sort.SliceStable(s.order, func(a, c int) bool { return code(s.order[a]) < code(s.order[c]) })
	return s
}

// finish lays each name's units out contiguously, sizes the hash table
// to the names, packs the units and sets the text.
func (b *gazBuilder) finish() {
	g := b.g
	if slotsFor(len(g.names)) < len(g.slots) {
		g.slots = make([]int32, slotsFor(len(g.names))/2) // rehash doubles it
		b.rehash()
	}
	g.post = make([]int32, 0, len(b.unit))
	g.poff = make([]uint32, 1, len(g.names)+1)
	for k := range g.names {
		for e := b.head[k]; e >= 0; e = b.next[e] {
			g.post = append(g.post, b.unit[e])
		}
		g.poff = append(g.poff, uint32(len(g.post)))
	}
	g.text = b.text.String()
	g.units = unitRecs(view(packUnits(b.units)))
}

// rehash doubles the hash table of names.
func (b *gazBuilder) rehash() {
	g := b.g
	g.slots = make([]int32, 2*len(g.slots))
	text := b.text.String()
	for k, r := range g.names {
		slot, _ := nameSlot(g.slots, g.names, text, text[r.off:r.off+r.n])
		g.slots[slot] = int32(k) + 1
	}
}

// slotsFor is the size of a hash table for n names: a power of two, at
// least twice n.
func slotsFor(n int) int {
	s := 16
	for s < 2*n {
		s *= 2
	}
	return s
}

// nameSlot returns the slot of name in the hash table (linear probing,
// FNV-1a) and its index in names, or the empty slot where it would go
// and -1.
func (g *Gazetteer) nameSlot(name string) (slot int, k int32) {
	return nameSlot(g.slots, g.names, g.text, name)
}

// nameSlot is Gazetteer.nameSlot over names in text (the builder's, while
// it builds).
func nameSlot(slots []int32, names []strRef, text, name string) (slot int, k int32) {
	h := uint32(2166136261)
	for i := 0; i < len(name); i++ {
		h = (h ^ uint32(name[i])) * 16777619
	}
	mask := len(slots) - 1
	for slot = int(h) & mask; ; slot = (slot + 1) & mask {
		e := slots[slot]
		if e == 0 {
			return slot, -1
		}
		if r := names[e-1]; text[r.off:r.off+r.n] == name {
			return slot, e - 1
		}
	}
}

// kindIndex is 1 + the index of a unit word in unitWords, 0 for "".
func kindIndex(kind string) int {
	for i, w := range unitWords {
		if w == kind {
			return i + 1
		}
	}
	return 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Lookup returns the index of the unit with this structure, level and code, or -1 (the last
// one indexed when several share it).
func (g *Gazetteer) Lookup(new bool, level Level, code string) int32 {
	if level < Province || level > Ward {
		return -1
	}
	return lookupCode(&g.codes[b2i(new)][level], g.Code, code)
}

// lookupCode binary-searches section s of units for code (codeOf: a unit's).
func lookupCode(s *codeSection, codeOf func(int32) string, code string) int32 {
	k := sort.Search(int(s.hi-s.lo), func(k int) bool { return codeOf(s.at(k)) > code })
	if k > 0 && codeOf(s.at(k-1)) == code {
		return s.at(k - 1)
	}
	return -1
}

// Named returns the indexes of units whose folded name without its unit word is name, in
// ascending order; the slice is the gazetteer's: callers must not modify it.
func (g *Gazetteer) Named(name string) []int32 {
	if len(g.slots) == 0 {
		return nil
	}
	_, k := g.nameSlot(name)
	if k < 0 {
		return nil
	}
	lo, hi := g.poff[k], g.poff[k+1]
	return g.post[lo:hi:hi]
}

// SameName returns the other units whose folded name without its unit word is unit i's
// ("Phường Tây Hồ" for "Quận Tây Hồ": since 2025 many wards carry their old district's name).
func (g *Gazetteer) SameName(i int32) []int32 {
	if i < 0 || int(i) >= g.Len() {
		return nil
	}
	var out []int32
	core := g.core(i)
	for _, j := range g.Named(core) {
		if j != i && g.core(j) == core {
			out = append(out, j)
		}
	}
	return out
}

// Within reports whether unit i lies inside unit anc (or is it).
func (g *Gazetteer) Within(i, anc int32) bool {
	for ; i >= 0; i = g.units.parent(i) {
		if i == anc {
			return true
		}
	}
	return false
}

// ProvinceOf returns the province containing unit i (i itself for a province), or -1.
func (g *Gazetteer) ProvinceOf(i int32) int32 {
	for i >= 0 && g.units.level(i) != Province {
		i = g.units.parent(i)
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
	if strings.HasSuffix(toneKey(g.str(g.units.ref(u, refName))), w) {
		return true
	}
	alts := g.str(g.units.ref(u, refAlts))
	for alts != "" {
		a, rest, _ := strings.Cut(alts, "\n")
		if strings.HasSuffix(toneKey(strings.TrimSpace(a)), w) {
			return true
		}
		alts = rest
	}
	return false
}
