package core

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/geo"
)

// BenchmarkDistanceMatrix measures the whole /v1/distancematrix answer
// (parse, snap, the matrix searches, JSON) by car on Hà Nội (the bundle
// of BenchmarkOptimizedRoute), warm cache, cycling over 8 seeded square
// matrices per side among points of central Hà Nội; reports the medians
// of wall and CPU time per request.
func BenchmarkDistanceMatrix(b *testing.B) {
	e := tripBenchEngine(b)
	for _, n := range []int{5, 25} {
		b.Run(fmt.Sprintf("side=%d", n), func(b *testing.B) {
			r := rand.New(rand.NewPCG(uint64(n), 29))
			reqs := make([]*Request, 8)
			for i := range reqs {
				reqs[i] = hanoiMatrix(b, e, r, n)
			}
			benchTrips(b, e, reqs)
		})
	}
}

// hanoiMatrix draws an n×n matrix request among n points of central Hà
// Nội, redrawing until the endpoint answers 200 (every point near a road).
func hanoiMatrix(b *testing.B, e *Engine, r *rand.Rand, n int) *Request {
	for range 100 {
		locs := make([]string, n)
		for i := range locs {
			p := geo.LatLng{Lat: 20.98 + 0.08*r.Float64(), Lng: 105.78 + 0.10*r.Float64()}
			locs[i] = fmt.Sprintf(`{"lat":%v,"lon":%v}`, p.Lat, p.Lng)
		}
		side := "[" + strings.Join(locs, ",") + "]"
		js := `{"sources":` + side + `,"targets":` + side + `,"costing":"auto"}`
		req := &Request{Method: "GET", Target: "/v1/distancematrix?" + url.Values{"json": {js}}.Encode()}
		if resp := e.Serve(context.Background(), req); resp.Status == 200 && !strings.Contains(string(resp.Body), `"error_code"`) {
			return req
		}
	}
	b.Fatal("no instance with every point near a road in 100 draws")
	return nil
}
