package pathfind

import (
	"context"
	"errors"
	"sort"

	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/snap"
)

// Alternative routes by the via-node method on the contraction hierarchy
// (after Abraham, Delling, Goldberg, Werneck, "Alternative routes in road
// networks", 2010). Why this method: a request with alternatives (the
// /v1/direction default) must stay within a millisecond or so, and the
// hierarchy's two upward search spaces are a few hundred nodes; every node
// settled by both is a via node v whose path s→v→t costs d↑s(v)+d↓t(v)
// with no further search. A penalty method would rerun a full search per
// alternative on the base graph, orders of magnitude slower.
//
// The path through a candidate v is the shortest s → v → t: each half is
// the shorter of the upward path the spaces give and the one a one-sided
// search from v finds meeting the other space (an upward path is not
// always a shortest one). A candidate is accepted when it meets the
// admissibility limits:
//   - stretch: its cost is at most AltMaxStretch × the best cost;
//   - sharing: at most AltMaxShare of its length lies on any better route;
//   - no loops: it visits no node twice and breaks no turn rule;
//   - local optimality (a T-test): the stretch of it from AltLocalShare ×
//     the best cost before v to as much after v is itself a shortest path
//     (within 1 s), so the detour is not a loop a driver would not take.
//
// Candidates are tried cheapest first, at most AltMaxTries of them.

// Admissibility limits of an alternative.
const (
	AltMaxStretch = 1.3
	AltMaxShare   = 0.8
	AltLocalShare = 0.25
	AltMaxTries   = 12
)

// Alternatives returns up to n least-cost paths from s to t: the best
// (Path's answer) first, then alternatives meeting the limits above, in
// order of cost. Without a hierarchy for the costing it returns the best
// only.
func (en *Engine) Alternatives(ctx context.Context, c Costing, s, t snap.Point, n int) ([]*Path, error) {
	h := en.G.Hierarchy(c.Name(), c.Fingerprint())
	if h == nil || en.NoHierarchy || n <= 1 || s.Edge == t.Edge {
		return en.bestOnly(ctx, c, s, t)
	}
	se, err := newEnd(ctx, en.G, c, s)
	if err != nil {
		return nil, err
	}
	te, err := newEnd(ctx, en.G, c, t)
	if err != nil {
		return nil, err
	}
	a := &altSearch{ctx: ctx, g: en.G, h: h, c: c, s: se, t: te}
	meet, err := a.spaces()
	if err != nil || meet == noParent {
		return nil, err
	}
	best, err := a.best(meet)
	if errors.Is(err, errBroken) { // the relaxed best breaks a turn rule: the exact search answers
		if best, err = en.Path(ctx, c, s, t); err != nil {
			return nil, err
		}
	} else if err != nil {
		return nil, err
	}
	a.limit = uint32(float64(best.Cost) * AltMaxStretch)
	out := []*Path{best}
	sets := map[*Path]map[uint32]bool{best: edgeSet(best.Edges)}
	for _, v := range a.candidates(best) {
		if len(out) >= n || a.tries >= AltMaxTries {
			break
		}
		p, err := a.try(v, out, sets)
		if err != nil {
			return nil, err
		}
		if p != nil {
			out = append(out, p)
			sets[p] = edgeSet(p.Edges)
		}
	}
	sort.SliceStable(out[1:], func(i, j int) bool { return out[1+i].Cost < out[1+j].Cost })
	return out, nil
}

// bestOnly is Path's answer as a one-route list.
func (en *Engine) bestOnly(ctx context.Context, c Costing, s, t snap.Point) ([]*Path, error) {
	p, err := en.Path(ctx, c, s, t)
	if err != nil {
		return nil, err
	}
	return []*Path{p}, nil
}

// altSearch is one alternatives query: both upward search spaces run to
// the stretch limit.
type altSearch struct {
	ctx   context.Context
	g     *graph.Graph
	h     *graph.CH
	c     Costing
	s, t  *end
	f, b  *chSide
	limit uint32
	tries int
}

// spaces runs both upward searches, smaller distance first as CHPath
// does, but on past the meeting until both exceed AltMaxStretch × the
// best meeting cost; it returns the best meeting node (noParent and
// ErrNoPath when the spaces never meet).
func (a *altSearch) spaces() (uint32, error) {
	a.f, a.b = newSide(false), newSide(true)
	a.f.seed(a.s.e.V, a.s.toV)
	a.f.seed(a.s.e.U, a.s.toU)
	a.b.seed(a.t.e.U, a.t.fromU)
	a.b.seed(a.t.e.V, a.t.fromV)
	best, meet := uint64(Inf), noParent
	for {
		side, other := a.f, a.b
		if a.b.top() < a.f.top() {
			side, other = a.b, a.f
		}
		if top := side.top(); top == Inf || float64(top) > AltMaxStretch*float64(best) {
			break
		}
		n, d, ok, err := side.step(a.ctx, a.h)
		if err != nil {
			return noParent, err
		}
		if l, found := other.labels[n]; ok && found && l.settled && uint64(d)+uint64(l.d) < best {
			best, meet = uint64(d)+uint64(l.d), n
		}
	}
	if meet == noParent {
		return noParent, ErrNoPath
	}
	return meet, nil
}

// best is the path through the best meeting node, checked as CHPath
// checks its answer (errBroken when it breaks a turn rule).
func (a *altSearch) best(meet uint32) (*Path, error) {
	es, err := a.via(meet)
	if err != nil {
		return nil, err
	}
	if err := checkTurns(a.ctx, a.g, a.c, es); err != nil {
		return nil, err
	}
	return &Path{Cost: a.f.labels[meet].d + a.b.labels[meet].d, Edges: es, From: a.s.pt, To: a.t.pt}, nil
}

// candidates are the via nodes settled by both spaces within the limit,
// off the best path, cheapest first.
func (a *altSearch) candidates(best *Path) []uint32 {
	on := map[uint32]bool{}
	for _, de := range best.Edges {
		if e, err := a.g.Edge(a.ctx, de.Edge); err == nil {
			on[e.U], on[e.V] = true, true
		}
	}
	type cand struct{ v, d uint32 }
	var cs []cand
	for v, lf := range a.f.labels {
		lb, ok := a.b.labels[v]
		if !ok || !lf.settled || !lb.settled || on[v] || uint64(lf.d)+uint64(lb.d) > uint64(a.limit) {
			continue
		}
		cs = append(cs, cand{v, lf.d + lb.d})
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].d < cs[j].d || cs[i].d == cs[j].d && cs[i].v < cs[j].v })
	out := make([]uint32, len(cs))
	for i, c := range cs {
		out[i] = c.v
	}
	return out
}

// try builds the path via v and returns it when admissible (nil when not).
func (a *altSearch) try(v uint32, accepted []*Path, sets map[*Path]map[uint32]bool) (*Path, error) {
	es, cost, err := a.shortestVia(v)
	if err != nil || es == nil {
		return nil, err
	}
	// the same path (or a near copy) may come through several via nodes:
	// the sharing test against accepted routes rejects it first
	lens, total, err := a.lengths(es)
	if err != nil {
		return nil, err
	}
	for _, p := range accepted {
		if shared(es, lens, sets[p]) > AltMaxShare*total {
			return nil, nil
		}
	}
	a.tries++
	simple, err := a.simple(es)
	if err != nil || !simple {
		return nil, err
	}
	if err := checkTurns(a.ctx, a.g, a.c, es); err != nil {
		if errors.Is(err, errBroken) {
			return nil, nil
		}
		return nil, err
	}
	ok, err := a.locallyOptimal(es, v, accepted[0].Cost)
	if err != nil || !ok {
		return nil, err
	}
	return &Path{Cost: cost, Edges: es, From: a.s.pt, To: a.t.pt}, nil
}

// via assembles s → v → t from the two spaces' parent chains, as CHPath
// assembles its meeting node's path.
func (a *altSearch) via(v uint32) ([]DirEdge, error) {
	fwd, froot, err := unpackChain(a.ctx, a.h, a.f, v)
	if err != nil {
		return nil, err
	}
	bwd, broot, err := unpackChain(a.ctx, a.h, a.b, v)
	if err != nil {
		return nil, err
	}
	es := make([]DirEdge, 0, len(fwd)+len(bwd)+2)
	es = append(es, DirEdge{a.s.pt.Edge, froot == a.s.e.V})
	es = append(es, fwd...)
	es = append(es, bwd...)
	es = append(es, DirEdge{a.t.pt.Edge, broot == a.t.e.U})
	return trimEnds(es, a.s.pt.Fraction, a.t.pt.Fraction), nil
}

// lengths are the edges' lengths (cm) and their total.
func (a *altSearch) lengths(es []DirEdge) ([]float64, float64, error) {
	out := make([]float64, len(es))
	total := 0.0
	for i, de := range es {
		e, err := a.g.Edge(a.ctx, de.Edge)
		if err != nil {
			return nil, 0, err
		}
		out[i] = float64(e.LengthCM)
		total += out[i]
	}
	return out, total, nil
}

func edgeSet(es []DirEdge) map[uint32]bool {
	m := make(map[uint32]bool, len(es))
	for _, de := range es {
		m[de.Edge] = true
	}
	return m
}

// shared is the length of es on edges of set.
func shared(es []DirEdge, lens []float64, set map[uint32]bool) float64 {
	s := 0.0
	for i, de := range es {
		if set[de.Edge] {
			s += lens[i]
		}
	}
	return s
}

// simple: the path visits no node twice.
func (a *altSearch) simple(es []DirEdge) (bool, error) {
	seen := make(map[uint32]bool, len(es)+1)
	for i, de := range es {
		e, err := a.g.Edge(a.ctx, de.Edge)
		if err != nil {
			return false, err
		}
		if i == 0 {
			seen[tail(e, de.Forward)] = true
		}
		h := head(e, de.Forward)
		if seen[h] {
			return false, nil
		}
		seen[h] = true
	}
	return true, nil
}

func tail(e *graph.Edge, forward bool) uint32 { return head(e, !forward) }

// locallyOptimal is the T-test: the stretch of the path around v, from
// the node AltLocalShare × bestCost before v to the node as far after it
// (or the path's inner ends), costs no more than a shortest path between
// its ends (+1 s).
func (a *altSearch) locallyOptimal(es []DirEdge, v uint32, bestCost uint32) (bool, error) {
	// cost to reach each edge's head along the inner edges (the partial
	// end edges are left out: the test runs between graph nodes)
	if len(es) < 3 {
		return true, nil
	}
	inner := es[1 : len(es)-1]
	heads := make([]uint32, len(inner))
	cum := make([]uint32, len(inner)) // cost from the first inner edge's tail to heads[i]
	vi := -1
	var x uint32
	total := uint32(0)
	for i, de := range inner {
		e, err := a.g.Edge(a.ctx, de.Edge)
		if err != nil {
			return false, err
		}
		if i == 0 {
			x = tail(e, de.Forward)
		}
		ec, ok := a.c.EdgeCost(e, de.Forward)
		nc, ok2, err := nodeCost(a.ctx, a.g, a.c, head(e, de.Forward))
		if err != nil || !ok || !ok2 {
			return false, err
		}
		total += ec + nc
		heads[i], cum[i] = head(e, de.Forward), total
		if heads[i] == v {
			vi = i
		}
	}
	if vi < 0 {
		return true, nil // v is the tail of the first inner edge: nothing before it
	}
	// the window reaches one node beyond T on each side, so every stretch
	// of cost T through v lies inside it
	T := uint32(float64(bestCost) * AltLocalShare)
	from, fromCost := x, uint32(0)
	for i := vi - 1; i >= 0; i-- {
		if cum[vi]-cum[i] >= T {
			if i > 0 {
				i--
			}
			from, fromCost = heads[i], cum[i]
			break
		}
	}
	to, toCost := heads[len(heads)-1], cum[len(cum)-1]
	for i := vi + 1; i < len(heads); i++ {
		if cum[i]-cum[vi] >= T {
			i = min(i+1, len(heads)-1)
			to, toCost = heads[i], cum[i]
			break
		}
	}
	d, err := nodeDistance(a.ctx, a.h, from, to, toCost-fromCost)
	if err != nil {
		return false, err
	}
	return uint64(toCost-fromCost) <= uint64(d)+10, nil
}

// shortestVia is the shortest path from s through v to t and its cost
// (nil beyond the stretch limit). The upward spaces give each half only as
// an upward path, which need not be a shortest one; a one-sided upward
// search from v meeting the other side's settled space gives the true
// shortest half, unpacked through its meeting node.
func (a *altSearch) shortestVia(v uint32) ([]DirEdge, uint32, error) {
	// s → v: a.f from s up to u, then down from u to v (a backward search from v)
	toV, du, dIn, err := a.half(v, a.f, true)
	if err != nil || toV == nil {
		return nil, 0, err
	}
	// v → t: up from v to w (a forward search from v), then a.b's chain from w down to t
	fromV, dw, dOut, err := a.half(v, a.b, false)
	if err != nil || fromV == nil {
		return nil, 0, err
	}
	cost := uint64(dIn) + uint64(dOut)
	if cost > uint64(a.limit) {
		return nil, 0, nil
	}
	upS, froot, err := unpackChain(a.ctx, a.h, a.f, du)
	if err != nil {
		return nil, 0, err
	}
	downT, broot, err := unpackChain(a.ctx, a.h, a.b, dw)
	if err != nil {
		return nil, 0, err
	}
	es := make([]DirEdge, 0, len(upS)+len(toV.edges)+len(fromV.edges)+len(downT)+2)
	es = append(es, DirEdge{a.s.pt.Edge, froot == a.s.e.V})
	es = append(es, upS...)
	es = append(es, toV.edges...)
	es = append(es, fromV.edges...)
	es = append(es, downT...)
	es = append(es, DirEdge{a.t.pt.Edge, broot == a.t.e.U})
	return trimEnds(es, a.s.pt.Fraction, a.t.pt.Fraction), uint32(cost), nil
}

// halfPath is the part of a half found by the search from v: the edges
// between the meeting node and v, in travel order.
type halfPath struct{ edges []DirEdge }

// half searches from v (backward arcs when down) against space, no
// further than space's own label of v, and returns the edges between the
// best meeting node u and v in travel order, u, and the half's cost
// (space's distance to u plus the search's distance from v).
func (a *altSearch) half(v uint32, space *chSide, down bool) (*halfPath, uint32, uint32, error) {
	limit := space.labels[v].d
	s := newSide(down)
	s.seed(v, 0)
	best, meet := uint32(Inf), noParent
	for s.top() != Inf && s.top() <= limit && s.top() < best {
		n, d, ok, err := s.step(a.ctx, a.h)
		if err != nil {
			return nil, 0, 0, err
		}
		if l, found := space.labels[n]; ok && found && l.settled && l.d+d < best {
			best, meet = l.d+d, n
		}
	}
	if meet == noParent {
		return nil, 0, 0, nil
	}
	es, _, err := unpackChain(a.ctx, a.h, s, meet)
	if err != nil {
		return nil, 0, 0, err
	}
	return &halfPath{es}, meet, best, nil
}

// nodeDistance is the hierarchy distance from node x to node y, searched
// only up to limit (a larger answer means "more than limit").
func nodeDistance(ctx context.Context, h *graph.CH, x, y, limit uint32) (uint32, error) {
	if x == y {
		return 0, nil
	}
	f, b := newSide(false), newSide(true)
	f.seed(x, 0)
	b.seed(y, 0)
	best := uint32(Inf)
	for {
		side, other := f, b
		if b.top() < f.top() {
			side, other = b, f
		}
		if t := side.top(); t == Inf || t >= best || t > limit {
			return best, nil
		}
		n, d, ok, err := side.step(ctx, h)
		if err != nil {
			return 0, err
		}
		if l, found := other.labels[n]; ok && found && d+l.d < best {
			best = d + l.d
		}
	}
}
