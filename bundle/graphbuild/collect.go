package graphbuild

import (
	"sort"
	"strings"

	"github.com/bando-vn/bando/core/route/graph"
	"github.com/paulmach/osm"
)

// Collector gathers what the graph needs while the OSM input streams by.
// Nodes are kept as compact parallel arrays (id, lat, lng), not maps, so a
// country's 30M nodes fit in a few hundred MB.
type Collector struct {
	nodeID     []int64
	lat, lng   []int32
	flagged    map[int64]uint8 // nodes with routing tags (signals, barriers)
	ways       []wayRec
	refs       []int64
	strs       map[string]uint32
	strList    []string
	restr      []rawRestriction
	sortedNode bool
}

type wayRec struct {
	id         int64
	tmpl       graph.Edge
	start, end int // refs[start:end]
}

type rawRestriction struct {
	from, to, via int64
	only          bool
	except        uint8
}

// NewCollector returns an empty collector.
func NewCollector() *Collector {
	return &Collector{flagged: map[int64]uint8{}, strs: map[string]uint32{"": 0}, strList: []string{""}, sortedNode: true}
}

// Add takes one OSM object; objects of other kinds are ignored.
func (c *Collector) Add(o osm.Object) {
	switch v := o.(type) {
	case *osm.Node:
		c.addNode(v)
	case *osm.Way:
		c.addWay(v)
	case *osm.Relation:
		c.addRelation(v)
	}
}

func (c *Collector) addNode(n *osm.Node) {
	id := int64(n.ID)
	if k := len(c.nodeID); k > 0 && c.nodeID[k-1] >= id {
		c.sortedNode = false
	}
	c.nodeID = append(c.nodeID, id)
	c.lat = append(c.lat, e7(n.Lat))
	c.lng = append(c.lng, e7(n.Lon))
	if len(n.Tags) > 0 {
		if f := nodeFlags(n.Tags); f != 0 {
			c.flagged[id] = f
		}
	}
}

func e7(deg float64) int32 {
	if deg >= 0 {
		return int32(deg*1e7 + 0.5)
	}
	return int32(deg*1e7 - 0.5)
}

func (c *Collector) intern(s string) uint32 {
	if i, ok := c.strs[s]; ok {
		return i
	}
	i := uint32(len(c.strList))
	c.strs[s] = i
	c.strList = append(c.strList, s)
	return i
}

func (c *Collector) addWay(w *osm.Way) {
	if len(w.Nodes) < 2 {
		return
	}
	t, ok := edgeTemplate(w.Tags)
	if !ok {
		return
	}
	t.Name = c.intern(w.Tags.Find("name"))
	t.Ref = c.intern(w.Tags.Find("ref"))
	start := len(c.refs)
	for _, n := range w.Nodes {
		c.refs = append(c.refs, int64(n.ID))
	}
	c.ways = append(c.ways, wayRec{id: int64(w.ID), tmpl: t, start: start, end: len(c.refs)})
}

var exceptModes = map[string]graph.Mode{"motorcar": graph.ModeCar, "motor_vehicle": graph.ModeCar, "hgv": graph.ModeHGV,
	"motorcycle": graph.ModeMotorcycle, "bicycle": graph.ModeBicycle, "foot": graph.ModeFoot}

func (c *Collector) addRelation(r *osm.Relation) {
	if r.Tags.Find("type") != "restriction" {
		return
	}
	kind := r.Tags.Find("restriction")
	except := uint8(0)
	if kind == "" { // restriction:<mode>=... binds that mode only
		for _, t := range r.Tags {
			if m, ok := exceptModes[strings.TrimPrefix(t.Key, "restriction:")]; ok && strings.HasPrefix(t.Key, "restriction:") {
				kind, except = t.Value, ^uint8(1<<m)
			}
		}
	}
	if !strings.HasPrefix(kind, "no_") && !strings.HasPrefix(kind, "only_") {
		return
	}
	for _, m := range strings.Split(r.Tags.Find("except"), ";") {
		if md, ok := exceptModes[strings.TrimSpace(m)]; ok {
			except |= 1 << md
		}
	}
	rr := rawRestriction{only: strings.HasPrefix(kind, "only_"), except: except}
	var nf, nt, nv int
	for _, m := range r.Members {
		switch {
		case m.Role == "from" && m.Type == osm.TypeWay:
			rr.from, nf = m.Ref, nf+1
		case m.Role == "to" && m.Type == osm.TypeWay:
			rr.to, nt = m.Ref, nt+1
		case m.Role == "via" && m.Type == osm.TypeNode:
			rr.via, nv = m.Ref, nv+1
		case m.Role == "via":
			return // via ways are not supported
		}
	}
	if nf == 1 && nt == 1 && nv == 1 {
		c.restr = append(c.restr, rr)
	}
}

// sortNodes orders the node arrays by id when the input was not sorted.
func (c *Collector) sortNodes() {
	if c.sortedNode {
		return
	}
	idx := make([]int32, len(c.nodeID))
	for i := range idx {
		idx[i] = int32(i)
	}
	sort.SliceStable(idx, func(a, b int) bool { return c.nodeID[idx[a]] < c.nodeID[idx[b]] })
	ids, la, lo := make([]int64, len(idx)), make([]int32, len(idx)), make([]int32, len(idx))
	for i, j := range idx {
		ids[i], la[i], lo[i] = c.nodeID[j], c.lat[j], c.lng[j]
	}
	c.nodeID, c.lat, c.lng = ids, la, lo
	c.sortedNode = true
}

// nodeIndex finds an OSM node id; -1 when the input lacks it.
func (c *Collector) nodeIndex(id int64) int32 {
	i := sort.Search(len(c.nodeID), func(i int) bool { return c.nodeID[i] >= id })
	if i < len(c.nodeID) && c.nodeID[i] == id {
		return int32(i)
	}
	return -1
}
