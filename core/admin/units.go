package admin

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/bando-vn/bando/core/tile"
)

// UnitsKey is the key of the tile listing every unit of both structures.
const UnitsKey = "admin/units"

// LinkKind says how an old ward went into a new ward (official GSO table).
type LinkKind string

const (
	LinkWhole     LinkKind = "whole"    // "Nhập toàn bộ": the whole old ward
	LinkPart      LinkKind = "part"     // "Nhập một phần…": part of the old ward
	LinkUnchanged LinkKind = "same"     // "Giữ nguyên", renamed or retyped: the same territory
	LinkDistrict  LinkKind = "district" // a whole old district without wards (island districts); Code is the district's
)

// Link is one edge of the old↔new correspondence; Code is the unit on the other side.
type Link struct {
	Code string
	Kind LinkKind
}

// UnitsNewProvince is a province of the new structure with the codes of the old provinces it absorbed.
type UnitsNewProvince struct {
	Code, Name, Short string
	Former            []string
}

// UnitsNewWard is a ward of the new structure; From lists the old wards it absorbed; Alt
// other spellings of its name in the official table.
type UnitsNewWard struct {
	Code, Name, Province string
	From                 []Link
	Alt                  []string
}

// UnitsOldProvince is a province of the old structure; To lists the new provinces it went into.
type UnitsOldProvince struct {
	Code, Name string
	To         []string
}

// UnitsOldDistrict is a district of the old structure.
type UnitsOldDistrict struct {
	Code, Name, Province string
}

// UnitsOldWard is a ward of the old structure; To lists the new wards it went into; Alt
// other spellings of its name in the official table ("Xã Sà Phìn" for "Xã Xà Phìn").
type UnitsOldWard struct {
	Code, Name, District string
	To                   []Link
	Alt                  []string
}

// Units is every unit of both structures with official names and the
// correspondence between them, sorted by code (tile admin/units).
type Units struct {
	NewProvinces []UnitsNewProvince
	NewWards     []UnitsNewWard
	OldProvinces []UnitsOldProvince
	OldDistricts []UnitsOldDistrict
	OldWards     []UnitsOldWard
}

// OldWardsIn names the old wards the official table puts in new ward nw, those of
// old district od only when od is not "", by code; nil when nw is unknown.
func (u *Units) OldWardsIn(nw, od string) []string {
	i, ok := slices.BinarySearchFunc(u.NewWards, nw, func(w UnitsNewWard, c string) int { return strings.Compare(w.Code, c) })
	if !ok {
		return nil
	}
	var out []string
	for _, l := range u.NewWards[i].From {
		j, ok := slices.BinarySearchFunc(u.OldWards, l.Code, func(w UnitsOldWard, c string) int { return strings.Compare(w.Code, c) })
		if ok && (od == "" || u.OldWards[j].District == od) && !slices.Contains(out, u.OldWards[j].Name) {
			out = append(out, u.OldWards[j].Name)
		}
	}
	return out
}

// Units reads and decodes the admin/units tile.
func (l *Lookup) Units(ctx context.Context) (*Units, error) {
	u, err := tile.Decode(ctx, l.st, UnitsKey, DecodeUnits)
	if err != nil {
		return nil, fmt.Errorf("admin: %s: %w", UnitsKey, err)
	}
	return u, nil
}

// UnitsIfAny is Units, or nil without error for a bundle that has no admin/units tile.
func (l *Lookup) UnitsIfAny(ctx context.Context) (*Units, error) {
	if !l.st.Has(UnitsKey) {
		return nil, nil
	}
	return l.Units(ctx)
}

// EncodeUnits writes u as the admin/units tile.
func EncodeUnits(u *Units) ([]byte, error) {
	var buf bytesBuffer
	e := msgpack.NewEncoder(&buf)
	strs := func(s []string) error {
		if err := e.EncodeArrayLen(len(s)); err != nil {
			return err
		}
		for _, x := range s {
			if err := e.EncodeString(x); err != nil {
				return err
			}
		}
		return nil
	}
	links := func(ls []Link) error {
		if err := e.EncodeArrayLen(len(ls)); err != nil {
			return err
		}
		for _, l := range ls {
			if err := firstErr(e.EncodeArrayLen(2), e.EncodeString(l.Code), e.EncodeString(string(l.Kind))); err != nil {
				return err
			}
		}
		return nil
	}
	list := func(key string, n int, item func(i int) error) error {
		if err := firstErr(e.EncodeString(key), e.EncodeArrayLen(n)); err != nil {
			return err
		}
		for i := 0; i < n; i++ {
			if err := item(i); err != nil {
				return err
			}
		}
		return nil
	}
	err := firstErr(
		e.EncodeMapLen(6),
		e.EncodeString("v"), e.EncodeInt(FormatVersion),
		list("np", len(u.NewProvinces), func(i int) error {
			p := u.NewProvinces[i]
			return firstErr(e.EncodeArrayLen(4), e.EncodeString(p.Code), e.EncodeString(p.Name), e.EncodeString(p.Short), strs(p.Former))
		}),
		list("nw", len(u.NewWards), func(i int) error {
			w := u.NewWards[i]
			return firstErr(e.EncodeArrayLen(5), e.EncodeString(w.Code), e.EncodeString(w.Name), e.EncodeString(w.Province), links(w.From), strs(w.Alt))
		}),
		list("op", len(u.OldProvinces), func(i int) error {
			p := u.OldProvinces[i]
			return firstErr(e.EncodeArrayLen(3), e.EncodeString(p.Code), e.EncodeString(p.Name), strs(p.To))
		}),
		list("od", len(u.OldDistricts), func(i int) error {
			d := u.OldDistricts[i]
			return firstErr(e.EncodeArrayLen(3), e.EncodeString(d.Code), e.EncodeString(d.Name), e.EncodeString(d.Province))
		}),
		list("ow", len(u.OldWards), func(i int) error {
			w := u.OldWards[i]
			return firstErr(e.EncodeArrayLen(5), e.EncodeString(w.Code), e.EncodeString(w.Name), e.EncodeString(w.District), links(w.To), strs(w.Alt))
		}),
	)
	return buf.b, err
}

// DecodeUnits decodes the admin/units tile; errors wrap tile.ErrCorrupt.
func DecodeUnits(b []byte) (*Units, error) {
	// every string of the units is a substring of one copy of the tile
	r := &mpReader{b: b, s: string(b)}
	u := &Units{}
	version := int64(-1)
	// the lists of strings and links are windows of a few shared arrays
	var strArena []string
	var linkArena []Link
	strs := func(f *fields) []string {
		if f.i >= f.n {
			return nil
		}
		f.i++
		n := r.arrayLen(1)
		if n == 0 {
			return nil
		}
		strArena = arenaFor(strArena, n)
		for j := 0; j < n; j++ { // n appended even after an error: n is bounded by the input
			strArena = append(strArena, r.str())
		}
		out := strArena[len(strArena)-n:]
		return out[:n:n]
	}
	// Each link is a [code, kind] array.
	links := func(f *fields) []Link {
		if f.i >= f.n {
			return nil
		}
		f.i++
		n := r.arrayLen(1)
		if n == 0 {
			return nil
		}
		linkArena = arenaFor(linkArena, n)
		for j := 0; j < n; j++ {
			g := fields{r: r, n: r.arrayLen(1)}
			linkArena = append(linkArena, Link{g.str(), LinkKind(g.str())})
			r.skipRest(g.i, g.n)
		}
		out := linkArena[len(linkArena)-n:]
		return out[:n:n]
	}
	n := r.mapLen()
	for i := 0; i < n && r.err == nil; i++ {
		switch r.str() {
		case "v":
			version = r.int()
		case "np":
			u.NewProvinces = decodeList(r, func(f *fields) UnitsNewProvince {
				return UnitsNewProvince{f.str(), f.str(), f.str(), strs(f)}
			})
		case "nw":
			u.NewWards = decodeList(r, func(f *fields) UnitsNewWard { return UnitsNewWard{f.str(), f.str(), f.str(), links(f), strs(f)} })
		case "op":
			u.OldProvinces = decodeList(r, func(f *fields) UnitsOldProvince { return UnitsOldProvince{f.str(), f.str(), strs(f)} })
		case "od":
			u.OldDistricts = decodeList(r, func(f *fields) UnitsOldDistrict { return UnitsOldDistrict{f.str(), f.str(), f.str()} })
		case "ow":
			u.OldWards = decodeList(r, func(f *fields) UnitsOldWard { return UnitsOldWard{f.str(), f.str(), f.str(), links(f), strs(f)} })
		default:
			r.skip(0)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if err := tile.CheckLayerVersion("admin units", version); err != nil {
		return nil, err
	}
	return u, nil
}

// arenaFor returns a with room for n more elements: a itself, or a new array when it is full
// (the windows already handed out keep the old one).
func arenaFor[T any](a []T, n int) []T {
	if cap(a)-len(a) >= n {
		return a
	}
	return make([]T, 0, max(n, 4096))
}

// Unit levels of a unit place (its admin_level tag).
const (
	LevelNewProvince = "new_province"
	LevelNewWard     = "new_ward"
	LevelOldProvince = "old_province"
	LevelOldDistrict = "old_district"
	LevelOldWard     = "old_ward"
)

// UnitNames names an administrative unit given as a result: its own level and
// those above it from the official table (not from the polygons at its
// point, which for a unit's representative point may lie in a neighbour), in
// the structure v2 asks for. at is the lookup at the unit's point; it fills
// the levels of the other structure above the unit: an old unit under
// admin_v2 gets the new province (and, for an old ward, the new ward the
// table puts it in, newWard); a new unit in the old structure gets the old
// district and province at its point (and no old ward: a new ward spans
// several, listed as candidates). Unknown level or code: at's names.
func (u *Units) UnitNames(level, code, newWard string, at Result, v2 bool) Names {
	n := at.Names(v2)
	switch level {
	case LevelOldWard:
		w, ok := find(u.OldWards, code, func(x UnitsOldWard) string { return x.Code })
		if !ok {
			return n
		}
		if v2 {
			if nw, ok := find(u.NewWards, newWard, func(x UnitsNewWard) string { return x.Code }); ok {
				n.Ward, n.Basis = nw.Name, WardKnown
				if np, ok := find(u.NewProvinces, nw.Province, func(x UnitsNewProvince) string { return x.Code }); ok {
					n.Province = np.Name
				}
			}
			return n
		}
		n.Ward, n.Basis, n.Candidates = w.Name, WardKnown, nil
		if d, ok := find(u.OldDistricts, w.District, func(x UnitsOldDistrict) string { return x.Code }); ok {
			n.District = d.Name
			if p, ok := find(u.OldProvinces, d.Province, func(x UnitsOldProvince) string { return x.Code }); ok {
				n.Province = p.Name
			}
		}
	case LevelOldDistrict:
		d, ok := find(u.OldDistricts, code, func(x UnitsOldDistrict) string { return x.Code })
		if !ok {
			return n
		}
		n.Ward, n.Basis, n.Candidates = "", WardUnknown, nil
		if !v2 {
			n.District = d.Name
			if p, ok := find(u.OldProvinces, d.Province, func(x UnitsOldProvince) string { return x.Code }); ok {
				n.Province = p.Name
			}
		}
	case LevelOldProvince:
		p, ok := find(u.OldProvinces, code, func(x UnitsOldProvince) string { return x.Code })
		if !ok {
			return n
		}
		n.Ward, n.District, n.Basis, n.Candidates = "", "", WardUnknown, nil
		if !v2 {
			n.Province = p.Name
		}
	case LevelNewWard:
		w, ok := find(u.NewWards, code, func(x UnitsNewWard) string { return x.Code })
		if !ok {
			return n
		}
		if v2 {
			n.Ward, n.Basis = w.Name, WardKnown
			if p, ok := find(u.NewProvinces, w.Province, func(x UnitsNewProvince) string { return x.Code }); ok {
				n.Province = p.Name
			}
			return n
		}
		if n.Basis != WardKnown || !slices.ContainsFunc(w.From, func(l Link) bool { return l.Code == at.Old.Ward.Code }) || len(w.From) > 1 {
			n.Ward, n.Basis, n.Candidates = "", WardUnknown, u.OldWardsIn(code, "")
		}
	case LevelNewProvince:
		p, ok := find(u.NewProvinces, code, func(x UnitsNewProvince) string { return x.Code })
		if !ok {
			return n
		}
		n.Ward, n.District, n.Basis, n.Candidates = "", "", WardUnknown, nil
		if v2 {
			n.Province = p.Name
		}
	}
	return n
}

// find is the element of a list sorted by code with that code.
func find[T any](list []T, code string, key func(T) string) (T, bool) {
	i, ok := slices.BinarySearchFunc(list, code, func(x T, c string) int { return strings.Compare(key(x), c) })
	if !ok {
		var zero T
		return zero, false
	}
	return list[i], true
}
