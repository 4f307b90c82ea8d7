package graph

import (
	"context"
	"errors"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/bando-vn/bando/core/tile"
)

// ErrNoGraph: the bundle has no graph layer.
var ErrNoGraph = errors.New("bundle has no routing graph")

// Graph reads a bundle's graph layer, decoding tiles on first use and
// keeping them as long as the store's cache does (see slot). It is safe for
// concurrent use.
type Graph struct {
	st    *tile.Store
	Index *Index
	base  []slot[*Tile]
	mu    sync.Mutex
	chs   map[string]*CH
	// nodeBucket[n>>bucketShift] is the first cell that may hold node n
	// (likewise edgeBucket for edges): O(1) id → tile lookups.
	nodeBucket, edgeBucket []int32
	// TilesRead and BytesRead count the tiles decoded so far.
	TilesRead, BytesRead atomic.Int64
	// OnRead, when set before use, is told every tile decoded (key and
	// size): a measuring hook for benchmarks.
	OnRead func(key string, bytes int)
}

// Open reads the index tile. Tiles are read and decoded through the
// store's one cache (tile.Decode), charged their decoded size; the graph
// also keeps each decoded tile in a slot while the cache holds it, so a
// search touches no lock or map per node, and the cache's budget bounds
// the graph's memory (a Worker isolate has 128 MB in all).
func Open(ctx context.Context, st *tile.Store) (*Graph, error) {
	if !st.Has(IndexKey) {
		return nil, ErrNoGraph
	}
	b, err := st.Tile(ctx, IndexKey)
	if err != nil {
		return nil, err
	}
	ix, err := DecodeIndex(b)
	if err != nil {
		return nil, err
	}
	g := &Graph{st: st, Index: ix, base: make([]slot[*Tile], len(ix.Cells)), chs: map[string]*CH{}}
	g.nodeBucket = buckets(ix.Cells, g.NumNodes(), func(c IndexCell) uint32 { return c.NodeStart + c.Nodes })
	g.edgeBucket = buckets(ix.Cells, g.NumEdges(), func(c IndexCell) uint32 { return c.EdgeStart + c.Edges })
	g.TilesRead.Add(1)
	g.BytesRead.Add(int64(len(b)))
	return g, nil
}

// NumNodes and NumEdges are the graph's totals.
func (g *Graph) NumNodes() uint32 {
	if len(g.Index.Cells) == 0 {
		return 0
	}
	c := g.Index.Cells[len(g.Index.Cells)-1]
	return c.NodeStart + c.Nodes
}

// NumEdges is the number of edges.
func (g *Graph) NumEdges() uint32 {
	if len(g.Index.Cells) == 0 {
		return 0
	}
	c := g.Index.Cells[len(g.Index.Cells)-1]
	return c.EdgeStart + c.Edges
}

// load decodes a tile through the store's cache, counting what it reads.
func load[T any](ctx context.Context, g *Graph, key string, decode func([]byte) (T, error)) (T, error) {
	return tile.Decode(ctx, g.st, key, func(b []byte) (T, error) {
		g.TilesRead.Add(1)
		g.BytesRead.Add(int64(len(b)))
		if g.OnRead != nil {
			g.OnRead(key, len(b))
		}
		return decode(b)
	})
}

// slot holds a decoded tile for lock-free reads while the store's cache
// keeps it: the cache holds a pinned value, which clears its slot when the
// cache lets go of it (tile.Evictable), so tiles evicted for the budget are
// collected once no search uses them any more. Reads through a slot do not
// refresh the cache's recency (that would take its lock per node): graph
// tiles leave in the order they were decoded. A route whose tiles outgrow
// the budget (Hà Nội → TP.HCM: ~68 MB decoded, against the Worker's
// 32 MiB) re-reads them on every request; BENCHMARKS.route.md.
type slot[T any] struct{ p atomic.Pointer[pinned[T]] }

// pinned is what the cache holds for a slot's tile.
type pinned[T any] struct {
	v     T
	size  int
	s     *slot[T]
	alive atomic.Bool
}

func (p *pinned[T]) SizeBytes() int { return p.size }

func (p *pinned[T]) Evicted() {
	p.alive.Store(false)
	p.s.p.CompareAndSwap(p, nil)
}

// get returns the slot's tile, if the cache still holds it.
func (s *slot[T]) get() (T, bool) {
	if p := s.p.Load(); p != nil && p.alive.Load() {
		return p.v, true
	}
	var zero T
	return zero, false
}

// keep puts p in its slot. An eviction racing with it clears the slot
// either way: Evicted after the Store swaps p out, Evicted before it is
// seen here.
func (s *slot[T]) keep(p *pinned[T]) {
	if p.s != s { // decoded for another Graph over the same store
		return
	}
	s.p.Store(p)
	if !p.alive.Load() {
		s.p.CompareAndSwap(p, nil)
	}
}

// loadSlot returns s's tile, reading and decoding it (then checking it) if
// the cache no longer holds it.
func loadSlot[T any](ctx context.Context, g *Graph, s *slot[T], key string, decode func([]byte) (T, error), check func(T) error, size func(T) int) (T, error) {
	if v, ok := s.get(); ok {
		return v, nil
	}
	p, err := load(ctx, g, key, func(b []byte) (*pinned[T], error) {
		v, err := decode(b)
		if err == nil {
			err = check(v)
		}
		if err != nil {
			return nil, err
		}
		p := &pinned[T]{v: v, size: size(v), s: s}
		p.alive.Store(true)
		return p, nil
	})
	if err != nil {
		var zero T
		return zero, err
	}
	s.keep(p)
	return p.v, nil
}

// CellTile returns base tile i (index order), decoding it on first use.
func (g *Graph) CellTile(ctx context.Context, i int) (*Tile, error) {
	if t, ok := g.base[i].get(); ok {
		return t, nil
	}
	c := g.Index.Cells[i]
	return loadSlot(ctx, g, &g.base[i], c.ID().Key(), DecodeTile, func(t *Tile) error {
		if t.NodeStart != c.NodeStart || uint32(t.NumNodes()) != c.Nodes || t.EdgeStart != c.EdgeStart || uint32(len(t.Edges)) != c.Edges {
			return corrupt("tile %s disagrees with the index", c.ID().Key())
		}
		return t.check(g.NumNodes(), g.NumEdges())
	}, (*Tile).memBytes)
}

// check verifies that every id a tile holds points inside the graph.
func (t *Tile) check(nodes, edges uint32) error {
	for _, a := range t.Adj {
		if a>>1 >= edges {
			return corrupt("adjacency names edge %d of %d", a>>1, edges)
		}
	}
	for i := range t.Edges {
		if t.Edges[i].U >= nodes || t.Edges[i].V >= nodes {
			return corrupt("edge %d names a node out of range", i)
		}
	}
	for _, r := range t.Restrictions {
		if r.Via >= nodes || r.From >= edges || r.To >= edges {
			return corrupt("restriction out of range")
		}
	}
	return nil
}

const bucketShift = 10

func buckets(cs []IndexCell, total uint32, end func(IndexCell) uint32) []int32 {
	b := make([]int32, total>>bucketShift+1)
	ci := 0
	for k := range b {
		first := uint32(k) << bucketShift
		for ci < len(cs) && end(cs[ci]) <= first {
			ci++
		}
		b[k] = int32(ci)
	}
	return b
}

func (g *Graph) cellOfNode(n uint32) int {
	cs := g.Index.Cells
	if int(n>>bucketShift) >= len(g.nodeBucket) {
		return len(cs)
	}
	i := int(g.nodeBucket[n>>bucketShift])
	for i < len(cs) && cs[i].NodeStart+cs[i].Nodes <= n {
		i++
	}
	return i
}

func (g *Graph) cellOfEdge(e uint32) int {
	cs := g.Index.Cells
	if int(e>>bucketShift) >= len(g.edgeBucket) {
		return len(cs)
	}
	i := int(g.edgeBucket[e>>bucketShift])
	for i < len(cs) && cs[i].EdgeStart+cs[i].Edges <= e {
		i++
	}
	return i
}

// NodeTile returns the tile owning node n and n's index in it.
func (g *Graph) NodeTile(ctx context.Context, n uint32) (*Tile, int, error) {
	i := g.cellOfNode(n)
	if i == len(g.Index.Cells) {
		return nil, 0, corrupt("node %d out of range", n)
	}
	t, err := g.CellTile(ctx, i)
	if err != nil {
		return nil, 0, err
	}
	return t, int(n - t.NodeStart), nil
}

// EdgeTile returns the tile owning edge e and e's index in it.
func (g *Graph) EdgeTile(ctx context.Context, e uint32) (*Tile, int, error) {
	i := g.cellOfEdge(e)
	if i == len(g.Index.Cells) {
		return nil, 0, corrupt("edge %d out of range", e)
	}
	t, err := g.CellTile(ctx, i)
	if err != nil {
		return nil, 0, err
	}
	return t, int(e - t.EdgeStart), nil
}

// Edge returns edge e.
func (g *Graph) Edge(ctx context.Context, e uint32) (*Edge, error) {
	t, i, err := g.EdgeTile(ctx, e)
	if err != nil {
		return nil, err
	}
	return &t.Edges[i], nil
}

// EdgeInfo is an edge with its strings and geometry resolved.
type EdgeInfo struct {
	*Edge
	Name, Ref string
	Lat, Lng  []int32 // geometry from U to V
}

// EdgeInfo resolves edge e's names and geometry.
func (g *Graph) EdgeInfo(ctx context.Context, e uint32) (EdgeInfo, error) {
	t, i, err := g.EdgeTile(ctx, e)
	if err != nil {
		return EdgeInfo{}, err
	}
	ed := &t.Edges[i]
	la, lo, err := DecodeGeometry(t.Geom[t.GeomOff[i]:t.GeomOff[i+1]])
	if err != nil {
		return EdgeInfo{}, err
	}
	return EdgeInfo{Edge: ed, Name: t.Strings[ed.Name], Ref: t.Strings[ed.Ref], Lat: la, Lng: lo}, nil
}

// Adjacent returns node n's incident edges (edge<<1, |1 when n is V) and
// its flags.
func (g *Graph) Adjacent(ctx context.Context, n uint32) ([]uint32, uint8, error) {
	t, i, err := g.NodeTile(ctx, n)
	if err != nil {
		return nil, 0, err
	}
	return t.Adj[t.AdjOff[i]:t.AdjOff[i+1]], t.NodeFlags[i], nil
}

// NodeFlags returns node n's flags.
func (g *Graph) NodeFlags(ctx context.Context, n uint32) (uint8, error) {
	t, i, err := g.NodeTile(ctx, n)
	if err != nil {
		return 0, err
	}
	return t.NodeFlags[i], nil
}

// Restrictions returns the turn restrictions whose via node is n.
func (g *Graph) Restrictions(ctx context.Context, n uint32) ([]Restriction, error) {
	t, _, err := g.NodeTile(ctx, n)
	if err != nil || len(t.Restrictions) == 0 {
		return nil, err
	}
	rs := t.Restrictions
	i := sort.Search(len(rs), func(i int) bool { return rs[i].Via >= n })
	j := i
	for j < len(rs) && rs[j].Via == n {
		j++
	}
	return rs[i:j], nil
}

// CH is one profile's hierarchy over the graph. Its tiles, the core's
// too, stay decoded as long as the store's cache keeps them (slot).
type CH struct {
	g    *Graph
	Ref  HierarchyRef
	core slot[*CHTile]
	tls  []slot[*CHTile]
}

// Hierarchy returns the hierarchy built for a costing with this name and
// fingerprint, or nil when the bundle has none.
func (g *Graph) Hierarchy(profile, fingerprint string) *CH {
	g.mu.Lock()
	defer g.mu.Unlock()
	key := profile + "\x00" + fingerprint // a costing of the same name with other rules (avoid) has none
	if h, ok := g.chs[key]; ok {
		return h
	}
	var h *CH
	for _, r := range g.Index.Hierarchies {
		if r.Profile == profile && r.Fingerprint == fingerprint {
			h = &CH{g: g, Ref: r, tls: make([]slot[*CHTile], len(g.Index.Cells))}
		}
	}
	g.chs[key] = h
	return h
}

func (h *CH) coreTile(ctx context.Context) (*CHTile, error) {
	if t, ok := h.core.get(); ok {
		return t, nil
	}
	return loadSlot(ctx, h.g, &h.core, CHCoreKey(h.Ref.Profile), DecodeCHTile, h.checkArcs, (*CHTile).memBytes)
}

func (h *CH) checkArcs(t *CHTile) error {
	n := h.g.NumNodes()
	for _, a := range t.Arcs {
		if a.To >= n || (a.IsShortcut() && a.Middle() >= n) || (!a.IsShortcut() && a.Via&ViaMask>>1 >= h.g.NumEdges()) {
			return corrupt("hierarchy arc out of range")
		}
	}
	return nil
}

// Arcs returns node n's arcs to higher-ranked nodes.
func (h *CH) Arcs(ctx context.Context, n uint32) (arcs []Arc, err error) {
	t, err := h.coreTile(ctx)
	if err != nil {
		return nil, err
	}
	i := t.Local(n)
	if i < 0 {
		ci := h.g.cellOfNode(n)
		if ci == len(h.g.Index.Cells) {
			return nil, corrupt("node %d out of range", n)
		}
		if t, err = h.cellTile(ctx, ci); err != nil {
			return nil, err
		}
		if i = t.Local(n); i < 0 {
			return nil, corrupt("hierarchy tile lacks node %d", n)
		}
	}
	return t.Arcs[t.ArcOff[i]:t.ArcOff[i+1]], nil
}

func (h *CH) cellTile(ctx context.Context, ci int) (*CHTile, error) {
	if t, ok := h.tls[ci].get(); ok {
		return t, nil
	}
	return loadSlot(ctx, h.g, &h.tls[ci], CHKey(h.Ref.Profile, h.g.Index.Cells[ci].ID()), DecodeCHTile, h.checkArcs, (*CHTile).memBytes)
}
