package main

// Reverse geocoding cases (--kind reverse): points in Hà Nội and TP.HCM whose expected new
// ward and old district come straight from the polygons of the admin data directory
// (new_wards.geojson.gz, old_districts.geojson.gz; read here independently of the bundle's
// admin layer), with each point's distance to the nearest border of its ward and of its
// district. Points are drawn three ways (the variant): at a place of the bundle moved up to
// 30 m, uniformly over the city, and within 300 m of a ward border. A point in no polygon,
// or in two (overlapping outlines), is not used.

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"strconv"

	"github.com/bando-vn/bando/bundle/adminbuild"
	"github.com/bando-vn/bando/bundle/eval"
)

// cityBoxes are the extracts' extents (docs DATA.md): [minLng, minLat, maxLng, maxLat].
var cityBoxes = map[string][4]float64{"hn": {105.28, 20.56, 106.02, 21.39}, "hcm": {106.35, 10.37, 107.03, 11.16}}

// cityProvinces are the new provinces of the two cities.
var cityProvinces = map[string]bool{"01": true, "79": true}

// unitPoly is one unit's outline: rings of [lng, lat], outer and inner alike (even-odd).
type unitPoly struct {
	code, name string
	rings      [][][2]float64
	box        [4]float64
}

func (u *unitPoly) contains(lng, lat float64) bool {
	if lng < u.box[0] || lng > u.box[2] || lat < u.box[1] || lat > u.box[3] {
		return false
	}
	in := false
	for _, r := range u.rings {
		for i, j := 0, len(r)-1; i < len(r); j, i = i, i+1 {
			a, b := r[i], r[j]
			if (a[1] > lat) != (b[1] > lat) && lng < (b[0]-a[0])*(lat-a[1])/(b[1]-a[1])+a[0] {
				in = !in
			}
		}
	}
	return in
}

// borderM is the distance in metres from the point to the nearest edge of the outline.
func (u *unitPoly) borderM(lng, lat float64) float64 {
	kx := math.Cos(lat*math.Pi/180) * 111195
	ky := 111195.0
	best := math.Inf(1)
	for _, r := range u.rings {
		for i, j := 0, len(r)-1; i < len(r); j, i = i, i+1 {
			ax, ay := (r[j][0]-lng)*kx, (r[j][1]-lat)*ky
			bx, by := (r[i][0]-lng)*kx, (r[i][1]-lat)*ky
			vx, vy := bx-ax, by-ay
			t := 0.0
			if l := vx*vx + vy*vy; l > 0 {
				t = math.Max(0, math.Min(1, -(ax*vx+ay*vy)/l))
			}
			best = math.Min(best, math.Hypot(ax+t*vx, ay+t*vy))
		}
	}
	return best
}

// geoJSON is the part of a GeoJSON feature collection read here.
type geoJSON struct {
	Features []struct {
		Properties map[string]any `json:"properties"`
		Geometry   struct {
			Type        string          `json:"type"`
			Coordinates json.RawMessage `json:"coordinates"`
		} `json:"geometry"`
	} `json:"features"`
}

// loadUnitPolys reads the units of a (gzipped) GeoJSON file that touch one of the boxes and
// that keep accepts; code and name are read from the properties named.
func loadUnitPolys(path, codeKey, nameKey string, keep func(map[string]any) bool) ([]*unitPoly, error) {
	r, err := adminbuild.OpenData(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var fc geoJSON
	if err := json.NewDecoder(r).Decode(&fc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []*unitPoly
	for _, ft := range fc.Features {
		if keep != nil && !keep(ft.Properties) {
			continue
		}
		var polys [][][][2]float64
		switch ft.Geometry.Type {
		case "Polygon":
			var p [][][2]float64
			if err := json.Unmarshal(ft.Geometry.Coordinates, &p); err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
			polys = [][][][2]float64{p}
		case "MultiPolygon":
			if err := json.Unmarshal(ft.Geometry.Coordinates, &polys); err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
		default:
			continue
		}
		u := &unitPoly{code: fmt.Sprint(ft.Properties[codeKey]), name: fmt.Sprint(ft.Properties[nameKey]),
			box: [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}}
		for _, p := range polys {
			for _, ring := range p {
				u.rings = append(u.rings, ring)
				for _, pt := range ring {
					u.box = [4]float64{math.Min(u.box[0], pt[0]), math.Min(u.box[1], pt[1]), math.Max(u.box[2], pt[0]), math.Max(u.box[3], pt[1])}
				}
			}
		}
		for _, b := range cityBoxes {
			if u.box[0] <= b[2] && u.box[2] >= b[0] && u.box[1] <= b[3] && u.box[3] >= b[1] {
				out = append(out, u)
				break
			}
		}
	}
	return out, nil
}

type revGen struct {
	*gen
	wards, districts []*unitPoly
}

func newRevGen(g *gen, adminDir string) (*revGen, error) {
	wards, err := loadUnitPolys(filepath.Join(adminDir, "new_wards.geojson.gz"), "code", "fullName", func(p map[string]any) bool {
		return cityProvinces[fmt.Sprint(p["provinceCode"])]
	})
	if err != nil {
		return nil, err
	}
	districts, err := loadUnitPolys(filepath.Join(adminDir, "old_districts.geojson.gz"), "level2_id", "name", nil)
	if err != nil {
		return nil, err
	}
	return &revGen{gen: g, wards: wards, districts: districts}, nil
}

// only returns the one unit containing the point; ok=false for none or several.
func only(us []*unitPoly, lng, lat float64) (*unitPoly, bool) {
	var found *unitPoly
	for _, u := range us {
		if u.contains(lng, lat) {
			if found != nil {
				return nil, false
			}
			found = u
		}
	}
	return found, found != nil
}

// reverseVariants are the ways points are drawn, with their shares.
var reverseVariants = []struct {
	name  string
	share float64
}{{"place", 0.5}, {"random", 0.3}, {"border", 0.2}}

// cases draws n reverse cases, alternating the two cities.
func (r *revGen) cases(n int) []eval.Case {
	var out []eval.Case
	for _, v := range reverseVariants {
		want := int(float64(n)*v.share + 0.5)
		for got, tries := 0, 0; got < want && tries < 1000*want; tries++ {
			city := []string{"hn", "hcm"}[got%2]
			lng, lat, ok := r.point(v.name, city)
			if !ok {
				continue
			}
			c, ok := r.reverseCase(v.name, city, len(out), lng, lat)
			if !ok {
				continue
			}
			out = append(out, c)
			got++
		}
	}
	return out
}

// point draws a point of the variant in the city.
func (r *revGen) point(variant, city string) (lng, lat float64, ok bool) {
	b := cityBoxes[city]
	switch variant {
	case "place":
		p := &r.places[r.rng.Intn(len(r.places))]
		if hasCat(p, "admin") || p.LngF() < b[0] || p.LngF() > b[2] || p.LatF() < b[1] || p.LatF() > b[3] {
			return 0, 0, false
		}
		lng, lat = r.offset(p.LngF(), p.LatF(), 30)
	case "random":
		lng, lat = b[0]+r.rng.Float64()*(b[2]-b[0]), b[1]+r.rng.Float64()*(b[3]-b[1])
	default:
		w := r.wards[r.rng.Intn(len(r.wards))]
		ring := w.rings[r.rng.Intn(len(w.rings))]
		v := ring[r.rng.Intn(len(ring))]
		if v[0] < b[0] || v[0] > b[2] || v[1] < b[1] || v[1] > b[3] {
			return 0, 0, false
		}
		lng, lat = r.offset(v[0], v[1], 300)
	}
	return lng, lat, true
}

// offset moves a point up to maxM metres in a random direction.
func (r *revGen) offset(lng, lat, maxM float64) (float64, float64) {
	d, th := maxM*math.Sqrt(r.rng.Float64()), 2*math.Pi*r.rng.Float64()
	return lng + d*math.Sin(th)/(111195*math.Cos(lat*math.Pi/180)), lat + d*math.Cos(th)/111195
}

func (r *revGen) reverseCase(variant, city string, i int, lng, lat float64) (eval.Case, bool) {
	lng, lat = round6(lng), round6(lat)
	w, ok := only(r.wards, lng, lat)
	if !ok {
		return eval.Case{}, false
	}
	d, ok := only(r.districts, lng, lat)
	if !ok {
		return eval.Case{}, false
	}
	c := eval.Case{ID: fmt.Sprintf("%s-rv%d-%s", city, i, variant), Kind: "reverse", Variant: variant,
		Query:  map[string]any{"point.lat": lat, "point.lon": lng},
		Expect: eval.Expect{Name: w.name, Lat: lat, Lon: lng, NewWard: w.code, OldDistrict: d.code},
		Extra: map[string]string{"ward_border_m": strconv.Itoa(int(w.borderM(lng, lat))),
			"district_border_m": strconv.Itoa(int(d.borderM(lng, lat)))}}
	return c, true
}
