//go:build !js

package pathfind_test

// The city-scale motorbike test runs natively only: building the Hà Nội and
// TP.HCM hierarchies inside wasm outlasts the test timeout; under wasm the
// rules fixture (TestMotorbikeNeverOnMotorway) covers the same rule.

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/internal/fixture"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

// TestMotorbikeNoMotorwayCities: over 1,000 seeded random pairs in Hà Nội
// and in TP.HCM, no motorbike route uses a motorway or motorway link.
func TestMotorbikeNoMotorwayCities(t *testing.T) {
	for _, city := range []string{"hanoi", "hcmc"} {
		t.Run(city, func(t *testing.T) {
			var tiles map[string][]byte
			if city == "hanoi" {
				tiles = hanoiTiles(t)
			} else {
				var err error
				if tiles, _, err = graphfix.FromFile(fixture.Shared(t, fixture.HCMCPBF), "motor"); err != nil {
					t.Fatalf("TP.HCM graph (shared data required): %v", err)
				}
			}
			en := openEngine(t, tiles)
			c, _ := costing.Get("motor")
			rng := rand.New(rand.NewPCG(seed(t), 2))
			n := 1000
			if testing.Short() {
				n = 200
			}
			pts := graphfix.RandomPoints(t, en.G, rng, 2*n)
			ctx := context.Background()
			routed, motorwayEdges := 0, 0
			for i := 0; i < n; i++ {
				r, err := en.Route(ctx, c, pts[2*i:2*i+2])
				if err != nil {
					continue
				}
				routed++
				for cl := range classes(r) {
					if cl == graph.ClassMotorway || cl == graph.ClassMotorwayLink {
						t.Fatalf("pair %d %v: motorbike route uses %s: %v", i, pts[2*i:2*i+2], cl, names(r))
					}
				}
			}
			for e := uint32(0); e < en.G.NumEdges(); e++ {
				if ed, _ := en.G.Edge(ctx, e); ed.Class == graph.ClassMotorway {
					motorwayEdges++
				}
			}
			t.Logf("%s: %d of %d pairs routed, none on a motorway (the graph has %d motorway edges)", city, routed, n, motorwayEdges)
			if routed < n*8/10 || motorwayEdges == 0 {
				t.Fatalf("test too weak: %d routed, %d motorway edges", routed, motorwayEdges)
			}
		})
	}
}
