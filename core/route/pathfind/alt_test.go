package pathfind_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/route/snap"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

var altPairsFlag = flag.Int("altpairs", 200, "random pairs in the alternatives test")

// TestAlternativesHanoi: on seeded random Hà Nội pairs (car), every
// alternative costs at most 1.3× the best, shares at most 80% of its length
// with each better route, visits no node twice, and is locally optimal:
// every stretch of it costing a quarter of the best route is a shortest
// path between its ends (checked with independent searches, +2 s). The best
// route is Path's. Reports the share of pairs with at least one alternative.
func TestAlternativesHanoi(t *testing.T) {
	en := openEngine(t, hanoiTiles(t))
	ref := openEngine(t, hanoiTiles(t))
	ctx := context.Background()
	c, _ := costing.Get("car")
	n := *altPairsFlag
	if testing.Short() {
		n = 40
	}
	rng := rand.New(rand.NewPCG(seed(t), 11))
	pts := graphfix.RandomPoints(t, en.G, rng, 2*n)
	routed, withAlt, alts := 0, 0, 0
	for i := 0; i < n; i++ {
		sp, err := en.SnapAll(ctx, c, pts[2*i:2*i+2])
		if err != nil {
			continue
		}
		ps, err := en.Alternatives(ctx, c, sp[0], sp[1], 3)
		if err != nil {
			continue
		}
		routed++
		best, err := ref.Path(ctx, c, sp[0], sp[1])
		if err != nil || best.Cost != ps[0].Cost {
			t.Fatalf("pair %d: best route costs %d, Path says %v (%v)", i, ps[0].Cost, best, err)
		}
		if len(ps) > 1 {
			withAlt++
			alts += len(ps) - 1
		}
		for k := 1; k < len(ps); k++ {
			if err := admissible(ctx, ref, c, ps[:k], ps[k]); err != nil {
				t.Fatalf("pair %d %v, alternative %d: %v", i, pts[2*i:2*i+2], k, err)
			}
		}
	}
	t.Logf("%d pairs routed; %d (%.0f%%) with at least one alternative, %d alternatives in all", routed, withAlt,
		100*float64(withAlt)/float64(max(routed, 1)), alts)
	if routed < n*8/10 || withAlt == 0 {
		t.Fatalf("test too weak: %d routed, %d with alternatives", routed, withAlt)
	}
}

// admissible checks one alternative against the better routes.
func admissible(ctx context.Context, en *pathfind.Engine, c *costing.Profile, better []*pathfind.Path, p *pathfind.Path) error {
	if float64(p.Cost) > 1.3*float64(better[0].Cost) {
		return fmt.Errorf("costs %d > 1.3 × %d", p.Cost, better[0].Cost)
	}
	if p.Cost < better[len(better)-1].Cost {
		return fmt.Errorf("costs %d, less than a better route's %d", p.Cost, better[len(better)-1].Cost)
	}
	lens := map[uint32]float64{}
	total := 0.0
	for _, de := range p.Edges {
		e, err := en.G.Edge(ctx, de.Edge)
		if err != nil {
			return err
		}
		lens[de.Edge] = float64(e.LengthCM)
		total += float64(e.LengthCM)
	}
	for _, b := range better {
		sharedLen := 0.0
		seen := map[uint32]bool{}
		for _, de := range b.Edges {
			if !seen[de.Edge] {
				sharedLen += lens[de.Edge]
				seen[de.Edge] = true
			}
		}
		if sharedLen > 0.8*total {
			return fmt.Errorf("shares %.0f%% of its length with a better route", 100*sharedLen/total)
		}
	}
	nodes, cum, err := walk(ctx, en, c, p.Edges)
	if err != nil {
		return err
	}
	seen := map[uint32]bool{}
	for _, v := range nodes {
		if seen[v] {
			return fmt.Errorf("visits node %d twice", v)
		}
		seen[v] = true
	}
	return locallyOptimal(ctx, en, c, p, nodes, cum, better[0].Cost/4)
}

// walk lists the nodes of a path's inner edges (tail of the second edge
// … head of the second-last) and the cost to reach each from the first.
func walk(ctx context.Context, en *pathfind.Engine, c *costing.Profile, es []pathfind.DirEdge) ([]uint32, []uint32, error) {
	var nodes, cum []uint32
	total := uint32(0)
	for i, de := range es {
		e, err := en.G.Edge(ctx, de.Edge)
		if err != nil {
			return nil, nil, err
		}
		to := e.V
		if !de.Forward {
			to = e.U
		}
		if i == 0 {
			nodes, cum = append(nodes, to), append(cum, 0)
			continue
		}
		if i == len(es)-1 {
			break
		}
		ec, _ := c.EdgeCost(e, de.Forward)
		fl, err := en.G.NodeFlags(ctx, to)
		if err != nil {
			return nil, nil, err
		}
		nc, _ := c.NodeCost(fl)
		total += ec + nc
		nodes, cum = append(nodes, to), append(cum, total)
	}
	return nodes, cum, nil
}

// locallyOptimal: every window of the path's nodes costing at least T
// (from every fourth node) is no dearer than the shortest path between its
// ends, found by an independent query from node to node (+2 s).
func locallyOptimal(ctx context.Context, en *pathfind.Engine, c *costing.Profile, p *pathfind.Path, nodes, cum []uint32, T uint32) error {
	for i := 0; i < len(nodes); i += 4 {
		j := i + 1
		for j < len(nodes) && cum[j]-cum[i] < T {
			j++
		}
		if j >= len(nodes) {
			break
		}
		a := atEnd(p.Edges[i], true)    // nodes[i] is the head of edge i
		b := atEnd(p.Edges[j+1], false) // nodes[j] is the tail of edge j+1
		sp, err := en.Path(ctx, c, a, b)
		if err != nil {
			return fmt.Errorf("window %d–%d: %v", i, j, err)
		}
		if cum[j]-cum[i] > sp.Cost+20 {
			return fmt.Errorf("window %d–%d costs %d, a shortest path %d: a detour", i, j, cum[j]-cum[i], sp.Cost)
		}
	}
	return nil
}

// atEnd is a snapped point at the head (or tail) of a directed edge.
func atEnd(de pathfind.DirEdge, atHead bool) snap.Point {
	pt := snap.Point{Edge: de.Edge}
	if atHead == de.Forward {
		pt.Fraction = 1
	}
	return pt
}
