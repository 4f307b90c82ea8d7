package snap_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/snap"
)

// islandOSM draws an n×n grid of residential streets 100 m apart with its
// south-west corner at (21, 105.8), and an island: one named service road
// of two nodes, connected to nothing, 30 m south of the grid's south edge.
func islandOSM(n int) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<osm version=\"0.6\">\n")
	id := func(r, c int) int { return 1000 + r*n + c }
	const step = 0.0009 // ≈ 100 m
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			fmt.Fprintf(&b, "<node id=\"%d\" version=\"1\" lat=\"%.7f\" lon=\"%.7f\"/>\n", id(r, c), 21+float64(r)*step, 105.8+float64(c)*step)
		}
	}
	fmt.Fprintf(&b, "<node id=\"1\" version=\"1\" lat=\"%.7f\" lon=\"105.8004\"/>\n<node id=\"2\" version=\"1\" lat=\"%.7f\" lon=\"105.8010\"/>\n", 21-0.00027, 21-0.00027)
	way := 1
	for r := 0; r < n; r++ {
		for c := 0; c+1 < n; c++ {
			fmt.Fprintf(&b, "<way id=\"%d\" version=\"1\"><nd ref=\"%d\"/><nd ref=\"%d\"/><tag k=\"highway\" v=\"residential\"/><tag k=\"name\" v=\"Ngang %d\"/></way>\n", way, id(r, c), id(r, c+1), r)
			way++
			fmt.Fprintf(&b, "<way id=\"%d\" version=\"1\"><nd ref=\"%d\"/><nd ref=\"%d\"/><tag k=\"highway\" v=\"residential\"/><tag k=\"name\" v=\"Doc %d\"/></way>\n", way, id(c, r), id(c+1, r), r)
			way++
		}
	}
	fmt.Fprintf(&b, "<way id=\"%d\" version=\"1\"><nd ref=\"1\"/><nd ref=\"2\"/><tag k=\"highway\" v=\"service\"/><tag k=\"name\" v=\"Đảo\"/></way>\n</osm>\n", way)
	return b.String()
}

func islandIndex(t *testing.T, n int) *snap.Index {
	path := filepath.Join(t.TempDir(), "island.osm")
	if err := os.WriteFile(path, []byte(islandOSM(n)), 0o644); err != nil {
		t.Fatal(err)
	}
	return indexOf(t, path)
}

// TestNearestSkipsIslands: a point 3 m from an island road and 27 m from
// a grid of 64 junctions snaps to the grid; on a grid too small to reach
// MinReach junctions anywhere, the nearest road is kept.
func TestNearestSkipsIslands(t *testing.T) {
	car, _ := costing.Get("car")
	p := geo.LatLng{Lat: 21 - 0.00024, Lng: 105.8007} // 3 m north of the island, 27 m south of Ngang 0
	for _, tc := range []struct {
		n    int
		want string
	}{{8, "Ngang 0"}, {3, "Đảo"}} {
		ix := islandIndex(t, tc.n)
		for i := 0; i < 2; i++ { // the second answer comes from the memo
			got, err := ix.Nearest(context.Background(), p, car)
			if err != nil {
				t.Fatal(err)
			}
			if got.Name != tc.want {
				t.Errorf("grid %d×%d, try %d: snapped to %q (%.1f m), want %q", tc.n, tc.n, i, got.Name, got.DistanceM, tc.want)
			}
		}
	}
}

// TestNearestReachesBothWays: a point 3 m from a 40 m stub off an 8×8
// grid and 20 m from the grid snaps to the stub when the stub is two-way,
// and to the grid when the stub is one-way into its dead end (no route
// leaves it) or one-way out of it (no route reaches it).
func TestNearestReachesBothWays(t *testing.T) {
	car, _ := costing.Get("car")
	const lng = 105.8 + 3*0.0009 // the grid's column 3
	p := geo.LatLng{Lat: 21 - 0.00018, Lng: lng + 3.0/104000}
	for _, tc := range []struct {
		nodes, oneway, want string
	}{
		{`<nd ref="1003"/><nd ref="1"/>`, "no", "Cụt"},
		{`<nd ref="1003"/><nd ref="1"/>`, "yes", "Ngang 0"},
		{`<nd ref="1"/><nd ref="1003"/>`, "yes", "Ngang 0"},
	} {
		grid := islandOSM(8)
		stub := fmt.Sprintf("<node id=\"1\" version=\"1\" lat=\"%.7f\" lon=\"%.7f\"/>\n"+
			"<way id=\"9999\" version=\"1\">%s<tag k=\"highway\" v=\"service\"/><tag k=\"oneway\" v=\"%s\"/><tag k=\"name\" v=\"Cụt\"/></way>\n</osm>\n",
			21-0.00036, lng, tc.nodes, tc.oneway)
		// the island's node 1 and way are replaced by the stub
		grid = strings.Replace(grid, `<node id="1" `, `<node id="5" `, 1)
		grid = strings.Replace(grid, `<nd ref="1"/><nd ref="2"/>`, `<nd ref="5"/><nd ref="2"/>`, 1)
		path := filepath.Join(t.TempDir(), "stub.osm")
		if err := os.WriteFile(path, []byte(strings.Replace(grid, "</osm>\n", stub, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := indexOf(t, path).Nearest(context.Background(), p, car)
		if err != nil {
			t.Fatal(err)
		}
		if got.Name == "Đảo" || (got.Name == "Cụt") != (tc.want == "Cụt") {
			t.Errorf("stub %s oneway=%s: snapped to %q (%.1f m), want %q", tc.nodes, tc.oneway, got.Name, got.DistanceM, tc.want)
		}
	}
}
