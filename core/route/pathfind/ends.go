package pathfind

import (
	"context"
	"math"

	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/snap"
)

// Costing is what the search knows of a vehicle (core/route/costing's
// profiles satisfy it). Costs are integer deciseconds; weight = duration.
type Costing interface {
	Name() string
	// Fingerprint identifies the rules; a hierarchy built under another
	// fingerprint is not used.
	Fingerprint() string
	// EdgeCost: cost of traversing e forward (U→V) or backward; ok=false
	// when not allowed.
	EdgeCost(e *graph.Edge, forward bool) (cost uint32, ok bool)
	// NodeCost: cost of entering a node with these flags; ok=false when the
	// vehicle may not pass it.
	NodeCost(flags uint8) (cost uint32, ok bool)
	// UTurnCost: the penalty of turning back at a dead end.
	UTurnCost() uint32
	// Applies: does the turn restriction bind this vehicle?
	Applies(r *graph.Restriction) bool
}

// Inf is the cost of no route.
const Inf = math.MaxUint32

// DirEdge is an edge traversed in one direction.
type DirEdge struct {
	Edge    uint32
	Forward bool
}

// state id of a directed edge: edge<<1, |1 when traversed backward.
func (d DirEdge) state() uint32 {
	if d.Forward {
		return d.Edge << 1
	}
	return d.Edge<<1 | 1
}

func fromState(s uint32) DirEdge { return DirEdge{s >> 1, s&1 == 0} }

// head is the node a directed edge arrives at.
func head(e *graph.Edge, forward bool) uint32 {
	if forward {
		return e.V
	}
	return e.U
}

func part(frac float64, cost uint32) uint32 { return uint32(math.Round(frac * float64(cost))) }

// end is a snapped point with what leaving or reaching it costs.
type end struct {
	pt       snap.Point
	e        *graph.Edge
	cf, cb   uint32 // full edge cost forward / backward
	okf, okb bool
	// source side: cost from the point to V (forward) and U (backward),
	// including entering that node; Inf when not allowed.
	toV, toU uint32
	// target side: cost from U (going forward) and from V (going backward)
	// to the point; Inf when not allowed.
	fromU, fromV uint32
}

func newEnd(ctx context.Context, g *graph.Graph, c Costing, pt snap.Point) (*end, error) {
	e, err := g.Edge(ctx, pt.Edge)
	if err != nil {
		return nil, err
	}
	x := &end{pt: pt, e: e, toV: Inf, toU: Inf, fromU: Inf, fromV: Inf}
	x.cf, x.okf = c.EdgeCost(e, true)
	x.cb, x.okb = c.EdgeCost(e, false)
	f := pt.Fraction
	// A point exactly at a node (snap puts points within its precision
	// there) is that node: left or reached by any edge of it, whatever
	// the direction its own edge allows.
	atU, atV := f == 0, f == 1
	if x.okf || atU {
		x.fromU = part(f, x.cf)
	}
	if x.okb || atV {
		x.fromV = part(1-f, x.cb)
	}
	if x.okf || atV {
		if x.toV, err = leave(ctx, g, c, e.V, part(1-f, x.cf)); err != nil {
			return nil, err
		}
	}
	if x.okb || atU {
		if x.toU, err = leave(ctx, g, c, e.U, part(f, x.cb)); err != nil {
			return nil, err
		}
	}
	switch { // a via point's heading: the route leaves it that way only
	case pt.Heading > 0:
		x.okb, x.toU = false, Inf
	case pt.Heading < 0:
		x.okf, x.toV = false, Inf
	}
	return x, nil
}

// leave is the cost of reaching node n at cost d and entering it (Inf
// when the vehicle may not pass it).
func leave(ctx context.Context, g *graph.Graph, c Costing, n, d uint32) (uint32, error) {
	nc, ok, err := nodeCost(ctx, g, c, n)
	if err != nil || !ok {
		return Inf, err
	}
	return d + nc, nil
}

// atNode reports whether the point is exactly at node n.
func (x *end) atNode(n uint32) bool {
	return x.pt.Fraction == 0 && n == x.e.U || x.pt.Fraction == 1 && n == x.e.V
}

func nodeCost(ctx context.Context, g *graph.Graph, c Costing, n uint32) (uint32, bool, error) {
	fl, err := g.NodeFlags(ctx, n)
	if err != nil {
		return 0, false, err
	}
	nc, ok := c.NodeCost(fl)
	return nc, ok, nil
}

// direct is the cost of going from s to t along their common edge without
// leaving it (Inf when they are on different edges or the way is closed).
func direct(s, t *end) uint32 {
	if s.pt.Edge != t.pt.Edge {
		return Inf
	}
	switch df := t.pt.Fraction - s.pt.Fraction; {
	case df >= 0 && s.okf:
		return part(df, s.cf)
	case df <= 0 && s.okb:
		return part(-df, s.cb)
	}
	return Inf
}

// Path is a least-cost path between two snapped points: the directed edges
// from the source's edge to the target's (one edge when it stays on it).
type Path struct {
	Cost  uint32 // deciseconds
	Edges []DirEdge
	From  snap.Point
	To    snap.Point
	// Fallback is true when the exact edge-based search answered.
	Fallback bool
}
