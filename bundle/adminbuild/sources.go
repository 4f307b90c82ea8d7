package adminbuild

import (
	"compress/gzip"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Source file names inside the admin data directory (DATA.md §admin/).
const (
	fileNewWards      = "new_wards.geojson.gz"
	fileNewUnits      = "new_units.json"
	fileOldUnits      = "old_units.json"
	fileOldProvinces  = "old_provinces.geojson.gz"
	fileOldDistricts  = "old_districts.geojson.gz"
	fileOldToNewWards = "old_to_new_wards.csv"
	fileOldToNewJSON  = "old_to_new.json"
	fileProvinceCodes = "province_codes.csv"
)

// openMaybeGzip opens path, decompressing when it ends in .gz.
func openMaybeGzip(path string) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if !strings.HasSuffix(path, ".gz") {
		return f, nil
	}
	z, err := gzip.NewReader(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return struct {
		io.Reader
		io.Closer
	}{z, f}, nil
}

// OpenData opens a file of the admin data directory, gunzipping a ".gz" one.
func OpenData(path string) (io.ReadCloser, error) { return openMaybeGzip(path) }

func readJSON(path string, v any) error {
	r, err := openMaybeGzip(path)
	if err != nil {
		return err
	}
	defer r.Close()
	if err := json.NewDecoder(r).Decode(v); err != nil {
		return fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	return nil
}

// geoFeature is a GeoJSON feature reduced to string properties and polygons.
type geoFeature struct {
	Props map[string]string
	Polys []polygon
}

type rawFeature struct {
	Properties map[string]any `json:"properties"`
	Geometry   *struct {
		Type        string          `json:"type"`
		Coordinates json.RawMessage `json:"coordinates"`
	} `json:"geometry"`
}

// readGeoJSON reads the Polygon/MultiPolygon features of a FeatureCollection.
func readGeoJSON(path string) ([]geoFeature, error) {
	var fc struct {
		Features []rawFeature `json:"features"`
	}
	if err := readJSON(path, &fc); err != nil {
		return nil, err
	}
	out := make([]geoFeature, 0, len(fc.Features))
	for i, f := range fc.Features {
		g := geoFeature{Props: map[string]string{}}
		for k, v := range f.Properties {
			if v != nil {
				g.Props[k] = fmt.Sprint(v)
			}
		}
		polys, err := parseGeometry(f)
		if err != nil {
			return nil, fmt.Errorf("%s: feature %d: %w", filepath.Base(path), i, err)
		}
		g.Polys = polys
		out = append(out, g)
	}
	return out, nil
}

func parseGeometry(f rawFeature) ([]polygon, error) {
	if f.Geometry == nil {
		return nil, nil
	}
	var rings [][][][2]float64
	switch f.Geometry.Type {
	case "Polygon":
		var p [][][2]float64
		if err := json.Unmarshal(f.Geometry.Coordinates, &p); err != nil {
			return nil, err
		}
		rings = [][][][2]float64{p}
	case "MultiPolygon":
		if err := json.Unmarshal(f.Geometry.Coordinates, &rings); err != nil {
			return nil, err
		}
	default:
		return nil, nil
	}
	var out []polygon
	for _, p := range rings {
		var poly polygon
		for _, r := range p {
			if rr := makeRing(r); rr != nil {
				poly = append(poly, rr)
			}
		}
		if len(poly) > 0 {
			out = append(out, poly)
		}
	}
	return out, nil
}

// newUnitsFile is new_units.json: the 34 provinces and their wards.
type newUnitsFile []struct {
	Code     string `json:"Code"`
	FullName string `json:"FullName"`
	Wards    []struct {
		Code         string `json:"Code"`
		FullName     string `json:"FullName"`
		ProvinceCode string `json:"ProvinceCode"`
	} `json:"Wards"`
}

// oldUnitsFile is old_units.json (dvhcvn, state of 1 March 2025).
type oldUnitsFile struct {
	Data []struct {
		ID      string `json:"level1_id"`
		Name    string `json:"name"`
		Level2s []struct {
			ID      string `json:"level2_id"`
			Name    string `json:"name"`
			Level3s []struct {
				ID   string `json:"level3_id"`
				Name string `json:"name"`
			} `json:"level3s"`
		} `json:"level2s"`
	} `json:"data"`
}

// oldToNewFile is old_to_new.json (dvhcvn/20250701): used only for old
// wards that the GSO table omits.
type oldToNewFile struct {
	Data []struct {
		Level3s []struct {
			ID     string `json:"level3_id"`
			Splits []struct {
				NewID string `json:"new_id"`
			} `json:"splits"`
		} `json:"level3s"`
	} `json:"data"`
}

// mappingRow is one row of old_to_new_wards.csv.
type mappingRow struct {
	NewProvince, NewWard, NewWardName string
	OldWard, OldWardName              string
	OldDistrict, OldProvince          string
	Note                              string
}

func readCSV(path string) ([]map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("%s: empty", filepath.Base(path))
	}
	var out []map[string]string
	for _, rec := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			if i < len(rec) {
				m[strings.TrimSpace(h)] = strings.TrimSpace(rec[i])
			}
		}
		out = append(out, m)
	}
	return out, nil
}

func readMapping(path string) ([]mappingRow, error) {
	recs, err := readCSV(path)
	if err != nil {
		return nil, err
	}
	out := make([]mappingRow, 0, len(recs))
	for _, m := range recs {
		out = append(out, mappingRow{
			NewProvince: m["new_province_code"], NewWard: m["new_ward_code"], NewWardName: m["new_ward_name"],
			OldWard: m["old_ward_code"], OldWardName: m["old_ward_name"], OldDistrict: m["old_district_code"], OldProvince: m["old_province_code"],
			Note: m["note"],
		})
	}
	return out, nil
}

// provinceCode is one row of province_codes.csv.
type provinceCode struct {
	Short, GSO, Name string
	Former           []string
}

func readProvinceCodes(path string) ([]provinceCode, error) {
	recs, err := readCSV(path)
	if err != nil {
		return nil, err
	}
	var out []provinceCode
	for _, m := range recs {
		p := provinceCode{Short: m["code"], GSO: m["gso_code"], Name: m["name"]}
		if f := m["former_gso_codes"]; f != "" {
			p.Former = strings.Split(f, ";")
		}
		out = append(out, p)
	}
	return out, nil
}
