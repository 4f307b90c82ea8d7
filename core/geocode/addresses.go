package geocode

import (
	"context"
	"fmt"
	"hash/fnv"
	"sort"

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

// addressTile is a decoded address tile: its places by base name.
type addressTile struct {
	byBase map[string][]addressEntry
}

type addressEntry struct {
	key AddressKey
	p   place.Place
}

func decodeAddressTile(b []byte) (*addressTile, error) {
	pt, err := place.DecodePlaceTile(b)
	if err != nil {
		return nil, err
	}
	t := &addressTile{byBase: map[string][]addressEntry{}}
	for i := 0; i < pt.Len(); i++ {
		p, err := pt.At(i)
		if err != nil {
			return nil, err
		}
		if k, ok := layerKey(&p); ok {
			t.byBase[k.Base] = append(t.byBase[k.Base], addressEntry{k, p})
		}
	}
	return t, nil
}

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
			if e.p.Layer == "street" {
				streets = append(streets, Street{e.p, e.key})
			} else if e.key.Equal(k) {
				addrs = append(addrs, e.p)
			}
		}
	}
	sort.Slice(addrs, func(i, j int) bool { return addrs[i].ID < addrs[j].ID })
	sort.Slice(streets, func(i, j int) bool { return streets[i].Place.ID < streets[j].Place.ID })
	return addrs, streets, nil
}
