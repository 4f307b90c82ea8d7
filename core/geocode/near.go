package geocode

import (
	"context"
	"errors"
	"math"
	"sort"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/tile"
)

// MaxRadiusKm bounds the circle a query may read (at most ~ (2·50/11)² ≈ 100 cells).
const MaxRadiusKm = 50.0

// Hit is a place found with its distance from the query point. Place points into the shared
// decoded cell: read-only.
type Hit struct {
	Place     *place.Place
	DistanceM float64
}

// cellPlaces is a place cell with every record decoded, as the cache keeps it for point
// queries, sorted by latitude so that a query reads only the band of its circle.
type cellPlaces struct {
	places []place.Place
	byCat  map[string][]int32 // category → indexes of its places, by latitude
}

func decodeCell(b []byte) (*cellPlaces, error) {
	t, err := place.DecodePlaceTile(b)
	if err != nil {
		return nil, err
	}
	c := &cellPlaces{places: make([]place.Place, 0, t.Len())}
	for i := 0; i < t.Len(); i++ {
		p, err := t.At(i)
		if err != nil {
			return nil, err
		}
		c.places = append(c.places, p)
	}
	sort.SliceStable(c.places, func(i, j int) bool { return c.places[i].Lat < c.places[j].Lat })
	c.byCat = map[string][]int32{}
	for i := range c.places {
		for _, cat := range c.places[i].Category {
			c.byCat[cat] = append(c.byCat[cat], int32(i))
		}
	}
	return c, nil
}

// band calls fn with the places of idx (indexes of c.places, by latitude; nil: all places)
// whose latitude lies in [lo, hi].
func (c *cellPlaces) band(idx []int32, lo, hi int32, fn func(*place.Place)) {
	if idx == nil {
		first := sort.Search(len(c.places), func(i int) bool { return c.places[i].Lat >= lo })
		for i := first; i < len(c.places) && c.places[i].Lat <= hi; i++ {
			fn(&c.places[i])
		}
		return
	}
	first := sort.Search(len(idx), func(i int) bool { return c.places[idx[i]].Lat >= lo })
	for i := first; i < len(idx) && c.places[idx[i]].Lat <= hi; i++ {
		fn(&c.places[idx[i]])
	}
}

// ErrBadQuery: the point or radius is not usable (NaN, out of range, radius ≤ 0).
var ErrBadQuery = errors.New("geocode: bad query")

// Near returns the places within radiusKm of center that keep accepts (nil: all), nearest
// first (ties by id), at most size. A radius above MaxRadiusKm is clamped.
func Near(ctx context.Context, st *tile.Store, center geo.LatLng, radiusKm float64, size int, keep func(*place.Place) bool) ([]Hit, error) {
	return near(ctx, st, center, radiusKm, size, filter{keep: keep})
}

// NearAny is Near for the places having any of the categories, reading only those places of
// each cell (its category index).
func NearAny(ctx context.Context, st *tile.Store, center geo.LatLng, radiusKm float64, size int, categories []string) ([]Hit, error) {
	return near(ctx, st, center, radiusKm, size, filter{cats: categories})
}

// filter selects the places of a scan: of any of cats when given, accepted by keep when set.
type filter struct {
	cats []string
	keep func(*place.Place) bool
}

func near(ctx context.Context, st *tile.Store, center geo.LatLng, radiusKm float64, size int, f filter) ([]Hit, error) {
	if !(center.Lat >= -90 && center.Lat <= 90 && center.Lng >= -180 && center.Lng <= 180) || !(radiusKm > 0) || size <= 0 {
		return nil, ErrBadQuery
	}
	radiusKm = math.Min(radiusKm, MaxRadiusKm)
	// Widen the circle from 0.5 km until it holds size places or reaches the radius: the
	// nearest size places of a smaller circle holding at least size are the answer.
	var hits []Hit
	for r := math.Min(0.5, radiusKm); ; r = math.Min(3*r, radiusKm) {
		var err error
		if hits, err = scan(ctx, st, center, r, f, hits[:0]); err != nil {
			return nil, err
		}
		if len(hits) >= size || r >= radiusKm {
			break
		}
	}
	sort.Slice(hits, func(i, j int) bool {
		if hits[i].DistanceM != hits[j].DistanceM {
			return hits[i].DistanceM < hits[j].DistanceM
		}
		return hits[i].Place.ID < hits[j].Place.ID
	})
	if len(hits) > size {
		hits = hits[:size]
	}
	return hits, nil
}

// scan appends the places within radiusKm of center that f selects, each once.
func scan(ctx context.Context, st *tile.Store, center geo.LatLng, radiusKm float64, f filter, hits []Hit) ([]Hit, error) {
	box := boxE7(center, radiusKm)
	for _, key := range cellKeys(center, radiusKm) {
		if !st.Has(key) {
			continue
		}
		c, err := tile.Decode(ctx, st, key, decodeCell)
		if err != nil {
			return nil, err
		}
		var seen map[*place.Place]bool // a place of two of the categories
		visit := func(p *place.Place) {
			if p.Lng < box[1] || p.Lng > box[3] || f.keep != nil && !f.keep(p) {
				return
			}
			if d := geo.DistanceM(center, p.Point()); d <= radiusKm*1000 {
				if len(f.cats) > 1 {
					if seen[p] {
						return
					}
					if seen == nil {
						seen = map[*place.Place]bool{}
					}
					seen[p] = true
				}
				hits = append(hits, Hit{Place: p, DistanceM: d})
			}
		}
		if f.cats == nil {
			c.band(nil, box[0], box[2], visit)
			continue
		}
		for _, cat := range f.cats {
			if idx := c.byCat[cat]; len(idx) > 0 {
				c.band(idx, box[0], box[2], visit)
			}
		}
	}
	return hits, nil
}

// boxE7 is the circle's bounding box [minLat, minLng, maxLat, maxLng] in 1e-7°, a little
// wide (1%) so that rounding never drops a place the exact distance keeps.
func boxE7(c geo.LatLng, radiusKm float64) [4]int32 {
	dLat, dLng := spanDeg(c, radiusKm*1.01)
	clamp := func(v, lo, hi float64) int32 { return geo.E7(math.Max(lo, math.Min(hi, v))) }
	return [4]int32{clamp(c.Lat-dLat, -90, 90), clamp(c.Lng-dLng, -180, 180), clamp(c.Lat+dLat, -90, 90), clamp(c.Lng+dLng, -180, 180)}
}

// spanDeg is the half-size in degrees of the box around a circle of radiusKm.
func spanDeg(c geo.LatLng, radiusKm float64) (dLat, dLng float64) {
	dLat = radiusKm / 110.5 // the shortest degree of latitude, so the box always holds the circle
	dLng = radiusKm / (110.5 * math.Max(math.Cos((math.Abs(c.Lat)+dLat)*math.Pi/180), 0.01))
	return dLat, math.Min(dLng, 360)
}

// cellKeys lists the keys of the place cells the circle's bounding box touches.
func cellKeys(c geo.LatLng, radiusKm float64) []string {
	dLat, dLng := spanDeg(c, radiusKm)
	y0, y1 := int(math.Floor((c.Lat-dLat)/place.CellSize)), int(math.Floor((c.Lat+dLat)/place.CellSize))
	x0, x1 := int(math.Floor((c.Lng-dLng)/place.CellSize)), int(math.Floor((c.Lng+dLng)/place.CellSize))
	var keys []string
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1 && len(keys) < 1024; x++ {
			keys = append(keys, place.CellKey((float64(y)+0.5)*place.CellSize, (float64(x)+0.5)*place.CellSize))
		}
	}
	return keys
}

// AnyCategory keeps the places with at least one of the slugs.
func AnyCategory(slugs []string) func(*place.Place) bool {
	want := map[string]bool{}
	for _, s := range slugs {
		want[s] = true
	}
	return func(p *place.Place) bool {
		for _, c := range p.Category {
			if want[c] {
				return true
			}
		}
		return false
	}
}

// reverseTiers order reverse geocoding's answers (API.md §3.5): the nearest address or POI
// first, then streets, then other named places (neighbourhoods, villages). Administrative
// units are not among them: the API layer names the units containing the point.
var reverseTiers = []func(*place.Place) bool{
	func(p *place.Place) bool { return p.Layer == "venue" || p.Layer == "address" },
	func(p *place.Place) bool { return p.Layer == "street" },
	func(p *place.Place) bool {
		return p.Layer != "venue" && p.Layer != "address" && p.Layer != "street" && !isAdminUnit(p)
	},
}

// isAdminUnit: a place made from an administrative unit (category "admin").
func isAdminUnit(p *place.Place) bool {
	for _, c := range p.Category {
		if c == "admin" {
			return true
		}
	}
	return false
}

// Reverse returns the places nearest the point within radiusKm, at most size: addresses
// (bare house numbers included) and POIs by distance, then streets by distance, then other
// named places by distance.
func Reverse(ctx context.Context, st *tile.Store, center geo.LatLng, radiusKm float64, size int) ([]Hit, error) {
	var hits []Hit
	for _, tier := range reverseTiers {
		if len(hits) == size {
			break
		}
		more, err := Near(ctx, st, center, radiusKm, size-len(hits), tier)
		if err != nil {
			return nil, err
		}
		hits = append(hits, more...)
	}
	return hits, nil
}
