package pathfind

import (
	"context"
	"errors"
	"sync"

	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/internal/pq"
)

// ErrNoPath: the target cannot be reached from the source.
var ErrNoPath = errors.New("no path between the locations")

const noParent uint32 = Inf

// plainSpace is reusable per-state storage sized for one graph.
type plainSpace struct {
	dist, parent, stamp []uint32
	cur                 uint32
	pq                  pq.Heap
}

var plainPool sync.Pool

func getSpace(states int) *plainSpace {
	if s, ok := plainPool.Get().(*plainSpace); ok && len(s.dist) == states {
		return s
	}
	return &plainSpace{dist: make([]uint32, states), parent: make([]uint32, states), stamp: make([]uint32, states)}
}

func (sp *plainSpace) reset() {
	sp.cur++
	if sp.cur == 0 {
		clear(sp.stamp)
		sp.cur = 1
	}
	sp.pq = sp.pq[:0]
}

func (sp *plainSpace) relax(s, d, parent uint32) {
	if sp.stamp[s] != sp.cur || d < sp.dist[s] {
		sp.stamp[s], sp.dist[s], sp.parent[s] = sp.cur, d, parent
		sp.pq.Push(pq.Item{Node: s, D: d})
	}
}

// Plain is the exact edge-based Dijkstra on the full graph: states are
// directed edges, turns honour restrictions and u-turns (allowed at dead
// ends, with the costing's penalty). It is the reference every faster
// search is tested against and the fallback when a hierarchy's relaxed
// answer breaks a turn rule.
func Plain(ctx context.Context, g *graph.Graph, c Costing, s, t *end) (*Path, error) {
	sp := getSpace(2 * int(g.NumEdges()))
	defer plainPool.Put(sp)
	sp.reset()
	best, bestState := direct(s, t), noParent
	if s.toV != Inf {
		sp.relax(DirEdge{s.pt.Edge, true}.state(), s.toV, noParent)
	}
	if s.toU != Inf {
		sp.relax(DirEdge{s.pt.Edge, false}.state(), s.toU, noParent)
	}
	for len(sp.pq) > 0 {
		it := sp.pq.Pop()
		if it.D >= best {
			break
		}
		if it.D != sp.dist[it.Node] {
			continue
		}
		at, err := stateHead(ctx, g, it.Node)
		if err != nil {
			return nil, err
		}
		if t.atNode(at) {
			// the target is this state's head node: arrived (a zero-length
			// piece of its edge ends the path; trimEnds drops it)
			best, bestState = it.D, it.Node<<1|b2u(t.pt.Fraction == 1)
			continue
		}
		err = expand(ctx, g, c, it.Node, func(next, to, cost, turn uint32) {
			if de := fromState(next); de.Edge == t.pt.Edge {
				arrive := t.fromU
				if !de.Forward {
					arrive = t.fromV
				}
				if arrive != Inf && it.D+turn+arrive < best {
					best, bestState = it.D+turn+arrive, it.Node<<1|next&1
				}
			}
			nc, ok, err := nodeCost(ctx, g, c, to)
			if err != nil || !ok {
				return
			}
			sp.relax(next, it.D+turn+cost+nc, it.Node)
		})
		if err != nil {
			return nil, err
		}
	}
	if best == Inf {
		return nil, ErrNoPath
	}
	p := &Path{Cost: best, From: s.pt, To: t.pt, Fallback: true}
	if bestState == noParent { // along the common edge
		p.Edges = []DirEdge{{s.pt.Edge, t.pt.Fraction >= s.pt.Fraction && s.okf}}
		return p, nil
	}
	last := DirEdge{t.pt.Edge, bestState&1 == 0}
	var rev []DirEdge
	rev = append(rev, last)
	for st := bestState >> 1; st != noParent; st = sp.parent[st] {
		rev = append(rev, fromState(st))
	}
	for i := len(rev) - 1; i >= 0; i-- {
		p.Edges = append(p.Edges, rev[i])
	}
	p.Edges = trimEnds(p.Edges, s.pt.Fraction, t.pt.Fraction)
	return p, nil
}

// stateHead is the node the directed edge of state st arrives at.
func stateHead(ctx context.Context, g *graph.Graph, st uint32) (uint32, error) {
	de := fromState(st)
	e, err := g.Edge(ctx, de.Edge)
	if err != nil {
		return 0, err
	}
	return head(e, de.Forward), nil
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// expand calls fn(next state, its head node, its edge cost, the turn's
// cost) for every turn the costing allows from the directed edge s at its
// head node.
func expand(ctx context.Context, g *graph.Graph, c Costing, s uint32, fn func(next, to, cost, turn uint32)) error {
	in := fromState(s)
	e, err := g.Edge(ctx, in.Edge)
	if err != nil {
		return err
	}
	v := head(e, in.Forward)
	adj, _, err := g.Adjacent(ctx, v)
	if err != nil {
		return err
	}
	rs, err := g.Restrictions(ctx, v)
	if err != nil {
		return err
	}
	onlyTo, hasOnly := onlyTurn(c, rs, in.Edge)
	type cand struct{ next, to, cost, turn uint32 }
	var uturn *cand
	others := 0
	for _, a := range adj {
		e2 := a >> 1
		fwd := a&1 == 0 // v is U of e2: leave forward
		ed, err := g.Edge(ctx, e2)
		if err != nil {
			return err
		}
		cost, ok := c.EdgeCost(ed, fwd)
		if !ok || (hasOnly && e2 != onlyTo) || banned(c, rs, in.Edge, e2) {
			continue
		}
		next := DirEdge{e2, fwd}.state()
		if e2 == in.Edge && next == s^1 {
			uturn = &cand{next, head(ed, fwd), cost, c.UTurnCost()}
			continue
		}
		others++
		fn(next, head(ed, fwd), cost, 0)
	}
	if uturn != nil && others == 0 {
		fn(uturn.next, uturn.to, uturn.cost, uturn.turn)
	}
	return nil
}

// onlyTurn returns the single edge an only_* restriction allows after from.
func onlyTurn(c Costing, rs []graph.Restriction, from uint32) (uint32, bool) {
	for i := range rs {
		if rs[i].Only && rs[i].From == from && c.Applies(&rs[i]) {
			return rs[i].To, true
		}
	}
	return 0, false
}

func banned(c Costing, rs []graph.Restriction, from, to uint32) bool {
	for i := range rs {
		if !rs[i].Only && rs[i].From == from && rs[i].To == to && c.Applies(&rs[i]) {
			return true
		}
	}
	return false
}
