package pathfind

import (
	"context"
	"errors"
	"math"

	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/snap"
)

// Cell is one source→target entry of a matrix.
type Cell struct {
	OK        bool    // false: unreachable
	Cost      uint32  // deciseconds (= duration)
	DistanceM float64 // along the least-cost path
}

// Matrix answers every source→target pair with the same cost /direction
// would give. With a hierarchy the work is shared: one full upward search
// per source and per target, then each pair meets over the intersection
// of the two search spaces (the many-to-many CH scheme); a pair whose
// relaxed path breaks a turn rule is answered by the exact search. Without
// a hierarchy every pair runs the exact search.
func (en *Engine) Matrix(ctx context.Context, c Costing, sources, targets []snap.Point) ([][]Cell, error) {
	out := make([][]Cell, len(sources))
	for i := range out {
		out[i] = make([]Cell, len(targets))
	}
	ends := func(pts []snap.Point) ([]*end, error) {
		es := make([]*end, len(pts))
		for i, p := range pts {
			e, err := newEnd(ctx, en.G, c, p)
			if err != nil {
				return nil, err
			}
			es[i] = e
		}
		return es, nil
	}
	ss, err := ends(sources)
	if err != nil {
		return nil, err
	}
	ts, err := ends(targets)
	if err != nil {
		return nil, err
	}
	h := en.G.Hierarchy(c.Name(), c.Fingerprint())
	if h == nil || en.NoHierarchy {
		for i, s := range ss {
			for j, t := range ts {
				if out[i][j], err = en.exactCell(ctx, c, s, t); err != nil {
					return nil, err
				}
			}
		}
		return out, nil
	}
	fw, err := spaces(ctx, h, ss, false)
	if err != nil {
		return nil, err
	}
	bw, err := spaces(ctx, h, ts, true)
	if err != nil {
		return nil, err
	}
	for i, s := range ss {
		for j, t := range ts {
			if out[i][j], err = en.chCell(ctx, c, h, s, t, fw[i], bw[j]); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// spaces runs one full upward search per end point.
func spaces(ctx context.Context, h *graph.CH, es []*end, down bool) ([]*chSide, error) {
	out := make([]*chSide, len(es))
	for i, e := range es {
		s := newSide(down)
		if down {
			s.seed(e.e.U, e.fromU)
			s.seed(e.e.V, e.fromV)
		} else {
			s.seed(e.e.V, e.toV)
			s.seed(e.e.U, e.toU)
		}
		for {
			_, _, ok, err := s.step(ctx, h)
			if err != nil {
				return nil, err
			}
			if !ok {
				break
			}
		}
		out[i] = s
	}
	return out, nil
}

// chCell meets two finished search spaces; it checks the relaxed path's
// turns when the graph has restrictions or the path is short enough to
// hide a u-turn, and falls back to the exact search when they break.
func (en *Engine) chCell(ctx context.Context, c Costing, h *graph.CH, s, t *end, f, b *chSide) (Cell, error) {
	best, meet := direct(s, t), noParent
	small, large := f.labels, b.labels
	if len(large) < len(small) {
		small, large = large, small
	}
	for n, l := range small {
		if o, ok := large[n]; ok && l.d+o.d < best {
			best, meet = l.d+o.d, n
		}
	}
	if best == Inf {
		return Cell{}, nil
	}
	if meet == noParent {
		return Cell{OK: true, Cost: best, DistanceM: math.Abs(t.pt.Fraction-s.pt.Fraction) * float64(s.e.LengthCM) / 100}, nil
	}
	es, err := relaxedPath(ctx, en.G, h, c, s, t, f, b, meet)
	if errors.Is(err, errBroken) {
		return en.exactCell(ctx, c, s, t)
	} else if err != nil {
		return Cell{}, err
	}
	p := &Path{Cost: best, Edges: es, From: s.pt, To: t.pt}
	d, err := en.pathDistance(ctx, p)
	return Cell{OK: true, Cost: best, DistanceM: d}, err
}

func (en *Engine) exactCell(ctx context.Context, c Costing, s, t *end) (Cell, error) {
	p, err := Plain(ctx, en.G, c, s, t)
	if errors.Is(err, ErrNoPath) {
		return Cell{}, nil
	}
	if err != nil {
		return Cell{}, err
	}
	d, err := en.pathDistance(ctx, p)
	return Cell{OK: true, Cost: p.Cost, DistanceM: d}, err
}

// pathDistance is the length of a path in metres, partial end edges cut at
// the snapped points as Leg cuts them.
func (en *Engine) pathDistance(ctx context.Context, p *Path) (float64, error) {
	total := 0.0
	for i, de := range p.Edges {
		e, err := en.G.Edge(ctx, de.Edge)
		if err != nil {
			return 0, err
		}
		a, b := span(p, i, de)
		total += float64(e.LengthCM) / 100 * (b - a)
	}
	return total, nil
}

// span is the fraction range [a, b] of edge i of the path that it covers:
// the first and last edges are cut at the snapped points when they are
// the points' edges (not when a point at a node was left or reached
// through another edge, trimEnds).
func span(p *Path, i int, de DirEdge) (float64, float64) {
	a, b := 0.0, 1.0
	if i == 0 && de.Edge == p.From.Edge {
		if de.Forward {
			a = p.From.Fraction
		} else {
			b = p.From.Fraction
		}
	}
	if i == len(p.Edges)-1 && de.Edge == p.To.Edge {
		if de.Forward {
			b = p.To.Fraction
		} else {
			a = p.To.Fraction
		}
	}
	return min(a, b), max(a, b)
}
