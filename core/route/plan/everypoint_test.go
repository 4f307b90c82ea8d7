package plan_test

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
	"github.com/bando-vn/bando/core/route/plan"
	"github.com/bando-vn/bando/core/route/snap"
	"github.com/bando-vn/bando/core/tile"
	"github.com/bando-vn/bando/internal/fixture"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

var (
	everySeed   = flag.Uint64("every.seed", 1, "seed of TestEveryPointRoutes' points")
	everyPoints = flag.Int("every.points", 60, "random points per vehicle in TestEveryPointRoutes")
	everyMatrix = flag.Int("every.matrix", 12, "side of TestEveryPointRoutes' matrix")
	everyBundle = flag.String("every.bundle", "", "a built bundle (bando build --ch car,motor) to route on instead of building the Hà Nội graph without hierarchies")
	everyBox    = flag.String("every.box", "central", `"central" (about 9 × 10 km around Hoàn Kiếm) or "hanoi" (the whole city)`)
)

// boxes are where TestEveryPointRoutes draws its points.
var boxes = map[string]geo.BBox{
	"central": {MinLat: 20.98, MinLng: 105.78, MaxLat: 21.06, MaxLng: 105.88},
	"hanoi":   {MinLat: 20.56, MinLng: 105.28, MaxLat: 21.39, MaxLng: 106.02},
}

// centre is Hoàn Kiếm lake's east shore (Đinh Tiên Hoàng).
var centre = geo.LatLng{Lat: 21.0285, Lng: 105.8542}

// known are points tried before the random ones: beside the ICBC building
// in Ba Đình, nearest a one-way lane no route leaves.
var known = []geo.LatLng{{Lat: 21.030606, Lng: 105.812596}}

func everyEngine(t *testing.T) *pathfind.Engine {
	if *everyBundle != "" {
		st, err := tile.Open(context.Background(), tile.DirSource(*everyBundle), 1<<30)
		if err != nil {
			t.Fatal(err)
		}
		g, err := graph.Open(context.Background(), st)
		if err != nil {
			t.Fatal(err)
		}
		return pathfind.New(g)
	}
	en, err := graphfix.EngineFromFile(fixture.Shared(t, fixture.HanoiPBF))
	if err != nil {
		t.Fatal(err)
	}
	return en
}

// outcome of one planned route: "ok", "no road" (a point with no road
// within 1 km) or "no path".
func outcome(ctx context.Context, t *testing.T, en *pathfind.Engine, o plan.Options, a, b geo.LatLng) string {
	d, err := plan.Directions(ctx, en, plan.DirectionsRequest{Locations: []geo.LatLng{a, b}, Options: o})
	switch {
	case err != nil:
		t.Fatal(err)
	case len(d.Missing) > 0:
		return "no road"
	case len(d.Routes) == 0:
		return "no path"
	}
	return "ok"
}

// TestEveryPointRoutes draws random points (seeded; -every.seed) and, by
// car and by motorbike: every point routes to the centre and from it, or
// both fail for the same reason; then among points that snap, every pair
// the matrix leaves empty has no path either (no hole a route would
// fill). CI runs the cheap default; the reported run (core/route/
// BENCHMARKS.route.md), from the repository root, is
//
//	./build/bando build -q --no-basemap --ch car,motor --osm ../shared/data/vn2021/hanoi.osm.pbf --out build/bench/plan-hn
//	go test ./core/route/plan -run EveryPoint -v -timeout 2h -every.points 2000 -every.matrix 100 \
//	  -every.box hanoi -every.bundle $PWD/build/bench/plan-hn
func TestEveryPointRoutes(t *testing.T) {
	en, ctx := everyEngine(t), context.Background()
	box, ok := boxes[*everyBox]
	if !ok {
		t.Fatalf("unknown -every.box %q", *everyBox)
	}
	t.Logf("seed %d, %d points, matrix %d×%d, box %s", *everySeed, *everyPoints, *everyMatrix, *everyMatrix, *everyBox)
	for _, name := range []string{"car", "motor"} {
		prof, _ := costing.Get(name)
		o := plan.Options{Costing: prof}
		rng := rand.New(rand.NewPCG(*everySeed, 7))
		draw := func() geo.LatLng {
			return geo.LatLng{Lat: box.MinLat + rng.Float64()*(box.MaxLat-box.MinLat), Lng: box.MinLng + rng.Float64()*(box.MaxLng-box.MinLng)}
		}
		counts := map[string]int{}
		for k := range len(known) + *everyPoints {
			p := known[min(k, len(known)-1)]
			if k >= len(known) {
				p = draw()
			}
			to, from := outcome(ctx, t, en, o, p, centre), outcome(ctx, t, en, o, centre, p)
			if to != from {
				t.Errorf("%s: %.6f,%.6f routes to the centre: %s, from it: %s", name, p.Lat, p.Lng, to, from)
				counts["one way only"]++
				continue
			}
			if to == "no path" && counts[to] < 5 {
				t.Logf("%s: %.6f,%.6f: no path to or from the centre (a part of the data joined to no other)", name, p.Lat, p.Lng)
			}
			counts[to]++
		}
		t.Logf("%s: %d known + %d random points: both ways %d, no road within 1 km %d, no path either way %d, one way only %d",
			name, len(known), *everyPoints, counts["ok"], counts["no road"], counts["no path"], counts["one way only"])

		var pts []snap.Point
		for len(pts) < *everyMatrix {
			sp, err := en.Snap.Nearest(ctx, draw(), prof)
			if errors.Is(err, snap.ErrNoRoad) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			pts = append(pts, sp)
		}
		cells, err := en.Matrix(ctx, prof, pts, pts)
		if err != nil {
			t.Fatal(err)
		}
		empty, holes := 0, 0
		for i, row := range cells {
			for j, c := range row {
				if i == j || c.OK {
					continue
				}
				empty++
				if _, err := en.Path(ctx, prof, pts[i], pts[j]); err == nil {
					holes++
					t.Errorf("%s: matrix has no answer from %v to %v, a route has", name, pts[i].Input, pts[j].Input)
				} else if !errors.Is(err, pathfind.ErrNoPath) {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: matrix %d×%d: %d empty cells, %d of them holes a route fills", name, len(pts), len(pts), empty, holes)
	}
}
