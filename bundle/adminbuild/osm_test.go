package adminbuild

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paulmach/osm"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/internal/fixture"
)

// A tiny OSM file: a province (its ring cut: one way missing) and two wards,
// each one closed way, named with their unit type, at admin_level 6 (post-2025
// tagging); level 9 neighbourhoods must be ignored.
const osmFixture = `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6">
 <node id="1" lat="10.00" lon="106.00"/><node id="2" lat="10.00" lon="106.10"/>
 <node id="3" lat="10.10" lon="106.10"/><node id="4" lat="10.10" lon="106.00"/>
 <node id="5" lat="10.00" lon="106.20"/><node id="6" lat="10.10" lon="106.20"/>
 <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="1"/></way>
 <way id="11"><nd ref="2"/><nd ref="5"/><nd ref="6"/></way>
 <way id="12"><nd ref="6"/><nd ref="3"/><nd ref="2"/></way>
 <relation id="100"><member type="way" ref="10" role="outer"/><member type="way" ref="99" role="outer"/>
  <member type="relation" ref="200" role="subarea"/>
  <tag k="boundary" v="administrative"/><tag k="admin_level" v="4"/><tag k="name" v="Thành phố Hồ Chí Minh"/></relation>
 <relation id="200"><member type="way" ref="10" role="outer"/>
  <tag k="boundary" v="administrative"/><tag k="admin_level" v="6"/><tag k="name" v="Phường Sài Gòn"/></relation>
 <relation id="201"><member type="way" ref="11" role="outer"/><member type="way" ref="12" role="outer"/>
  <tag k="boundary" v="administrative"/><tag k="admin_level" v="6"/><tag k="name" v="Phường Tân Định"/></relation>
 <relation id="300"><member type="way" ref="10" role="outer"/>
  <tag k="boundary" v="administrative"/><tag k="admin_level" v="9"/><tag k="name" v="Khu phố 10"/></relation>
</osm>`

func TestFromOSMFixture(t *testing.T) {
	res, err := FromOSM(context.Background(), strings.NewReader(osmFixture))
	if err != nil {
		t.Fatal(err)
	}
	l := lookupOf(t, res.Tiles)
	for _, tc := range []struct {
		lat, lng      float64
		ward, prov    string
		short, status string
	}{
		{10.05, 106.05, "Phường Sài Gòn", "Thành phố Hồ Chí Minh", "HCM", "found"},
		{10.05, 106.15, "Phường Tân Định", "", "", "found"},
		{10.50, 106.50, "", "", "", "not found"},
	} {
		r, err := l.Lookup(context.Background(), tc.lat, tc.lng)
		if err != nil {
			t.Fatal(err)
		}
		if r.New.Ward.Name != tc.ward || r.New.Province.Name != tc.prov || r.New.ProvinceShort != tc.short || r.Status.String() != tc.status {
			t.Errorf("(%v,%v): got %+v", tc.lat, tc.lng, r)
		}
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "relation 100") {
		t.Errorf("warnings: %v", res.Warnings)
	}
}

func TestFromOSMCollectorMatchesReader(t *testing.T) {
	c := NewOSMCollector()
	c.Add(&osm.Node{ID: 1, Lat: 10, Lon: 106})
	c.Add(&osm.Node{ID: 2, Lat: 10, Lon: 106.1})
	c.Add(&osm.Node{ID: 3, Lat: 10.1, Lon: 106.1})
	c.Add(&osm.Way{ID: 10, Nodes: osm.WayNodes{{ID: 1}, {ID: 2}, {ID: 3}, {ID: 1}}})
	c.Add(&osm.Relation{ID: 5, Members: osm.Members{{Type: osm.TypeWay, Ref: 10, Role: "outer"}},
		Tags: osm.Tags{{Key: "boundary", Value: "administrative"}, {Key: "admin_level", Value: "8"}, {Key: "name", Value: "Xã A"}}})
	res, err := c.Build(Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := lookupOf(t, res.Tiles).Lookup(context.Background(), 10.02, 106.08)
	if err != nil || r.New.Ward.Code != "r5" {
		t.Fatalf("%+v %v", r, err)
	}
	if _, err := NewOSMCollector().Build(Options{}); err != ErrNoData {
		t.Fatalf("empty: %v", err)
	}
}

// TestFromOSMHanoiExport: a real export whose admin relations are cut to the
// box (old structure, wards at admin_level 8). It must not fail or panic;
// wards whose rings close answer with their district when that closes too.
func TestFromOSMHanoiExport(t *testing.T) {
	dir := fixture.Shared(t, fixture.OSMDir)
	for _, name := range []string{"hanoi-dongda-badinh.osm", "hcmc-district1-3.osm", "hcmc-thuduc-campus-unsorted.osm"} {
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			res, err := FromOSM(context.Background(), f)
			if err == ErrNoData {
				t.Logf("%s: no admin units", name)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range res.Layers {
				t.Logf("%s: layer %s count %d: %s", name, l.Name, l.Count, l.Method)
			}
			t.Logf("%s: %d tiles, %d warnings", name, len(res.Tiles), len(res.Warnings))
			u, err := admin.DecodeUnits(res.Tiles[admin.UnitsKey])
			if err != nil {
				t.Fatal(err)
			}
			if name == "hanoi-dongda-badinh.osm" {
				if len(u.OldWards) != 8 || len(u.OldDistricts) != 2 || len(u.OldProvinces) != 1 {
					t.Fatalf("units: %d wards %d districts %d provinces", len(u.OldWards), len(u.OldDistricts), len(u.OldProvinces))
				}
				// Phường Quốc Tử Giám: all 5 member ways are in the export.
				r, err := lookupOf(t, res.Tiles).Lookup(context.Background(), 21.0276, 105.8355)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("Văn Miếu point: %+v", r)
			}
		})
	}
}
