package core

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/bando-vn/bando/core/tile"
	"github.com/bando-vn/bando/internal/fixture/bundlefix"
)

// hanoiAdminBundle is the Hà Nội bundle with both administrative structures: $BANDO_BENCH_BUNDLE
// if set (a bundle built with `bando build --osm …/hanoi.osm.pbf --admin …/admin`), else built once
// from ../shared (about two minutes).
func hanoiAdminBundle(b *testing.B) string {
	if d := os.Getenv("BANDO_BENCH_BUNDLE"); d != "" {
		return d
	}
	return bundlefix.HanoiAdmin(b)
}

// benchRequests times whole requests (parse, engine, enrich, JSON) on a warm engine and
// reports p50/p95 per request in µs.
func benchRequests(b *testing.B, targets []string) { benchRequestsWith(b, targets, Options{}) }

// benchRequestsWith is benchRequests with engine options (a cache that holds the working set
// of the case files: the queries are warm, as a server's are).
func benchRequestsWith(b *testing.B, targets []string, opts Options) {
	e, err := New(context.Background(), tile.DirSource(hanoiAdminBundle(b)), opts)
	if err != nil {
		b.Fatal(err)
	}
	reqs := make([]*Request, len(targets))
	for i, t := range targets {
		reqs[i] = &Request{Method: "GET", Target: t}
		if r := e.Serve(context.Background(), reqs[i]); r.Status != 200 {
			b.Fatalf("%s: %d %s", t, r.Status, r.Body)
		}
	}
	durs := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	cpus := make([]time.Duration, 0, b.N)
	lockThread()
	defer unlockThread()
	cpu0, cpuOK := processCPU()
	for i := 0; i < b.N; i++ {
		c0, okc := threadCPU()
		t0 := time.Now()
		e.Serve(context.Background(), reqs[i%len(reqs)])
		durs = append(durs, time.Since(t0))
		if c1, ok := threadCPU(); ok && okc {
			cpus = append(cpus, c1-c0)
		}
	}
	b.StopTimer()
	if cpu1, ok := processCPU(); ok && cpuOK {
		b.ReportMetric(float64((cpu1-cpu0).Microseconds())/float64(b.N), "proc-cpu-µs/op")
	}
	if len(cpus) == len(durs) {
		sort.Slice(cpus, func(i, j int) bool { return cpus[i] < cpus[j] })
		cq := func(f float64) float64 { return float64(cpus[int(f*float64(len(cpus)-1))].Nanoseconds()) / 1e3 }
		b.ReportMetric(cq(0.50), "cpu-p50-µs")
		b.ReportMetric(cq(0.95), "cpu-p95-µs")
	}
	sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
	q := func(f float64) float64 { return float64(durs[int(f*float64(len(durs)-1))].Nanoseconds()) / 1e3 }
	b.ReportMetric(q(0.50), "p50-µs")
	b.ReportMetric(q(0.95), "p95-µs")
}

// hanoiPoints are 64 seeded points over central Hà Nội.
func hanoiPoints() [][2]float64 {
	rng := rand.New(rand.NewSource(42))
	var pts [][2]float64
	for i := 0; i < 64; i++ {
		pts = append(pts, [2]float64{20.98 + rng.Float64()*0.08, 105.78 + rng.Float64()*0.1})
	}
	return pts
}

// BenchmarkReverseHanoi: /v1/geocode/reverse (Pelias, size 1, 1 km) at 64 points.
func BenchmarkReverseHanoi(b *testing.B) {
	var ts []string
	for _, p := range hanoiPoints() {
		ts = append(ts, fmt.Sprintf("/v1/geocode/reverse?point.lat=%f&point.lon=%f", p[0], p[1]))
	}
	benchRequests(b, ts)
}

// BenchmarkNearbyHanoi: /v1/nearby (restaurant or cafe, 5 km, size 5) at 64 points.
func BenchmarkNearbyHanoi(b *testing.B) {
	var ts []string
	for _, p := range hanoiPoints() {
		ts = append(ts, fmt.Sprintf("/v1/nearby?categories=restaurant,cafe&point.lat=%f&point.lon=%f", p[0], p[1]))
	}
	benchRequests(b, ts)
}

// BenchmarkConvertHanoi: /v1/address/convert of old Hà Nội addresses.
func BenchmarkConvertHanoi(b *testing.B) {
	var ts []string
	for _, s := range []string{"12 Hàng Bạc, Phường Hàng Bạc, Quận Hoàn Kiếm, Hà Nội", "ngo 5 so 12 nguyen trai p thuong dinh q thanh xuan ha noi",
		"Số 1 Đại Cồ Việt, P. Bách Khoa, Q. Hai Bà Trưng, TP. Hà Nội", "36 Phố Huế, Phường Ngô Thì Nhậm, Hai Bà Trưng, Hà Nội"} {
		ts = append(ts, "/v1/address/convert?"+url.Values{"text": {s}}.Encode())
	}
	benchRequests(b, ts)
}

// geoCases reads the queries of testdata/geocode/<file>.jsonl (bundle/eval format) for the
// benchmarks: the forward texts, or the reverse points as "lat,lng".
func geoCases(b *testing.B, file string) []map[string]any {
	f, err := os.Open(filepath.Join("..", "testdata", "geocode", file))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var out []map[string]any
	dec := json.NewDecoder(f)
	for {
		var c struct {
			Query map[string]any `json:"query"`
		}
		if err := dec.Decode(&c); err == io.EOF {
			break
		} else if err != nil {
			b.Fatal(err)
		}
		out = append(out, c.Query)
	}
	return out
}

// geoCacheBytes is the decoded-tile cache of the case benchmarks: the working set of 400
// queries over two cities (search shards, address tiles, the largest place cells).
const geoCacheBytes = 512 << 20

// BenchmarkForwardCases: /v1/geocode/forward (Pelias, size 1) with the 400 texts of
// testdata/geocode/forward.jsonl (both cities: set BANDO_BENCH_BUNDLE to a Hà Nội + TP.HCM
// bundle).
func BenchmarkForwardCases(b *testing.B) {
	var ts []string
	for _, q := range geoCases(b, "forward.jsonl") {
		ts = append(ts, "/v1/geocode/forward?"+url.Values{"text": {fmt.Sprint(q["text"])}}.Encode())
	}
	benchRequestsWith(b, ts, Options{CacheBytes: geoCacheBytes})
}

// BenchmarkReverseCases: /v1/geocode/reverse (Pelias, size 1, 1 km) at the 400 points of
// testdata/geocode/reverse.jsonl.
func BenchmarkReverseCases(b *testing.B) {
	var ts []string
	for _, q := range geoCases(b, "reverse.jsonl") {
		ts = append(ts, fmt.Sprintf("/v1/geocode/reverse?point.lat=%v&point.lon=%v", q["point.lat"], q["point.lon"]))
	}
	benchRequestsWith(b, ts, Options{CacheBytes: geoCacheBytes})
}

// BenchmarkNearbyCases: /v1/nearby (restaurant or cafe, 5 km, size 5) at the same points.
func BenchmarkNearbyCases(b *testing.B) {
	var ts []string
	for _, q := range geoCases(b, "reverse.jsonl") {
		ts = append(ts, fmt.Sprintf("/v1/nearby?categories=restaurant,cafe&point.lat=%v&point.lon=%v", q["point.lat"], q["point.lon"]))
	}
	benchRequestsWith(b, ts, Options{CacheBytes: geoCacheBytes})
}
