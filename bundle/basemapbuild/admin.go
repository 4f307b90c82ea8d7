package basemapbuild

import (
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"
)

// Region is a province of one structure with its bounding box, for
// "download this province" (FORMAT.md §4).
type Region struct {
	Structure string     `json:"structure"` // "old" (63 provinces) or "new" (34)
	Code      string     `json:"code"`
	Name      string     `json:"name"`
	BBox      [4]float64 `json:"bbox"` // west, south, east, north
}

// boundaryFile is one administrative layer file of the --admin directory.
type boundaryFile struct {
	file, structure, level string
	minz                   int
	code, name, province   string // property names ("" = the feature id)
}

var boundaryFiles = []boundaryFile{
	{"new_provinces.geojson", "new", "province", 5, "", "name", ""},
	{"old_provinces.geojson.gz", "old", "province", 5, "level1_id", "name", "level1_id"},
	{"old_districts.geojson.gz", "old", "district", 8, "level2_id", "name", "level1_id"},
	{"new_wards.geojson.gz", "new", "ward", 10, "code", "fullName", "provinceCode"},
}

// adminFeatures reads the boundaries of both structures from dir as lines
// (layer "boundaries") and the provinces of each structure as regions.
// Missing files are skipped: new provinces then come from their wards.
func adminFeatures(dir string) ([]*feature, []Region, error) {
	var feats []*feature
	regions := map[string]*Region{} // structure/code
	names := newProvinceNames(dir)
	for _, bf := range boundaryFiles {
		fc, err := readGeoJSON(filepath.Join(dir, bf.file))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", bf.file, err)
		}
		for _, f := range fc.Features {
			lines := outline(f.Geometry)
			if len(lines) == 0 {
				continue
			}
			code := prop(f, bf.code)
			name := prop(f, bf.name)
			if name == "" && bf.structure == "new" && bf.level == "province" {
				name = names[code]
			}
			feats = append(feats, &feature{layer: "boundaries", minz: bf.minz, geom: lines, bound: lines.Bound(), order: len(feats),
				props: map[string]any{"structure": bf.structure, "level": bf.level, "code": code, "name": name}})
			prov := prop(f, bf.province)
			if bf.level == "province" || (bf.structure == "new" && prov != "") {
				if bf.level != "province" {
					code, name = prov, names[prov]
				}
				growRegion(regions, bf.structure, code, name, lines.Bound())
			}
		}
	}
	return feats, sortedRegions(regions), nil
}

func growRegion(regions map[string]*Region, structure, code, name string, b orb.Bound) {
	k := structure + "/" + code
	r, ok := regions[k]
	if !ok {
		regions[k] = &Region{Structure: structure, Code: code, Name: name, BBox: [4]float64{b.Min[0], b.Min[1], b.Max[0], b.Max[1]}}
		return
	}
	r.BBox = [4]float64{min(r.BBox[0], b.Min[0]), min(r.BBox[1], b.Min[1]), max(r.BBox[2], b.Max[0]), max(r.BBox[3], b.Max[1])}
}

func sortedRegions(m map[string]*Region) []Region {
	out := make([]Region, 0, len(m))
	for _, r := range m {
		for i := range r.BBox {
			r.BBox[i] = roundDeg(r.BBox[i])
		}
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Structure != out[j].Structure {
			return out[i].Structure < out[j].Structure
		}
		return out[i].Code < out[j].Code
	})
	return out
}

func roundDeg(v float64) float64 { return float64(int64(v*1e6+0.5*sign(v))) / 1e6 }

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

func prop(f *geojson.Feature, key string) string {
	if key == "" {
		s, _ := f.ID.(string)
		return s
	}
	s, _ := f.Properties[key].(string)
	return s
}

// outline turns polygons into the lines of their rings.
func outline(g orb.Geometry) orb.MultiLineString {
	var out orb.MultiLineString
	eachPolygon(g, func(p orb.Polygon) {
		for _, r := range p {
			out = append(out, orb.LineString(r))
		}
	})
	return out
}

func readGeoJSON(path string) (*geojson.FeatureCollection, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		gz, err := gzip.NewReader(f)
		if err != nil {
			return nil, err
		}
		r = gz
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return geojson.UnmarshalFeatureCollection(b)
}

// newProvinceNames maps new province codes to names (new_units.json).
func newProvinceNames(dir string) map[string]string {
	out := map[string]string{}
	b, err := os.ReadFile(filepath.Join(dir, "new_units.json"))
	if err != nil {
		return out
	}
	var units []struct{ Type, Code, Name string }
	if json.Unmarshal(b, &units) == nil {
		for _, u := range units {
			if u.Type == "province" {
				out[u.Code] = u.Name
			}
		}
	}
	return out
}
