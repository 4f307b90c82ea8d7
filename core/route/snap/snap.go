package snap

import (
	"context"
	"errors"
	"math"
	"slices"
	"sort"
	"sync"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/graph"
)

// MaxDistanceM is the farthest a point may be from a usable edge.
const MaxDistanceM = 1000

// AtNodeM: a projection this close to an edge's end is at its node
// (twice the tiles' 1e-7° precision): a point given at a node's
// coordinates is at that node, whatever rounding it went through.
const AtNodeM = 0.02

// ErrNoRoad: no edge the vehicle may use within MaxDistanceM.
var ErrNoRoad = errors.New("no road near the location")

// Side of the street relative to the edge's forward direction (U→V).
type Side int8

// Sides.
const (
	SideOn Side = iota // within a metre of the road
	SideLeft
	SideRight
)

// Point is a location snapped onto an edge.
type Point struct {
	Input     geo.LatLng
	Edge      uint32
	Fraction  float64    // 0 at U, 1 at V, along the geometry
	Snapped   geo.LatLng // the projection onto the edge
	DistanceM float64    // from Input to Snapped
	Side      Side       // where Input lies relative to U→V
	Name      string     // the edge's name
	// Heading, set by a planner on a via point, binds the way a route
	// leaves the point along Edge: +1 towards V, -1 towards U, 0 either.
	Heading int8
}

// Index snaps points on one graph. Per base tile it builds, on first use,
// a packed grid: (grid cell, edge) pairs sorted by cell, 8 bytes per
// entry, at GridDeg resolution over each edge's bounding box.
type Index struct {
	g     *graph.Graph
	mu    sync.Mutex
	grids map[int]*grid
	reach map[reachKey]bool // reaches' answers
}

// GridDeg is the side of a snapping grid cell in degrees (about 430 m).
const GridDeg = 1.0 / 256

// grid lists a tile's edges by snapping grid cell; edges whose box spans
// more than maxSpan cells a side (long ferries, a way drawn across a
// continent) are listed once in wide and checked by every query.
type grid struct{ keys, edges, wide []uint32 }

const maxSpan = 64

func gridKey(row, col int32) uint32 { return uint32(row)<<16 | uint32(col)&0xffff }

func gridRC(lat, lng float64) (int32, int32) {
	return int32(math.Floor(lat / GridDeg)), int32(math.Floor(lng / GridDeg))
}

// New returns an index over g.
func New(g *graph.Graph) *Index {
	return &Index{g: g, grids: map[int]*grid{}, reach: map[reachKey]bool{}}
}

func (ix *Index) grid(ctx context.Context, ci int) (*grid, error) {
	ix.mu.Lock()
	gr, ok := ix.grids[ci]
	ix.mu.Unlock()
	if ok {
		return gr, nil
	}
	t, err := ix.g.CellTile(ctx, ci)
	if err != nil {
		return nil, err
	}
	type entry struct{ key, edge uint32 }
	var es []entry
	var wide []uint32
	for i := range t.Edges {
		la, lo, err := graph.DecodeGeometry(t.Geom[t.GeomOff[i]:t.GeomOff[i+1]])
		if err != nil {
			return nil, err
		}
		if len(la) == 0 {
			continue
		}
		var b geo.BBox
		for k := range la {
			b = b.Extend(geo.PointE7(la[k], lo[k]))
		}
		r0, c0 := gridRC(b.MinLat, b.MinLng)
		r1, c1 := gridRC(b.MaxLat, b.MaxLng)
		if r1-r0 >= maxSpan || c1-c0 >= maxSpan {
			wide = append(wide, t.EdgeStart+uint32(i))
			continue
		}
		for r := r0; r <= r1; r++ {
			for c := c0; c <= c1; c++ {
				es = append(es, entry{gridKey(r, c), t.EdgeStart + uint32(i)})
			}
		}
	}
	sort.Slice(es, func(a, b int) bool {
		return es[a].key < es[b].key || es[a].key == es[b].key && es[a].edge < es[b].edge
	})
	gr = &grid{keys: make([]uint32, len(es)), edges: make([]uint32, len(es)), wide: wide}
	for i, e := range es {
		gr.keys[i], gr.edges[i] = e.key, e.edge
	}
	ix.mu.Lock()
	ix.grids[ci] = gr
	ix.mu.Unlock()
	return gr, nil
}

// each calls fn for the edges listed in grid cells meeting the box, and
// for the wide edges.
func (gr *grid) each(b geo.BBox, fn func(e uint32) bool) bool {
	for _, e := range gr.wide {
		if !fn(e) {
			return false
		}
	}
	r0, c0 := gridRC(b.MinLat, b.MinLng)
	r1, c1 := gridRC(b.MaxLat, b.MaxLng)
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			k := gridKey(r, c)
			i := sort.Search(len(gr.keys), func(i int) bool { return gr.keys[i] >= k })
			for ; i < len(gr.keys) && gr.keys[i] == k; i++ {
				if !fn(gr.edges[i]) {
					return false
				}
			}
		}
	}
	return true
}

// Coster is what snapping needs of a vehicle's costing.
type Coster interface {
	EdgeCost(e *graph.Edge, forward bool) (cost uint32, ok bool)
	// NodeCost: ok=false when the vehicle may not pass a node with these
	// flags (a barrier).
	NodeCost(flags uint8) (cost uint32, ok bool)
}

// Usable reports whether the costing may use edge e in some direction.
func Usable(c Coster, e *graph.Edge) bool {
	_, f := c.EdgeCost(e, true)
	_, b := c.EdgeCost(e, false)
	return f || b
}

// MinReach is how many junctions an edge must connect to, through edges
// the vehicle may use, to be a snapping candidate: a nearer island (the
// service roads of a compound, a car park, a footway cut off in the data)
// would otherwise give "no route" next to a main road. Valhalla's
// minimum_reachability default.
const MinReach = 50

// maxTries bounds the candidates (nearest first) whose reach is checked.
const maxTries = 8

// Nearest snaps p to the nearest edge usable by c within MaxDistanceM that
// leaves towards and is reached from at least MinReach junctions; when no
// edge within MaxDistanceM does (a small map), the nearest usable edge.
// Each widening of the search checks up to maxTries new candidates.
func (ix *Index) Nearest(ctx context.Context, p geo.LatLng, c Coster) (Point, error) {
	if !p.Valid() {
		return Point{}, ErrNoRoad
	}
	fallback := Point{DistanceM: math.Inf(1)}
	var rejected map[uint32]bool
	for r := 50.0; ; r *= 4 {
		r = min(r, MaxDistanceM)
		cands, err := ix.within(ctx, p, r, c, rejected)
		if err != nil {
			return Point{}, err
		}
		for _, cand := range cands {
			if cand.DistanceM > r {
				break
			}
			if cand.DistanceM < fallback.DistanceM {
				fallback = cand
			}
			ok, err := ix.reaches(ctx, cand.Edge, c)
			if err != nil {
				return Point{}, err
			}
			if ok {
				return cand, nil
			}
			if rejected == nil {
				rejected = map[uint32]bool{}
			}
			rejected[cand.Edge] = true
		}
		if r == MaxDistanceM {
			if math.IsInf(fallback.DistanceM, 1) {
				return Point{}, ErrNoRoad
			}
			return fallback, nil
		}
	}
}

// within returns the usable edges among those whose box meets the r-metre
// box around p, skip left out, nearest first (ties by edge id), at most
// maxTries.
func (ix *Index) within(ctx context.Context, p geo.LatLng, r float64, c Coster, skip map[uint32]bool) ([]Point, error) {
	box := geo.Around(p, r)
	var best []Point
	var ferr error
	for ci, cell := range ix.g.Index.Cells {
		if !cellMeets(cell, box) {
			continue
		}
		gr, err := ix.grid(ctx, ci)
		if err != nil {
			return nil, err
		}
		gr.each(box, func(e uint32) bool {
			if skip[e] {
				return true
			}
			cand, err := ix.project(ctx, p, e, c)
			if err != nil {
				ferr = err
				return false
			}
			if !math.IsInf(cand.DistanceM, 1) {
				best = keepNearest(best, cand)
			}
			return true
		})
		if ferr != nil {
			return nil, ferr
		}
	}
	return best, nil
}

// keepNearest inserts cand into the sorted list ps (nearest first, ties by
// edge id; an edge listed in several grid cells once), keeping maxTries.
func keepNearest(ps []Point, cand Point) []Point {
	for _, q := range ps {
		if q.Edge == cand.Edge {
			return ps
		}
	}
	i := sort.Search(len(ps), func(i int) bool {
		return ps[i].DistanceM > cand.DistanceM || ps[i].DistanceM == cand.DistanceM && ps[i].Edge > cand.Edge
	})
	if i >= maxTries {
		return ps
	}
	ps = append(ps, Point{})
	copy(ps[i+1:], ps[i:])
	ps[i] = cand
	if len(ps) > maxTries {
		ps = ps[:maxTries]
	}
	return ps
}

// reaches reports whether a point on edge e can leave it towards at least
// MinReach junctions and be reached from at least MinReach junctions,
// through edges and nodes c may use in the direction they are driven
// (turn rules ignored): Valhalla's minimum reachability, both ways. An
// edge passing the check one way only (the entry of a one-way compound, a
// one-way stub out of a car park) would give routes to the point and none
// from it, or the reverse. The answer is remembered per costing and edge.
func (ix *Index) reaches(ctx context.Context, e uint32, c Coster) (bool, error) {
	key, memo := reachKeyOf(c, e)
	if memo {
		ix.mu.Lock()
		ok, known := ix.reach[key]
		ix.mu.Unlock()
		if known {
			return ok, nil
		}
	}
	ed, err := ix.g.Edge(ctx, e)
	if err != nil {
		return false, err
	}
	_, fwd := c.EdgeCost(ed, true)
	_, bwd := c.EdgeCost(ed, false)
	var out, in []uint32 // the nodes the point leaves to, the nodes it is reached from
	if fwd {
		out, in = append(out, ed.V), append(in, ed.U)
	}
	if bwd {
		out, in = append(out, ed.U), append(in, ed.V)
	}
	ok, err := ix.reachCount(ctx, c, out, true)
	if err == nil && ok {
		ok, err = ix.reachCount(ctx, c, in, false)
	}
	if err != nil {
		return false, err
	}
	if memo {
		ix.mu.Lock()
		if len(ix.reach) >= maxReachMemo {
			clear(ix.reach)
		}
		ix.reach[key] = ok
		ix.mu.Unlock()
	}
	return ok, nil
}

// reachCount walks from the start nodes along edges c may drive (outward:
// leaving each node; else inward: arriving at it), through nodes c may
// pass, and reports whether it meets at least MinReach nodes.
func (ix *Index) reachCount(ctx context.Context, c Coster, start []uint32, outward bool) (bool, error) {
	seen := make(map[uint32]bool, MinReach)
	for _, n := range start {
		seen[n] = true
	}
	queue := append([]uint32(nil), start...)
	for len(queue) > 0 && len(seen) < MinReach {
		n := queue[0]
		queue = queue[1:]
		adj, flags, err := ix.g.Adjacent(ctx, n)
		if err != nil {
			return false, err
		}
		if _, pass := c.NodeCost(flags); !pass && !slices.Contains(start, n) {
			continue // a barrier ends the walk
		}
		for _, a := range adj {
			o, err := ix.g.Edge(ctx, a>>1)
			if err != nil {
				return false, err
			}
			atV := a&1 == 1
			// Leaving n along o runs U→V when n is U; arriving at n runs
			// U→V when n is V.
			forward := atV != outward
			if _, ok := c.EdgeCost(o, forward); !ok {
				continue
			}
			m := o.V
			if atV {
				m = o.U
			}
			if !seen[m] {
				seen[m] = true
				queue = append(queue, m)
			}
		}
	}
	return len(seen) >= MinReach, nil
}

// reachKey names one remembered reach answer: the costing (by name and
// fingerprint of its rules) and the edge.
type reachKey struct {
	costing string
	e       uint32
}

// reachKeyOf is e's memo key under c; ok is false for a costing that does
// not name its rules (its answers are not remembered).
func reachKeyOf(c Coster, e uint32) (reachKey, bool) {
	n, ok := c.(interface {
		Name() string
		Fingerprint() string
	})
	if !ok {
		return reachKey{}, false
	}
	return reachKey{n.Name() + "\x00" + n.Fingerprint(), e}, true
}

// maxReachMemo bounds the remembered reach answers (then they are dropped).
const maxReachMemo = 1 << 16

func cellMeets(c graph.IndexCell, b geo.BBox) bool {
	return geo.FromE7(c.MinLat) <= b.MaxLat && geo.FromE7(c.MaxLat) >= b.MinLat &&
		geo.FromE7(c.MinLng) <= b.MaxLng && geo.FromE7(c.MaxLng) >= b.MinLng
}

// project computes p's projection onto edge e (DistanceM = +Inf when the
// costing may not use e).
func (ix *Index) project(ctx context.Context, p geo.LatLng, e uint32, c Coster) (Point, error) {
	info, err := ix.g.EdgeInfo(ctx, e)
	if err != nil {
		return Point{}, err
	}
	if !Usable(c, info.Edge) || len(info.Lat) < 2 {
		return Point{DistanceM: math.Inf(1)}, nil
	}
	ky, kx := geo.MetresPerDegree(p.Lat) // the local metric of the graph's lengths (geo.GeodesicM)
	xy := func(k int) (float64, float64) {
		return (geo.FromE7(info.Lng[k]) - p.Lng) * kx, (geo.FromE7(info.Lat[k]) - p.Lat) * ky
	}
	bestD, bestAlong, total := math.Inf(1), 0.0, 0.0
	var bx, by, cross float64
	for k := 1; k < len(info.Lat); k++ {
		x0, y0 := xy(k - 1)
		x1, y1 := xy(k)
		dx, dy := x1-x0, y1-y0
		l2 := dx*dx + dy*dy
		t := 0.0
		if l2 > 0 {
			t = max(0, min(1, -(x0*dx+y0*dy)/l2))
		}
		px, py := x0+t*dx, y0+t*dy
		if d := math.Hypot(px, py); d < bestD {
			bestD, bestAlong, bx, by = d, total+t*math.Sqrt(l2), px, py
			cross = dx*(-y0) - dy*(-x0) // segment direction × (p - start)
		}
		total += math.Sqrt(l2)
	}
	pt := Point{Input: p, Edge: e, DistanceM: bestD, Name: info.Name,
		Snapped: geo.LatLng{Lat: p.Lat + by/ky, Lng: p.Lng + bx/kx}}
	n := len(info.Lat) - 1
	switch {
	case bestAlong <= AtNodeM: // at U: the node itself (search/ends.go)
		pt.Snapped = geo.PointE7(info.Lat[0], info.Lng[0])
	case total-bestAlong <= AtNodeM:
		pt.Fraction, pt.Snapped = 1, geo.PointE7(info.Lat[n], info.Lng[n])
	default:
		pt.Fraction = bestAlong / total
	}
	switch {
	case bestD < 1:
		pt.Side = SideOn
	case cross > 0:
		pt.Side = SideLeft
	default:
		pt.Side = SideRight
	}
	return pt, nil
}
