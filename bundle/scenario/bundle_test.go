package scenario

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/bando-vn/bando/core/geo"
)

// TestBundleEngineBuilds runs a drawn map through the real bundle builder.
func TestBundleEngineBuilds(t *testing.T) {
	w := NewWorld()
	if err := w.NodeMap("a b c\n  d"); err != nil {
		t.Fatal(err)
	}
	if err := w.Ways(mustTable(t, []string{"nodes", "oneway"}, []string{"abc", "yes"}, []string{"bd", ""})); err != nil {
		t.Fatal(err)
	}
	doc, err := w.OSMXML()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	osmFile := filepath.Join(dir, "map.osm")
	if err := os.WriteFile(osmFile, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "bundle")
	var open []string
	eng := BundleEngine{OpenRouter: func(_ context.Context, bundleDir, profile string) (Router, error) {
		open = append(open, bundleDir, profile)
		return &fakeRouter{}, nil
	}}
	if _, err := eng.Open(context.Background(), osmFile, out, "testbot"); err != nil {
		t.Fatal(err)
	}
	if len(open) != 2 || open[0] != out || open[1] != "testbot" {
		t.Errorf("OpenRouter called with %q", open)
	}
	if _, err := os.Stat(filepath.Join(out, "manifest.json")); err != nil {
		t.Errorf("no manifest written: %v", err)
	}
	r, err := (BundleEngine{}).Open(context.Background(), osmFile, filepath.Join(dir, "b2"), "testbot")
	if err != nil {
		t.Fatalf("bando's engine on the built bundle: %v", err)
	}
	a, _ := w.Point("a")
	if _, err := r.Nearest(context.Background(), a); err != nil {
		t.Errorf("nearest on the built graph: %v", err)
	}
	far := w.gridPoint(0, 20000) // 20 km south: no road within 1 km
	dur, dist, err := r.Matrix(context.Background(), []geo.LatLng{a, far}, []geo.LatLng{a, far})
	if err != nil {
		t.Fatal(err)
	}
	if dur[0][0] != 0 || dist[0][0] != 0 || !math.IsNaN(dur[0][1]) || !math.IsNaN(dist[1][0]) || !math.IsNaN(dur[1][1]) {
		t.Errorf("matrix with a point off the map: %v %v", dur, dist)
	}
	if _, err := r.Nearest(context.Background(), far); !errors.Is(err, ErrNoRoute) {
		t.Errorf("nearest off the map: %v", err)
	}
	if _, err := (BundleEngine{}).Open(context.Background(), osmFile, filepath.Join(dir, "b4"), "no-such-profile"); err == nil {
		t.Error("unknown profile opened")
	}
	if _, err := eng.Open(context.Background(), filepath.Join(dir, "missing.osm"), filepath.Join(dir, "b3"), "testbot"); err == nil {
		t.Error("missing input built")
	}
}
