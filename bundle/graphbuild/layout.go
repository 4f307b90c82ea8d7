package graphbuild

import (
	"sort"

	"github.com/bando-vn/bando/core/route/graph"
)

// MaxLeafNodes is how many nodes a minor-road cell may hold before the
// builder splits it in four (down to graph.MaxLevel): dense city cells
// become small tiles, rural ones stay large.
var MaxLeafNodes = 6000

// layout places nodes and edges in cells (FORMAT.md §1): level 0 for the
// major roads, a quadtree of minor cells for the rest.
type layout struct {
	major  []bool // per collector node: a junction on a major way
	leaves map[graph.CellID]bool
}

// newLayout marks the major junctions and splits the minor cells over the
// junctions of minor ways (every minor node, and every node a minor edge
// starts from, is one of them).
func (c *Collector) newLayout(refIdx []int32, junction []bool) *layout {
	l := &layout{major: make([]bool, len(c.nodeID)), leaves: map[graph.CellID]bool{}}
	item := make([]bool, len(c.nodeID))
	for _, w := range c.ways {
		isMajor := graph.MajorClass(w.tmpl.Class)
		for _, r := range refIdx[w.start:w.end] {
			if r >= 0 && junction[r] {
				if isMajor {
					l.major[r] = true
				} else {
					item[r] = true
				}
			}
		}
	}
	var ids []int32
	for i, ok := range item {
		if ok {
			ids = append(ids, int32(i))
		}
	}
	l.split(c, 1, ids)
	return l
}

// split makes the level-lv cells of the nodes ids leaves, or splits those
// holding more than MaxLeafNodes.
func (l *layout) split(c *Collector, lv uint8, ids []int32) {
	type keyed struct {
		k uint64
		i int32
	}
	ks := make([]keyed, len(ids))
	for n, i := range ids {
		id := graph.CellAt(lv, c.lat[i], c.lng[i])
		ks[n] = keyed{uint64(uint32(id.Row)^1<<31)<<32 | uint64(uint32(id.Col)^1<<31), i}
	}
	sort.Slice(ks, func(a, b int) bool { return ks[a].k < ks[b].k })
	for n := range ks {
		ids[n] = ks[n].i
	}
	for i := 0; i < len(ks); {
		j := i + 1
		for j < len(ks) && ks[j].k == ks[i].k {
			j++
		}
		if j-i <= MaxLeafNodes || lv == graph.MaxLevel {
			l.leaves[graph.CellAt(lv, c.lat[ids[i]], c.lng[ids[i]])] = true
		} else {
			l.split(c, lv+1, ids[i:j])
		}
		i = j
	}
}

// minorCell is the leaf holding a point of a minor node or minor edge.
func (l *layout) minorCell(lat, lng int32) graph.CellID {
	for lv := uint8(1); lv <= graph.MaxLevel; lv++ {
		if id := graph.CellAt(lv, lat, lng); l.leaves[id] {
			return id
		}
	}
	id := graph.CellAt(graph.MaxLevel, lat, lng) // not expected: every such point made the leaves
	l.leaves[id] = true
	return id
}

// nodeCell is the cell of collector node i (a junction).
func (l *layout) nodeCell(c *Collector, i int32) graph.CellID {
	if l.major[i] {
		return graph.CellAt(0, c.lat[i], c.lng[i])
	}
	return l.minorCell(c.lat[i], c.lng[i])
}

// edgeCell is the cell of an edge of class cl starting at collector node u.
func (l *layout) edgeCell(c *Collector, cl graph.Class, u int32) graph.CellID {
	if graph.MajorClass(cl) {
		return graph.CellAt(0, c.lat[u], c.lng[u])
	}
	return l.minorCell(c.lat[u], c.lng[u])
}

// cells lists every cell that may hold nodes or edges, in key order.
func (l *layout) cells(nodeCells []graph.CellID) []graph.CellID {
	set := map[graph.CellID]bool{}
	for id := range l.leaves {
		set[id] = true
	}
	for _, id := range nodeCells {
		set[id] = true
	}
	out := make([]graph.CellID, 0, len(set))
	for id := range set {
		out = append(out, id)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Less(out[b]) })
	return out
}
