package addr

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"unsafe"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/bando-vn/bando/core/tile"
)

// GazetteerKey is the key of the tile holding the gazetteer built from
// admin/units (core/admin/FORMAT.md §6.2): a reader loads it instead of
// decoding the units and building one.
const GazetteerKey = "admin/gazetteer"

// Sizes of the packed records of tile admin/gazetteer, in bytes.
const (
	unitRecBytes = 40 // 4 strRefs (code, name, core, alts), parent, new, level, kind, a zero byte
	strRefBytes  = 8
	sectionBytes = 16 // lo, hi, order start, order length
	maxNameWords = 64 // bound on maxLen a reader accepts
)

// EncodeGazetteer writes g as the admin/gazetteer tile.
func EncodeGazetteer(g *Gazetteer) ([]byte, error) {
	names := make([]byte, 0, strRefBytes*len(g.names))
	for _, r := range g.names {
		names = putRef(names, r)
	}
	var sections, order []byte
	for s := range g.codes {
		for l := range g.codes[s] {
			c := &g.codes[s][l]
			sections = binary.LittleEndian.AppendUint32(sections, uint32(c.lo))
			sections = binary.LittleEndian.AppendUint32(sections, uint32(c.hi))
			sections = binary.LittleEndian.AppendUint32(sections, uint32(len(order)/4))
			sections = binary.LittleEndian.AppendUint32(sections, uint32(len(c.order)))
			order = appendI32s(order, c.order)
		}
	}
	var buf bytes.Buffer
	e := msgpack.NewEncoder(&buf)
	fields := []struct {
		k string
		v []byte
	}{{"text", []byte(g.text)}, {"units", []byte(g.units)}, {"names", names}, {"post", appendI32s(nil, g.post)},
		{"poff", appendU32s(nil, g.poff)}, {"slots", appendI32s(nil, g.slots)}, {"sections", sections}, {"order", order}}
	if err := e.EncodeMapLen(len(fields) + 2); err != nil {
		return nil, err
	}
	if err := firstErr(e.EncodeString("v"), e.EncodeInt(1), e.EncodeString("maxlen"), e.EncodeInt(int64(g.maxLen))); err != nil {
		return nil, err
	}
	for _, f := range fields {
		if err := firstErr(e.EncodeString(f.k), e.EncodeBytes(f.v)); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}

// packUnits lays units out as the tile's "units" (unitRecs).
func packUnits(units []unitRec) []byte {
	out := make([]byte, 0, unitRecBytes*len(units))
	for _, u := range units {
		for _, r := range [...]strRef{u.code, u.name, u.core, u.alts} {
			out = putRef(out, r)
		}
		out = binary.LittleEndian.AppendUint32(out, uint32(u.parent))
		out = append(out, byte(b2i(u.new)), byte(u.level), u.kind, 0)
	}
	return out
}

// view is b as a string without a copy. b must never be written again:
// callers pass a buffer they made and drop, or one DecodeGazetteer's
// caller hands over.
func view(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func putRef(b []byte, r strRef) []byte {
	b = binary.LittleEndian.AppendUint32(b, r.off)
	return binary.LittleEndian.AppendUint32(b, r.n)
}

func appendI32s(b []byte, v []int32) []byte {
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, uint32(x))
	}
	return b
}

func appendU32s(b []byte, v []uint32) []byte {
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	return b
}

// DecodeGazetteer reads an admin/gazetteer tile into a Gazetteer. The text
// and the units are read in place: the gazetteer keeps b, which the caller
// must not modify afterwards (the rest, a sixth of the real tile, is
// copied out). Every offset, index and count is checked
// (strings inside the text, units and names in range, a hash table that
// has an empty slot, a parent listed before its child), so corrupt bytes
// give an error wrapping tile.ErrCorrupt, never a panic or a lookup or walk
// up the parents that does not end.
func DecodeGazetteer(b []byte) (*Gazetteer, error) {
	var raw struct{ text, units, names, post, poff, slots, sections, order []byte }
	tables := [...]struct {
		key string
		dst *[]byte
	}{{"text", &raw.text}, {"units", &raw.units}, {"names", &raw.names}, {"post", &raw.post},
		{"poff", &raw.poff}, {"slots", &raw.slots}, {"sections", &raw.sections}, {"order", &raw.order}}
	g := &Gazetteer{}
	version := int64(0)
	err := tile.ReadMap(b, func(k []byte, v tile.MapValue) error {
		switch string(k) {
		case "v", "maxlen":
			if v.Kind != 'i' {
				return corruptf("%s is not an integer", k)
			}
			if string(k) == "v" {
				version = v.Int
			} else if v.Int < 0 || v.Int > maxNameWords {
				return corruptf("maxlen %d", v.Int)
			} else {
				g.maxLen = int(v.Int)
			}
			return nil
		}
		for _, t := range tables {
			if t.key != string(k) {
				continue
			}
			if v.Kind != 'b' && v.Kind != 's' && v.Kind != 'n' { // an empty table may be written as nil
				return corruptf("%s is not bytes", k)
			}
			*t.dst = v.Bytes
		}
		return nil // a key it does not know
	})
	if err != nil {
		return nil, err
	}
	if err := tile.CheckLayerVersion("admin gazetteer", version); err != nil {
		return nil, err
	}
	g.text = view(raw.text)
	if err := g.readUnits(raw.units); err != nil {
		return nil, err
	}
	if err := g.readNames(raw.names, raw.post, raw.poff, raw.slots); err != nil {
		return nil, err
	}
	if err := g.readSections(raw.sections, raw.order); err != nil {
		return nil, err
	}
	return g, nil
}

func corruptf(format string, a ...any) error {
	return fmt.Errorf("%w: admin gazetteer: %s", tile.ErrCorrupt, fmt.Sprintf(format, a...))
}

// ref reads the strRef at b[0:8] and checks it lies in the text.
func (g *Gazetteer) ref(b []byte) (strRef, error) {
	r := strRef{binary.LittleEndian.Uint32(b), binary.LittleEndian.Uint32(b[4:])}
	if uint64(r.off)+uint64(r.n) > uint64(len(g.text)) {
		return strRef{}, corruptf("string %d+%d beyond the text's %d bytes", r.off, r.n, len(g.text))
	}
	return r, nil
}

func (g *Gazetteer) readUnits(b []byte) error {
	if len(b)%unitRecBytes != 0 || len(b)/unitRecBytes > 1<<30 {
		return corruptf("units: %d bytes", len(b))
	}
	n := len(b) / unitRecBytes
	for i := range n {
		p := b[i*unitRecBytes:]
		for j := range 4 { // code, name, core, alts
			if _, err := g.ref(p[j*strRefBytes:]); err != nil {
				return err
			}
		}
		parent := int32(binary.LittleEndian.Uint32(p[32:]))
		flags := p[36:40]
		if parent < -1 || parent >= int32(i) || flags[0] > 1 || flags[1] < byte(Province) || flags[1] > byte(Ward) || int(flags[2]) > len(unitWords) {
			return corruptf("unit %d: parent %d, flags %v", i, parent, flags)
		}
	}
	g.units = unitRecs(view(b))
	return nil
}

func (g *Gazetteer) readNames(names, post, poff, slots []byte) error {
	if len(names)%strRefBytes != 0 || len(post)%4 != 0 || len(poff)%4 != 0 || len(slots)%4 != 0 {
		return corruptf("name tables of %d, %d, %d, %d bytes", len(names), len(post), len(poff), len(slots))
	}
	g.names = make([]strRef, len(names)/strRefBytes)
	for k := range g.names {
		r, err := g.ref(names[k*strRefBytes:])
		if err != nil {
			return err
		}
		g.names[k] = r
	}
	g.post = make([]int32, len(post)/4)
	for i := range g.post {
		if g.post[i] = int32(binary.LittleEndian.Uint32(post[4*i:])); g.post[i] < 0 || int(g.post[i]) >= g.units.len() {
			return corruptf("posting %d of %d units", g.post[i], g.units.len())
		}
	}
	if len(poff)/4 != len(g.names)+1 {
		return corruptf("%d posting offsets for %d names", len(poff)/4, len(g.names))
	}
	g.poff = make([]uint32, len(poff)/4)
	for k := range g.poff {
		g.poff[k] = binary.LittleEndian.Uint32(poff[4*k:])
		if k == 0 && g.poff[0] != 0 || k > 0 && g.poff[k] < g.poff[k-1] {
			return corruptf("posting offsets not increasing from 0")
		}
	}
	if int(g.poff[len(g.poff)-1]) != len(g.post) {
		return corruptf("posting offsets end at %d of %d", g.poff[len(g.poff)-1], len(g.post))
	}
	n := len(slots) / 4
	if n == 0 || bits.OnesCount(uint(n)) != 1 {
		return corruptf("hash table of %d slots", n)
	}
	g.slots = make([]int32, n)
	empty := false
	for i := range g.slots {
		e := int32(binary.LittleEndian.Uint32(slots[4*i:]))
		if e < 0 || int(e) > len(g.names) {
			return corruptf("slot %d holds %d of %d names", i, e, len(g.names))
		}
		empty = empty || e == 0
		g.slots[i] = e
	}
	if !empty {
		return corruptf("hash table without an empty slot")
	}
	return nil
}

func (g *Gazetteer) readSections(sections, order []byte) error {
	if len(sections) != 2*4*sectionBytes || len(order)%4 != 0 {
		return corruptf("sections of %d bytes, order of %d", len(sections), len(order))
	}
	all := make([]int32, len(order)/4)
	for i := range all {
		all[i] = int32(binary.LittleEndian.Uint32(order[4*i:]))
	}
	for s := range g.codes {
		for l := range g.codes[s] {
			p := sections[(4*s+l)*sectionBytes:]
			lo, hi := int32(binary.LittleEndian.Uint32(p)), int32(binary.LittleEndian.Uint32(p[4:]))
			start, n := binary.LittleEndian.Uint32(p[8:]), binary.LittleEndian.Uint32(p[12:])
			if lo < 0 || hi < lo || int(hi) > g.units.len() || uint64(start)+uint64(n) > uint64(len(all)) || n != 0 && int32(n) != hi-lo {
				return corruptf("section %d/%d: units %d–%d, order %d+%d", s, l, lo, hi, start, n)
			}
			c := codeSection{lo: lo, hi: hi}
			if n > 0 {
				c.order = all[start : start+n : start+n]
				for _, i := range c.order {
					if i < lo || i >= hi {
						return corruptf("section %d/%d orders unit %d outside %d–%d", s, l, i, lo, hi)
					}
				}
			}
			g.codes[s][l] = c
		}
	}
	return nil
}
