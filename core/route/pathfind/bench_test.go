package pathfind_test

import (
	"context"
	"math/rand/v2"
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/route/snap"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

// benchPairs snaps n random pairs (seed 42) for the costing.
func benchPairs(b *testing.B, en *pathfind.Engine, c costing.Costing, n int) [][2]snap.Point {
	rng := rand.New(rand.NewPCG(42, 1))
	pts := graphfix.RandomPoints(b, en.G, rng, 2*n)
	var out [][2]snap.Point
	for i := 0; i < n; i++ {
		sp, err := en.SnapAll(context.Background(), c, pts[2*i:2*i+2])
		if err == nil {
			out = append(out, [2]snap.Point{sp[0], sp[1]})
		}
	}
	return out
}

// BenchmarkHanoiRoute: warm hierarchy queries (path found and unpacked)
// over 1,000 seeded random pairs; reports p50 and p90 per query and the
// heap the graph and hierarchy take once every tile is loaded.
func BenchmarkHanoiRoute(b *testing.B) {
	for _, name := range []string{"car", "motor"} {
		b.Run(name, func(b *testing.B) {
			src := hanoiTiles(b)
			runtime.GC()
			var m0 runtime.MemStats
			runtime.ReadMemStats(&m0)
			en := openEngine(b, src)
			c, _ := costing.Get(name)
			pairs := benchPairs(b, en, c, 1000)
			ctx := context.Background()
			for _, p := range pairs { // warm: every tile loaded
				en.Path(ctx, c, p[0], p[1])
			}
			runtime.GC()
			var m1 runtime.MemStats
			runtime.ReadMemStats(&m1)
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p := pairs[i%len(pairs)]
				t0 := time.Now()
				if _, err := en.Path(ctx, c, p[0], p[1]); err != nil && err != pathfind.ErrNoPath {
					b.Fatal(err)
				}
				lat = append(lat, time.Since(t0))
			}
			b.StopTimer()
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
			b.ReportMetric(float64(lat[len(lat)*9/10].Microseconds()), "p90-µs")
			b.ReportMetric(float64(m1.HeapAlloc-m0.HeapAlloc)/(1<<20), "graph-MB")
			b.ReportMetric(float64(en.G.BytesRead.Load())/(1<<20), "tiles-MB")
		})
	}
}

// BenchmarkHanoiPlain: the exact edge-based Dijkstra (the reference and
// fallback) on the same pairs.
func BenchmarkHanoiPlain(b *testing.B) {
	src := hanoiTiles(b)
	en := openEngine(b, src)
	en.NoHierarchy = true
	c, _ := costing.Get("car")
	pairs := benchPairs(b, en, c, 100)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := pairs[i%len(pairs)]
		if _, err := en.Path(ctx, c, p[0], p[1]); err != nil && err != pathfind.ErrNoPath {
			b.Fatal(err)
		}
	}
}
