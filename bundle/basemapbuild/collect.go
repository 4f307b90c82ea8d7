package basemapbuild

import (
	"sort"

	"github.com/paulmach/orb"
	"github.com/paulmach/osm"
)

// feature is one map object in lon/lat before tiling.
type feature struct {
	layer string
	minz  int
	geom  orb.Geometry
	props map[string]any
	bound orb.Bound
	order int // stable order: input order
}

// Collector gathers basemap features from OSM objects handed to Add in file
// order (nodes, then ways, then relations, as .osm.pbf files are written).
type Collector struct {
	nodes    []nodeLL // sorted by id at the first way
	sorted   bool
	wayRefs  map[osm.WayID][2]int32 // range in refs of a way kept for multipolygons
	refs     []osm.NodeID
	pending  []pendingWay
	rels     []*osm.Relation
	features []*feature
}

type nodeLL struct {
	id       osm.NodeID
	lat, lng int32
}

type pendingWay struct {
	cls   class
	tags  osm.Tags
	nodes osm.WayNodes
	id    osm.WayID
}

// NewCollector returns an empty collector.
func NewCollector() *Collector { return &Collector{wayRefs: map[osm.WayID][2]int32{}, sorted: true} }

// Add takes one OSM object.
func (c *Collector) Add(o osm.Object) {
	switch v := o.(type) {
	case *osm.Node:
		n := nodeLL{v.ID, int32(v.Lat * 1e7), int32(v.Lon * 1e7)}
		if len(c.nodes) > 0 && c.nodes[len(c.nodes)-1].id >= n.id {
			c.sorted = false
		}
		c.nodes = append(c.nodes, n)
		for _, cl := range classifyNode(v.Tags) {
			c.addFeature(cl, orb.Point{v.Lon, v.Lat}, v.Tags)
		}
	case *osm.Way:
		if cl, ok := classifyWay(v.Tags, v.Nodes); ok {
			c.pending = append(c.pending, pendingWay{cl, v.Tags, v.Nodes, v.ID})
		}
		if len(v.Tags) == 0 || areaTags(v.Tags) {
			start := int32(len(c.refs))
			for _, n := range v.Nodes {
				c.refs = append(c.refs, n.ID)
			}
			c.wayRefs[v.ID] = [2]int32{start, int32(len(c.refs))}
		}
	case *osm.Relation:
		if v.Tags.Find("type") == "multipolygon" {
			if _, ok := classifyArea(v.Tags); ok {
				c.rels = append(c.rels, v)
			}
		}
	}
}

func (c *Collector) addFeature(cl class, g orb.Geometry, tags osm.Tags) {
	if g == nil {
		return
	}
	props := map[string]any{}
	if cl.kind != "" {
		props["class"] = cl.kind
	}
	for _, k := range cl.keep {
		if v := tags.Find(k); v != "" {
			props[k] = v
		}
	}
	c.features = append(c.features, &feature{layer: cl.layer, minz: cl.minz, geom: g, props: props, bound: g.Bound(), order: len(c.features)})
}

// node returns the position of a node, if the input held it.
func (c *Collector) node(id osm.NodeID) (orb.Point, bool) {
	i := sort.Search(len(c.nodes), func(i int) bool { return c.nodes[i].id >= id })
	if i == len(c.nodes) || c.nodes[i].id != id {
		return orb.Point{}, false
	}
	return orb.Point{float64(c.nodes[i].lng) / 1e7, float64(c.nodes[i].lat) / 1e7}, true
}

func (c *Collector) line(ids []osm.NodeID) orb.LineString {
	ls := make(orb.LineString, 0, len(ids))
	for _, id := range ids {
		if p, ok := c.node(id); ok {
			ls = append(ls, p)
		}
	}
	return ls
}

// finish resolves way and relation geometries into features.
func (c *Collector) finish() []*feature {
	if !c.sorted {
		sort.Slice(c.nodes, func(i, j int) bool { return c.nodes[i].id < c.nodes[j].id })
		c.sorted = true
	}
	for _, w := range c.pending {
		ids := make([]osm.NodeID, len(w.nodes))
		for i, n := range w.nodes {
			ids[i] = n.ID
		}
		ls := c.line(ids)
		if w.cls.area {
			if len(ls) >= 4 && ls[0] == ls[len(ls)-1] {
				c.addFeature(w.cls, orient(orb.Polygon{orb.Ring(ls)}), w.tags)
			}
		} else if len(ls) >= 2 {
			c.addFeature(w.cls, ls, w.tags)
		}
	}
	for _, r := range c.rels {
		cl, _ := classifyArea(r.Tags)
		if mp := c.multipolygon(r); len(mp) > 0 {
			c.addFeature(cl, mp, r.Tags)
		}
	}
	c.pending, c.rels, c.refs, c.wayRefs = nil, nil, nil, nil
	return c.features
}

// multipolygon assembles the outer and inner member ways of r into rings
// (joining ways end to end) and holes into the outer ring containing them.
func (c *Collector) multipolygon(r *osm.Relation) orb.MultiPolygon {
	var outer, inner []orb.LineString
	for _, m := range r.Members {
		if m.Type != osm.TypeWay {
			continue
		}
		rg, ok := c.wayRefs[osm.WayID(m.Ref)]
		if !ok {
			continue
		}
		ls := c.line(c.refs[rg[0]:rg[1]])
		if len(ls) < 2 {
			continue
		}
		if m.Role == "inner" {
			inner = append(inner, ls)
		} else {
			outer = append(outer, ls)
		}
	}
	var mp orb.MultiPolygon
	for _, o := range joinRings(outer) {
		mp = append(mp, orb.Polygon{o})
	}
	for _, h := range joinRings(inner) {
		for i := range mp {
			if ringContains(mp[i][0], h[0]) {
				mp[i] = append(mp[i], h)
				break
			}
		}
	}
	return orient(mp).(orb.MultiPolygon)
}

// joinRings joins line strings sharing end points into closed rings; what
// cannot be closed is dropped.
func joinRings(parts []orb.LineString) []orb.Ring {
	var rings []orb.Ring
	used := make([]bool, len(parts))
	for i := range parts {
		if used[i] {
			continue
		}
		used[i] = true
		cur := append(orb.LineString{}, parts[i]...)
		for cur[0] != cur[len(cur)-1] {
			j, rev := nextPart(parts, used, cur[len(cur)-1])
			if j < 0 {
				break
			}
			used[j] = true
			p := parts[j]
			if rev {
				p = append(orb.LineString{}, p...)
				p.Reverse()
			}
			cur = append(cur, p[1:]...)
		}
		if len(cur) >= 4 && cur[0] == cur[len(cur)-1] {
			rings = append(rings, orb.Ring(cur))
		}
	}
	return rings
}

func nextPart(parts []orb.LineString, used []bool, end orb.Point) (int, bool) {
	for j, p := range parts {
		if used[j] {
			continue
		}
		if p[0] == end {
			return j, false
		}
		if p[len(p)-1] == end {
			return j, true
		}
	}
	return -1, false
}

// ringContains: is the point p inside ring r (even-odd)?
func ringContains(r orb.Ring, p orb.Point) bool {
	in := false
	for i, j := 0, len(r)-1; i < len(r); j, i = i, i+1 {
		a, b := r[i], r[j]
		if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0]-a[0])*(p[1]-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}

// orient makes outer rings clockwise and holes counter-clockwise in lon/lat,
// which projected to tile coordinates (y down) gives outer rings the
// positive area MVT 2.1 §4.3.4.4 requires and holes the negative one.
func orient(g orb.Geometry) orb.Geometry {
	eachPolygon(g, func(p orb.Polygon) {
		for i, r := range p {
			if (i == 0) != (r.Orientation() == orb.CW) {
				r.Reverse()
			}
		}
	})
	return g
}

// eachPolygon calls fn for g if it is a polygon, or for each polygon of a
// multipolygon; other geometries are ignored.
func eachPolygon(g orb.Geometry, fn func(orb.Polygon)) {
	switch v := g.(type) {
	case orb.Polygon:
		fn(v)
	case orb.MultiPolygon:
		for _, p := range v {
			fn(p)
		}
	}
}

// extent is the bounding box of the input's nodes.
func (c *Collector) extent() orb.Bound {
	if len(c.nodes) == 0 {
		return orb.Bound{Min: orb.Point{1, 1}, Max: orb.Point{-1, -1}} // empty
	}
	b := orb.Bound{Min: orb.Point{180, 90}, Max: orb.Point{-180, -90}}
	for _, n := range c.nodes {
		p := orb.Point{float64(n.lng) / 1e7, float64(n.lat) / 1e7}
		b = b.Extend(p)
	}
	return b
}
