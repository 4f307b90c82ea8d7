package core

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/tile"
)

// fixtureWithout is the fixture bundle in memory with the files at paths
// removed (they stay listed in the manifest).
func fixtureWithout(t *testing.T, paths ...string) *Engine {
	t.Helper()
	dir := tile.DirSource("../testdata/bundle")
	st, err := tile.Open(context.Background(), dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	ms := tile.MapSource{}
	ms[tile.ManifestPath], _ = dir.Get(context.Background(), tile.ManifestPath)
	for _, k := range st.Manifest().Keys() {
		if ms[tile.Path(k)], err = dir.Get(context.Background(), tile.Path(k)); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range paths {
		if _, ok := ms[p]; !ok {
			t.Fatalf("fixture has no %s", p)
		}
		delete(ms, p)
	}
	e, err := New(context.Background(), ms, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestListedButMissingTileIs5xx: a tile the manifest lists but the source
// cannot give is an error of the request (a 5xx in the endpoint's shape,
// without the tile's key), never "no data" (issue #8, item 9).
func TestListedButMissingTileIs5xx(t *testing.T) {
	search := fixtureWithout(t, tile.Path("sx/p"))
	admin := fixtureWithout(t, tile.Path("admin/cell/423_84"))
	for _, c := range []struct {
		name   string
		e      *Engine
		method string
		target string
	}{
		{"search tile, Pelias", search, "GET", "/v1/autocomplete?text=pho"},
		{"search tile, Google", search, "GET", "/v1/autocomplete?input=pho"},
		{"admin tile, autocomplete", admin, "GET", "/v1/autocomplete?text=pho%20hue"},
		{"admin tile, encode", admin, "POST", "/v1/forcodes/encode?" + url.Values{"lat": {"21.02"}, "lng": {"105.85"}}.Encode()},
	} {
		r := c.e.Serve(context.Background(), &Request{Method: c.method, Target: c.target})
		if r.Status < 500 || strings.Contains(string(r.Body), "tiles/") || strings.Contains(string(r.Body), "sx/p") || strings.Contains(string(r.Body), "423_84") {
			t.Errorf("%s: %d %s, want a 5xx that names no tile", c.name, r.Status, r.Body)
		}
	}
}

// TestQueryEscapes: a raw ";" is an ordinary character of a value (the
// /direction destinations are joined with it), and a bad %-escape is a 400
// in the endpoint's shape naming its parameter (issue #8 item 9).
func TestQueryEscapes(t *testing.T) {
	e := fixtureEngine(t, Options{})
	for _, c := range []struct {
		target string
		status int
		want   string // in the body
	}{
		{"/v1/autocomplete?text=pho;hue", 200, `"features":[`},
		{"/v1/autocomplete?input=pho;&location=21.0,105.8", 200, `"predictions":[`},
		{"/v1/status?admin_v2=true;", 400, `admin_v2: expected true, false, 1 or 0`},
		{"/v1/autocomplete?text=%zz", 400, `"errors":["text: bad %-escape`},
		{"/v1/autocomplete?input=pho&location=%2", 400, `"error_message":"location: bad %-escape`},
		{"/v1/autocomplete?input=pho&x%zz=1", 400, `"error_message":"x%zz: bad %-escape`},
	} {
		r := e.Serve(context.Background(), &Request{Method: "GET", Target: c.target})
		if r.Status != c.status || !strings.Contains(string(r.Body), c.want) {
			t.Errorf("%s: %d %s, want %d with %s", c.target, r.Status, r.Body, c.status, c.want)
		}
	}
	r := e.Serve(context.Background(), &Request{Method: "POST", Target: "/v1/forcodes/decode", Body: []byte("forcodes=%zz")})
	if r.Status != 400 || !strings.Contains(string(r.Body), "forcodes: bad %-escape") {
		t.Errorf("form body: %d %s", r.Status, r.Body)
	}
}
