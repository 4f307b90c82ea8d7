package adminbuild

import (
	"fmt"
	"sort"
	"strings"

	"github.com/bando-vn/bando/core/admin"
)

// buildUnits lists every unit of both structures with the correspondence.
func (m *model) buildUnits(in *gsoInput, links []link) *admin.Units {
	u := &admin.Units{}
	for _, p := range m.newProvinces {
		u.NewProvinces = append(u.NewProvinces, admin.UnitsNewProvince{Code: p.Code, Name: p.Name, Short: p.Short, Former: in.shorts[p.Code].Former})
	}
	from := make([][]admin.Link, len(m.newWards))
	to := make([][]admin.Link, len(m.oldWards))
	provTo := make([]map[string]bool, len(m.oldProvinces))
	for _, l := range links {
		if l.ow >= 0 {
			from[l.w] = append(from[l.w], admin.Link{Code: m.oldWards[l.ow].Code, Kind: l.kind})
			to[l.ow] = append(to[l.ow], admin.Link{Code: m.newWards[l.w].Code, Kind: l.kind})
		} else {
			from[l.w] = append(from[l.w], admin.Link{Code: m.oldDistricts[l.od].Code, Kind: l.kind})
		}
		if p := m.oldDistricts[l.od].Province; p >= 0 && m.newWards[l.w].Province >= 0 {
			if provTo[p] == nil {
				provTo[p] = map[string]bool{}
			}
			provTo[p][m.newProvinces[m.newWards[l.w].Province].Code] = true
		}
	}
	newAlt, oldAlt := m.altNames(in)
	for i, w := range m.newWards {
		u.NewWards = append(u.NewWards, admin.UnitsNewWard{Code: w.Code, Name: w.Name, Province: m.newProvinceCode(w), From: from[i], Alt: newAlt[w.Code]})
	}
	for i, p := range m.oldProvinces {
		u.OldProvinces = append(u.OldProvinces, admin.UnitsOldProvince{Code: p.Code, Name: p.Name, To: sortedKeys(provTo[i])})
	}
	for _, d := range m.oldDistricts {
		u.OldDistricts = append(u.OldDistricts, admin.UnitsOldDistrict{Code: d.Code, Name: d.Name, Province: m.oldProvinces[d.Province].Code})
	}
	for i, w := range m.oldWards {
		sort.SliceStable(to[i], func(a, b int) bool { return to[i][a].Code < to[i][b].Code })
		dc := ""
		if w.District >= 0 {
			dc = m.oldDistricts[w.District].Code
		}
		u.OldWards = append(u.OldWards, admin.UnitsOldWard{Code: w.Code, Name: w.Name, District: dc, To: to[i], Alt: oldAlt[w.Code]})
	}
	return u
}

// altNames collects, by code, the names the official table writes differently (beyond case,
// marks and spacing) from the unit lists: "Xã Sà Phìn" for "Xã Xà Phìn", "Xã Quý Quân" for
// "Xã Quí Quân". A name that is another unit's official name in the same district (old) or
// province (new) is a conflicting row, not a spelling, and is left out. Sorted, unique.
func (m *model) altNames(in *gsoInput) (newAlt, oldAlt map[string][]string) {
	type named struct{ name, scope string }
	newName, oldName := map[string]named{}, map[string]named{}
	taken := map[string]bool{} // scope|folded official name
	for _, w := range m.newWards {
		scope := "n" + m.newProvinceCode(w)
		newName[w.Code] = named{w.Name, scope}
		taken[scope+"|"+foldName(w.Name)] = true
	}
	for _, w := range m.oldWards {
		scope := fmt.Sprintf("o%d", w.District)
		oldName[w.Code] = named{w.Name, scope}
		taken[scope+"|"+foldName(w.Name)] = true
	}
	add := func(alt map[string][]string, names map[string]named, code, name string) {
		name = strings.TrimSpace(name)
		official, ok := names[code]
		if !ok || name == "" || foldName(name) == foldName(official.name) || taken[official.scope+"|"+foldName(name)] {
			return
		}
		for _, a := range alt[code] {
			if a == name {
				return
			}
		}
		alt[code] = append(alt[code], name)
		sort.Strings(alt[code])
	}
	newAlt, oldAlt = map[string][]string{}, map[string][]string{}
	for _, r := range in.rows {
		add(newAlt, newName, r.NewWard, r.NewWardName)
		add(oldAlt, oldName, r.OldWard, r.OldWardName)
	}
	return newAlt, oldAlt
}

// describeGSO writes the manifest description of each layer of a GSO build.
func (m *model) describeGSO(in *gsoInput) []Layer {
	withPoly := map[int]bool{}
	for _, p := range m.layers[admin.LayerNewWard] {
		withPoly[p.owner] = true
	}
	distPoly := map[int]bool{}
	for _, p := range m.layers[admin.LayerOldDistrict] {
		distPoly[p.owner] = true
	}
	derivedDist := len(m.oldDistricts) - len(distPoly)
	split := 0
	for _, s := range m.seeds {
		if len(s) > 1 {
			split++
		}
	}
	return []Layer{
		{Name: "new_wards", Count: len(withPoly), Exact: true, Source: SourceNew, License: LicenseNew,
			Method: "Ward polygons as published (simplified to ~2 m), clipped to a 0.25° grid; codes and official names from new_units.json."},
		{Name: "new_provinces", Count: len(m.newProvinces), Exact: true, Source: SourceNew, License: LicenseNew,
			Method: "A province is exactly the union of its wards: the province answered is the province of the ward containing the point (no separate outline, so the two layers always agree). Short codes from province_codes.csv."},
		{Name: "old_provinces", Count: len(m.oldProvinces), Exact: false, Source: SourceOld + "; " + SourceMapping, License: LicenseOld + "; " + LicenseMap,
			Method: "The province of the old district answered (districts nest in provinces). Quảng Ninh (22), which has no polygon, comes from the new wards of new Quảng Ninh (= old Quảng Ninh) through the old→new table."},
		{Name: "old_districts", Count: len(m.oldDistricts), Exact: false, Source: SourceOld + "; " + SourceMapping, License: LicenseOld + "; " + LicenseMap,
			Method: fmt.Sprintf("%d districts exact (dvhcvn polygons, the 11 dissolved before 1 March 2025 dropped); %d without polygon (Quảng Ninh's 13, TX Chũ 224, Q. Phú Xuân 475) derived from the new wards that the old→new table says hold their old wards, split between districts like old wards (see old_wards).", len(distPoly), derivedDist)},
		{Name: "old_wards", Count: len(m.oldWards), Exact: false, Source: SourceMapping + "; " + SourceOld, License: LicenseMap + "; " + LicenseOld,
			Method: fmt.Sprintf("Derived from evidence: no old-ward polygons exist. Each new ward is clipped by the old district polygons; where a district puts one old ward in it, that ward is known. Where it puts several, the points of the OSM input that name an old ward (ward boundary relations, addr:subdistrict / addr:ward / is_in tags, the wards' own offices, ward-named place=quarter|neighbourhood|suburb nodes) are Voronoi seeds and the answer is marked inferred; old wards without evidence leave their part of the area unknown (answers list the candidates). %d new wards are split.", split)},
		{Name: "units", Count: len(m.newProvinces) + len(m.newWards) + len(m.oldProvinces) + len(m.oldDistricts) + len(m.oldWards), Exact: true, Source: SourceNew + "; " + SourceOld + "; " + SourceMapping, License: LicenseNew + "; " + LicenseOld + "; " + LicenseMap,
			Method: "Codes and official names of every unit of both structures with the old↔new ward correspondence (whole / part / unchanged) from the GSO table."},
	}
}
