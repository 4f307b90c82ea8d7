package core

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/tile"
)

// BenchmarkDirection measures complete warm /v1/direction answers (snap,
// search, guidance, JSON) on a built bundle (BANDO_DIRECTION_BUNDLE=dir,
// e.g. `bando build --ch car,motor --osm hanoi.osm.pbf`), natively or in
// wasm under Node: 200 seeded car pairs 1–15 km apart, each answered once
// to warm the tiles, then in turn; reports the median wall time per answer
// and, on Linux, the median CPU time of the answering thread (what the
// answer costs even on a machine busy with other work).
func BenchmarkDirection(b *testing.B) {
	dir := os.Getenv("BANDO_DIRECTION_BUNDLE")
	if dir == "" {
		b.Skip("set BANDO_DIRECTION_BUNDLE to a bundle directory to run this benchmark")
	}
	ctx := context.Background()
	e, err := New(ctx, tile.DirSource(dir), Options{})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(42, 3))
	var queries []url.Values
	for len(queries) < 200 {
		a, z := randomEdgePoint(b, e, rng), randomEdgePoint(b, e, rng)
		if d := geo.DistanceM(a, z); d < 1000 || d > 15000 {
			continue
		}
		queries = append(queries, url.Values{"origin": {fmt.Sprintf("%f,%f", a.Lat, a.Lng)}, "destination": {fmt.Sprintf("%f,%f", z.Lat, z.Lng)}})
	}
	for _, alt := range []string{"true", "false"} {
		b.Run("alternatives="+alt, func(b *testing.B) {
			for _, q := range queries {
				q.Set("alternatives", alt)
				if r := e.Get(ctx, "/v1/direction", q); r.Status != 200 {
					b.Fatalf("%s: %d %s", q.Encode(), r.Status, r.Body)
				}
			}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			lat, cpu := make([]time.Duration, 0, b.N), make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				c0, cpuOK := threadCPU()
				s := time.Now()
				e.Get(ctx, "/v1/direction", queries[i%len(queries)])
				lat = append(lat, time.Since(s))
				if c1, _ := threadCPU(); cpuOK {
					cpu = append(cpu, c1-c0)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(median(lat).Microseconds()), "p50-µs")
			if len(cpu) > 0 {
				b.ReportMetric(float64(median(cpu).Microseconds()), "p50-cpu-µs")
			}
		})
	}
}

func median(ds []time.Duration) time.Duration {
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[len(ds)/2]
}

// randomEdgePoint is a vertex of a random edge of the engine's graph.
func randomEdgePoint(b *testing.B, e *Engine, rng *rand.Rand) geo.LatLng {
	ctx := context.Background()
	en, err := e.router(ctx)
	if err != nil {
		b.Fatal(err)
	}
	info, err := en.G.EdgeInfo(ctx, uint32(rng.IntN(int(en.G.NumEdges()))))
	if err != nil {
		b.Fatal(err)
	}
	k := rng.IntN(len(info.Lat))
	return geo.PointE7(info.Lat[k], info.Lng[k])
}
