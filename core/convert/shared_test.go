package convert

import (
	"compress/gzip"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/bando-vn/bando/core/addr"
	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/tile"
	"github.com/bando-vn/bando/internal/fixture"
	"github.com/bando-vn/bando/internal/fixture/adminfix"
)

// world is everything the tests build once from ../shared/data/admin.
type world struct {
	units  *admin.Units
	gaz    *addr.Gazetteer
	lookup *admin.Lookup
	conv   *Converter
	dir    string
}

// load builds the world once per test process.
func load(tb testing.TB) *world {
	res, dir := adminfix.Build(tb)
	w, err := fixture.Once("convert.world", func() (*world, error) {
		u, err := admin.DecodeUnits(res.Tiles[admin.UnitsKey])
		if err != nil {
			return nil, err
		}
		st, err := tile.OpenMap(res.Tiles)
		if err != nil {
			return nil, err
		}
		w := &world{units: u, gaz: addr.NewGazetteer(u), lookup: admin.New(st), dir: dir}
		w.conv = New(u, w.gaz, w.lookup)
		return w, nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return w
}

// tableRow is one row of old_to_new_wards.csv.
type tableRow map[string]string

func readTable(tb testing.TB, dir string) []tableRow {
	f, err := os.Open(filepath.Join(dir, "old_to_new_wards.csv"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		tb.Fatal(err)
	}
	var out []tableRow
	for _, r := range recs[1:] {
		m := tableRow{}
		for i, h := range recs[0] {
			m[h] = r[i]
		}
		out = append(out, m)
	}
	return out
}

// wardPoints finds, for every new ward, a point the admin lookup places in it: vertices and a
// grid over its polygon's bounding box are tried in turn.
func wardPoints(tb testing.TB, w *world) map[string]Point {
	f, err := os.Open(filepath.Join(w.dir, "new_wards.geojson.gz"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		tb.Fatal(err)
	}
	var fc struct {
		Features []struct {
			Properties struct {
				Code string `json:"code"`
			} `json:"properties"`
			Geometry struct {
				Type        string          `json:"type"`
				Coordinates json.RawMessage `json:"coordinates"`
			} `json:"geometry"`
		} `json:"features"`
	}
	if err := json.NewDecoder(zr).Decode(&fc); err != nil {
		tb.Fatal(err)
	}
	ctx := context.Background()
	out := map[string]Point{}
	for _, ft := range fc.Features {
		code := ft.Properties.Code
		var polys [][][][]float64
		if ft.Geometry.Type == "Polygon" {
			var p [][][]float64
			err = json.Unmarshal(ft.Geometry.Coordinates, &p)
			polys = [][][][]float64{p}
		} else {
			err = json.Unmarshal(ft.Geometry.Coordinates, &polys)
		}
		if err != nil {
			tb.Fatalf("ward %s: %v", code, err)
		}
		minx, miny, maxx, maxy := 1e9, 1e9, -1e9, -1e9
		for _, poly := range polys {
			for _, p := range poly[0] {
				minx, miny, maxx, maxy = min(minx, p[0]), min(miny, p[1]), max(maxx, p[0]), max(maxy, p[1])
			}
		}
	grid:
		for n := 2; n <= 64; n *= 2 {
			for i := 1; i < n; i++ {
				for j := 1; j < n; j++ {
					lat, lng := miny+(maxy-miny)*float64(i)/float64(n), minx+(maxx-minx)*float64(j)/float64(n)
					r, err := w.lookup.Lookup(ctx, lat, lng)
					if err != nil {
						tb.Fatal(err)
					}
					if r.New.Ward.Code == code {
						out[code] = Point{lat, lng}
						break grid
					}
				}
			}
		}
	}
	return out
}
