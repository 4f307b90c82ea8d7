package core

import (
	"context"
	"math/rand/v2"
	"net/url"
	"os"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/internal/cpuclock"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/plan"
	"github.com/bando-vn/bando/core/tile"
)

// tripBenchEngine opens the bundle of BANDO_TRIP_BUNDLE (e.g. `bando
// build --ch car,motor --osm hanoi.osm.pbf`; required under wasm), else
// builds Hà Nội natively (hanoiBundle).
func tripBenchEngine(b *testing.B) *Engine {
	dir := os.Getenv("BANDO_TRIP_BUNDLE")
	if dir == "" {
		dir = hanoiBundle(b)
	}
	e, err := New(context.Background(), tile.DirSource(dir), Options{CacheBytes: 1 << 30})
	if err != nil {
		b.Fatal(err)
	}
	return e
}

// hanoiStops draws n stops uniformly in central Hà Nội (about 9 × 10 km
// around Hoàn Kiếm), redrawing until the endpoint answers 200 (every stop
// near a car road, every one reachable).
func hanoiStops(b *testing.B, e *Engine, r *rand.Rand, n int) *Request {
	for range 100 {
		pts := make([]geo.LatLng, n)
		for i := range pts {
			pts[i] = geo.LatLng{Lat: 20.98 + 0.08*r.Float64(), Lng: 105.78 + 0.10*r.Float64()}
		}
		req := &Request{Method: "GET", Target: "/v1/optimized-route?" + url.Values{"json": {orRequest(pts, `,"costing":"auto"`)}}.Encode()}
		if resp := e.Serve(context.Background(), req); resp.Status == 200 {
			return req
		}
	}
	b.Fatal("no routable instance in 100 draws")
	return nil
}

// BenchmarkOptimizedRoute measures the whole endpoint (parse, snap, time
// matrix, solve, route every leg, maneuvers, JSON) on Hà Nội, warm cache,
// cycling over 8 seeded instances per size; reports the medians of wall
// and CPU time per request (cpuclock: the thread's natively, Node's
// process under wasm).
func BenchmarkOptimizedRoute(b *testing.B) {
	e := tripBenchEngine(b)
	for _, n := range []int{10, 25, 50} {
		b.Run("stops="+strconv.Itoa(n), func(b *testing.B) {
			r := rand.New(rand.NewPCG(uint64(n), 13))
			reqs := make([]*Request, 8)
			for i := range reqs {
				reqs[i] = hanoiStops(b, e, r, n)
			}
			benchTrips(b, e, reqs)
		})
	}
}

// benchTrips serves reqs in turn, reporting median wall and CPU ms.
func benchTrips(b *testing.B, e *Engine, reqs []*Request) {
	i := 0
	b.ReportAllocs()
	benchMedians(b, func() {
		if resp := e.Serve(context.Background(), reqs[i%len(reqs)]); resp.Status != 200 {
			b.Fatalf("status %d", resp.Status)
		}
		i++
	})
}

// benchMedians runs op in the benchmark loop and reports the medians of
// its wall and CPU time (cpuclock) in ms.
func benchMedians(b *testing.B, op func()) {
	cpuclock.Lock()
	defer cpuclock.Unlock()
	var walls, cpus []time.Duration
	for b.Loop() {
		c0, t0 := cpuclock.Now(), time.Now()
		op()
		walls, cpus = append(walls, time.Since(t0)), append(cpus, cpuclock.Now()-c0)
	}
	b.ReportMetric(medianMS(walls), "p50-ms")
	b.ReportMetric(medianMS(cpus), "p50-cpu-ms")
}

func medianMS(ds []time.Duration) float64 {
	if len(ds) == 0 {
		return 0
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return float64(ds[len(ds)/2]) / 1e6
}

// BenchmarkOptimizedRoutePhases splits a 50-stop request (the first of
// BenchmarkOptimizedRoute's instances) into its phases: the time matrix,
// the solver, routing the legs, and shaping with JSON.
func BenchmarkOptimizedRoutePhases(b *testing.B) {
	e := tripBenchEngine(b)
	ctx := context.Background()
	req := hanoiStops(b, e, rand.New(rand.NewPCG(50, 13)), 50)
	p, _ := parseParams(req.Target[len("/v1/optimized-route?"):])
	en, _ := e.router(ctx)
	q, err := parseTripRequest(p)
	if err != nil {
		b.Fatal(err)
	}
	c, _ := costing.ForValhalla(q.Costing)
	o := plan.Options{Costing: c}
	pts, err := plan.SnapAll(ctx, en, o, "locations", q.Locations)
	if err != nil {
		b.Fatal(err)
	}
	order, err := plan.VisitOrder(ctx, en, o, pts)
	if err != nil {
		b.Fatal(err)
	}
	legs, err := plan.RouteOrder(ctx, en, o, pts, order)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("matrix", func(b *testing.B) { benchMedians(b, func() { en.Matrix(ctx, c, pts, pts) }) })
	b.Run("matrix+solve", func(b *testing.B) { benchMedians(b, func() { plan.VisitOrder(ctx, en, o, pts) }) })
	b.Run("legs", func(b *testing.B) { benchMedians(b, func() { plan.RouteOrder(ctx, en, o, pts, order) }) })
	b.Run("shape+json", func(b *testing.B) { benchMedians(b, func() { tripBody(q, order, legs).AppendJSON(nil) }) })
}
