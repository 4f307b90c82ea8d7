package place

import (
	"fmt"
	"sort"
	"strings"

	"github.com/bando-vn/bando/core/tile"
	"github.com/vmihailenco/msgpack/v5"
)

// IDPrefix is the key prefix of the id layer: places by id, for /v1/place
// (FORMAT.md §6).
const IDPrefix = "pid/"

// idBudget bounds the bytes of one id tile's entries (an id and its cell).
const idBudget = 64 << 10

// IDLayerVersion is the id layer's version: 2, ids with their place
// tile's cell (1 held the records themselves).
const IDLayerVersion = 2

// maxIDDepth bounds how many hex digits of the short id a key uses.
const maxIDDepth = 6

// IDKey is the key of the id tile for short-id prefix h ("pid/3f").
func IDKey(h string) string { return IDPrefix + h }

// IDKeys are the keys a reader tries for place id, shortest first: the
// first one the manifest lists holds it, if any does.
func IDKeys(id string) []string {
	sid := SID(id)
	out := make([]string, maxIDDepth)
	for d := 1; d <= maxIDDepth; d++ {
		out[d-1] = IDKey(sid[:d])
	}
	return out
}

// BuildIDTiles returns the id layer (FORMAT.md §6): id tiles holding,
// for each place id, the 0.1° cell of its place tile (the record itself
// is read there), keyed by the shortest hex prefix of their short id
// whose entries fit idBudget.
func BuildIDTiles(places []Place) (map[string][]byte, error) {
	type entry struct {
		sid  string
		size int
		i    int
	}
	es := make([]entry, len(places))
	for i := range places {
		es[i] = entry{SID(places[i].ID), len(places[i].ID) + 12, i}
	}
	sort.Slice(es, func(a, b int) bool { return es[a].sid < es[b].sid })
	out := map[string][]byte{}
	var split func(lo, hi, depth int) error
	split = func(lo, hi, depth int) error {
		n := 0
		for _, e := range es[lo:hi] {
			n += e.size
		}
		if n <= idBudget || depth == maxIDDepth {
			ps := make([]Place, 0, hi-lo)
			for _, e := range es[lo:hi] {
				ps = append(ps, places[e.i])
			}
			b, err := encodeIDTile(ps)
			if err != nil {
				return err
			}
			out[IDKey(es[lo].sid[:depth])] = b
			return nil
		}
		for i := lo; i < hi; {
			j := i
			p := es[i].sid[:depth+1]
			for j < hi && strings.HasPrefix(es[j].sid, p) {
				j++
			}
			if err := split(i, j, depth+1); err != nil {
				return err
			}
			i = j
		}
		return nil
	}
	for i := 0; i < len(es); {
		j := i
		for j < len(es) && es[j].sid[0] == es[i].sid[0] {
			j++
		}
		if err := split(i, j, 1); err != nil {
			return nil, err
		}
		i = j
	}
	return out, nil
}

// encodeIDTile writes an id tile: the places' ids sorted, with the cell
// (row, column) of each one's place tile, and the records of the
// administrative units (IsUnitID) themselves: forward geocoding reads a
// unit's place for every address, and a unit's cell may be a city
// centre's megabytes.
func encodeIDTile(places []Place) ([]byte, error) {
	ps := append([]Place(nil), places...)
	sort.Slice(ps, func(i, j int) bool { return ps[i].ID < ps[j].ID })
	ids, recs := make([][]byte, len(ps)), make([][]byte, len(ps))
	cy, cx := make([]uint32, len(ps)), make([]uint32, len(ps))
	for i := range ps {
		ids[i] = []byte(ps[i].ID)
		y, x := cellOf(ps[i].LatF(), ps[i].LngF())
		cy[i], cx[i] = uint32(int32(y)), uint32(int32(x))
		if IsUnitID(ps[i].ID) {
			b, err := msgpack.Marshal(&ps[i])
			if err != nil {
				return nil, err
			}
			recs[i] = b
		}
	}
	t := packedTile{V: IDLayerVersion, CY: putU32s(cy), CX: putU32s(cx)}
	t.IOff, t.IDs = packRecords(ids)
	t.ROff, t.Recs = packRecords(recs)
	return marshal(&t)
}

// IsUnitID reports whether id is that of an administrative unit's place
// (§5: one of the Unit* prefixes).
func IsUnitID(id string) bool {
	for _, p := range [...]string{UnitNewProvince, UnitNewWard, UnitOldProvince, UnitOldDistrict, UnitOldWard} {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

// IDTile is a decoded id tile: ids with the cell of each one's place tile
// (layer version 2), or, as version 1 wrote them, with the records.
type IDTile struct {
	ids    records
	cy, cx u32s
	recs   records    // per id, its record when the tile holds it (units), else empty
	full   *PlaceTile // version 1: the records are in the tile
}

// DecodeIDTile checks an id tile's tables.
func DecodeIDTile(b []byte) (*IDTile, error) {
	t, err := decodePacked(b)
	if err != nil {
		return nil, err
	}
	if t.CY == nil && t.CX == nil {
		pt, err := placeTileOf(t)
		if err != nil {
			return nil, err
		}
		return &IDTile{full: pt}, nil
	}
	it := &IDTile{ids: records{t.IOff, t.IDs}, cy: t.CY, cx: t.CX, recs: records{t.ROff, t.Recs}}
	if err := it.ids.check("ids"); err != nil {
		return nil, err
	}
	if len(t.ROff) > 0 || len(t.Recs) > 0 {
		if err := it.recs.check("records"); err != nil {
			return nil, err
		}
		if it.recs.Len() != it.ids.Len() {
			return nil, fmt.Errorf("%w: %d ids for %d records", tile.ErrCorrupt, it.ids.Len(), it.recs.Len())
		}
	}
	if n := it.ids.Len(); len(it.cy) != 4*n || len(it.cx) != 4*n {
		return nil, fmt.Errorf("%w: %d ids for %d and %d cells", tile.ErrCorrupt, n, len(it.cy)/4, len(it.cx)/4)
	}
	return it, nil
}

// Find looks id up: the place itself when the tile holds records
// (version 1), else the key of the place tile holding it (cell != "");
// ok=false when the tile does not list it.
func (t *IDTile) Find(id string) (cell string, p Place, ok bool, err error) {
	if t.full != nil {
		p, ok, err = t.full.Find(id)
		return "", p, ok, err
	}
	n := t.ids.Len()
	i := sort.Search(n, func(i int) bool { return string(t.ids.At(i)) >= id })
	if i == n || string(t.ids.At(i)) != id {
		return "", Place{}, false, nil
	}
	if len(t.recs.off) > 0 {
		if b := t.recs.At(i); len(b) > 0 {
			p, err = decodePlace(b)
			return "", p, err == nil, err
		}
	}
	return cellKey(int(int32(t.cy.At(i))), int(int32(t.cx.At(i)))), Place{}, true, nil
}

// Ids of the places made from administrative units (FORMAT.md §5): one of these prefixes
// followed by the unit's GSO code ("anw00004" is the new ward 00004).
const (
	UnitNewProvince = "anp"
	UnitNewWard     = "anw"
	UnitOldProvince = "aop"
	UnitOldDistrict = "aod"
	UnitOldWard     = "aow"
)
