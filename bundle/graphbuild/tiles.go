package graphbuild

import (
	"errors"
	"fmt"
	"maps"
	"sort"
	"sync"

	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/graph"
)

// CoreFraction is the share of top-ranked nodes whose hierarchy arcs go to
// the core tile (capped by CoreMax), FORMAT.md §5.
const (
	CoreFraction = 0.002
	CoreMax      = 10000
)

// Tiles encodes the graph layer: the index, one base tile per cell and,
// per hierarchy, one tile per cell plus the core tile.
func Tiles(g *Graph, hs []*Hierarchy) (map[string][]byte, error) {
	out := map[string][]byte{}
	ix, err := baseTiles(g, out)
	if err != nil {
		return nil, err
	}
	for _, h := range hs {
		ref, err := hierarchyTiles(g, h, out)
		if err != nil {
			return nil, err
		}
		ix.Hierarchies = append(ix.Hierarchies, ref)
	}
	return out, writeIndex(ix, out)
}

// Encode adds the graph layer to out like Tiles, contracting the graph for
// each profile (parallel at a time; taxi shares car's hierarchy) and
// encoding each hierarchy as soon as it is built, so that only the
// hierarchies in progress are held whole in memory. tick, if not nil, is
// called with counts of nodes contracted (concurrently when parallel > 1);
// they add up to len(profiles after UniqueProfiles) × g.NumNodes().
func Encode(g *Graph, profiles []string, parallel int, out map[string][]byte, tick func(int)) error {
	ps, err := UniqueProfiles(profiles)
	if err != nil {
		return err
	}
	ix, err := baseTiles(g, out)
	if err != nil {
		return err
	}
	refs := make([]graph.HierarchyRef, len(ps))
	errs := make([]error, len(ps))
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(parallel, 1))
	for i, p := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			h := buildHierarchy(g, p, tick)
			tiles := map[string][]byte{}
			refs[i], errs[i] = hierarchyTiles(g, h, tiles)
			mu.Lock()
			maps.Copy(out, tiles)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	ix.Hierarchies = refs
	return writeIndex(ix, out)
}

// baseTiles encodes one base tile per cell into out and returns the index
// of the cells.
func baseTiles(g *Graph, out map[string][]byte) (*graph.Index, error) {
	off, adj := g.Adjacency()
	ix := &graph.Index{}
	for _, c := range g.Cells {
		b, err := graph.EncodeTile(g.baseTile(c, off, adj))
		if err != nil {
			return nil, err
		}
		out[c.ID.Key()] = b
		ix.Cells = append(ix.Cells, g.indexCell(c))
	}
	return ix, nil
}

func writeIndex(ix *graph.Index, out map[string][]byte) error {
	b, err := graph.EncodeIndex(ix)
	out[graph.IndexKey] = b
	return err
}

func (g *Graph) indexCell(c graph.Cell) graph.IndexCell {
	ic := graph.IndexCell{Level: c.ID.Level, Row: c.ID.Row, Col: c.ID.Col, NodeStart: c.NodeStart, Nodes: c.Nodes,
		EdgeStart: c.EdgeStart, Edges: c.Edges, MinLat: 1 << 30, MinLng: 1 << 30, MaxLat: -1 << 30, MaxLng: -1 << 30}
	for e := c.EdgeStart; e < c.EdgeStart+c.Edges; e++ {
		la, lo := g.Geometry(e)
		for i := range la {
			ic.MinLat, ic.MaxLat = min(ic.MinLat, la[i]), max(ic.MaxLat, la[i])
			ic.MinLng, ic.MaxLng = min(ic.MinLng, lo[i]), max(ic.MaxLng, lo[i])
		}
	}
	return ic
}

// baseTile cuts one cell's nodes, adjacency, edges, geometry, strings and
// restrictions out of the whole graph.
func (g *Graph) baseTile(c graph.Cell, off, adj []uint32) *graph.Tile {
	n0, n1 := c.NodeStart, c.NodeStart+c.Nodes
	t := &graph.Tile{NodeStart: n0, EdgeStart: c.EdgeStart, Lat: g.Lat[n0:n1], Lng: g.Lng[n0:n1], NodeFlags: g.NodeFlags[n0:n1]}
	t.AdjOff = make([]uint32, 0, c.Nodes+1)
	base := off[n0]
	for n := n0; n <= n1; n++ {
		t.AdjOff = append(t.AdjOff, off[n]-base)
	}
	t.Adj = adj[off[n0]:off[n1]]
	strIdx := map[uint32]uint32{0: 0}
	t.Strings = []string{""}
	local := func(s uint32) uint32 {
		if i, ok := strIdx[s]; ok {
			return i
		}
		i := uint32(len(t.Strings))
		strIdx[s] = i
		t.Strings = append(t.Strings, g.Strings[s])
		return i
	}
	t.GeomOff = []uint32{0}
	for e := c.EdgeStart; e < c.EdgeStart+c.Edges; e++ {
		ed := g.Edges[e]
		ed.Name, ed.Ref = local(ed.Name), local(ed.Ref)
		t.Edges = append(t.Edges, ed)
		la, lo := g.Geometry(e)
		t.Geom = graph.EncodeGeometry(t.Geom, la, lo)
		t.GeomOff = append(t.GeomOff, uint32(len(t.Geom)))
	}
	i := sort.Search(len(g.Restr), func(i int) bool { return g.Restr[i].Via >= n0 })
	for ; i < len(g.Restr) && g.Restr[i].Via < n1; i++ {
		t.Restrictions = append(t.Restrictions, g.Restr[i])
	}
	return t
}

// hierarchyTiles writes ch/<profile>/<cell> and ch/<profile>/core.
func hierarchyTiles(g *Graph, h *Hierarchy, out map[string][]byte) (graph.HierarchyRef, error) {
	n := uint32(len(h.Rank))
	core := min(uint32(float64(n)*CoreFraction)+1, CoreMax, n)
	ref := graph.HierarchyRef{Profile: h.Profile, Fingerprint: h.Fingerprint, CoreRank: n - core, CoreNodes: core}
	var coreNodes []uint32
	var coreArcs [][]graph.Arc
	for _, c := range g.Cells {
		arcs := make([][]graph.Arc, c.Nodes)
		for i := uint32(0); i < c.Nodes; i++ {
			v := c.NodeStart + i
			if h.Rank[v] >= ref.CoreRank {
				coreNodes = append(coreNodes, v)
				coreArcs = append(coreArcs, h.Arcs[v])
				continue
			}
			arcs[i] = h.Arcs[v]
		}
		b, err := graph.EncodeCHTile(c.NodeStart, nil, arcs)
		if err != nil {
			return ref, err
		}
		out[graph.CHKey(h.Profile, c.ID)] = b
	}
	if coreNodes == nil {
		coreNodes = []uint32{}
	}
	b, err := graph.EncodeCHTile(0, coreNodes, coreArcs)
	out[graph.CHCoreKey(h.Profile)] = b
	return ref, err
}

// UniqueProfiles looks the named profiles up, dropping any with the
// fingerprint of an earlier one (taxi = car: one hierarchy serves both).
func UniqueProfiles(profiles []string) ([]*costing.Profile, error) {
	var ps []*costing.Profile
	seen := map[string]bool{}
	for _, name := range profiles {
		p, ok := costing.Get(name)
		if !ok {
			return nil, fmt.Errorf("unknown profile %q", name)
		}
		if !seen[p.Fingerprint()] {
			seen[p.Fingerprint()] = true
			ps = append(ps, p)
		}
	}
	return ps, nil
}
