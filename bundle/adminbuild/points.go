package adminbuild

import (
	"math"

	"github.com/bando-vn/bando/core/admin"
)

// Unit levels of UnitPoint.Level.
const (
	LevelNewProvince = "new_province"
	LevelNewWard     = "new_ward"
	LevelOldProvince = "old_province"
	LevelOldDistrict = "old_district"
	LevelOldWard     = "old_ward"
)

// UnitPoint is an administrative unit of either structure with a
// representative point inside it, for the search layer: every unit of the
// data, whether or not it has a polygon of its own.
type UnitPoint struct {
	Level string // one of the Level* constants
	Code  string // GSO code
	Name  string // official full name with the unit word ("Phường Hàng Bạc")
	// Lat, Lng in 1e-7 degrees: for a unit with a polygon, the interior grid
	// point nearest its centroid; for an old ward, the seed nearest the
	// centre of its seeds; for a province or a district without polygon, the
	// point of its child unit nearest the centre of its children's points.
	Lat, Lng int32
	// Parent is the code of the enclosing unit of the same structure
	// (province of a new ward; district of an old ward; province of an old
	// district), "" for provinces.
	Parent string
	// NewWard is, for an old ward, the new ward holding its point.
	NewWard string
}

// unitPoints computes the points of every unit of a GSO model.
func (m *model) unitPoints() []UnitPoint {
	wardPolys := m.polysByOwner(admin.LayerNewWard, len(m.newWards))
	distPolys := m.polysByOwner(admin.LayerOldDistrict, len(m.oldDistricts))
	wardPt := make([]sample, len(m.newWards))
	parallel(len(m.newWards), func(w int) { wardPt[w] = interiorPoint(wardPolys[w]) })
	oldWardPt, oldWardNew := m.oldWardPoints()
	distPt := make([]sample, len(m.oldDistricts))
	parallel(len(m.oldDistricts), func(d int) { distPt[d] = interiorPoint(distPolys[d]) })
	distKids := make([][]sample, len(m.oldDistricts))
	for ow, w := range m.oldWards {
		if w.District >= 0 && oldWardNew[ow] >= 0 {
			distKids[w.District] = append(distKids[w.District], oldWardPt[ow])
		}
	}
	for d := range m.oldDistricts {
		if len(distPolys[d]) == 0 {
			distPt[d] = central(distKids[d])
		}
	}
	var out []UnitPoint
	add := func(level, code, name, parent, nw string, s sample) {
		if s == (sample{}) {
			return // nothing known of where it is
		}
		out = append(out, UnitPoint{Level: level, Code: code, Name: name, Lat: s.y, Lng: s.x, Parent: parent, NewWard: nw})
	}
	provKids := make([][]sample, len(m.newProvinces))
	for w, nw := range m.newWards {
		if nw.Province >= 0 && wardPt[w] != (sample{}) {
			provKids[nw.Province] = append(provKids[nw.Province], wardPt[w])
		}
	}
	for p, np := range m.newProvinces {
		add(LevelNewProvince, np.Code, np.Name, "", "", central(provKids[p]))
	}
	for w, nw := range m.newWards {
		add(LevelNewWard, nw.Code, nw.Name, m.newProvinceCode(nw), "", wardPt[w])
	}
	oldProvKids := make([][]sample, len(m.oldProvinces))
	for d, od := range m.oldDistricts {
		if od.Province >= 0 && distPt[d] != (sample{}) {
			oldProvKids[od.Province] = append(oldProvKids[od.Province], distPt[d])
		}
	}
	for p, op := range m.oldProvinces {
		add(LevelOldProvince, op.Code, op.Name, "", "", central(oldProvKids[p]))
	}
	for d, od := range m.oldDistricts {
		parent := ""
		if od.Province >= 0 {
			parent = m.oldProvinces[od.Province].Code
		}
		add(LevelOldDistrict, od.Code, od.Name, parent, "", distPt[d])
	}
	for ow, w := range m.oldWards {
		parent, nw := "", ""
		if w.District >= 0 {
			parent = m.oldDistricts[w.District].Code
		}
		if oldWardNew[ow] >= 0 {
			nw = m.newWards[oldWardNew[ow]].Code
		}
		add(LevelOldWard, w.Code, w.Name, parent, nw, oldWardPt[ow])
	}
	return out
}

// oldWardPoints: for each old ward the seed nearest the centre of its
// seeds, and the new ward of that seed (-1 when it has none).
func (m *model) oldWardPoints() ([]sample, []int) {
	// the k-means partition's sites (before evidence): every old ward has
	// one, so every unit has a point to be found by name, the same with or
	// without evidence in the input
	seeds, wardOf := m.seedsByOldWard(m.guess)
	pts := make([]sample, len(m.oldWards))
	nw := make([]int, len(m.oldWards))
	for ow := range m.oldWards {
		nw[ow] = -1
		if i := nearestTo(seeds[ow], mean(seeds[ow], nil)); i >= 0 {
			pts[ow], nw[ow] = seeds[ow][i], wardOf[ow][i]
		}
	}
	return pts, nw
}

// seedsByOldWard lists the seeds' points per old ward, with their new wards.
func (m *model) seedsByOldWard(all [][]admin.Seed) ([][]sample, [][]int) {
	seeds := make([][]sample, len(m.oldWards))
	wardOf := make([][]int, len(m.oldWards))
	for w, list := range all {
		for _, s := range list {
			if s.OldWard >= 0 && s.OldWard < len(m.oldWards) {
				seeds[s.OldWard] = append(seeds[s.OldWard], sample{s.X, s.Y})
				wardOf[s.OldWard] = append(wardOf[s.OldWard], w)
			}
		}
	}
	return seeds, wardOf
}

// interiorPoint is the interior grid point nearest the centroid of the
// polygons (zero sample when they have no interior).
func interiorPoint(polys []polygon) sample {
	s := sampleInterior(polys, 200)
	if i := nearestTo(s, mean(s, polys)); i >= 0 {
		return s[i]
	}
	return sample{}
}

// central is the point of pts nearest their centre (zero sample if none).
func central(pts []sample) sample {
	if i := nearestTo(pts, mean(pts, nil)); i >= 0 {
		return pts[i]
	}
	return sample{}
}

func nearestTo(pts []sample, c sample) int {
	best, bi := math.Inf(1), -1
	for i, p := range pts {
		if d := dist2(p, c); d < best {
			best, bi = d, i
		}
	}
	return bi
}
