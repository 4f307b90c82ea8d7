package pathfind_test

import (
	"context"
	"errors"
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/tile"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

var avoidPairs = flag.Int("avoid-pairs", 8, "random pairs per vehicle and avoid set in TestAvoidHanoi (the acceptance run uses 200)")

// TestAvoidHanoi: for every vehicle and every avoid set, on random Hà Nội
// pairs (both ends snapped for the avoiding costing): the avoiding route
// uses no avoided edge, costs what the plain edge-based Dijkstra with the
// same rules costs, never less than the unrestricted route, and exactly as
// much when the unrestricted route uses no avoided edge; ZERO_RESULTS for
// the avoiding route only when the plain search finds none either.
func TestAvoidHanoi(t *testing.T) {
	src := hanoiTiles(t)
	fast, ref := openEngine(t, src), openEngine(t, src)
	ref.NoHierarchy = true
	ctx := context.Background()
	n := *avoidPairs
	if testing.Short() {
		n = 4
	}
	sets := []costing.Avoid{costing.AvoidTolls, costing.AvoidHighways, costing.AvoidFerries,
		costing.AvoidTolls | costing.AvoidHighways | costing.AvoidFerries}
	bound := 0
	for _, name := range hanoiProfiles {
		base, _ := costing.Get(name)
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed(t), 2))
			pts := graphfix.RandomPoints(t, fast.G, rng, 2*n)
			for _, a := range sets {
				c := costing.WithAvoid(base, a)
				if c.Fingerprint() == base.Fingerprint() {
					t.Fatalf("avoid %s keeps the fingerprint", a)
				}
				routed, binding := 0, 0
				for i := 0; i < n; i++ {
					sp, err := fast.SnapAll(ctx, c, pts[2*i:2*i+2])
					if err != nil {
						continue
					}
					q, errQ := fast.Path(ctx, c, sp[0], sp[1])
					r, errR := q, errQ
					if i < 3 { // the engine's own answer is the plain search: check it is (cheaply)
						r, errR = ref.Path(ctx, c, sp[0], sp[1])
					}
					p, errP := fast.Path(ctx, base, sp[0], sp[1])
					if errors.Is(errQ, pathfind.ErrNoPath) && errors.Is(errR, pathfind.ErrNoPath) {
						continue
					}
					if errQ != nil || errR != nil || errP != nil {
						t.Fatalf("%s avoid %s pair %d: %v / plain %v / unrestricted %v", name, a, i, errQ, errR, errP)
					}
					if !q.Fallback || q.Cost != r.Cost {
						t.Fatalf("%s avoid %s pair %d: engine %d (exact search: %v), plain Dijkstra %d", name, a, i, q.Cost, q.Fallback, r.Cost)
					}
					if q.Cost < p.Cost {
						t.Fatalf("%s avoid %s pair %d: avoiding route %d faster than unrestricted %d", name, a, i, q.Cost, p.Cost)
					}
					if uses(t, fast, a, q) {
						t.Fatalf("%s avoid %s pair %d: the route uses an avoided edge", name, a, i)
					}
					if uses(t, fast, a, p) {
						binding++
					} else if q.Cost != p.Cost {
						t.Fatalf("%s avoid %s pair %d: unrestricted route avoids them already (%d) but the avoiding one costs %d", name, a, i, p.Cost, q.Cost)
					}
					routed++
				}
				t.Logf("%s avoid %s: %d pairs routed, %d whose best route used an avoided edge", name, a, routed, binding)
				if routed < n/3 {
					t.Fatalf("%s avoid %s: only %d of %d pairs routed", name, a, routed, n)
				}
				if a&costing.AvoidHighways != 0 {
					bound += binding
				}
			}
		})
	}
	if !testing.Short() && bound == 0 {
		t.Fatal("no pair's best route used a motorway: the test did not exercise avoid=highways")
	}
}

// uses reports whether path p runs on an edge a excludes.
func uses(t *testing.T, en *pathfind.Engine, a costing.Avoid, p *pathfind.Path) bool {
	t.Helper()
	for _, de := range p.Edges {
		e, err := en.G.Edge(context.Background(), de.Edge)
		if err != nil {
			t.Fatal(err)
		}
		if a.Excludes(e) {
			return true
		}
	}
	return false
}

// TestAvoidAfterPlain: asking for a vehicle's plain route first must not
// make a later avoiding query of the same vehicle use its hierarchy (the
// graph's hierarchy lookup is keyed by name and fingerprint).
func TestAvoidAfterPlain(t *testing.T) {
	ctx := context.Background()
	st, err := tile.Open(ctx, tile.DirSource("../../../testdata/bundle"), 64<<20)
	if err != nil {
		t.Fatal(err)
	}
	g, err := graph.Open(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	en := pathfind.New(g)
	car, _ := costing.Get("car")
	locs := []geo.LatLng{{Lat: 21.0130, Lng: 105.7995}, {Lat: 21.0130, Lng: 105.8035}} // testdata/route/rules.osm: toll road and a free detour
	for _, a := range []costing.Avoid{0, costing.AvoidTolls, 0} {
		c := costing.WithAvoid(car, a)
		pts, err := en.SnapAll(ctx, c, locs)
		if err != nil {
			t.Fatal(err)
		}
		p, err := en.Path(ctx, c, pts[0], pts[1])
		if err != nil {
			t.Fatal(err)
		}
		if toll := uses(t, en, costing.AvoidTolls, p); toll != (a == 0) {
			t.Fatalf("avoid %q: route uses a toll road: %v", a, toll)
		}
	}
}
