package search_test

import (
	"context"
	"fmt"
	"os"
	"sort"
	"testing"
	"time"

	"github.com/bando-vn/bando/bundle/eval"
	"github.com/bando-vn/bando/core/addr"
	"github.com/bando-vn/bando/core/internal/cpuclock"
	"github.com/bando-vn/bando/core/search"
	"github.com/bando-vn/bando/core/tile"
)

// BenchmarkCases runs the eval cases (testdata/search/cases.jsonl) warm
// against the bundle in $BANDO_SEARCH_BUNDLE (built from hanoi.osm.pbf +
// hcmc.osm.pbf + admin, see BENCHMARKS.search.md), one query per
// iteration in case order, and reports per-query percentiles.
func BenchmarkCases(b *testing.B) {
	dir := os.Getenv("BANDO_SEARCH_BUNDLE")
	if dir == "" {
		b.Skip("set BANDO_SEARCH_BUNDLE to a bundle directory (BENCHMARKS.search.md)")
	}
	cases, err := eval.Open("../../testdata/search/cases.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	st, err := tile.Open(ctx, tile.DirSource(dir), 256<<20)
	if err != nil {
		b.Fatal(err)
	}
	g, err := addr.GazetteerFor(ctx, st)
	if err != nil {
		b.Fatal(err)
	}
	src := search.WithGazetteer(search.FromStore(st), g)
	var qs []search.Query
	for i := range cases {
		q, err := cases[i].Request()
		if err != nil {
			b.Fatal(err)
		}
		qs = append(qs, q)
	}
	for _, q := range qs { // warm the cache
		if _, _, err := search.Search(ctx, src, q); err != nil {
			b.Fatal(err)
		}
	}
	walls := make([]time.Duration, 0, b.N)
	cpus := make([]time.Duration, 0, b.N)
	cpuclock.Lock()
	defer cpuclock.Unlock()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c0, t0 := cpuclock.Now(), time.Now()
		if _, _, err := search.Search(ctx, src, qs[i%len(qs)]); err != nil {
			b.Fatal(err)
		}
		walls = append(walls, time.Since(t0))
		cpus = append(cpus, cpuclock.Now()-c0)
	}
	b.StopTimer()
	report(b, cpus, "cpu")
	report(b, walls, "wall")
}

// report adds the p50/p95/p99 of durs in milliseconds as metrics.
func report(b *testing.B, durs []time.Duration, what string) {
	sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
	for _, p := range []float64{50, 95, 99} {
		d := durs[int(p/100*float64(len(durs)-1))]
		b.ReportMetric(float64(d.Microseconds())/1000, fmt.Sprintf("%s-p%.0f-ms", what, p))
	}
}
