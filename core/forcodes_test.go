package core

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"net/url"
	"path/filepath"
	"sort"
	"testing"

	"github.com/bando-vn/bando/bundle"
	"github.com/bando-vn/bando/core/tile"
	"github.com/bando-vn/bando/h3port"
	"github.com/bando-vn/bando/internal/fixture"
)

var forcodeSeed = flag.Int64("forcodeseed", 20261122, "seed of TestForcodesRoundTripVietnam")

type fcAnswer struct {
	Forcodes   string   `json:"forcodes"`
	Lat        *float64 `json:"lat"`
	Lng        *float64 `json:"lng"`
	Resolution *int     `json:"resolution"`
	AdminCode  string   `json:"admin_code"`
	Status     string   `json:"status"`
}

func post(t testing.TB, e *Engine, path string, q url.Values) (int, fcAnswer) {
	r := e.Serve(context.Background(), &Request{Method: "POST", Target: path + "?" + q.Encode()})
	var a fcAnswer
	if err := json.Unmarshal(r.Body, &a); err != nil {
		t.Fatalf("%s %v: %v %s", path, q, err, r.Body)
	}
	return r.Status, a
}

// TestForcodesDocumented reproduces API.md §3.9's two examples.
func TestForcodesDocumented(t *testing.T) {
	e := fixtureEngine(t, Options{})
	st, a := post(t, e, "/v1/forcodes/encode", url.Values{"lat": {"20.990396"}, "lng": {"105.868825"}, "resolution": {"13"}})
	if st != 200 || a.Forcodes != "HN4TZUZBPKRN0F" || a.AdminCode != "HN" {
		t.Errorf("encode: %d %+v", st, a)
	}
	st, a = post(t, e, "/v1/forcodes/decode", url.Values{"forcodes": {"HNO4DT45BQNZ"}})
	if st != 200 || *a.Resolution != 11 {
		t.Fatalf("decode: %d %+v", st, a)
	}
	// API.md prints (20.99029428701167, 105.86868969733383); the H3 C library
	// and h3-js give 20.990294287011665 (one unit in the last place lower).
	if d := *a.Lat - 20.99029428701167; d > 1e-13 || d < -1e-13 || *a.Lng != 105.86868969733383 {
		t.Errorf("decode centre %v,%v", *a.Lat, *a.Lng)
	}
}

// TestForcodesRoundTripVietnam: for seeded random points in Vietnam at every
// resolution 0–15, decode(encode(p)) is the cell containing p at that
// resolution, and admin_code is the new province the admin lookup gives.
func TestForcodesRoundTripVietnam(t *testing.T) {
	admin := fixture.Shared(t, fixture.AdminDir)
	n := 100000
	if testing.Short() { // make test-wasm: the same check on fewer points
		n = 3000
	}
	out := filepath.Join(t.TempDir(), "b")
	if _, err := bundle.Build(context.Background(), bundle.Options{OSM: []string{"../testdata/sample.osm"}, Admin: admin, Out: out}); err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), tile.DirSource(out), Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("seed=%d (set -forcodeseed to replay), %d points", *forcodeSeed, n)
	rng := rand.New(rand.NewSource(*forcodeSeed))
	// Draw 5n candidate points, then visit them grouped by 0.25° cell so the
	// admin tile cache is used as a real workload would (locality).
	pts := make([][2]float64, 5*n)
	for i := range pts {
		pts[i] = [2]float64{8.4 + rng.Float64()*(23.4-8.4), 102.1 + rng.Float64()*(109.5-102.1)}
	}
	sort.SliceStable(pts, func(i, j int) bool {
		ci, cj := [2]int{int(pts[i][0] * 4), int(pts[i][1] * 4)}, [2]int{int(pts[j][0] * 4), int(pts[j][1] * 4)}
		return ci[0] < cj[0] || ci[0] == cj[0] && ci[1] < cj[1]
	})
	perRes := make([]int, 16)
	done := 0
	for _, pt := range pts {
		if done == n {
			break
		}
		lat, lng := pt[0], pt[1]
		res := done % 16
		al := e.adminLookup()
		lr, err := al.Lookup(context.Background(), lat, lng)
		if err != nil {
			t.Fatal(err)
		}
		q := url.Values{"lat": {fmt.Sprint(lat)}, "lng": {fmt.Sprint(lng)}, "resolution": {fmt.Sprint(res)}}
		st, enc := post(t, e, "/v1/forcodes/encode", q)
		if lr.New.ProvinceShort == "" {
			if st != 404 {
				t.Fatalf("%v,%v outside every province: %d %+v", lat, lng, st, enc)
			}
			continue
		}
		if st != 200 || enc.AdminCode != lr.New.ProvinceShort {
			t.Fatalf("%v,%v res %d: %d %+v, want province %s", lat, lng, res, st, enc, lr.New.ProvinceShort)
		}
		st, dec := post(t, e, "/v1/forcodes/decode", url.Values{"forcodes": {enc.Forcodes}})
		want, _ := h3port.LatLngToCell(h3port.LatLng{Lat: lat, Lng: lng}, res)
		if st != 200 || dec.Status != "OK" || *dec.Resolution != res {
			t.Fatalf("decode %s: %d %+v", enc.Forcodes, st, dec)
		}
		got, _ := h3port.LatLngToCell(h3port.LatLng{Lat: *dec.Lat, Lng: *dec.Lng}, res)
		if got != want {
			t.Fatalf("%v,%v res %d: %s decodes to cell %v, want %v", lat, lng, res, enc.Forcodes, got, want)
		}
		perRes[res]++
		done++
	}
	if done < n {
		t.Fatalf("only %d of %d points fell in a province", done, n)
	}
	t.Logf("points per resolution: %v", perRes)
}

// FuzzForcodesDecode: any string, in the query or a body, decodes to OK or
// INVALID_FORCODES (200) or is refused with a 400, never a 500.
func FuzzForcodesDecode(f *testing.F) {
	e := fixtureEngine(f, Options{})
	for _, s := range []string{"HNO4DT45BQNZ", "hn4tzuzbpkrn0f", "DNG1", "HCM", "", "ZZZZZZZZZZZZZZZZZZ", "HN-1", "HN_1", "HN 1", "\x00", "Đ"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, inBody bool) {
		req := &Request{Method: "POST", Target: "/v1/forcodes/decode?" + url.Values{"forcodes": {s}}.Encode()}
		if inBody {
			b, _ := json.Marshal(map[string]string{"forcodes": s})
			req = &Request{Method: "POST", Target: "/v1/forcodes/decode", Body: b}
		}
		r := e.Serve(context.Background(), req)
		var a fcAnswer
		if err := json.Unmarshal(r.Body, &a); err != nil {
			t.Fatalf("%q: %v %s", s, err, r.Body)
		}
		switch {
		case r.Status == 200 && (a.Status == "OK" || a.Status == "INVALID_FORCODES"):
		case r.Status == 400 && a.Status == "INVALID_REQUEST":
		default:
			t.Fatalf("%q: %d %s", s, r.Status, r.Body)
		}
		if a.Status == "OK" && (a.Lat == nil || a.Resolution == nil || *a.Resolution < 0 || *a.Resolution > 15) {
			t.Fatalf("%q: OK without a cell: %s", s, r.Body)
		}
	})
}
