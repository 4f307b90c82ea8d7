package graphbuild

import (
	"math"
	"sort"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/graph"
)

// Graph is the whole routing graph in memory at build time, nodes and
// edges numbered as in the tiles (grouped by cell, FORMAT.md §3).
type Graph struct {
	Lat, Lng  []int32
	NodeFlags []uint8
	Cells     []graph.Cell // in key order, with their node and edge ranges
	Edges     []graph.Edge // Name/Ref index Strings
	WayIDs    []int64      // per edge: its OSM way
	geomOff   []uint32     // per edge + 1, into glat/glng
	glat      []int32
	glng      []int32
	Restr     []graph.Restriction // sorted by Via
	Strings   []string

	lay      *layout                // while building
	cellIdx  map[graph.CellID]int32 // while building: cell → index in Cells
	edgeCell []int32                // while building: per edge, its cell's index
}

// NumNodes is the node count.
func (g *Graph) NumNodes() int { return len(g.Lat) }

// Geometry returns edge e's points from U to V.
func (g *Graph) Geometry(e uint32) (lat, lng []int32) {
	a, b := g.geomOff[e], g.geomOff[e+1]
	return g.glat[a:b], g.glng[a:b]
}

// Finish turns the collected OSM data into the graph.
func (c *Collector) Finish() *Graph {
	c.sortNodes()
	refIdx := make([]int32, len(c.refs))
	for i, r := range c.refs {
		refIdx[i] = c.nodeIndex(r)
	}
	c.refs = nil
	junction := c.junctions(refIdx)
	lay := c.newLayout(refIdx, junction)
	gid, cells := assignIDs(c, junction, lay)
	g := &Graph{Cells: cells, Strings: c.strList, lay: lay, cellIdx: map[graph.CellID]int32{}}
	n := 0
	for i, cl := range cells {
		n += int(cl.Nodes)
		g.cellIdx[cl.ID] = int32(i)
	}
	g.Lat, g.Lng, g.NodeFlags = make([]int32, n), make([]int32, n), make([]uint8, n)
	for i, id := range gid {
		if id >= 0 {
			g.Lat[id], g.Lng[id], g.NodeFlags[id] = c.lat[i], c.lng[i], c.flagged[c.nodeID[i]]
		}
	}
	wayEdges := g.splitWays(c, refIdx, gid)
	g.resolveRestrictions(c, gid, wayEdges)
	g.orderEdges()
	g.lay, g.cellIdx, g.edgeCell = nil, nil, nil
	return g
}

// junctions marks the nodes that become graph nodes: shared by ways or
// used twice, way ends, nodes next to a missing node, the middle of a
// closed way, and tagged nodes (signals, barriers).
func (c *Collector) junctions(refIdx []int32) []bool {
	count := make([]uint8, len(c.nodeID))
	junction := make([]bool, len(c.nodeID))
	for _, w := range c.ways {
		rs := refIdx[w.start:w.end]
		for i, r := range rs {
			if r < 0 {
				if i > 0 && rs[i-1] >= 0 {
					junction[rs[i-1]] = true
				}
				if i+1 < len(rs) && rs[i+1] >= 0 {
					junction[rs[i+1]] = true
				}
				continue
			}
			if count[r] < 255 {
				count[r]++
			}
		}
		ends := []int{0, len(rs) - 1}
		if rs[0] == rs[len(rs)-1] { // closed way: its middle too
			ends = append(ends, len(rs)/2)
		}
		for _, i := range ends {
			if rs[i] >= 0 {
				junction[rs[i]] = true
			}
		}
	}
	for i, k := range count {
		if k >= 2 || k >= 1 && c.flagged[c.nodeID[i]] != 0 {
			junction[i] = true
		} else if k == 0 {
			junction[i] = false
		}
	}
	return junction
}

// assignIDs numbers junction nodes cell by cell (cells in key order, nodes
// by OSM id within a cell); gid[i] is node i's id or -1. The cells are
// every cell of the layout, some without nodes (edges only).
func assignIDs(c *Collector, junction []bool, lay *layout) ([]int32, []graph.Cell) {
	type jn struct {
		cell graph.CellID
		i    int32
	}
	var js []jn
	for i, j := range junction {
		if j {
			js = append(js, jn{lay.nodeCell(c, int32(i)), int32(i)})
		}
	}
	sort.Slice(js, func(a, b int) bool {
		if js[a].cell != js[b].cell {
			return js[a].cell.Less(js[b].cell)
		}
		return js[a].i < js[b].i
	})
	gid := make([]int32, len(junction))
	for i := range gid {
		gid[i] = -1
	}
	ids := make([]graph.CellID, 0, len(js))
	for _, j := range js {
		if len(ids) == 0 || ids[len(ids)-1] != j.cell {
			ids = append(ids, j.cell)
		}
	}
	all := lay.cells(ids)
	cells := make([]graph.Cell, len(all))
	k := 0
	for ci, id := range all {
		cells[ci] = graph.Cell{ID: id, NodeStart: uint32(k)}
		for ; k < len(js) && js[k].cell == id; k++ {
			gid[js[k].i] = int32(k)
			cells[ci].Nodes++
		}
	}
	return gid, cells
}

// splitWays cuts every way at its junctions; wayEdges[w] is the range of
// edges made from way w (in creation order).
func (g *Graph) splitWays(c *Collector, refIdx []int32, gid []int32) [][2]uint32 {
	wayEdges := make([][2]uint32, len(c.ways))
	g.geomOff = []uint32{0}
	for wi, w := range c.ways {
		first := uint32(len(g.Edges))
		rs := refIdx[w.start:w.end]
		start := -1 // index in rs of the current edge's first node
		for i, r := range rs {
			if r < 0 {
				start = -1
				continue
			}
			if gid[r] < 0 {
				continue
			}
			if start >= 0 && rs[start] != r {
				g.addEdge(c, w.tmpl, w.id, rs[start:i+1], gid)
			}
			start = i
		}
		wayEdges[wi] = [2]uint32{first, uint32(len(g.Edges))}
	}
	return wayEdges
}

func (g *Graph) addEdge(c *Collector, t graph.Edge, way int64, rs []int32, gid []int32) {
	t.U, t.V = uint32(gid[rs[0]]), uint32(gid[rs[len(rs)-1]])
	g.edgeCell = append(g.edgeCell, g.cellIdx[g.lay.edgeCell(c, t.Class, rs[0])])
	m := 0.0
	for i, r := range rs {
		g.glat, g.glng = append(g.glat, c.lat[r]), append(g.glng, c.lng[r])
		if i > 0 {
			p := rs[i-1]
			m += geo.GeodesicM(geo.PointE7(c.lat[p], c.lng[p]), geo.PointE7(c.lat[r], c.lng[r]))
		}
	}
	t.LengthCM = uint32(math.Round(m * 100))
	g.Edges = append(g.Edges, t)
	g.WayIDs = append(g.WayIDs, way)
	g.geomOff = append(g.geomOff, uint32(len(g.glat)))
}

// resolveRestrictions maps way-based restrictions to edges at the via node.
func (g *Graph) resolveRestrictions(c *Collector, gid []int32, wayEdges [][2]uint32) {
	byID := make([]int, len(c.ways))
	for i := range byID {
		byID[i] = i
	}
	sort.SliceStable(byID, func(a, b int) bool { return c.ways[byID[a]].id < c.ways[byID[b]].id })
	find := func(way int64, via uint32) (uint32, bool) {
		k := sort.Search(len(byID), func(k int) bool { return c.ways[byID[k]].id >= way })
		if k == len(byID) || c.ways[byID[k]].id != way {
			return 0, false
		}
		r := wayEdges[byID[k]]
		for e := r[0]; e < r[1]; e++ {
			if g.Edges[e].U == via || g.Edges[e].V == via {
				return e, true
			}
		}
		return 0, false
	}
	for _, r := range c.restr {
		vi := c.nodeIndex(r.via)
		if vi < 0 || gid[vi] < 0 {
			continue
		}
		via := uint32(gid[vi])
		from, ok1 := find(r.from, via)
		to, ok2 := find(r.to, via)
		if ok1 && ok2 {
			g.Restr = append(g.Restr, graph.Restriction{Via: via, From: from, To: to, Only: r.only, Except: r.except})
		}
	}
}

// parallelPos is an edge's two nodes (lowest first) and its place k.
type parallelPos struct{ lo, hi, k uint32 }

// rankParallels reorders parallel edges (same two nodes, same cell) among
// their places so that the lowest id goes to the preferred name: a
// non-empty one first, then the bytewise smallest (OSRM's rule). The
// engine breaks ties between equal-cost parallel edges by the lowest id
// (hierarchy arcs, snapping), so a route shows that name.
func (g *Graph) rankParallels(perm []uint32, ec []int32) {
	ps := make([]parallelPos, len(perm))
	for k, old := range perm {
		e := &g.Edges[old]
		ps[k] = parallelPos{min(e.U, e.V), max(e.U, e.V), uint32(k)}
	}
	sort.Slice(ps, func(a, b int) bool {
		x, y := ps[a], ps[b]
		if x.lo != y.lo || x.hi != y.hi {
			return x.lo < y.lo || x.lo == y.lo && x.hi < y.hi
		}
		return x.k < y.k
	})
	for i := 0; i < len(ps); {
		j := i + 1
		for j < len(ps) && ps[j].lo == ps[i].lo && ps[j].hi == ps[i].hi && ec[perm[ps[j].k]] == ec[perm[ps[i].k]] {
			j++
		}
		if j-i > 1 {
			g.rankGroup(perm, ps[i:j])
		}
		i = j
	}
}

// rankGroup sorts one group of parallel edges by name into its places.
func (g *Graph) rankGroup(perm []uint32, group []parallelPos) {
	olds := make([]uint32, len(group))
	for i, p := range group {
		olds[i] = perm[p.k]
	}
	sort.SliceStable(olds, func(a, b int) bool {
		na, nb := g.Strings[g.Edges[olds[a]].Name], g.Strings[g.Edges[olds[b]].Name]
		return na != "" && (nb == "" || na < nb)
	})
	for i, p := range group {
		perm[p.k] = olds[i]
	}
}

// orderEdges groups edges by their cell (stable: way order within a
// cell), fixing restriction edge ids and the cells' edge ranges, and
// drops cells left with neither nodes nor edges.
func (g *Graph) orderEdges() {
	perm := make([]uint32, len(g.Edges))
	for i := range perm {
		perm[i] = uint32(i)
	}
	ec := g.edgeCell
	sort.SliceStable(perm, func(a, b int) bool { return ec[perm[a]] < ec[perm[b]] })
	g.rankParallels(perm, ec)
	newID := make([]uint32, len(perm))
	edges := make([]graph.Edge, len(perm))
	ways := make([]int64, len(perm))
	off := make([]uint32, 1, len(perm)+1)
	var la, lo []int32
	for k, old := range perm {
		newID[old] = uint32(k)
		edges[k], ways[k] = g.Edges[old], g.WayIDs[old]
		a, b := g.Geometry(old)
		la, lo = append(la, a...), append(lo, b...)
		off = append(off, uint32(len(la)))
		g.Cells[ec[old]].Edges++
	}
	g.Edges, g.WayIDs, g.geomOff, g.glat, g.glng = edges, ways, off, la, lo
	var e uint32
	for i := range g.Cells {
		g.Cells[i].EdgeStart = e
		e += g.Cells[i].Edges
	}
	for i := range g.Restr {
		g.Restr[i].From, g.Restr[i].To = newID[g.Restr[i].From], newID[g.Restr[i].To]
	}
	sort.SliceStable(g.Restr, func(a, b int) bool { return g.Restr[a].Via < g.Restr[b].Via })
	kept := g.Cells[:0]
	for _, cl := range g.Cells {
		if cl.Nodes > 0 || cl.Edges > 0 {
			kept = append(kept, cl)
		}
	}
	g.Cells = kept
}

// Adjacency returns CSR adjacency: for node n, adj[off[n]:off[n+1]] lists
// edge<<1 (n is U) or edge<<1|1 (n is V).
func (g *Graph) Adjacency() (off, adj []uint32) {
	off = make([]uint32, g.NumNodes()+1)
	for _, e := range g.Edges {
		off[e.U+1]++
		off[e.V+1]++
	}
	for i := 1; i < len(off); i++ {
		off[i] += off[i-1]
	}
	adj = make([]uint32, off[len(off)-1])
	fill := append([]uint32(nil), off[:len(off)-1]...)
	for i, e := range g.Edges {
		adj[fill[e.U]] = uint32(i) << 1
		fill[e.U]++
		adj[fill[e.V]] = uint32(i)<<1 | 1
		fill[e.V]++
	}
	return off, adj
}
