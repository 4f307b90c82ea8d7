package scenario

import (
	"encoding/xml"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/bando-vn/bando/core/geo"
	"github.com/paulmach/osm"
)

// DefaultOrigin is where node maps are drawn (longitude 105.8, latitude
// 21.0, in Hà Nội): OSRM draws at 1,1, but expectations are relative to
// the grid, and our bundles are Vietnamese.
var DefaultOrigin = geo.LatLng{Lat: 21.0, Lng: 105.8}

// wayRowSpacing is how many grid cells apart the ways of a routability
// table are laid out (OSRM's WAY_SPACING).
const wayRowSpacing = 100

// World is the map a scenario draws: named OSM nodes (a–z), named query
// locations that are not nodes (0–9), ways, relations, node tags.
type World struct {
	Grid    float64 // metres per grid cell (default 100)
	Origin  geo.LatLng
	nodes   map[byte]*osmNode
	locs    map[byte]geo.LatLng
	ways    []*osmWay
	rels    []*osmRel
	nextID  int64
	nodeIDs map[int64]*osmNode // node ids in use
	byNodes map[string]*osmWay // ways by their nodes string
}

type osmNode struct {
	id       int64
	explicit bool // id given by a table
	name     byte
	at       geo.LatLng
	tags     map[string]string
}

type osmWay struct {
	id    int64
	nodes []*osmNode
	tags  map[string]string
}

type member struct {
	kind, role string
	ref        int64
}

type osmRel struct {
	id      int64
	members []member
	tags    map[string]string
}

// NewWorld is an empty map with the default grid and origin.
func NewWorld() *World {
	return &World{Grid: 100, Origin: DefaultOrigin, nodes: map[byte]*osmNode{}, locs: map[byte]geo.LatLng{},
		byNodes: map[string]*osmWay{}, nodeIDs: map[int64]*osmNode{}}
}

func (w *World) newID() int64 { w.nextID++; return w.nextID }

// newNode is a node with the next id no node uses.
func (w *World) newNode(name byte, at geo.LatLng) *osmNode {
	n := &osmNode{name: name, at: at, tags: map[string]string{}}
	w.renumber(n)
	return n
}

func (w *World) renumber(n *osmNode) {
	n.id = w.newID()
	for w.nodeIDs[n.id] != nil {
		n.id = w.newID()
	}
	w.nodeIDs[n.id] = n
}

// setNodeID gives a node the id a table asks for (`id` column); a node
// that only had a generated id gives it up.
func (w *World) setNodeID(n *osmNode, v string) error {
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return fmt.Errorf("bad node id %q", v)
	}
	if other := w.nodeIDs[id]; other != nil && other != n {
		if other.explicit {
			return fmt.Errorf("node id %d used twice", id)
		}
		w.renumber(other)
	}
	if w.nodeIDs[n.id] == n {
		delete(w.nodeIDs, n.id)
	}
	n.id, n.explicit, w.nodeIDs[id] = id, true, n
	return nil
}

// Empty reports whether no way has been drawn (nothing to build).
func (w *World) Empty() bool { return len(w.ways) == 0 }

// gridPoint is the point x metres east and y metres south of the origin
// on the WGS84 ellipsoid the engine measures roads on (geo.GeodesicM):
// north–south along the meridian (the metre per degree of the middle
// latitude), east–west along the point's own parallel, so that grid
// distances come out exact.
func (w *World) gridPoint(xM, yM float64) geo.LatLng {
	mLat, _ := geo.MetresPerDegree(w.Origin.Lat)
	lat := w.Origin.Lat - yM/mLat
	mLat, _ = geo.MetresPerDegree((lat + w.Origin.Lat) / 2)
	lat = w.Origin.Lat - yM/mLat
	_, mLng := geo.MetresPerDegree(lat)
	return geo.LatLng{Lat: lat, Lng: w.Origin.Lng + xM/mLng}
}

func (w *World) addNamed(name byte, at geo.LatLng) error {
	switch {
	case name >= 'a' && name <= 'z':
		if w.nodes[name] != nil {
			return fmt.Errorf("duplicate node %c", name)
		}
		w.nodes[name] = w.newNode(name, at)
	case name >= '0' && name <= '9':
		if _, ok := w.locs[name]; ok {
			return fmt.Errorf("duplicate location %c", name)
		}
		w.locs[name] = at
	default:
		return fmt.Errorf("invalid node name %q (a-z or 0-9)", name)
	}
	return nil
}

// NodeMap places every a–z and 0–9 character of an ASCII map: the
// character in column c (counted in characters) of row r sits c × grid/2
// metres east and r × grid metres south of the origin.
func (w *World) NodeMap(doc string) error {
	for r, row := range strings.Split(doc, "\n") {
		for c, ch := range []rune(row) {
			if (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') {
				if err := w.addNamed(byte(ch), w.gridPoint(float64(c)*w.Grid/2, float64(r)*w.Grid)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// NodeTable places the nodes of the older table form of a node map: the
// name in cell c of row r sits c grid cells east and r south of the origin.
func (w *World) NodeTable(rows [][]string) error {
	for r, row := range rows {
		for c, cell := range row {
			if cell == "" {
				continue
			}
			if len(cell) != 1 {
				return fmt.Errorf("node map cell %q is not one character", cell)
			}
			if err := w.addNamed(cell[0], w.gridPoint(float64(c)*w.Grid, float64(r)*w.Grid)); err != nil {
				return err
			}
		}
	}
	return nil
}

// NodeLocations places nodes from a `node | lat | lon` table, as given;
// an `id` column sets their OSM ids.
func (w *World) NodeLocations(t *table) error {
	for _, row := range t.rows {
		name := row["node"]
		lat, err1 := strconv.ParseFloat(row["lat"], 64)
		lon, err2 := strconv.ParseFloat(row["lon"], 64)
		if len(name) != 1 || err1 != nil || err2 != nil {
			return fmt.Errorf("bad node location row %v", row)
		}
		if err := w.addNamed(name[0], geo.LatLng{Lat: lat, Lng: lon}); err != nil {
			return err
		}
		if n := w.nodes[name[0]]; n != nil && row["id"] != "" {
			if err := w.setNodeID(n, row["id"]); err != nil {
				return err
			}
		}
	}
	return nil
}

// Point is where a named node or location is.
func (w *World) Point(name string) (geo.LatLng, error) {
	if len(name) == 1 {
		if n := w.nodes[name[0]]; n != nil {
			return n.at, nil
		}
		if p, ok := w.locs[name[0]]; ok {
			return p, nil
		}
	}
	return geo.LatLng{}, fmt.Errorf("unknown node %q", name)
}

// NodeAt names the node within tol metres of p, or "_" (OSRM's marker).
func (w *World) NodeAt(p geo.LatLng, tolM float64) string {
	best, bestD := "_", tolM
	for name, n := range w.nodes {
		if d := geo.DistanceM(p, n.at); d <= bestD {
			best, bestD = string(name), d
		}
	}
	return best
}

// NearestWayM is the distance from p to the nearest way of the map, in
// metres (segments projected in the local metric of geo.MetresPerDegree
// at p; +Inf when there is no way).
func (w *World) NearestWayM(p geo.LatLng) float64 {
	mLat, mLng := geo.MetresPerDegree(p.Lat)
	xy := func(q geo.LatLng) (float64, float64) { return (q.Lng - p.Lng) * mLng, (q.Lat - p.Lat) * mLat }
	best := math.Inf(1)
	for _, way := range w.ways {
		for i := 1; i < len(way.nodes); i++ {
			x0, y0 := xy(way.nodes[i-1].at)
			x1, y1 := xy(way.nodes[i].at)
			dx, dy := x1-x0, y1-y0
			t := 0.0
			if l2 := dx*dx + dy*dy; l2 > 0 {
				t = max(0, min(1, -(x0*dx+y0*dy)/l2))
			}
			best = min(best, math.Hypot(x0+t*dx, y0+t*dy))
		}
	}
	return best
}

// Nodes adds tags to named nodes from a `node | tag... ` table.
func (w *World) Nodes(t *table) error {
	for _, row := range t.rows {
		n := w.nodes[firstByte(row["node"])]
		if n == nil || len(row["node"]) != 1 {
			return fmt.Errorf("unknown node %q", row["node"])
		}
		for _, k := range t.header {
			switch {
			case k == "id" && row[k] != "":
				if err := w.setNodeID(n, row[k]); err != nil {
					return err
				}
			case k != "node" && k != "id" && k != "#":
				setTag(n.tags, k, row[k])
			}
		}
	}
	return nil
}

func firstByte(s string) byte {
	if s == "" {
		return 0
	}
	return s[0]
}

// setTag applies one cell: empty means no tag, `(nil)` removes it.
func setTag(tags map[string]string, k, v string) {
	switch v {
	case "", "(nil)":
		delete(tags, k)
	default:
		tags[k] = v
	}
}

// Ways adds one way per row: `nodes` lists node letters in order, every
// other column is a tag; highway defaults to primary and name to the nodes
// string; `""` is an empty name and an empty name cell no name tag.
func (w *World) Ways(t *table) error {
	if !t.has("nodes") {
		return fmt.Errorf("ways table has no nodes column")
	}
	for _, row := range t.rows {
		way := &osmWay{id: w.newID(), tags: map[string]string{"highway": "primary"}}
		for _, c := range []byte(row["nodes"]) {
			n := w.nodes[c]
			if n == nil {
				return fmt.Errorf("way %q: unknown node %c", row["nodes"], c)
			}
			way.nodes = append(way.nodes, n)
		}
		if len(way.nodes) < 2 {
			return fmt.Errorf("way %q has fewer than two nodes", row["nodes"])
		}
		for _, k := range t.header {
			if k == "nodes" || k == "name" || k == "#" {
				continue
			}
			setTag(way.tags, k, row[k])
		}
		switch name, ok := row["name"]; {
		case !ok:
			way.tags["name"] = row["nodes"]
		case name == `""` || name == "''":
			way.tags["name"] = ""
		case name == "" || name == "(nil)":
		default:
			way.tags["name"] = name
		}
		w.ways = append(w.ways, way)
		if w.byNodes[row["nodes"]] == nil {
			w.byNodes[row["nodes"]] = way
		}
	}
	return nil
}

func (w *World) wayByName(s string) *osmWay {
	if way := w.byNodes[s]; way != nil {
		return way
	}
	r := []byte(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return w.byNodes[string(r)]
}

// Relations adds one relation per row: `node:ROLE`, `way:ROLE` columns
// list members (comma-separated names; ways by their nodes string),
// every other column is a tag.
func (w *World) Relations(t *table) error {
	for _, row := range t.rows {
		rel := &osmRel{id: w.newID(), tags: map[string]string{}}
		for _, k := range t.header {
			v := row[k]
			kind, role, isMember := strings.Cut(k, ":")
			switch {
			case isMember && (kind == "node" || kind == "way"):
				for _, name := range strings.Split(v, ",") {
					name = strings.TrimSpace(name)
					if name == "" {
						continue
					}
					ref, err := w.memberRef(kind, name)
					if err != nil {
						return err
					}
					rel.members = append(rel.members, member{kind: kind, role: role, ref: ref})
				}
			case isMember && kind == "relation":
				return fmt.Errorf("relation members of relations are not supported")
			case k == "#":
			default:
				setTag(rel.tags, k, v)
			}
		}
		w.rels = append(w.rels, rel)
	}
	return nil
}

func (w *World) memberRef(kind, name string) (int64, error) {
	if kind == "node" {
		if n := w.nodes[firstByte(name)]; n != nil && len(name) == 1 {
			return n.id, nil
		}
		return 0, fmt.Errorf("unknown relation node member %q", name)
	}
	if way := w.wayByName(name); way != nil {
		return way.id, nil
	}
	return 0, fmt.Errorf("unknown relation way member %q", name)
}

// RoutabilityWays lays out one separate five-node way (a–e, one grid cell
// apart) per table row, far apart, named w0, w1, ...; cells are way tags
// except the tested columns, `node/KEY` cells tag the middle node.
// It returns the query points (the second and fourth node) per row.
func (w *World) RoutabilityWays(t *table, tested func(string) bool) [][2]geo.LatLng {
	var qs [][2]geo.LatLng
	for ri, row := range t.rows {
		way := &osmWay{id: w.newID(), tags: map[string]string{"highway": "primary"}}
		var pts [5]geo.LatLng
		for i := 0; i < 5; i++ {
			pts[i] = w.gridPoint(float64(i+wayRowSpacing*ri)*w.Grid, 0)
			n := w.newNode(0, pts[i])
			way.nodes = append(way.nodes, n)
		}
		for _, k := range t.header {
			if tested(k) || k == "#" {
				continue
			}
			if key, ok := strings.CutPrefix(k, "node/"); ok {
				setTag(way.nodes[2].tags, key, row[k])
			} else {
				setTag(way.tags, k, row[k])
			}
		}
		way.tags["name"] = fmt.Sprintf("w%d", ri)
		w.ways = append(w.ways, way)
		qs = append(qs, [2]geo.LatLng{pts[1], pts[3]})
	}
	return qs
}

// OSMXML writes the map as an OSM XML document (nodes, ways, relations,
// in id order, tags sorted), the input of the bundle builder.
func (w *World) OSMXML() ([]byte, error) {
	doc := &osm.OSM{Version: "0.6", Generator: "bando scenarios"}
	seen := map[int64]bool{}
	addNode := func(n *osmNode) {
		if !seen[n.id] {
			seen[n.id] = true
			doc.Nodes = append(doc.Nodes, &osm.Node{ID: osm.NodeID(n.id), Version: 1, Visible: true,
				Lat: n.at.Lat, Lon: n.at.Lng, Tags: osmTags(n.tags)})
		}
	}
	for _, n := range w.nodes {
		addNode(n)
	}
	for _, way := range w.ways {
		x := &osm.Way{ID: osm.WayID(way.id), Version: 1, Visible: true, Tags: osmTags(way.tags)}
		for _, n := range way.nodes {
			addNode(n)
			x.Nodes = append(x.Nodes, osm.WayNode{ID: osm.NodeID(n.id)})
		}
		doc.Ways = append(doc.Ways, x)
	}
	sort.Slice(doc.Nodes, func(i, j int) bool { return doc.Nodes[i].ID < doc.Nodes[j].ID })
	for _, r := range w.rels {
		x := &osm.Relation{ID: osm.RelationID(r.id), Version: 1, Visible: true, Tags: osmTags(r.tags)}
		for _, m := range r.members {
			x.Members = append(x.Members, osm.Member{Type: osm.Type(m.kind), Ref: m.ref, Role: m.role})
		}
		doc.Relations = append(doc.Relations, x)
	}
	out, err := xml.MarshalIndent(doc, "", " ")
	if err != nil {
		return nil, err
	}
	return append([]byte(xml.Header), append(out, '\n')...), nil
}

// osmTags lists a tag map sorted by key.
func osmTags(m map[string]string) osm.Tags {
	tags := make(osm.Tags, 0, len(m))
	for k, v := range m {
		tags = append(tags, osm.Tag{Key: k, Value: v})
	}
	sort.Slice(tags, func(i, j int) bool { return tags[i].Key < tags[j].Key })
	return tags
}
