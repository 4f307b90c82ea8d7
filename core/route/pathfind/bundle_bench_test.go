package pathfind_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/tile"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

// BenchmarkBundleRoute measures warm car routes on a built bundle
// (BANDO_ROUTE_BUNDLE=dir, e.g. `bando build --ch car --osm hanoi.osm.pbf`),
// natively or in wasm under Node; BANDO_ROUTE_FROM/TO="lat,lng" give one
// fixed pair (Hà Nội → TP.HCM on the Vietnam bundle) instead of random
// pairs. Reports p50, and the tiles and bytes the first (cold) query
// reads: snapping both ends, the path search, the leg's description; and
// the heap it grew (garbage included, no collection in between) and the
// memory the Go runtime holds from the system (in wasm: the linear
// memory, what a Worker isolate pays for the Go side). BANDO_ROUTE_AVOID
// (e.g. "highways", "tolls|ferries") routes with that avoid set.
func BenchmarkBundleRoute(b *testing.B) {
	dir := os.Getenv("BANDO_ROUTE_BUNDLE")
	if dir == "" {
		b.Skip("set BANDO_ROUTE_BUNDLE to a bundle directory to run this benchmark")
	}
	ctx := context.Background()
	st, err := tile.Open(ctx, tile.DirSource(dir), 1<<30)
	if err != nil {
		b.Fatal(err)
	}
	g, err := graph.Open(ctx, st)
	if err != nil {
		b.Fatal(err)
	}
	en := pathfind.New(g)
	car, _ := costing.Get("car")
	avoid, err := costing.ParseAvoid(os.Getenv("BANDO_ROUTE_AVOID"))
	if err != nil {
		b.Fatal(err)
	}
	c := costing.WithAvoid(car, avoid)
	var locs []geo.LatLng
	if from, to := os.Getenv("BANDO_ROUTE_FROM"), os.Getenv("BANDO_ROUTE_TO"); from != "" && to != "" {
		locs = []geo.LatLng{parseLL(b, from), parseLL(b, to)}
	} else {
		locs = graphfix.RandomPoints(b, g, rand.New(rand.NewPCG(42, 1)), 400)
	}
	type pair struct{ a, b int }
	var pairs []pair
	for i := 0; i+1 < len(locs); i += 2 {
		pairs = append(pairs, pair{i, i + 1})
	}
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	phase, read := 0, [3][2]int{} // snap, path, leg: tiles, bytes
	g.OnRead = func(_ string, n int) { read[phase][0]++; read[phase][1] += n }
	start := time.Now()
	pts, err := en.SnapAll(ctx, c, locs[:2])
	if err != nil {
		b.Fatal(err)
	}
	phase = 1
	p, err := en.Path(ctx, c, pts[0], pts[1])
	if err != nil {
		b.Fatal(err)
	}
	phase = 2
	if _, err := en.Leg(ctx, c, p); err != nil {
		b.Fatal(err)
	}
	coldMS := float64(time.Since(start).Microseconds()) / 1000
	g.OnRead = nil
	runtime.ReadMemStats(&m1) // no GC: the peak the cold route reached, garbage included
	if pts, err = en.SnapAll(ctx, c, locs); err != nil {
		b.Fatal(err)
	}
	mb := func(n int) float64 { return float64(n) / (1 << 20) }
	for _, q := range pairs { // warm
		en.Path(ctx, c, pts[q.a], pts[q.b])
	}
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := pairs[i%len(pairs)]
		s := time.Now()
		if _, err := en.Path(ctx, c, pts[q.a], pts[q.b]); err != nil && err != pathfind.ErrNoPath {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(s))
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(coldMS, "cold-ms")
	b.ReportMetric(float64(read[0][0]+read[1][0]+read[2][0]), "cold-tiles")
	b.ReportMetric(mb(read[0][1]+read[1][1]+read[2][1]), "cold-MB")
	b.ReportMetric(mb(read[0][1]), "snap-MB")
	b.ReportMetric(mb(read[1][1]), "path-MB")
	b.ReportMetric(mb(read[2][1]), "leg-MB")
	b.ReportMetric(mb(int(m1.HeapAlloc-m0.HeapAlloc)), "cold-heap-MB")
	b.ReportMetric(mb(int(m1.Sys)), "sys-MB")
}

func parseLL(b *testing.B, s string) geo.LatLng {
	var ll geo.LatLng
	if _, err := fmtSscanf(s, &ll); err != nil {
		b.Fatalf("bad lat,lng %q: %v", s, err)
	}
	return ll
}

func fmtSscanf(s string, ll *geo.LatLng) (int, error) {
	return fmt.Sscanf(s, "%g,%g", &ll.Lat, &ll.Lng)
}
