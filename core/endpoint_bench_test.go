package core

import (
	"context"
	"net/url"
	"os"
	"testing"

	"github.com/bando-vn/bando/core/tile"
)

// workerMix is one request kind per endpoint, the set the Worker benchmark
// (js/bench/worker-direct-bench.mjs) sends, on the Hà Nội bundle.
var workerMix = []struct{ name, method, target string }{
	{"autocomplete-pelias", "GET", "/v1/autocomplete?text=ho+guom"},
	{"autocomplete-pelias", "GET", "/v1/autocomplete?text=pho"},
	{"autocomplete-pelias", "GET", "/v1/autocomplete?text=cho+dong+xuan"},
	{"autocomplete-google", "GET", "/v1/autocomplete?input=pho&location=21.03,105.85"},
	{"autocomplete-google", "GET", "/v1/autocomplete?input=hoan+kiem&location=21.03,105.85"},
	{"autocomplete-google", "GET", "/v1/autocomplete?input=bach+mai&location=21.03,105.85"},
	{"autocomplete-google", "GET", "/v1/autocomplete?input=nha+tho&location=21.03,105.85"},
	{"place", "GET", "/v1/place?ids=w1019600"},
	{"reverse", "GET", "/v1/geocode/reverse?latlng=21.028,105.852"},
	{"reverse", "GET", "/v1/geocode/reverse?latlng=21.0362,105.8345"},
	{"nearby", "GET", "/v1/nearby?categories=cafe&point.lat=21.02&point.lon=105.852"},
	{"forcodes-encode", "POST", "/v1/forcodes/encode?lat=21.0285&lng=105.8542"},
	{"forcodes-decode", "POST", "/v1/forcodes/decode?forcodes=HNO4DT45BQNZ"},
	{"address-convert", "GET", "/v1/address/convert?" + url.Values{"text": {"1 Tràng Tiền, Hoàn Kiếm, Hà Nội"}}.Encode()},
	{"status", "GET", "/v1/status"},
}

// BenchmarkEndpoints measures the engine alone (no HTTP), warm cache, per
// endpoint, on the bundle in BANDO_BENCH_BUNDLE (default: the sample
// bundle, where some of these answer 4xx/404). Run natively and in wasm
// (GOOS=js GOARCH=wasm, Node) to see what the Worker's engine costs:
//
//	BANDO_BENCH_BUNDLE=$PWD/build/bench/wk-hn go test ./core -run XXX -bench Endpoints
func BenchmarkEndpoints(b *testing.B) {
	dir := os.Getenv("BANDO_BENCH_BUNDLE")
	if dir == "" {
		dir = "../testdata/bundle"
	}
	e, err := New(context.Background(), tile.DirSource(dir), Options{})
	if err != nil {
		b.Fatal(err)
	}
	groups := map[string][]*Request{}
	var order []string
	for _, r := range workerMix {
		if groups[r.name] == nil {
			order = append(order, r.name)
		}
		req := &Request{Method: r.method, Target: r.target}
		for range 3 { // warm the tile cache and lazy tables
			e.Serve(context.Background(), req)
		}
		if resp := e.Serve(context.Background(), req); resp.Status != 200 && os.Getenv("BANDO_BENCH_BUNDLE") != "" {
			b.Fatalf("%s: %d %s", r.target, resp.Status, resp.Body)
		}
		groups[r.name] = append(groups[r.name], req)
	}
	for _, name := range order {
		reqs := groups[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				e.Serve(context.Background(), reqs[i%len(reqs)])
				i++
			}
		})
	}
}
