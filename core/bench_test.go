package core

import (
	"context"
	"net/url"
	"testing"

	"github.com/bando-vn/bando/core/tile"
	"github.com/bando-vn/bando/internal/fixture/bundlefix"
)

// hanoiBundle is the Hà Nội bundle, built once per process.
func hanoiBundle(b *testing.B) string { return bundlefix.Hanoi(b) }

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
