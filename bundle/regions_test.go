package bundle

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/bando-vn/bando/bundle/adminbuild"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/search"
	"github.com/bando-vn/bando/core/tile"
)

// TestRegionalBuild builds the sample with --regional: every search key
// lies under a region's root, the national one holds the units, the
// bundle asks for readers of version 2, and the other layers are those of
// the ordinary build byte for byte.
func TestRegionalBuild(t *testing.T) {
	ctx := context.Background()
	in := Options{OSM: []string{"../testdata/sample.osm"}, Admin: "../testdata/admin", NoBasemap: true, NoGraph: true}
	one, reg := in, in
	one.Out, reg.Out, reg.Regional = filepath.Join(t.TempDir(), "one"), filepath.Join(t.TempDir(), "reg"), true
	for _, o := range []Options{one, reg} {
		if _, err := Build(ctx, o); err != nil {
			t.Fatal(err)
		}
	}
	a, b := readTree(t, one.Out), readTree(t, reg.Out)
	roots := map[string]int{}
	for k := range b {
		key, ok := strings.CutPrefix(k, "tiles/")
		if !ok {
			continue
		}
		if key, ok = strings.CutSuffix(key, ".mp"); ok && strings.HasPrefix(key, place.IndexPrefix) {
			r := key[len(place.IndexPrefix) : strings.IndexByte(key[len(place.IndexPrefix):], '/')+len(place.IndexPrefix)]
			if r != place.NationalRegion && (len(r) != 2 || !isDigit(r[0]) || !isDigit(r[1])) {
				t.Fatalf("search key %q outside a region's root", key)
			}
			roots[r]++
			continue
		}
		if string(a[k]) != string(b[k]) && k != "manifest.json" {
			t.Errorf("%s differs from the ordinary build's", k)
		}
	}
	if roots[place.NationalRegion] == 0 || len(roots) < 2 {
		t.Fatalf("regions %v: want the national one and at least one province", roots)
	}
	m, err := tile.ParseManifest(b["manifest.json"])
	if err != nil {
		t.Fatal(err)
	}
	if m.MinReaderVersion != place.ReaderVersion || m.FormatVersion != place.ReaderVersion || m.Layer("search").Version != place.RegionalLayerVersion {
		t.Errorf("format_version %d, min_reader_version %d, search layer %d", m.FormatVersion, m.MinReaderVersion, m.Layer("search").Version)
	}
	t.Logf("search tiles by region: %v", roots)

	// packed, the province's search and address tiles are in its archives
	pk := reg
	pk.Out, pk.Pack = filepath.Join(t.TempDir(), "pk"), true
	if _, err := Build(ctx, pk); err != nil {
		t.Fatal(err)
	}
	st, err := tile.Open(ctx, tile.DirSource(pk.Out), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	byRegion := map[string]int{}
	for _, a := range st.Manifest().Pack.Archives {
		byRegion[a.Region] += a.Tiles
	}
	for r := range roots {
		if r != place.NationalRegion && byRegion[r] < roots[r] {
			t.Errorf("region %s: %d tiles in its archives, %d search tiles of its own", r, byRegion[r], roots[r])
		}
	}

	// a device holding the national archives and one province's searches
	// the national index and that province's only
	var keep []string
	for _, a := range st.Manifest().Pack.Archives {
		if a.Region == "" || a.Region == "79" {
			keep = append(keep, a.Name)
		}
	}
	if err := st.Manifest().KeepArchives(keep); err != nil {
		t.Fatal(err)
	}
	src := search.FromStore(st)
	if got := search.Regions(src); !reflect.DeepEqual(got, []string{"sx/vn/", "sx/79/"}) {
		t.Fatalf("regions held: %v", got)
	}
	if _, _, err := search.Search(ctx, src, search.Query{Text: "pho", Size: 10}); err != nil {
		t.Fatalf("search on the held regions: %v", err)
	}
}

// TestTileRegion checks the region each layer's keys are filed under.
func TestTileRegion(t *testing.T) {
	units := []adminbuild.UnitPoint{{Level: adminbuild.LevelNewWard, Code: "00004", Parent: "01"}, {Level: adminbuild.LevelNewWard, Code: "26734", Parent: "79"},
		{Level: adminbuild.LevelOldWard, Code: "00005", Parent: "001"}}
	region := TileRegion(units)
	for key, want := range map[string]string{
		"sx/01/ha": "01", "sx/79/pho-w/0123": "79", "sx/vn/ha": "", "sx/ha": "", "sx/0.1": "", "sx/01": "",
		"ax/00004": "01", "ax/26734/4/1": "79", "ax/00005": "", "pid/3f": "", "place/210/1058": "", "admin/units": "",
	} {
		if got := region(key); got != want {
			t.Errorf("%s: region %q, want %q", key, got, want)
		}
	}
}

// TestPlaceRegions: units and big localities are national, the rest go
// by their new ward's province, national when it has none.
func TestPlaceRegions(t *testing.T) {
	units := []adminbuild.UnitPoint{{Level: adminbuild.LevelNewWard, Code: "00004", Parent: "01"}}
	ps := []place.Place{
		{ID: "anw00004", Layer: "locality", Rank: 38, Admin: []string{"00004", "", ""}},
		{ID: "n1", Layer: "venue", Rank: 40, Admin: []string{"00004", "", ""}},
		{ID: "n2", Layer: "locality", Rank: 35, Admin: []string{"00004", "", ""}},
		{ID: "n3", Layer: "locality", Rank: 18, Admin: []string{"00004", "", ""}},
		{ID: "n4", Layer: "street", Rank: 10},
		{ID: "n5", Layer: "address", Rank: 6, Admin: []string{"99999", "", ""}},
	}
	got := strings.Join(placeRegions(ps, units), ",")
	if want := "vn,01,vn,01,vn,vn"; got != want {
		t.Errorf("regions %s, want %s", got, want)
	}
}
