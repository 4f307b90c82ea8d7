package graphbuild

import (
	"container/heap"

	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/internal/pq"
)

// chArc is a directed arc during contraction: to the other node, with
// cost (deciseconds), length (cm) and what it stands for (graph.Arc.Via).
type chArc struct {
	other  uint32
	weight uint32
	dist   uint32
	via    uint32
}

// Hierarchy is a contraction hierarchy of one profile: Rank per node, and
// per node its arcs to higher-ranked nodes (graph.Arc: an arc usable both
// ways with the same weight is stored once).
type Hierarchy struct {
	Profile, Fingerprint string
	Rank                 []uint32
	Arcs                 [][]graph.Arc
}

// baseArcs are the arcs the profile allows on the graph: edge cost plus
// the cost of entering the head node; barriers it may not pass have no
// incoming arcs.
func baseArcs(g *Graph, c costing.Costing) (out, in [][]chArc) {
	n := g.NumNodes()
	out, in = make([][]chArc, n), make([][]chArc, n)
	add := func(a, b uint32, e int, fwd bool) {
		w, ok := c.EdgeCost(&g.Edges[e], fwd)
		nc, pass := c.NodeCost(g.NodeFlags[b])
		if !ok || !pass || a == b {
			return
		}
		via := uint32(e) << 1
		if !fwd {
			via |= 1
		}
		arc := chArc{b, w + nc, g.Edges[e].LengthCM, via}
		if setMin(out[a], arc) {
			out[a] = append(out[a], arc)
			in[b] = append(in[b], chArc{a, arc.weight, arc.dist, via})
		} else {
			setMin(in[b], chArc{a, arc.weight, arc.dist, via})
		}
	}
	for i := range g.Edges {
		e := &g.Edges[i]
		add(e.U, e.V, i, true)
		add(e.V, e.U, i, false)
	}
	return out, in
}

// setMin lowers an existing arc to a.other when a is cheaper and reports
// whether no such arc existed.
func setMin(arcs []chArc, a chArc) bool {
	for i := range arcs {
		if arcs[i].other == a.other {
			if a.weight < arcs[i].weight {
				arcs[i] = a
			}
			return false
		}
	}
	return true
}

// contractor holds the state of one contraction.
type contractor struct {
	out, in   [][]chArc
	done      []bool
	level     []int32
	dist      []uint32
	stamp     []uint32
	target    []uint32 // stamp of the witness search's targets
	dirty     []bool   // a neighbour was contracted since the priority was computed
	cur       uint32
	pq        pq.Heap
	maxSettle int
	touched   []uint32
}

// BuildHierarchy contracts the graph under one costing. Shortcuts are
// added unless a witness path (bounded search) is no longer.
func BuildHierarchy(g *Graph, c costing.Costing) *Hierarchy {
	return buildHierarchy(g, c, nil)
}

// buildHierarchy is BuildHierarchy that calls tick, if not nil, with the
// number of nodes contracted since its last call, every few thousand nodes
// and at the end.
func buildHierarchy(g *Graph, c costing.Costing, tick func(int)) *Hierarchy {
	n := g.NumNodes()
	out, in := baseArcs(g, c)
	ct := &contractor{out: out, in: in, done: make([]bool, n), level: make([]int32, n),
		dist: make([]uint32, n), stamp: make([]uint32, n), target: make([]uint32, n),
		dirty: make([]bool, n)}
	h := &Hierarchy{Profile: c.Name(), Fingerprint: c.Fingerprint(), Rank: make([]uint32, n),
		Arcs: make([][]graph.Arc, n)}
	order := &prioQueue{}
	for v := 0; v < n; v++ {
		heap.Push(order, prioItem{uint32(v), ct.priority(uint32(v))})
	}
	rank := uint32(0)
	for order.Len() > 0 {
		it := heap.Pop(order).(prioItem)
		if ct.dirty[it.node] { // a neighbour was contracted since: re-evaluate
			ct.dirty[it.node] = false
			if p := ct.priority(it.node); order.Len() > 0 && p > (*order)[0].prio {
				heap.Push(order, prioItem{it.node, p})
				continue
			}
		}
		v := it.node
		h.Rank[v] = rank
		rank++
		h.Arcs[v] = ct.finalArcs(v)
		ct.contract(v)
		if tick != nil && rank%4096 == 0 {
			tick(4096)
		}
	}
	if tick != nil && rank%4096 != 0 {
		tick(int(rank % 4096))
	}
	return h
}

// finalArcs are v's arcs to the remaining (higher-ranked) nodes: out
// arcs flagged ArcOut, in arcs ArcIn (a base in-arc's direction bit
// flipped to the v→other sense), identical pairs merged.
func (ct *contractor) finalArcs(v uint32) []graph.Arc {
	var r []graph.Arc
	for _, a := range ct.out[v] {
		if !ct.done[a.other] {
			r = append(r, graph.Arc{To: a.other, Weight: a.weight, LengthCM: a.dist, Via: a.via | graph.ArcOut})
		}
	}
	nOut := len(r)
	for _, a := range ct.in[v] {
		if ct.done[a.other] {
			continue
		}
		via := a.via
		if via&graph.ShortcutBit == 0 {
			via ^= 1
		}
		merged := false
		for i := 0; i < nOut; i++ {
			o := &r[i]
			if o.To == a.other && o.Weight == a.weight && o.LengthCM == a.dist && o.Via&^graph.ArcOut == via {
				o.Via |= graph.ArcIn
				merged = true
				break
			}
		}
		if !merged {
			r = append(r, graph.Arc{To: a.other, Weight: a.weight, LengthCM: a.dist, Via: via | graph.ArcIn})
		}
	}
	return r
}

// priority: edge difference, plus contracted neighbours (spreads the order
// over the map), plus level.
func (ct *contractor) priority(v uint32) int32 {
	ct.maxSettle = 40
	added := ct.shortcuts(v, nil)
	removed := 0
	for _, a := range ct.out[v] {
		if !ct.done[a.other] {
			removed++
		}
	}
	for _, a := range ct.in[v] {
		if !ct.done[a.other] {
			removed++
		}
	}
	return int32(4*(added-removed)) + 2*ct.level[v]
}

// shortcuts counts (and with add non-nil, creates) the shortcuts that
// contracting v needs.
func (ct *contractor) shortcuts(v uint32, add func(u, w uint32, a chArc)) int {
	count := 0
	for _, ia := range ct.in[v] {
		u := ia.other
		if ct.done[u] {
			continue
		}
		var limit uint32
		ct.cur++
		targets := 0
		for _, oa := range ct.out[v] {
			if w := oa.other; !ct.done[w] && w != u {
				limit = max(limit, ia.weight+oa.weight)
				if ct.target[w] != ct.cur {
					ct.target[w] = ct.cur
					targets++
				}
			}
		}
		if targets == 0 {
			continue
		}
		ct.witness(u, v, limit, targets)
		for _, oa := range ct.out[v] {
			w := oa.other
			if ct.done[w] || w == u {
				continue
			}
			sc := ia.weight + oa.weight
			if ct.stamp[w] == ct.cur && ct.dist[w] <= sc {
				continue
			}
			count++
			if add != nil {
				add(u, w, chArc{w, sc, ia.dist + oa.dist, v | graph.ShortcutBit})
			}
		}
	}
	return count
}

// witness runs a Dijkstra from u avoiding v, up to limit, at most
// maxSettle nodes, stopping once the targets (marked in ct.target with
// the current stamp) are all settled.
func (ct *contractor) witness(u, v uint32, limit uint32, targets int) {
	ct.pq = ct.pq[:0]
	ct.dist[u], ct.stamp[u] = 0, ct.cur
	ct.pq.Push(pq.Item{Node: u, D: 0})
	settled := 0
	for len(ct.pq) > 0 && settled < ct.maxSettle {
		it := ct.pq.Pop()
		if it.D > limit {
			break
		}
		if it.D != ct.dist[it.Node] {
			continue
		}
		settled++
		if ct.target[it.Node] == ct.cur {
			if targets--; targets == 0 {
				break
			}
		}
		for _, a := range ct.out[it.Node] { // arcs to contracted nodes are gone (contract)
			x := a.other
			if x == v {
				continue
			}
			nd := it.D + a.weight
			if ct.stamp[x] != ct.cur || nd < ct.dist[x] {
				ct.dist[x], ct.stamp[x] = nd, ct.cur
				ct.pq.Push(pq.Item{Node: x, D: nd})
			}
		}
	}
}

func (ct *contractor) contract(v uint32) {
	ct.maxSettle = 400
	ct.shortcuts(v, func(u, w uint32, a chArc) {
		if setMin(ct.out[u], a) {
			ct.out[u] = append(ct.out[u], a)
		}
		b := chArc{u, a.weight, a.dist, a.via}
		if setMin(ct.in[w], b) {
			ct.in[w] = append(ct.in[w], b)
		}
	})
	ct.done[v] = true
	for _, a := range ct.out[v] {
		ct.level[a.other] = max(ct.level[a.other], ct.level[v]+1)
		ct.dirty[a.other] = true
	}
	for _, a := range ct.in[v] {
		ct.level[a.other] = max(ct.level[a.other], ct.level[v]+1)
		ct.dirty[a.other] = true
	}
	// drop arcs to v from its neighbours so later searches skip it cheaply
	for _, a := range ct.out[v] {
		ct.in[a.other] = removeArc(ct.in[a.other], v)
	}
	for _, a := range ct.in[v] {
		ct.out[a.other] = removeArc(ct.out[a.other], v)
	}
}

func removeArc(arcs []chArc, v uint32) []chArc {
	for i := range arcs {
		if arcs[i].other == v {
			arcs[i] = arcs[len(arcs)-1]
			return arcs[:len(arcs)-1]
		}
	}
	return arcs
}

type prioItem struct {
	node uint32
	prio int32
}

type prioQueue []prioItem

func (h prioQueue) Len() int { return len(h) }
func (h prioQueue) Less(i, j int) bool {
	return h[i].prio < h[j].prio || h[i].prio == h[j].prio && h[i].node < h[j].node
}
func (h prioQueue) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *prioQueue) Push(x any)   { *h = append(*h, x.(prioItem)) }
func (h *prioQueue) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
