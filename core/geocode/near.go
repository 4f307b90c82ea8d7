package geocode

import (
	"context"
	"errors"
	"math"
	"slices"
	"sort"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/tile"
)

// MaxRadiusKm bounds the circle a query may read (at most ~ (2·50/11)² ≈ 100 cells).
const MaxRadiusKm = 50.0

// Hit is a place found with its distance from the query point. Place is the hit's own
// copy, decoded from its cell for the answer.
type Hit struct {
	Place     *place.Place
	DistanceM float64
}

// cellPlaces is a place cell as the cache keeps it for point queries: the tile, read in
// place (a record is decoded only when it is among the answers), and every place's position
// sorted by latitude, so that a query reads only the band of its circle. It holds the
// tile's bytes and 12 bytes per place, plus 4 per category entry: a city-centre cell of
// 3.9 MB decoded whole into place.Place values took about four times its bytes, which its
// cache budget did not see, and in wasm 0.8 s to decode.
type cellPlaces struct {
	t        *place.PlaceTile
	lat, lng []int32            // k-th place by latitude
	rec      []int32            // rec[k]: its index in t
	byCat    map[string][]int32 // category → the k of its places, ascending
	bytes    int                // SizeBytes
}

// SizeBytes is what the cache charges for the cell (tile.Sized).
func (c *cellPlaces) SizeBytes() int { return c.bytes }

func decodeCell(b []byte) (*cellPlaces, error) {
	t, err := place.DecodePlaceTile(b)
	if err != nil {
		return nil, err
	}
	n := t.Len()
	lat, lng := make([]int32, n), make([]int32, n)
	catIndex := map[string]int{} // category → its list in cats (looked up without a copy)
	var cats [][]int32           // tile indexes, ascending
	var names []string
	for i := 0; i < n; i++ {
		lat[i], lng[i], err = t.Locate(i, func(c []byte) {
			j, ok := catIndex[string(c)]
			if !ok {
				j = len(cats)
				catIndex[string(c)] = j
				cats = append(cats, nil)
				names = append(names, string(c))
			}
			if l := cats[j]; len(l) == 0 || l[len(l)-1] != int32(i) { // a category twice in a record: once
				cats[j] = append(l, int32(i))
			}
		})
		if err != nil {
			return nil, err
		}
	}
	c := &cellPlaces{t: t, lat: make([]int32, n), lng: make([]int32, n), rec: make([]int32, n), byCat: make(map[string][]int32, len(cats))}
	for k := range c.rec {
		c.rec[k] = int32(k)
	}
	sort.SliceStable(c.rec, func(a, b int) bool { return lat[c.rec[a]] < lat[c.rec[b]] })
	pos := make([]int32, n) // tile index → k
	for k, i := range c.rec {
		c.lat[k], c.lng[k], pos[i] = lat[i], lng[i], int32(k)
	}
	c.bytes = len(b) + 12*n
	for j, l := range cats {
		for x, i := range l {
			l[x] = pos[i]
		}
		slices.Sort(l)
		c.byCat[names[j]] = slices.Clip(l)
		c.bytes += 4*len(l) + len(names[j]) + 64
	}
	return c, nil
}

// band calls fn with the k (position by latitude) of the places of idx (nil: all places)
// whose latitude lies in [lo, hi].
func (c *cellPlaces) band(idx []int32, lo, hi int32, fn func(k int32)) {
	if idx == nil {
		first := sort.Search(len(c.lat), func(k int) bool { return c.lat[k] >= lo })
		for k := first; k < len(c.lat) && c.lat[k] <= hi; k++ {
			fn(int32(k))
		}
		return
	}
	first := sort.Search(len(idx), func(i int) bool { return c.lat[idx[i]] >= lo })
	for i := first; i < len(idx) && c.lat[idx[i]] <= hi; i++ {
		fn(idx[i])
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
	var cands []nearCand
	for r := math.Min(0.5, radiusKm); ; r = math.Min(3*r, radiusKm) {
		var err error
		if cands, err = scan(ctx, st, center, r, f, cands[:0]); err != nil {
			return nil, err
		}
		hits, err := nearest(cands, f.keep, size)
		if err != nil {
			return nil, err
		}
		if len(hits) >= size || r >= radiusKm {
			return hits, nil
		}
	}
}

// nearCand is a place of a scan, not yet decoded: cell c's k-th by latitude.
type nearCand struct {
	c *cellPlaces
	k int32
	d float64 // metres from the query point
}

// nearest decodes candidates nearest first, keeps those keep accepts (nil: all) and returns
// the size nearest, ties by id. It decodes only as many as it needs, and the ties of the
// last one kept.
func nearest(cands []nearCand, keep func(*place.Place) bool, size int) ([]Hit, error) {
	sort.Slice(cands, func(i, j int) bool { return cands[i].d < cands[j].d })
	var hits []Hit
	for _, cd := range cands {
		if len(hits) >= size && cd.d > hits[len(hits)-1].DistanceM {
			break
		}
		p, err := cd.c.t.At(int(cd.c.rec[cd.k]))
		if err != nil {
			return nil, err
		}
		if keep != nil && !keep(&p) {
			continue
		}
		hits = append(hits, Hit{Place: &p, DistanceM: cd.d})
	}
	sort.SliceStable(hits, func(i, j int) bool {
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

// scan appends the places within radiusKm of center of the categories f asks for (all
// when none), each once, undecoded.
func scan(ctx context.Context, st *tile.Store, center geo.LatLng, radiusKm float64, f filter, cands []nearCand) ([]nearCand, error) {
	box := boxE7(center, radiusKm)
	for _, key := range cellKeys(center, radiusKm) {
		if !st.Has(key) {
			continue
		}
		c, err := tile.Decode(ctx, st, key, decodeCell)
		if err != nil {
			return nil, err
		}
		var seen map[int32]bool // a place of two of the categories
		visit := func(k int32) {
			if c.lng[k] < box[1] || c.lng[k] > box[3] {
				return
			}
			if d := geo.DistanceM(center, geo.PointE7(c.lat[k], c.lng[k])); d <= radiusKm*1000 {
				if len(f.cats) > 1 {
					if seen[k] {
						return
					}
					if seen == nil {
						seen = map[int32]bool{}
					}
					seen[k] = true
				}
				cands = append(cands, nearCand{c, k, d})
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
	return cands, nil
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
