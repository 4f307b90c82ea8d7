package core

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/bando-vn/bando/bundle"
	"github.com/bando-vn/bando/core/tile"
)

var (
	hanoiOnce sync.Once
	hanoiDir  string
	hanoiErr  error
)

// hanoiBundle builds ../shared/data/vn2021/hanoi.osm.pbf once per process.
func hanoiBundle(b *testing.B) string {
	shared := filepath.Join("..", "..", "shared", "data", "vn2021", "hanoi.osm.pbf")
	if _, err := os.Stat(shared); err != nil {
		if os.Getenv("CI") != "" {
			b.Fatalf("%s missing: %v", shared, err)
		}
		b.Skipf("%s missing", shared)
	}
	hanoiOnce.Do(func() {
		hanoiDir = filepath.Join(os.TempDir(), "bando-bench-hanoi")
		_, hanoiErr = bundle.Build(context.Background(), bundle.Options{OSM: []string{shared}, Out: hanoiDir})
	})
	if hanoiErr != nil {
		b.Fatal(hanoiErr)
	}
	return hanoiDir
}

// acQueries are typed prefixes of real Hà Nội names, accent-free and not.
var acQueries = []string{"pho", "ho guom", "nguyen trai", "cafe", "ng tr", "Phở", "bún chả", "highlands", "vincom", "truong"}

// BenchmarkAutocomplete measures warm-cache autocomplete (Pelias shape,
// size 5) over the Hà Nội bundle, cycling through acQueries.
func BenchmarkAutocomplete(b *testing.B) {
	e, err := New(context.Background(), tile.DirSource(hanoiBundle(b)), Options{})
	if err != nil {
		b.Fatal(err)
	}
	reqs := make([]*Request, len(acQueries))
	for i, q := range acQueries {
		reqs[i] = &Request{Method: "GET", Target: "/v1/autocomplete?" + url.Values{"text": {q}}.Encode()}
		if r := e.Serve(context.Background(), reqs[i]); r.Status != 200 {
			b.Fatalf("%s: %d %s", q, r.Status, r.Body)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Serve(context.Background(), reqs[i%len(reqs)])
	}
}
