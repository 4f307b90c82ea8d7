package place

import (
	"sort"
	"strings"

	"github.com/vmihailenco/msgpack/v5"
)

// IDPrefix is the key prefix of the id layer: places by id, for /v1/place
// (FORMAT.md §6).
const IDPrefix = "pid/"

// idBudget bounds the record bytes of one id tile (one /v1/place id reads
// one such tile; 256 hex-prefix tiles hold 40 MB of records).
const idBudget = 160 << 10

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

// BuildIDTiles returns the id layer: place tiles (EncodePlaceTile) holding
// full records, keyed by the shortest hex prefix of their short id whose
// places fit idBudget.
func BuildIDTiles(places []Place) (map[string][]byte, error) {
	type entry struct {
		sid  string
		size int
		i    int
	}
	es := make([]entry, len(places))
	for i := range places {
		b, err := msgpack.Marshal(&places[i])
		if err != nil {
			return nil, err
		}
		es[i] = entry{SID(places[i].ID), len(b) + len(places[i].ID) + 8, i}
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
			b, err := EncodePlaceTile(ps)
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

// Ids of the places made from administrative units (FORMAT.md §5): one of these prefixes
// followed by the unit's GSO code ("anw00004" is the new ward 00004).
const (
	UnitNewProvince = "anp"
	UnitNewWard     = "anw"
	UnitOldProvince = "aop"
	UnitOldDistrict = "aod"
	UnitOldWard     = "aow"
)
