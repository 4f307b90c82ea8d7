package adminbuild

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bando-vn/bando/core/admin"
)

// Sources and licences written into the manifest.
const (
	SourceNew     = "thanglequoc/vietnamese-provinces-database @cd58063 (national mapping agency merger site)"
	LicenseNew    = "MIT"
	SourceOld     = "daohoangson/dvhcvn @4b1b6b5 (government GIS, state of 1 March 2025)"
	LicenseOld    = "GPL-3.0 (data)"
	SourceMapping = "GSO old→new ward table via sunshine-tech/VietnamProvinces @809e91b; dvhcvn/20250701 @dd94887 for the wards it omits"
	LicenseMap    = "GSO public table; dvhcvn/20250701 MIT"
	SourceOSM     = "OpenStreetMap boundary=administrative relations"
	LicenseOSM    = "ODbL 1.0, © OpenStreetMap contributors"
)

// ErrNoData: the input holds no administrative unit to build from.
var ErrNoData = errors.New("admin: no administrative data")

// Layer describes one layer for the bundle manifest.
type Layer struct {
	Name    string `json:"name"`    // "new_wards", "new_provinces", "old_provinces", "old_districts", "old_wards", "units"
	Count   int    `json:"count"`   // units in the layer
	Exact   bool   `json:"exact"`   // true: geometry is the source's; false: derived
	Method  string `json:"method"`  // how the layer is made, in one or two sentences
	Source  string `json:"source"`  // where the data comes from
	License string `json:"license"` // licence of that data
}

// Result is a finished build: the tiles (key → bytes) for the bundle writer
// and the manifest description of each layer.
type Result struct {
	Tiles    map[string][]byte
	Layers   []Layer
	Meta     admin.Meta
	Warnings []string // data inconsistencies met and how they were resolved
	// Units lists every unit of both structures with a point, for the
	// search layer (GSO builds only; nil for a build from OSM relations).
	Units []UnitPoint
}

// TileMap returns the tiles by key; every key starts with "admin/".
func (r *Result) TileMap() map[string][]byte { return r.Tiles }

// Options tunes a build; the zero value is the default.
type Options struct {
	CellSize int32 // grid cell size in 1e-7° units; 0 means DefaultCellSize (0.25°)
	// Evidence names the old ward at points (OSM ward boundaries, tagged
	// addresses, ward-named place nodes); without it no new ward absorbing
	// several old wards of one district names an old ward (evidence.go).
	Evidence []Evidence
}

// Build reads the admin data directory (DATA.md §admin/) and builds the
// admin tiles of both structures.
func Build(dir string) (*Result, error) { return BuildWith(dir, Options{}) }

// BuildWith is Build with options.
func BuildWith(dir string, opt Options) (*Result, error) {
	m, err := loadGSO(dir, opt.Evidence)
	if err != nil {
		return nil, err
	}
	return m.finish(opt)
}

func (m *model) finish(opt Options) (*Result, error) {
	size := opt.CellSize
	if size <= 0 {
		size = DefaultCellSize
	}
	tiles, meta, err := m.tiles(size)
	if err != nil {
		return nil, err
	}
	res := &Result{Tiles: tiles, Layers: m.layerInfo, Meta: meta, Warnings: m.warnings}
	if m.source == "gso" {
		res.Units = m.unitPoints()
	}
	return res, nil
}

// gsoInput is everything read from the data directory.
type gsoInput struct {
	shorts   map[string]provinceCode // by GSO code
	newUnits newUnitsFile
	wardGeo  []geoFeature
	oldUnits oldUnitsFile
	distGeo  []geoFeature
	rows     []mappingRow
	oldToNew oldToNewFile
}

func readGSO(dir string) (*gsoInput, error) {
	in := &gsoInput{shorts: map[string]provinceCode{}}
	codes, err := readProvinceCodes(filepath.Join(dir, fileProvinceCodes))
	if err != nil {
		return nil, err
	}
	for _, c := range codes {
		in.shorts[c.GSO] = c
	}
	steps := []func() error{
		func() error { return readJSON(filepath.Join(dir, fileNewUnits), &in.newUnits) },
		func() error { return readJSON(filepath.Join(dir, fileOldUnits), &in.oldUnits) },
		func() error { return readJSON(filepath.Join(dir, fileOldToNewJSON), &in.oldToNew) },
		func() (err error) { in.rows, err = readMapping(filepath.Join(dir, fileOldToNewWards)); return },
		func() (err error) { in.wardGeo, err = readGeoJSON(filepath.Join(dir, fileNewWards)); return },
		func() (err error) { in.distGeo, err = readGeoJSON(filepath.Join(dir, fileOldDistricts)); return },
	}
	for _, s := range steps {
		if err := s(); err != nil {
			return nil, fmt.Errorf("admin: %w", err)
		}
	}
	return in, nil
}

// loadGSO builds the model from the data directory.
func loadGSO(dir string, ev []Evidence) (*model, error) {
	in, err := readGSO(dir)
	if err != nil {
		return nil, err
	}
	m := &model{source: "gso"}
	m.addNewUnits(in)
	if len(m.newWards) == 0 {
		return nil, ErrNoData
	}
	m.addOldUnits(in)
	m.addNewWardPolygons(in)
	m.addOldDistrictPolygons(in)
	links := m.resolveMapping(in)
	m.computeSeeds(links, ev)
	m.units = m.buildUnits(in, links)
	m.layerInfo = m.describeGSO(in)
	return m, nil
}

func (m *model) addNewUnits(in *gsoInput) {
	for _, p := range in.newUnits {
		m.newProvinces = append(m.newProvinces, admin.NewProvince{Unit: admin.Unit{Code: p.Code, Name: p.FullName}, Short: in.shorts[p.Code].Short})
		if in.shorts[p.Code].Short == "" {
			m.warnf("new province %s %s has no short code", p.Code, p.FullName)
		}
	}
	sortByCode(m.newProvinces, func(p admin.NewProvince) string { return p.Code })
	pix := indexOf(m.newProvinces, func(p admin.NewProvince) string { return p.Code })
	for _, p := range in.newUnits {
		for _, w := range p.Wards {
			prov := w.ProvinceCode
			if prov == "" {
				prov = p.Code
			}
			m.newWards = append(m.newWards, admin.NewWard{Unit: admin.Unit{Code: w.Code, Name: w.FullName}, Province: pix.get(prov)})
		}
	}
	sortByCode(m.newWards, func(w admin.NewWard) string { return w.Code })
}

func (m *model) addOldUnits(in *gsoInput) {
	for _, p := range in.oldUnits.Data {
		m.oldProvinces = append(m.oldProvinces, admin.Unit{Code: p.ID, Name: p.Name})
	}
	sortByCode(m.oldProvinces, func(u admin.Unit) string { return u.Code })
	pix := indexOf(m.oldProvinces, func(u admin.Unit) string { return u.Code })
	for _, p := range in.oldUnits.Data {
		for _, d := range p.Level2s {
			m.oldDistricts = append(m.oldDistricts, admin.OldDistrict{Unit: admin.Unit{Code: d.ID, Name: d.Name}, Province: pix.get(p.ID)})
		}
	}
	sortByCode(m.oldDistricts, func(d admin.OldDistrict) string { return d.Code })
	dix := indexOf(m.oldDistricts, func(d admin.OldDistrict) string { return d.Code })
	for _, p := range in.oldUnits.Data {
		for _, d := range p.Level2s {
			for _, w := range d.Level3s {
				m.oldWards = append(m.oldWards, admin.OldWard{Unit: admin.Unit{Code: w.ID, Name: w.Name}, District: dix.get(d.ID)})
			}
		}
	}
	sortByCode(m.oldWards, func(w admin.OldWard) string { return w.Code })
}

func (m *model) addNewWardPolygons(in *gsoInput) {
	wix := indexOf(m.newWards, func(w admin.NewWard) string { return w.Code })
	feats := append([]geoFeature(nil), in.wardGeo...)
	sort.SliceStable(feats, func(i, j int) bool { return feats[i].Props["code"] < feats[j].Props["code"] })
	for _, f := range feats {
		w := wix.get(f.Props["code"])
		if w < 0 {
			m.warnf("new ward polygon %s %s not in new_units.json: skipped", f.Props["code"], f.Props["fullName"])
			continue
		}
		for _, p := range f.Polys {
			m.layers[admin.LayerNewWard] = append(m.layers[admin.LayerNewWard], ownedPoly{w, p})
		}
	}
}

// addOldDistrictPolygons keeps the polygons of districts that exist in
// old_units.json; polygons of districts dissolved before 1 March 2025 are dropped.
func (m *model) addOldDistrictPolygons(in *gsoInput) {
	dix := indexOf(m.oldDistricts, func(d admin.OldDistrict) string { return d.Code })
	feats := append([]geoFeature(nil), in.distGeo...)
	sort.SliceStable(feats, func(i, j int) bool { return feats[i].Props["level2_id"] < feats[j].Props["level2_id"] })
	for _, f := range feats {
		d := dix.get(f.Props["level2_id"])
		if d < 0 {
			m.warnf("old district polygon %s %s: not a district on 1 March 2025, dropped", f.Props["level2_id"], f.Props["name"])
			continue
		}
		for _, p := range f.Polys {
			m.layers[admin.LayerOldDistrict] = append(m.layers[admin.LayerOldDistrict], ownedPoly{d, p})
		}
	}
}

// link is one resolved row of the old→new table: new ward w receives old
// ward ow (-1: a whole district without wards) of old district od.
type link struct {
	w, ow, od int
	kind      admin.LinkKind
}

// linkKind classifies the table's note.
func linkKind(note string) admin.LinkKind {
	n := foldName(note)
	switch {
	case strings.HasPrefix(n, "sap xep toan bo huyen"):
		return admin.LinkDistrict
	case strings.Contains(n, "mot phan") || strings.Contains(n, "phan con lai"):
		return admin.LinkPart
	case strings.HasPrefix(n, "giu nguyen") || strings.HasPrefix(n, "doi "):
		return admin.LinkUnchanged
	}
	return admin.LinkWhole
}

// resolveMapping turns the table's rows into links, sorted by new ward then
// old ward. New ward codes the polygons do not know (recoded after July
// 2025, e.g. Ba Chẽ 06970 → 06978) are matched by folded name within the
// province; old wards the table omits come from old_to_new.json.
func (m *model) resolveMapping(in *gsoInput) []link {
	wix := indexOf(m.newWards, func(w admin.NewWard) string { return w.Code })
	oix := indexOf(m.oldWards, func(w admin.OldWard) string { return w.Code })
	dix := indexOf(m.oldDistricts, func(d admin.OldDistrict) string { return d.Code })
	byName := map[string]int{}
	for i, w := range m.newWards {
		byName[m.newProvinceCode(w)+"|"+foldName(w.Name)] = i
	}
	seen := map[[2]int]bool{}
	var links []link
	add := func(l link) {
		key := l.ow
		if l.ow < 0 {
			key = -2 - l.od // a district without wards
		}
		if k := [2]int{l.w, key}; !seen[k] {
			seen[k] = true
			links = append(links, l)
		}
	}
	mapped := map[int]bool{}
	for _, r := range in.rows {
		w := wix.get(r.NewWard)
		if w < 0 {
			w2, ok := byName[r.NewProvince+"|"+foldName(r.NewWardName)]
			if !ok {
				m.warnf("table row: new ward %s %s unknown: skipped", r.NewWard, r.NewWardName)
				continue
			}
			if !seen[[2]int{-2, w2}] {
				seen[[2]int{-2, w2}] = true
				m.warnf("table new ward %s %s is %s in the polygons (matched by name)", r.NewWard, r.NewWardName, m.newWards[w2].Code)
			}
			w = w2
		}
		kind := linkKind(r.Note)
		ow := oix.get(r.OldWard)
		od := dix.get(r.OldDistrict)
		if ow >= 0 {
			od = m.oldWards[ow].District
			mapped[ow] = true
		} else if r.OldWard != "" {
			m.warnf("table row: old ward %s unknown: kept as district %s only", r.OldWard, r.OldDistrict)
		}
		if ow < 0 && od < 0 {
			m.warnf("table row: new ward %s has neither old ward nor district: skipped", r.NewWard)
			continue
		}
		if ow < 0 {
			kind = admin.LinkDistrict
		}
		add(link{w: w, ow: ow, od: od, kind: kind})
	}
	m.addOmittedWards(in, wix, oix, mapped, add)
	sort.SliceStable(links, func(i, j int) bool {
		if links[i].w != links[j].w {
			return links[i].w < links[j].w
		}
		return links[i].ow < links[j].ow
	})
	return links
}

func (m *model) addOmittedWards(in *gsoInput, wix, oix index, mapped map[int]bool, add func(link)) {
	for _, p := range in.oldToNew.Data {
		for _, o := range p.Level3s {
			ow := oix.get(o.ID)
			if ow < 0 || mapped[ow] {
				continue
			}
			kind := admin.LinkWhole
			if len(o.Splits) > 1 {
				kind = admin.LinkPart
			}
			for _, s := range o.Splits {
				if w := wix.get(s.NewID); w >= 0 {
					m.warnf("old ward %s %s not in the GSO table: taken from old_to_new.json → %s", o.ID, m.oldWards[ow].Name, s.NewID)
					add(link{w: w, ow: ow, od: m.oldWards[ow].District, kind: kind})
				}
			}
		}
	}
}

func (m *model) newProvinceCode(w admin.NewWard) string {
	if w.Province < 0 {
		return ""
	}
	return m.newProvinces[w.Province].Code
}
