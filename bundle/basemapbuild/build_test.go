package basemapbuild

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"slices"
	"sort"
	"testing"

	"github.com/bando-vn/bando/core/basemap"
	"github.com/bando-vn/bando/core/tile"
	"github.com/bando-vn/bando/internal/fixture"
	"github.com/paulmach/orb"
	"github.com/paulmach/orb/encoding/mvt"
	"github.com/paulmach/orb/maptile"
	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmpbf"
)

func buildFile(t *testing.T, path string, o Options) (map[string][]byte, *Index) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("real data missing: %v", err)
	}
	defer f.Close()
	c := NewCollector()
	sc := osmpbf.New(context.Background(), f, 1)
	for sc.Scan() {
		c.Add(sc.Object())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	out, idx, err := c.Build(o)
	if err != nil {
		t.Fatal(err)
	}
	return out, idx
}

func layerNames(t *testing.T, out map[string][]byte, z int, p orb.Point) map[string]int {
	t.Helper()
	st, err := tile.Open(context.Background(), tile.MapBundle(out), 0)
	if err != nil {
		t.Fatal(err)
	}
	tl := maptile.At(p, maptile.Zoom(z))
	b, err := basemap.Tile(context.Background(), st, z, int(tl.X), int(tl.Y))
	if err != nil {
		t.Fatal(err)
	}
	ls, err := mvt.Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	n := map[string]int{}
	for _, l := range ls {
		n[l.Name] = len(l.Features)
	}
	return n
}

// Hoàn Kiếm (roads and places only in this extract) at z14 and z9.
func TestBuildHoanKiem(t *testing.T) {
	out, idx := buildFile(t, fixture.Shared(t, fixture.HoanKiemPBF), Options{ArchiveBytes: 64 << 10})
	lake := orb.Point{105.8524, 21.0287}
	got := layerNames(t, out, 14, lake)
	if got["roads"] < 100 || got["places"] == 0 {
		t.Errorf("z14: %v", got)
	}
	if got := layerNames(t, out, 9, lake); got["roads"] >= layerNames(t, out, 14, lake)["roads"] {
		t.Errorf("z9 keeps as many roads as z14: %v", got)
	}
	if len(idx.Archives) < 2 {
		t.Errorf("64 KiB archives: only %d archives", len(idx.Archives))
	}
	for _, a := range idx.Archives {
		if a.Bytes > 64<<10 && a.Z < basemap.MaxZoom && a.Tiles > 1 {
			// an archive over the limit holds only tiles at its root's zoom
			ar, _ := basemap.Decode(out[a.Key])
			for _, e := range ar.Entries() {
				if z, _, _ := basemap.SplitID(e.ID); int(z) != a.Z {
					t.Errorf("%s over the limit holds z%d", a.Key, z)
				}
			}
		}
	}
}

// Same input, same bytes; and every tile is found by the reader's rule
// (deepest listed ancestor) whatever the archive limit: compare a build
// packed into one archive with one packed into many.
func TestBuildDeterministicAndPacking(t *testing.T) {
	one, _ := buildFile(t, fixture.Shared(t, fixture.HoanKiemPBF), Options{ArchiveBytes: MaxArchiveBytes})
	many, _ := buildFile(t, fixture.Shared(t, fixture.HoanKiemPBF), Options{ArchiveBytes: 16 << 10})
	again, _ := buildFile(t, fixture.Shared(t, fixture.HoanKiemPBF), Options{ArchiveBytes: 16 << 10})
	for k, b := range many {
		if !bytes.Equal(b, again[k]) {
			t.Fatalf("%s differs between two builds", k)
		}
	}
	ctx := context.Background()
	st1, _ := tile.Open(ctx, tile.MapBundle(one), 0)
	stN, _ := tile.Open(ctx, tile.MapBundle(many), 0)
	a, err := basemap.Decode(one[basemap.ArchiveKey(0, 0, 0)])
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range a.Entries() {
		z, x, y := basemap.SplitID(e.ID)
		b1, _ := basemap.Tile(ctx, st1, int(z), int(x), int(y))
		bN, err := basemap.Tile(ctx, stN, int(z), int(x), int(y))
		if err != nil || !bytes.Equal(b1, bN) || len(b1) == 0 {
			t.Fatalf("%d/%d/%d: %d vs %d bytes (%v)", z, x, y, len(b1), len(bN), err)
		}
	}
	if len(a.Entries()) < 15 {
		t.Errorf("only %d tiles", len(a.Entries()))
	}
}

func TestJoinRings(t *testing.T) {
	a := orb.LineString{{0, 0}, {1, 0}, {1, 1}}
	b := orb.LineString{{0, 0}, {0, 1}, {1, 1}} // reversed direction
	rings := joinRings([]orb.LineString{a, b, {{5, 5}, {6, 6}}})
	if len(rings) != 1 || len(rings[0]) != 5 || rings[0][0] != rings[0][4] {
		t.Fatalf("rings %v", rings)
	}
	p := orient(orb.Polygon{rings[0]}).(orb.Polygon)
	if p[0].Orientation() != orb.CW {
		t.Error("outer ring not clockwise")
	}
}

// A building (closed way) and a lake made of two ways joined by a
// multipolygon relation, with a hole, come out as polygons at z14 and z16.
func TestAreas(t *testing.T) {
	c := NewCollector()
	n := func(id int64, lat, lon float64) { c.Add(&osm.Node{ID: osm.NodeID(id), Lat: lat, Lon: lon}) }
	pts := [][2]float64{{21.020, 105.840}, {21.020, 105.850}, {21.030, 105.850}, {21.030, 105.840}, // lake corners
		{21.024, 105.844}, {21.024, 105.846}, {21.026, 105.846}, {21.026, 105.844}, // hole
		{21.0401, 105.8401}, {21.0401, 105.8404}, {21.0404, 105.8404}} // building
	for i, p := range pts {
		n(int64(i+1), p[0], p[1])
	}
	wn := func(ids ...int64) osm.WayNodes {
		var w osm.WayNodes
		for _, id := range ids {
			w = append(w, osm.WayNode{ID: osm.NodeID(id)})
		}
		return w
	}
	c.Add(&osm.Way{ID: 1, Nodes: wn(1, 2, 3)})
	c.Add(&osm.Way{ID: 2, Nodes: wn(3, 4, 1)})
	c.Add(&osm.Way{ID: 3, Nodes: wn(5, 6, 7, 8, 5)})
	c.Add(&osm.Way{ID: 4, Nodes: wn(9, 10, 11, 9), Tags: osm.Tags{{Key: "building", Value: "yes"}}})
	c.Add(&osm.Relation{ID: 1, Tags: osm.Tags{{Key: "type", Value: "multipolygon"}, {Key: "natural", Value: "water"}},
		Members: osm.Members{{Type: osm.TypeWay, Ref: 1, Role: "outer"}, {Type: osm.TypeWay, Ref: 2, Role: "outer"}, {Type: osm.TypeWay, Ref: 3, Role: "inner"}}})
	out, _, err := c.Build(Options{MinZoom: 8, MaxZoom: 16})
	if err != nil {
		t.Fatal(err)
	}
	if got := layerNames(t, out, 12, orb.Point{105.841, 21.021}); got["water"] != 1 || got["buildings"] != 0 {
		t.Errorf("z12: %v", got)
	}
	if got := layerNames(t, out, 16, orb.Point{105.8402, 21.0402}); got["buildings"] != 1 {
		t.Errorf("z16 at the building: %v", got)
	}
	st, _ := tile.Open(context.Background(), tile.MapBundle(out), 0)
	tl := maptile.At(orb.Point{105.845, 21.025}, 12)
	b, _ := basemap.Tile(context.Background(), st, 12, int(tl.X), int(tl.Y))
	ls, _ := mvt.Unmarshal(b)
	for _, l := range ls {
		if l.Name == "water" {
			if p, ok := l.Features[0].Geometry.(orb.Polygon); !ok || len(p) != 2 {
				t.Errorf("lake: %T with hole? %v", l.Features[0].Geometry, l.Features[0].Geometry)
			}
		}
	}
}

// Named POIs (as their Maki icon) and house numbers are kept at the deepest
// zoom only; an unnamed shop, an unknown amenity and a place are not POIs.
func TestPOIsAndHouseNumbers(t *testing.T) {
	c := NewCollector()
	tags := func(kv ...string) osm.Tags {
		var ts osm.Tags
		for i := 0; i < len(kv); i += 2 {
			ts = append(ts, osm.Tag{Key: kv[i], Value: kv[i+1]})
		}
		return ts
	}
	c.Add(&osm.Node{ID: 1, Lat: 21.0287, Lon: 105.8524, Tags: tags("amenity", "cafe", "name", "Cộng", "addr:housenumber", "12")})
	c.Add(&osm.Node{ID: 2, Lat: 21.0288, Lon: 105.8525, Tags: tags("shop", "kiosk", "name", "Sạp")})
	c.Add(&osm.Node{ID: 3, Lat: 21.0289, Lon: 105.8526, Tags: tags("shop", "bakery")})
	c.Add(&osm.Node{ID: 4, Lat: 21.0290, Lon: 105.8527, Tags: tags("amenity", "bench", "name", "Ghế")})
	c.Add(&osm.Node{ID: 5, Lat: 21.0291, Lon: 105.8528, Tags: tags("addr:housenumber", "14A")})
	out, idx, err := c.Build(Options{MinZoom: 10, MaxZoom: 14})
	if err != nil {
		t.Fatal(err)
	}
	if got := layerNames(t, out, 13, orb.Point{105.8525, 21.0288}); got["pois"] != 0 || got["housenumbers"] != 0 {
		t.Errorf("z13: %v", got)
	}
	st, _ := tile.Open(context.Background(), tile.MapBundle(out), 0)
	tl := maptile.At(orb.Point{105.8525, 21.0288}, 14)
	b, _ := basemap.Tile(context.Background(), st, 14, int(tl.X), int(tl.Y))
	ls, _ := mvt.Unmarshal(b)
	got := map[string][]string{}
	for _, l := range ls {
		for _, f := range l.Features {
			got[l.Name] = append(got[l.Name], fmt.Sprint(f.Properties["class"], "/", f.Properties["name"], f.Properties["addr:housenumber"]))
		}
	}
	sort.Strings(got["pois"])
	sort.Strings(got["housenumbers"])
	if fmt.Sprint(got["pois"]) != "[cafe/Cộng<nil> shop/Sạp<nil>]" || fmt.Sprint(got["housenumbers"]) != "[<nil>/<nil>12 <nil>/<nil>14A]" {
		t.Errorf("z14: %v", got)
	}
	if !slices.Contains(idx.Layers, "pois") || !slices.Contains(idx.Layers, "housenumbers") {
		t.Errorf("index layers %v", idx.Layers)
	}
	for _, c := range []string{"cafe", "shop", "lodging", "hospital"} {
		if !slices.Contains(POIClasses(), c) {
			t.Errorf("POIClasses lacks %s", c)
		}
	}
}
