package core

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/tile"
)

func fixtureEngine(t testing.TB, opts Options) *Engine {
	t.Helper()
	e, err := New(context.Background(), tile.DirSource("../testdata/bundle"), opts)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

type peliasResp struct {
	Features []struct {
		Properties struct {
			Name     string `json:"name"`
			ID       string `json:"id"`
			Distance *int   `json:"distance"`
			County   *string
		} `json:"properties"`
	} `json:"features"`
	Errors []string `json:"errors"`
}

func names(t *testing.T, e *Engine, q url.Values) []string {
	t.Helper()
	r := e.Get(context.Background(), "/v1/autocomplete", q)
	if r.Status != 200 {
		t.Fatalf("%v: status %d %s", q, r.Status, r.Body)
	}
	var pr peliasResp
	if err := json.Unmarshal(r.Body, &pr); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range pr.Features {
		out = append(out, f.Properties.Name)
	}
	return out
}

func TestAutocompleteMatching(t *testing.T) {
	e := fixtureEngine(t, Options{})
	cases := []struct {
		text  string
		first string
	}{
		{"pho hue", "Phố Huế"},           // accent-free finds accented; whole words first
		{"Phở Huế", "Phở Huế 36"},        // typed accents rank the exact spelling first
		{"phố huế", "Phố Huế"},           // and the other way round
		{"ng tr", "Cà phê Nguyễn Trãi"},  // word prefixes while typing
		{"ho guom", "Hồ Hoàn Kiếm"},      // alternative names
		{"DINH DOC LAP", "Dinh Độc Lập"}, // case, a way's centroid
		{"đồng xuân", "Chợ Đồng Xuân"},   // đ
		{"dong xuan", "Chợ Đồng Xuân"},   // d folds đ
	}
	for _, c := range cases {
		got := names(t, e, url.Values{"text": {c.text}})
		if len(got) == 0 || got[0] != c.first {
			t.Errorf("%q: %v, want %q first", c.text, got, c.first)
		}
	}
	if got := names(t, e, url.Values{"text": {"xyzzy"}}); len(got) != 0 {
		t.Errorf("xyzzy found %v", got)
	}
}

func TestAutocompleteRadiusAndSize(t *testing.T) {
	e := fixtureEngine(t, Options{})
	// Around Bến Thành with 5 km: the Hà Nội market is out, Chợ Bến Thành in.
	got := names(t, e, url.Values{"text": {"cho"}, "boundary.circle.lat": {"10.7725"}, "boundary.circle.lon": {"106.698"}, "boundary.circle.radius": {"5"}})
	if len(got) != 1 || got[0] != "Chợ Bến Thành" {
		t.Errorf("radius: %v", got)
	}
	got = names(t, e, url.Values{"text": {"h"}, "size": {"2"}})
	if len(got) != 2 {
		t.Errorf("size=2 gave %d", len(got))
	}
	got = names(t, e, url.Values{"text": {"h"}, "size": {"999999999999999999999"}})
	if len(got) == 0 || len(got) > MaxSize {
		t.Errorf("huge size gave %d", len(got))
	}
}

func TestKeys(t *testing.T) {
	hashes, err := ParseKeyHashes("# demo\nc48a01f49fd0f2cc404bc3cbbc80e91457a3d41bb429a695243de4c61794155c\n")
	if err != nil {
		t.Fatal(err)
	}
	e := fixtureEngine(t, Options{KeyHashes: hashes})
	for key, want := range map[string]int{"demo-key": 200, "": 401, "demo-key ": 401, "x": 401} {
		q := url.Values{"text": {"pho"}}
		if key != "" {
			q.Set("apikey", key)
		}
		if r := e.Get(context.Background(), "/v1/autocomplete", q); r.Status != want {
			t.Errorf("key %q: %d, want %d", key, r.Status, want)
		}
	}
	if _, err := ParseKeyHashes("nothex"); err == nil {
		t.Error("bad hash accepted")
	}
}

func TestStatusNeedsOnlyManifest(t *testing.T) {
	src := tile.DirSource("../testdata/bundle")
	m, _ := src.Get(context.Background(), tile.ManifestPath)
	e, err := New(context.Background(), tile.MapSource{tile.ManifestPath: m}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := e.Get(context.Background(), "/v1/status", nil)
	if r.Status != 200 || !strings.Contains(string(r.Body), "OpenStreetMap contributors") {
		t.Fatalf("status: %d %s", r.Status, r.Body)
	}
}

func TestCorruptTileIs500(t *testing.T) {
	src := tile.DirSource("../testdata/bundle")
	ms := tile.MapSource{}
	m, _ := src.Get(context.Background(), tile.ManifestPath)
	ms[tile.ManifestPath] = m
	ms[tile.Path("search/ph")] = []byte("garbage")
	e, _ := New(context.Background(), ms, Options{})
	r := e.Get(context.Background(), "/v1/autocomplete", url.Values{"input": {"pho"}})
	if r.Status != 500 || !strings.Contains(string(r.Body), "UNKNOWN_ERROR") {
		t.Fatalf("corrupt tile: %d %s", r.Status, r.Body)
	}
}

// FuzzServe sends arbitrary methods, paths and query strings: the engine
// never panics, always answers JSON with a status from API.md's table.
func FuzzServe(f *testing.F) {
	e := fixtureEngine(f, Options{})
	f.Add("GET", "/v1/autocomplete?text=pho%20hue&size=3", "")
	f.Add("GET", "/v1/autocomplete?input=ng&location=21,105&origin=1,2&radius=3", "")
	f.Add("GET", "/v1/autocomplete?text=a&boundary.circle.lat=1&boundary.circle.lon=1e400", "")
	f.Add("POST", "/v1/status?admin_v2=2", "")
	f.Add("GET", "/v1/%zz", "")
	f.Add("POST", "/v1/forcodes/encode?lat=21.02&lng=105.85&resolution=9", "")
	f.Add("POST", "/v1/forcodes/encode", `{"lat": 21.02, "lng": "105.85", "resolution": [1]}`)
	f.Add("POST", "/v1/forcodes/decode", `forcodes=HNO4DT45BQNZ&admin_v2=1`)
	f.Add("POST", "/v1/forcodes/decode", `{"forcodes": null}`)
	f.Add("GET", "/v1/geocode/forward?text=so%207%20ngo%205%20hang%20bac%20p%20hoan%20kiem%20ha%20noi&size=3", "")
	f.Add("GET", "/v1/geocode/forward?address=12%20H%C3%A0ng%20B%E1%BA%A1c%2C%20Ho%C3%A0n%20Ki%E1%BA%BFm&admin_v2=1", "")
	f.Add("GET", "/v1/geocode/reverse?point.lat=21.03&point.lon=105.86&size=2", "")
	f.Add("GET", `/v1/optimized-route?json={"locations":[{"lat":21.0031,"lon":105.8003},{"lat":"21.004","lon":105.8024},{"lat":21.0005,"lon":105.8}],"costing":"motorcycle","directions_options":{"units":"mi"}}`, "")
	f.Fuzz(func(t *testing.T, method, target, body string) {
		r := e.Serve(context.Background(), &Request{Method: method, Target: target, Body: []byte(body)})
		switch r.Status {
		case 200, 204, 400, 401, 404, 405:
		default:
			t.Fatalf("%s %q: status %d %s", method, target, r.Status, r.Body)
		}
		if r.Status != 204 && !json.Valid(r.Body) {
			t.Fatalf("%s %q: invalid JSON %s", method, target, r.Body)
		}
	})
}

// TestPeliasStringsNeverNull: the text properties the seed types as
// strings are "" when unknown, never null (API.md §3.10), also for places
// outside every administrative unit and without an address.
func TestPeliasStringsNeverNull(t *testing.T) {
	e := fixtureEngine(t, Options{})
	for _, text := range []string{"h", "cho", "nha hat", "pho hue"} {
		for _, v2 := range []string{"false", "true"} {
			r := e.Get(context.Background(), "/v1/autocomplete", url.Values{"text": {text}, "admin_v2": {v2}})
			var pr struct {
				Features []struct{ Properties map[string]any } `json:"features"`
			}
			if err := json.Unmarshal(r.Body, &pr); err != nil || len(pr.Features) == 0 {
				t.Fatalf("%q: %v %s", text, err, r.Body)
			}
			for _, f := range pr.Features {
				for _, k := range []string{"name", "label", "short_address", "region", "county", "locality"} {
					if _, ok := f.Properties[k].(string); !ok {
						t.Errorf("%q admin_v2=%s: %s is %v", text, v2, k, f.Properties[k])
					}
				}
			}
		}
	}
}
