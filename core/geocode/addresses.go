package geocode

import (
	"context"
	"fmt"
	"hash/fnv"
	"sort"
	"unsafe"

	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/tile"
)

// The address layer (FORMAT.md): streets and the addresses that have a street, by new ward
// and street, so that forward geocoding finds a house number on its street, or the street,
// in a ward from one tile whatever the street's length (the search index finds places by
// their words around a point, and misses those far from it on common street names).

// AddressPrefix is the key prefix of the address layer.
const AddressPrefix = "ax/"

// AddressLayerVersion is the layer's version (its tiles' v).
const AddressLayerVersion = 1

// AddressTileBudget bounds the record bytes of one address tile; a ward above it is split
// into 2, 4, … 64 tiles by a hash of the street's base name.
const AddressTileBudget = 64 << 10

// maxAddressBuckets bounds the split of one ward.
const maxAddressBuckets = 64

// AddressTileKey returns the key of the tile holding the addresses on the street whose base name
// (AddressKey.Base) is base in new ward ward, when the ward is split into n tiles (n = 1: not
// split).
func AddressTileKey(ward, base string, n int) string {
	if n <= 1 {
		return AddressPrefix + ward
	}
	return fmt.Sprintf("%s%s/%d/%d", AddressPrefix, ward, n, bucket(base, n))
}

// bucket is the FNV-1a 32 hash of the base name modulo n.
func bucket(base string, n int) int {
	h := fnv.New32a()
	h.Write([]byte(base))
	return int(h.Sum32() % uint32(n))
}

// layerKey returns the key of a place of the layer, ok=false for a place the layer leaves out
// (neither a street nor an address with a street, or no new ward).
func layerKey(p *place.Place) (AddressKey, bool) {
	if len(p.Admin) < 1 || p.Admin[0] == "" || !safeSegment(p.Admin[0]) {
		return AddressKey{}, false
	}
	switch p.Layer {
	case "street":
		k := KeyOf("", p.Name)
		return k, k.Base != ""
	case "address":
		street := p.Tag("addr:street")
		if street == "" {
			return AddressKey{}, false
		}
		k := KeyOf(p.Tag("addr:housenumber"), street)
		return k, k.Base != "" && len(k.Path) > 0
	}
	return AddressKey{}, false
}

// safeSegment: a code usable in a key segment.
func safeSegment(s string) bool { return tile.ValidKey("x/" + s) }

// BuildAddressTiles writes the address layer of places (sorted by id for determinism).
func BuildAddressTiles(places []place.Place) (map[string][]byte, error) {
	type entry struct {
		base string
		p    *place.Place
		size int
	}
	wards := map[string][]entry{}
	for i := range places {
		p := &places[i]
		k, ok := layerKey(p)
		if !ok {
			continue
		}
		rec, err := place.EncodePlaceTile([]place.Place{*p})
		if err != nil {
			return nil, err
		}
		wards[p.Admin[0]] = append(wards[p.Admin[0]], entry{k.Base, p, len(rec)})
	}
	out := map[string][]byte{}
	for ward, es := range wards {
		n := 1
		for ; n < maxAddressBuckets; n *= 2 {
			sizes := make([]int, n)
			fits := true
			for _, e := range es {
				b := bucket(e.base, n)
				if sizes[b] += e.size; sizes[b] > AddressTileBudget {
					fits = false
				}
			}
			if fits {
				break
			}
		}
		groups := map[string][]place.Place{}
		for _, e := range es {
			key := AddressTileKey(ward, e.base, n)
			groups[key] = append(groups[key], *e.p)
		}
		for key, ps := range groups {
			b, err := place.EncodePlaceTile(ps)
			if err != nil {
				return nil, err
			}
			out[key] = b
		}
	}
	return out, nil
}

// addressTile is an address tile as the cache keeps it: the tile, read in place (a record is
// decoded when a query asks for its street), and its places' keys by base name. Keeping every
// place decoded took about three times the tile's bytes (30.5 of a 46 MB live heap after 400
// forward queries), which the cache, charging the tile's size, did not see.
type addressTile struct {
	t      *place.PlaceTile
	byBase map[string][]addressEntry
	bytes  int // SizeBytes
}

// addressEntry is a place of the tile: its key, its record, and whether it is a street.
type addressEntry struct {
	key    AddressKey
	rec    int32
	street bool
}

// SizeBytes is what the cache charges for the tile (tile.Sized): its bytes, and the keys.
func (t *addressTile) SizeBytes() int { return t.bytes }

func decodeAddressTile(b []byte) (*addressTile, error) {
	pt, err := place.DecodePlaceTile(b)
	if err != nil {
		return nil, err
	}
	t := &addressTile{t: pt, byBase: map[string][]addressEntry{}, bytes: len(b)}
	for i := 0; i < pt.Len(); i++ {
		p, err := pt.At(i)
		if err != nil {
			return nil, err
		}
		k, ok := layerKey(&p)
		if !ok {
			continue
		}
		es, seen := t.byBase[k.Base]
		if !seen {
			t.bytes += len(k.Base) + 64 // the map's entry
		} else {
			k.Base = es[0].key.Base // one copy of the name
		}
		t.byBase[k.Base] = append(es, addressEntry{k, int32(i), p.Layer == "street"})
		t.bytes += int(unsafe.Sizeof(addressEntry{})) + 16*len(k.Path)
		for _, s := range k.Path {
			t.bytes += len(s)
		}
	}
	return t, nil
}

// place decodes entry e's place.
func (t *addressTile) place(e addressEntry) (place.Place, error) { return t.t.At(int(e.rec)) }

// addressTileKey finds the tile of the street base in ward among the store's keys: the ward's
// own tile, or the bucket of its split; ok=false when the ward has no addresses.
func addressTileKey(st *tile.Store, ward, base string) (string, bool) {
	if k := AddressTileKey(ward, base, 1); st.Has(k) {
		return k, true
	}
	for n := 2; n <= maxAddressBuckets; n *= 2 {
		if k := AddressTileKey(ward, base, n); st.Has(k) {
			return k, true
		}
	}
	return "", false
}

// Street is a street of the address layer with its key.
type Street struct {
	Place place.Place
	Key   AddressKey
}

// OnStreet returns, from the address layer, the places in the new wards given whose street
// has the base name of k: the addresses (house numbers) and the streets, each by id.
func OnStreet(ctx context.Context, s *tile.Store, wards []string, k AddressKey, stats *ForwardStats) (addrs []place.Place, streets []Street, err error) {
	for _, w := range wards {
		key, ok := addressTileKey(s, w, k.Base)
		if !ok {
			continue
		}
		t, err := tile.Decode(ctx, s, key, decodeAddressTile)
		if err != nil {
			return nil, nil, err
		}
		stats.read(s, key)
		for _, e := range t.byBase[k.Base] {
			if !e.street && !e.key.Equal(k) {
				continue
			}
			p, err := t.place(e)
			if err != nil {
				return nil, nil, err
			}
			if e.street {
				streets = append(streets, Street{p, e.key})
			} else {
				addrs = append(addrs, p)
			}
		}
	}
	sort.Slice(addrs, func(i, j int) bool { return addrs[i].ID < addrs[j].ID })
	sort.Slice(streets, func(i, j int) bool { return streets[i].Place.ID < streets[j].Place.ID })
	return addrs, streets, nil
}
