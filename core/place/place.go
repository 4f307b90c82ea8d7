package place

import (
	"fmt"
	"math"

	"github.com/bando-vn/bando/core/geo"
)

// Place is one named object of the data. Its msgpack form is an array in
// field order (SPEC.md §place); new fields are only ever appended.
type Place struct {
	_msgpack struct{} `msgpack:",as_array"`
	// ID is "n<id>", "w<id>" or "r<id>" for an OSM node, way or relation:
	// stable across rebuilds of the same OSM data.
	ID   string
	Name string
	// Lat, Lng in 1e-7 degrees (OSM's own precision).
	Lat, Lng int32
	// Layer is the Pelias layer: "venue" for a POI, or the place=* class
	// mapped to "locality", "neighbourhood", "county", "region"...
	Layer string
	// Category holds snake_case slugs from OSM tag values ("restaurant").
	Category []string
	// Rank orders places of equal text match: bigger is more important.
	Rank int
	// Tags keeps the OSM tags that answers use (name:*, addr:*, phone,
	// website, opening_hours, cuisine, place, amenity, shop, ...), sorted
	// by key as pairs k0, v0, k1, v1, ...
	Tags []string
	// Admin holds the administrative codes of the point: [new ward code,
	// old ward code, old district code], "" where unknown (SPEC.md §place).
	Admin []string
	// BBox is the extent of a place with one (a street, an area):
	// [minLat, minLng, maxLat, maxLng] in 1e-7 degrees; empty for a point.
	BBox []int32
	// Children lists the ids of the place's children (members of its
	// stop_area or site relation, its entrances, named places inside its
	// area) for /v1/place/children; empty when it has none.
	Children []string
}

// HasChild reports whether the place has children.
func (p *Place) HasChild() bool { return len(p.Children) > 0 }

// LatF and LngF return the coordinates in degrees.
func (p *Place) LatF() float64 { return geo.FromE7(p.Lat) }
func (p *Place) LngF() float64 { return geo.FromE7(p.Lng) }

// Point returns the place's position.
func (p *Place) Point() geo.LatLng { return geo.PointE7(p.Lat, p.Lng) }

// Tag returns the value of tag k, or "".
func (p *Place) Tag(k string) string {
	for i := 0; i+1 < len(p.Tags); i += 2 {
		if p.Tags[i] == k {
			return p.Tags[i+1]
		}
	}
	return ""
}

// TagPtr is Tag as a pointer into the place's tags (no copy), nil when the
// tag is absent or empty: the shapes write it as a JSON string or null.
func (p *Place) TagPtr(k string) *string {
	for i := 0; i+1 < len(p.Tags); i += 2 {
		if p.Tags[i] == k {
			if p.Tags[i+1] == "" {
				return nil
			}
			return &p.Tags[i+1]
		}
	}
	return nil
}

// SID is the 16-hex short id of a place id (FNV-1a 64 of the id).
func SID(id string) string {
	const offset64, prime64 = 14695981039346656037, 1099511628211
	h := uint64(offset64)
	for i := 0; i < len(id); i++ {
		h = (h ^ uint64(id[i])) * prime64
	}
	const hexdigits = "0123456789abcdef"
	var b [16]byte
	for i := 15; i >= 0; i-- {
		b[i] = hexdigits[h&15]
		h >>= 4
	}
	return string(b[:])
}

// CellSize is the side of a place tile in degrees.
const CellSize = 0.1

// CellPrefix is the key prefix of the place tiles.
const CellPrefix = "place/"

// CellKey is the key of the place tile holding (lat, lng):
// "place/<floor(lat/0.1)>/<floor(lng/0.1)>".
func CellKey(lat, lng float64) string { return cellKey(cellOf(lat, lng)) }

// cellOf is the row and column of the place tile holding (lat, lng).
func cellOf(lat, lng float64) (y, x int) {
	return int(math.Floor(lat / CellSize)), int(math.Floor(lng / CellSize))
}

func cellKey(y, x int) string { return fmt.Sprintf(CellPrefix+"%d/%d", y, x) }

// nameKeys are the tags whose values a place can be found by.
var nameKeys = []string{"alt_name", "old_name", "short_name", "name:en", "name:vi"}

// Names returns the name and the alternative names of a place, each once.
func (p *Place) Names() []string {
	out := []string{p.Name}
	for _, k := range nameKeys {
		if v := p.Tag(k); v != "" && v != p.Name {
			out = append(out, v)
		}
	}
	return out
}
