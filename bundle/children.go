package bundle

import (
	"sort"

	"github.com/paulmach/osm"
)

// maxChildren bounds the children listed for one parent.
const maxChildren = 100

// areaParents are the categories of area places whose named places inside
// are their children (the shops of a mall, the gates of a station...).
var areaParents = map[string]bool{
	"mall": true, "station": true, "bus_station": true, "university": true, "college": true, "hospital": true,
	"marketplace": true, "aerodrome": true, "stadium": true, "zoo": true, "theme_park": true, "museum": true,
	"attraction": true, "school": true, "department_store": true,
}

// addChildren fills place.Children (API.md §3.3): the members of named
// stop_area and site relations (the relation becomes a place at the mean of
// its members), the entrance nodes of a way place, and the named places
// inside a closed way place of an areaParents category.
func (c *placeCollector) addChildren() {
	for _, r := range c.relations {
		c.relationChildren(r)
	}
	for _, w := range c.ways {
		id := "w" + itoa(int64(w.ID))
		p, ok := c.places[id]
		if !ok {
			continue
		}
		kids := c.entrances(w)
		if w.Nodes[0].ID == w.Nodes[len(w.Nodes)-1].ID && hasAny(p.Category, areaParents) {
			kids = append(kids, c.inside(w, id)...)
		}
		p.Children = childList(p.Children, kids)
		c.places[id] = p
	}
}

func (c *placeCollector) relationChildren(r *osm.Relation) {
	var kids []string
	var sLat, sLng float64
	for _, m := range r.Members {
		var id string
		switch m.Type {
		case osm.TypeNode:
			id = "n" + itoa(m.Ref)
		case osm.TypeWay:
			id = "w" + itoa(m.Ref)
		default:
			continue
		}
		if k, ok := c.places[id]; ok {
			kids = append(kids, id)
			sLat += k.LatF()
			sLng += k.LngF()
		}
	}
	if len(kids) == 0 || r.Tags.Find("name") == "" {
		return
	}
	cat := r.Tags.Find("public_transport")
	if cat == "" {
		cat = "site"
	}
	id := "r" + itoa(int64(r.ID))
	n := float64(len(kids))
	p := newPlace(id, r.Tags, sLat/n, sLng/n, "venue", []string{slug(cat)}, 12)
	p.Children = childList(nil, kids)
	c.places[id] = p
}

// entrances are the way's nodes tagged entrance=* that are places.
func (c *placeCollector) entrances(w *osm.Way) []string {
	var out []string
	for _, wn := range w.Nodes {
		id := "n" + itoa(int64(wn.ID))
		if p, ok := c.places[id]; ok && p.Tag("entrance") != "" {
			out = append(out, id)
		}
	}
	return out
}

// inside lists the node places (not streets, addresses or units) whose
// point lies inside the closed way.
func (c *placeCollector) inside(w *osm.Way, self string) []string {
	ring := make([][2]float64, 0, len(w.Nodes))
	for _, wn := range w.Nodes {
		if p, ok := c.nodes.get(wn.ID); ok {
			ring = append(ring, p)
		}
	}
	if len(ring) < 4 {
		return nil
	}
	minLat, minLng, maxLat, maxLng := ring[0][0], ring[0][1], ring[0][0], ring[0][1]
	for _, p := range ring {
		minLat, maxLat = min(minLat, p[0]), max(maxLat, p[0])
		minLng, maxLng = min(minLng, p[1]), max(maxLng, p[1])
	}
	var out []string
	for _, id := range c.nodePlacesIn(minLat, minLng, maxLat, maxLng) {
		p := c.places[id]
		if id != self && p.Layer == "venue" && inRing(ring, p.LatF(), p.LngF()) {
			out = append(out, id)
		}
	}
	return out
}

// nodePlacesIn returns the ids of node places in the box, from a grid built
// on first use.
func (c *placeCollector) nodePlacesIn(minLat, minLng, maxLat, maxLng float64) []string {
	if c.grid == nil {
		c.grid = map[[2]int32][]string{}
		for id, p := range c.places {
			if id[0] == 'n' {
				k := segKey(p.LatF(), p.LngF())
				c.grid[k] = append(c.grid[k], id)
			}
		}
	}
	lo, hi := segKey(minLat, minLng), segKey(maxLat, maxLng)
	if (hi[0]-lo[0]+1)*(hi[1]-lo[1]+1) > 10000 {
		return nil // an area of more than ~100 km²: not a parent of this kind
	}
	var out []string
	for y := lo[0]; y <= hi[0]; y++ {
		for x := lo[1]; x <= hi[1]; x++ {
			out = append(out, c.grid[[2]int32{y, x}]...)
		}
	}
	sort.Strings(out)
	return out
}

// inRing is the even-odd test of a point against a ring of (lat, lng).
func inRing(ring [][2]float64, lat, lng float64) bool {
	in := false
	for i, j := 0, len(ring)-1; i < len(ring); j, i = i, i+1 {
		a, b := ring[i], ring[j]
		if (a[0] > lat) != (b[0] > lat) && lng < (b[1]-a[1])*(lat-a[0])/(b[0]-a[0])+a[1] {
			in = !in
		}
	}
	return in
}

func hasAny(cats []string, set map[string]bool) bool {
	for _, c := range cats {
		if set[c] {
			return true
		}
	}
	return false
}

// childList appends kids to list, each once, sorted, at most maxChildren.
func childList(list, kids []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, k := range append(append([]string(nil), list...), kids...) {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	sort.Strings(out)
	if len(out) > maxChildren {
		out = out[:maxChildren]
	}
	return out
}
