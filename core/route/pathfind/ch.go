package pathfind

import (
	"context"
	"errors"

	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/internal/pq"
)

// label is a node reached by one side of a hierarchy search.
type label struct {
	d, parent uint32
	arc       graph.Arc // the arc from parent (as stored at the lower node)
	settled   bool
}

// chSide is one direction of a bidirectional upward search.
type chSide struct {
	labels map[uint32]label
	pq     pq.Heap
	down   bool // backward side: follows Down arcs
}

func newSide(down bool) *chSide { return &chSide{labels: make(map[uint32]label, 256), down: down} }

func (s *chSide) seed(n, d uint32) {
	if d == Inf {
		return
	}
	if l, ok := s.labels[n]; ok && l.d <= d {
		return
	}
	s.labels[n] = label{d: d, parent: noParent}
	s.pq.Push(pq.Item{Node: n, D: d})
}

// step settles the next node and relaxes its upward arcs; it returns the
// settled node and its distance (ok=false when empty).
func (s *chSide) step(ctx context.Context, h *graph.CH) (uint32, uint32, bool, error) {
	for len(s.pq) > 0 {
		it := s.pq.Pop()
		l := s.labels[it.Node]
		if l.settled || it.D != l.d {
			continue
		}
		l.settled = true
		s.labels[it.Node] = l
		arcs, err := h.Arcs(ctx, it.Node)
		if err != nil {
			return 0, 0, false, err
		}
		if s.stalled(arcs, it.D) {
			return it.Node, it.D, true, nil
		}
		for _, a := range arcs {
			if s.down && !a.In() || !s.down && !a.Out() {
				continue
			}
			nd := it.D + a.Weight
			if x, ok := s.labels[a.To]; ok && x.d <= nd {
				continue
			}
			s.labels[a.To] = label{d: nd, parent: it.Node, arc: a}
			s.pq.Push(pq.Item{Node: a.To, D: nd})
		}
		return it.Node, it.D, true, nil
	}
	return 0, 0, false, nil
}

// stalled: stall-on-demand. A node reached more cheaply through an arc
// from a higher-ranked node (an arc this side would use in the other
// direction) is not on a shortest path; its arcs need not be relaxed.
func (s *chSide) stalled(arcs []graph.Arc, d uint32) bool {
	for _, a := range arcs {
		if s.down && !a.Out() || !s.down && !a.In() {
			continue
		}
		if x, ok := s.labels[a.To]; ok && x.d+a.Weight < d {
			return true
		}
	}
	return false
}

func (s *chSide) top() uint32 {
	if len(s.pq) == 0 {
		return Inf
	}
	return s.pq[0].D
}

// errBroken: the relaxed hierarchy path breaks a turn rule.
var errBroken = errors.New("relaxed path breaks a turn rule")

// CHPath runs the hierarchy query (relaxed: no turn costs or restrictions)
// and returns its path; errBroken when that path breaks a turn rule, in
// which case the caller must run the exact search.
func CHPath(ctx context.Context, g *graph.Graph, h *graph.CH, c Costing, s, t *end) (*Path, error) {
	f, b := newSide(false), newSide(true)
	f.seed(s.e.V, s.toV)
	f.seed(s.e.U, s.toU)
	b.seed(t.e.U, t.fromU)
	b.seed(t.e.V, t.fromV)
	best, meet := direct(s, t), noParent
	for {
		side, other := f, b
		if b.top() < f.top() {
			side, other = b, f
		}
		if side.top() >= best || side.top() == Inf {
			break
		}
		n, d, ok, err := side.step(ctx, h)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if l, ok := other.labels[n]; ok && d+l.d < best {
			best, meet = d+l.d, n
		}
	}
	if best == Inf {
		return nil, ErrNoPath
	}
	p := &Path{Cost: best, From: s.pt, To: t.pt}
	if meet == noParent {
		p.Edges = []DirEdge{{s.pt.Edge, t.pt.Fraction >= s.pt.Fraction && s.okf}}
		return p, nil
	}
	var err error
	if p.Edges, err = relaxedPath(ctx, g, h, c, s, t, f, b, meet); err != nil {
		return nil, err
	}
	return p, nil
}

// relaxedPath unpacks the two sides' chains meeting at meet into the base
// edges from s to t, end pieces of zero length dropped; errBroken when
// the path breaks a turn rule.
func relaxedPath(ctx context.Context, g *graph.Graph, h *graph.CH, c Costing, s, t *end, f, b *chSide, meet uint32) ([]DirEdge, error) {
	fwd, froot, err := unpackChain(ctx, h, f, meet)
	if err != nil {
		return nil, err
	}
	bwd, broot, err := unpackChain(ctx, h, b, meet)
	if err != nil {
		return nil, err
	}
	es := append([]DirEdge{{s.pt.Edge, froot == s.e.V}}, fwd...)
	es = append(append(es, bwd...), DirEdge{t.pt.Edge, broot == t.e.U})
	es = trimEnds(es, s.pt.Fraction, t.pt.Fraction)
	return es, checkTurns(ctx, g, c, es)
}

// trimEnds drops a source or target piece the path does not need: a
// zero-length one (a point exactly at a node, left or reached through
// another edge), and one that merely turns back onto the same edge —
// leaving the source towards one end of its edge only to come back along
// the whole edge, or running past the target to the far end of its edge
// and back. The path without it never costs more (a part of an edge costs
// at most the whole edge, rounding included), so with a least cost it
// costs the same, and it has neither a u-turn nor a wrong-way piece. (A
// relaxed path through the target's edge and back ties with the direct
// one when the target is within a rounding of a node; kept, such routes
// went to the exact search, a hundred times slower.)
func trimEnds(es []DirEdge, fs, ft float64) []DirEdge {
	if len(es) >= 2 && (es[0].Forward && fs == 1 || !es[0].Forward && fs == 0 || es[0].Edge == es[1].Edge && es[0].Forward != es[1].Forward) {
		es = es[1:]
	}
	if n := len(es); n >= 2 && (es[n-1].Forward && ft == 0 || !es[n-1].Forward && ft == 1 || es[n-1].Edge == es[n-2].Edge && es[n-1].Forward != es[n-2].Forward) {
		es = es[:n-1]
	}
	return es
}

// unpackChain turns one side's parent chain from its seed to n into
// directed base edges in travel order, and returns the seed node.
func unpackChain(ctx context.Context, h *graph.CH, side *chSide, n uint32) ([]DirEdge, uint32, error) {
	var segs [][]DirEdge
	for {
		l := side.labels[n]
		if l.parent == noParent {
			break
		}
		var es []DirEdge
		from, to := l.parent, n
		if side.down {
			from, to = n, l.parent
		}
		es, err := unpackArc(ctx, h, from, to, l.arc, !side.down, es, 0)
		if err != nil {
			return nil, 0, err
		}
		segs = append(segs, es)
		n = l.parent
	}
	var out []DirEdge
	if side.down { // chain runs meet → target already
		for _, s := range segs {
			out = append(out, s...)
		}
		return out, n, nil
	}
	for i := len(segs) - 1; i >= 0; i-- {
		out = append(out, segs[i]...)
	}
	return out, n, nil
}

// unpackArc appends the base edges of the arc from→to in travel order;
// outward says the arc is stored at from (used n→To), else at to.
func unpackArc(ctx context.Context, h *graph.CH, from, to uint32, a graph.Arc, outward bool, out []DirEdge, depth int) ([]DirEdge, error) {
	if !a.IsShortcut() {
		e, fwd := a.EdgeDir(outward)
		return append(out, DirEdge{e, fwd}), nil
	}
	if depth > 64 {
		return nil, errors.New("search: hierarchy shortcut nesting too deep")
	}
	m := a.Middle()
	arcs, err := h.Arcs(ctx, m)
	if err != nil {
		return nil, err
	}
	for _, a1 := range arcs { // from → m, stored at m
		if a1.To != from || !a1.In() {
			continue
		}
		for _, a2 := range arcs { // m → to
			if a2.To == to && a2.Out() && a1.Weight+a2.Weight == a.Weight {
				if out, err = unpackArc(ctx, h, from, m, a1, false, out, depth+1); err != nil {
					return nil, err
				}
				return unpackArc(ctx, h, m, to, a2, true, out, depth+1)
			}
		}
	}
	return nil, errors.New("search: hierarchy shortcut cannot be unpacked")
}

// checkTurns returns errBroken when consecutive edges make a u-turn or a
// restricted turn.
func checkTurns(ctx context.Context, g *graph.Graph, c Costing, es []DirEdge) error {
	for i := 1; i < len(es); i++ {
		a, b := es[i-1], es[i]
		if a.Edge == b.Edge {
			return errBroken
		}
		e, err := g.Edge(ctx, a.Edge)
		if err != nil {
			return err
		}
		rs, err := g.Restrictions(ctx, head(e, a.Forward))
		if err != nil {
			return err
		}
		if len(rs) == 0 {
			continue
		}
		if only, ok := onlyTurn(c, rs, a.Edge); (ok && only != b.Edge) || banned(c, rs, a.Edge, b.Edge) {
			return errBroken
		}
	}
	return nil
}
