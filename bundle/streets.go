package bundle

import (
	"math"
	"sort"
	"strconv"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/text"
	"github.com/paulmach/osm"
)

// streetRank is the importance of a street by its highway class.
var streetRank = map[string]int{
	"motorway": 22, "trunk": 22, "primary": 21, "secondary": 19, "tertiary": 17, "unclassified": 14,
	"residential": 14, "living_street": 13, "pedestrian": 14, "service": 11, "track": 9, "footway": 10,
	"path": 9, "cycleway": 10, "steps": 8, "motorway_link": 14, "trunk_link": 14, "primary_link": 14,
	"secondary_link": 13, "tertiary_link": 12, "road": 12,
}

// isStreet: a named highway a person would search by name.
func isStreet(tags osm.Tags) bool {
	_, ok := streetRank[tags.Find("highway")]
	return ok && tags.Find("name") != ""
}

// streetSeg is one segment of a street, for the nearest-street search of
// addresses.
type streetSeg struct {
	a, b   [2]float64 // lat, lng
	street int        // index into streetSet.places
}

// streetSet is the merged streets and a grid of their segments.
type streetSet struct {
	places []place.Place
	grid   map[[2]int32][]streetSeg
}

// segCell is the grid cell size (degrees) of streetSet.grid: a 3×3 block
// of cells covers every segment within 50 m of a point.
const segCell = 0.001

func segKey(lat, lng float64) [2]int32 {
	return [2]int32{int32(math.Floor(lat / segCell)), int32(math.Floor(lng / segCell))}
}

// streetGroup is the ways of one street in one ward.
type streetGroup struct {
	name string
	ways []*osm.Way
}

// buildStreets merges named highways by folded name and new ward (by 0.05°
// cell without admin data) into one place each: id "w" + the smallest way
// id (stable while that way exists), point the street node nearest the
// centroid of the street's nodes, extent the bounding box, importance from
// the best highway class and the length.
func (c *placeCollector) buildStreets(at adminAt) *streetSet {
	groups := map[string]*streetGroup{}
	for _, w := range c.streets {
		lat, lng, ok := c.wayCentre(w)
		if !ok {
			continue
		}
		name := w.Tags.Find("name")
		area := strconv.Itoa(int(math.Floor(lat/0.05))) + "," + strconv.Itoa(int(math.Floor(lng/0.05)))
		if at != nil {
			if codes := at.codes(lat, lng); codes[0] != "" {
				area = codes[0]
			}
		}
		k := text.Fold(name) + "|" + area
		g := groups[k]
		if g == nil {
			g = &streetGroup{name: name}
			groups[k] = g
		}
		g.ways = append(g.ways, w)
	}
	keys := make([]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	set := &streetSet{grid: map[[2]int32][]streetSeg{}}
	for _, k := range keys {
		if p, ok := c.streetPlace(groups[k], len(set.places), set); ok {
			set.places = append(set.places, p)
		}
	}
	return set
}

// streetPlace makes the place of one street group and adds its segments to
// the grid under index idx.
func (c *placeCollector) streetPlace(g *streetGroup, idx int, set *streetSet) (place.Place, bool) {
	sort.Slice(g.ways, func(i, j int) bool { return g.ways[i].ID < g.ways[j].ID })
	var pts [][2]float64
	lengthM, best := 0.0, 0
	minLat, minLng, maxLat, maxLng := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, w := range g.ways {
		best = max(best, streetRank[w.Tags.Find("highway")])
		var prev [2]float64
		havePrev := false
		for _, wn := range w.Nodes {
			p, ok := c.nodes.get(wn.ID)
			if !ok {
				continue
			}
			pts = append(pts, p)
			minLat, minLng = math.Min(minLat, p[0]), math.Min(minLng, p[1])
			maxLat, maxLng = math.Max(maxLat, p[0]), math.Max(maxLng, p[1])
			if havePrev {
				lengthM += approxM(prev, p)
				addSeg(set, streetSeg{prev, p, idx})
			}
			prev, havePrev = p, true
		}
	}
	if len(pts) == 0 {
		return place.Place{}, false
	}
	var sLat, sLng float64
	for _, p := range pts {
		sLat += p[0]
		sLng += p[1]
	}
	cLat, cLng := sLat/float64(len(pts)), sLng/float64(len(pts))
	rep, bestD := pts[0], math.Inf(1)
	for _, p := range pts {
		if d := approxM(p, [2]float64{cLat, cLng}); d < bestD {
			rep, bestD = p, d
		}
	}
	w0 := g.ways[0]
	rank := best + int(math.Min(4, math.Max(0, math.Log2(lengthM/250))))
	p := newPlace("w"+itoa(int64(w0.ID)), streetTags(g), rep[0], rep[1], "street", []string{"street", slug(w0.Tags.Find("highway"))}, rank)
	p.BBox = []int32{geo.E7(minLat), geo.E7(minLng), geo.E7(maxLat), geo.E7(maxLng)}
	return p, true
}

// streetTags are the name tags of the street's first way that has each.
func streetTags(g *streetGroup) osm.Tags {
	tags := osm.Tags{{Key: "name", Value: g.name}}
	for _, k := range []string{"alt_name", "old_name", "short_name", "name:en", "name:vi"} {
		for _, w := range g.ways {
			if v := w.Tags.Find(k); v != "" {
				tags = append(tags, osm.Tag{Key: k, Value: v})
				break
			}
		}
	}
	return tags
}

func addSeg(set *streetSet, s streetSeg) {
	k := segKey((s.a[0]+s.b[0])/2, (s.a[1]+s.b[1])/2)
	set.grid[k] = append(set.grid[k], s)
	// long segments are also filed under the cells of their ends
	for _, e := range [][2]float64{s.a, s.b} {
		if ke := segKey(e[0], e[1]); ke != k {
			set.grid[ke] = append(set.grid[ke], s)
		}
	}
}

// nearest returns the index of the street whose segment is nearest to
// (lat, lng) within maxM metres, -1 if none. Segments longer than a grid
// cell are found through their ends and middle, which is enough for the
// short segments of city streets.
func (set *streetSet) nearest(lat, lng, maxM float64) int {
	k := segKey(lat, lng)
	best, bi := maxM, -1
	for dy := int32(-1); dy <= 1; dy++ {
		for dx := int32(-1); dx <= 1; dx++ {
			for _, s := range set.grid[[2]int32{k[0] + dy, k[1] + dx}] {
				if d := segDistM([2]float64{lat, lng}, s.a, s.b); d <= best && (d < best || bi < 0 || s.street < bi) {
					best, bi = d, s.street
				}
			}
		}
	}
	return bi
}

// approxM is the equirectangular distance in metres (good to well under 1%
// at city scale).
func approxM(a, b [2]float64) float64 {
	kx := math.Cos((a[0] + b[0]) / 2 * math.Pi / 180)
	dy, dx := (a[0]-b[0])*111195, (a[1]-b[1])*111195*kx
	return math.Hypot(dx, dy)
}

// segDistM is the distance in metres from p to segment ab (local plane).
func segDistM(p, a, b [2]float64) float64 {
	kx := math.Cos(p[0] * math.Pi / 180)
	ax, ay := (a[1]-p[1])*kx, a[0]-p[0]
	bx, by := (b[1]-p[1])*kx, b[0]-p[0]
	vx, vy := bx-ax, by-ay
	t := 0.0
	if l := vx*vx + vy*vy; l > 0 {
		t = math.Max(0, math.Min(1, -(ax*vx+ay*vy)/l))
	}
	return math.Hypot(ax+t*vx, ay+t*vy) * 111195
}
