package snap_test

import (
	"context"
	"errors"
	"math"
	"os"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/snap"
	"github.com/bando-vn/bando/core/tile"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

func index(t *testing.T) *snap.Index { return indexOf(t, "../../../testdata/route/rules.osm") }

// indexOf builds the graph of one OSM file and its snapping index.
func indexOf(t *testing.T, path string) *snap.Index {
	tiles, _, err := graphfix.FromFile(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := tile.OpenMap(tiles)
	if err != nil {
		t.Fatal(err)
	}
	g, err := graph.Open(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	return snap.New(g)
}

func TestNearest(t *testing.T) {
	ix := index(t)
	car, _ := costing.Get("car")
	motor, _ := costing.Get("motor")
	ctx := context.Background()
	// 20 m north of the middle of the residential street e–h (west→east):
	// left of its direction, a quarter of the way... at 1.5 of 3 columns.
	p := geo.LatLng{Lat: 21.001 + 20.0/111320, Lng: 105.8015}
	got, err := ix.Nearest(ctx, p, car)
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "Phố Dưới" || got.Side != snap.SideLeft || math.Abs(got.DistanceM-20) > 0.5 || math.Abs(got.Fraction-0.5) > 0.01 {
		t.Errorf("car snap %+v", got)
	}
	// on the motorway: a car snaps to it, a motorbike to the street below
	m := geo.LatLng{Lat: 21.0, Lng: 105.8015}
	if got, _ := ix.Nearest(ctx, m, car); got.Name != "Cao tốc" || got.Side != snap.SideOn {
		t.Errorf("car on the motorway: %+v", got)
	}
	if got, _ := ix.Nearest(ctx, m, motor); got.Name == "Cao tốc" {
		t.Errorf("motorbike snapped to the motorway: %+v", got)
	}
	// 21.05 lies over 3 km north of the fixture's northmost road (21.019).
	for _, far := range []geo.LatLng{{Lat: 21.05, Lng: 105.8}, {Lat: math.NaN(), Lng: 105.8}} {
		if _, err := ix.Nearest(ctx, far, car); !errors.Is(err, snap.ErrNoRoad) {
			t.Errorf("%v: %v, want ErrNoRoad", far, err)
		}
	}
}

// TestWideEdgeAndNodes: an edge spanning more grid cells than the grid
// lists (a way across 40° of longitude near the pole) is still found; a
// point given at a node's coordinates is at that node (fraction exactly
// 0 or 1), whatever rounding its coordinates went through.
func TestWideEdgeAndNodes(t *testing.T) {
	osm := `<?xml version="1.0"?><osm version="0.6">
<node id="1" version="1" lat="-85" lon="-180"/><node id="2" version="1" lat="-85" lon="-160"/><node id="3" version="1" lat="-85" lon="-140"/>
<way id="1" version="1"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="primary"/></way></osm>`
	path := t.TempDir() + "/wide.osm"
	if err := os.WriteFile(path, []byte(osm), 0o644); err != nil {
		t.Fatal(err)
	}
	tiles, _, err := graphfix.FromFile(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := tile.OpenMap(tiles)
	if err != nil {
		t.Fatal(err)
	}
	g, err := graph.Open(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	ix := snap.New(g)
	car, _ := costing.Get("car")
	ctx := context.Background()
	got, err := ix.Nearest(ctx, geo.LatLng{Lat: -84.999, Lng: -160}, car)
	if err != nil || math.Abs(got.DistanceM-111.7) > 1 {
		t.Fatalf("near the middle node: %+v %v", got, err)
	}
	for _, c := range []struct {
		p    geo.LatLng
		frac float64
	}{{geo.LatLng{Lat: -85, Lng: -140.00000004}, 1}, {geo.LatLng{Lat: -85.00000004, Lng: -140}, 1},
		{geo.LatLng{Lat: -85, Lng: -180}, 0}, {geo.LatLng{Lat: -85.00000003, Lng: -179.99999996}, 0}} {
		got, err := ix.Nearest(ctx, c.p, car)
		if err != nil || got.Fraction != c.frac {
			t.Errorf("%v: %+v %v, want at a node", c.p, got, err)
		}
	}
}
