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

// Hit is a place found with its distance from the query point.
type Hit struct {
	Place     place.Place
	DistanceM float64
}

// cellPlaces is a place cell with every record decoded, as the cache keeps it for point queries.
type cellPlaces struct{ places []place.Place }

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
	return c, nil
}

// ErrBadQuery: the point or radius is not usable (NaN, out of range, radius ≤ 0).
var ErrBadQuery = errors.New("geocode: bad query")

// Near returns the places within radiusKm of center that keep accepts, nearest first (ties by
// id), at most size. A radius above MaxRadiusKm is clamped.
func Near(ctx context.Context, st *tile.Store, center geo.LatLng, radiusKm float64, size int, keep func(*place.Place) bool) ([]Hit, error) {
	if !(center.Lat >= -90 && center.Lat <= 90 && center.Lng >= -180 && center.Lng <= 180) || !(radiusKm > 0) || size <= 0 {
		return nil, ErrBadQuery
	}
	radiusKm = math.Min(radiusKm, MaxRadiusKm)
	var hits []Hit
	for _, key := range cellKeys(center, radiusKm) {
		if !st.Has(key) {
			continue
		}
		c, err := tile.Decode(ctx, st, key, decodeCell)
		if err != nil {
			return nil, err
		}
		for i := range c.places {
			p := &c.places[i]
			if keep != nil && !keep(p) {
				continue
			}
			if d := geo.DistanceM(center, p.Point()); d <= radiusKm*1000 {
				hits = append(hits, Hit{Place: *p, DistanceM: d})
			}
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

// cellKeys lists the keys of the place cells the circle's bounding box touches.
func cellKeys(c geo.LatLng, radiusKm float64) []string {
	dLat := radiusKm / 111.32
	dLng := radiusKm / (111.32 * math.Max(math.Cos(c.Lat*math.Pi/180), 0.01))
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

// Reverse returns the places nearest the point within radiusKm: venues (POIs) first by
// distance, then other places (localities, neighbourhoods) by distance; at most size.
func Reverse(ctx context.Context, st *tile.Store, center geo.LatLng, radiusKm float64, size int) ([]Hit, error) {
	hits, err := Near(ctx, st, center, radiusKm, math.MaxInt32, nil)
	if err != nil {
		return nil, err
	}
	sort.SliceStable(hits, func(i, j int) bool {
		return hits[i].Place.Layer == "venue" && hits[j].Place.Layer != "venue"
	})
	if len(hits) > size {
		hits = hits[:size]
	}
	return hits, nil
}
