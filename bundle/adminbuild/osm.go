package adminbuild

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmxml"

	"github.com/bando-vn/bando/core/admin"
)

// OSMCollector gathers what an OSM build needs while the caller scans a file:
// hand it every object (Add); it keeps the coordinates of nodes, the node
// lists of ways and the boundary=administrative relations, and drops the rest.
// Node coordinates are kept for every node, because in a sorted file nodes
// come before the relations that tell which are needed.
type OSMCollector struct {
	nodes     map[osm.NodeID][2]int32
	ways      map[osm.WayID][]osm.WayNode
	relations []*osm.Relation
}

// NewOSMCollector returns an empty collector.
func NewOSMCollector() *OSMCollector {
	return &OSMCollector{nodes: map[osm.NodeID][2]int32{}, ways: map[osm.WayID][]osm.WayNode{}}
}

// IsAdminBoundary reports whether r is a relation an OSM build uses
// (boundary=administrative with an admin_level); callers that pre-filter can use it.
func IsAdminBoundary(r *osm.Relation) bool {
	return r.Tags.Find("boundary") == "administrative" && r.Tags.Find("admin_level") != ""
}

// Add records one object; other object types are ignored.
func (c *OSMCollector) Add(o osm.Object) {
	switch v := o.(type) {
	case *osm.Node:
		c.nodes[v.ID] = [2]int32{toUnit(v.Lon), toUnit(v.Lat)}
	case *osm.Way:
		c.ways[v.ID] = v.Nodes
	case *osm.Relation:
		if IsAdminBoundary(v) {
			c.relations = append(c.relations, v)
		}
	}
}

// FromOSM builds admin tiles from an OSM XML file's boundary relations.
func FromOSM(ctx context.Context, r io.Reader) (*Result, error) {
	c := NewOSMCollector()
	s := osmxml.New(ctx, r)
	defer s.Close()
	for s.Scan() {
		c.Add(s.Object())
	}
	if err := s.Err(); err != nil {
		return nil, fmt.Errorf("admin: osm: %w", err)
	}
	return c.Build(Options{})
}

// osmUnit is one boundary relation classified.
type osmUnit struct {
	rel   *osm.Relation
	level int
	tier  tier
	code  string
	name  string
	poly  polygon // closed rings, even-odd
	open  int     // chains that could not be closed
}

type tier int

const (
	tierNone tier = iota
	tierProvince
	tierDistrict
	tierWard
)

// Build assembles the collected relations and builds the tiles. Wards are
// recognised by their unit type (Phường, Xã, Thị trấn, Đặc khu) at whatever
// admin_level they are tagged (8 in older data, 6 after the 2025 reform,
// where 9 holds neighbourhoods); districts (Quận, Huyện, Thị xã, Thành phố
// below level 4) mean the file follows the old structure. Rings that cannot
// be closed (relations cut at the export's edge) are dropped and counted in
// Result.Warnings: such units keep their name but answer no point.
func (c *OSMCollector) Build(opt Options) (*Result, error) {
	units := c.classify()
	if len(units) == 0 {
		return nil, ErrNoData
	}
	m := &model{source: "osm"}
	old := false
	for _, u := range units {
		if u.tier == tierDistrict || strings.HasPrefix(u.name, "Thị trấn") {
			old = true
		}
	}
	for _, u := range units {
		u.poly, u.open = c.assemble(u.rel)
		if u.open > 0 {
			m.warnf("relation %d %s (admin_level %d): %d open chain(s) dropped (cut at the file's edge?)", u.rel.ID, u.name, u.level, u.open)
		}
	}
	m.fromOSMUnits(units, old)
	return m.finish(opt)
}

// classify keeps the relations that are provinces, districts or wards, sorted by id.
func (c *OSMCollector) classify() []*osmUnit {
	var out []*osmUnit
	seen := map[osm.RelationID]bool{}
	for _, r := range c.relations {
		if seen[r.ID] {
			continue
		}
		seen[r.ID] = true
		level, err := strconv.Atoi(r.Tags.Find("admin_level"))
		name := r.Tags.Find("name")
		if err != nil || name == "" {
			continue
		}
		t := tierOf(level, name)
		if t == tierNone {
			continue
		}
		code := r.Tags.Find("ref:gso")
		if code == "" {
			code = "r" + strconv.FormatInt(int64(r.ID), 10)
		}
		out = append(out, &osmUnit{rel: r, level: level, tier: t, code: code, name: name})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].rel.ID < out[j].rel.ID })
	return out
}

// tierOf classifies by unit type first, admin_level second.
func tierOf(level int, name string) tier {
	n := foldName(name)
	switch {
	case level <= 2:
		return tierNone
	case level == 4:
		return tierProvince
	case hasAnyPrefix(n, "phuong ", "xa ", "thi tran ", "dac khu "):
		return tierWard
	case level >= 5 && level <= 7 && hasAnyPrefix(n, "quan ", "huyen ", "thi xa ", "thanh pho "):
		return tierDistrict
	}
	return tierNone
}

func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// assemble joins the relation's outer/inner member ways into closed rings.
// Ways with a missing node end the chain there; chains whose ends never meet
// are counted as open and dropped.
func (c *OSMCollector) assemble(r *osm.Relation) (polygon, int) {
	var chains [][]osm.WayNode
	open := 0
	for _, m := range r.Members {
		if m.Type != osm.TypeWay || (m.Role != "outer" && m.Role != "inner" && m.Role != "") {
			continue
		}
		nodes, ok := c.ways[osm.WayID(m.Ref)]
		if !ok || len(nodes) < 2 {
			open++
			continue
		}
		chains = append(chains, nodes)
	}
	var poly polygon
	used := make([]bool, len(chains))
	for i := range chains {
		if used[i] {
			continue
		}
		used[i] = true
		cur := append([]osm.WayNode(nil), chains[i]...)
		for cur[0].ID != cur[len(cur)-1].ID {
			j, rev := findNext(chains, used, cur[len(cur)-1].ID)
			if j < 0 {
				break
			}
			used[j] = true
			next := chains[j]
			if rev {
				next = reversed(next)
			}
			cur = append(cur, next[1:]...)
		}
		if cur[0].ID != cur[len(cur)-1].ID {
			open++
			continue
		}
		if rg, ok := c.ringOf(cur); ok {
			poly = append(poly, rg)
		} else {
			open++
		}
	}
	return poly, open
}

func findNext(chains [][]osm.WayNode, used []bool, end osm.NodeID) (int, bool) {
	for j, ch := range chains {
		if used[j] {
			continue
		}
		if ch[0].ID == end {
			return j, false
		}
		if ch[len(ch)-1].ID == end {
			return j, true
		}
	}
	return -1, false
}

func reversed(w []osm.WayNode) []osm.WayNode {
	out := make([]osm.WayNode, len(w))
	for i := range w {
		out[len(w)-1-i] = w[i]
	}
	return out
}

// ringOf resolves node coordinates (from the way itself or the node table).
func (c *OSMCollector) ringOf(nodes []osm.WayNode) (ring, bool) {
	pts := make([][2]float64, 0, len(nodes))
	for _, n := range nodes {
		if n.Lat != 0 || n.Lon != 0 {
			pts = append(pts, [2]float64{n.Lon, n.Lat})
			continue
		}
		p, ok := c.nodes[n.ID]
		if !ok {
			return nil, false
		}
		pts = append(pts, [2]float64{float64(p[0]) / 1e7, float64(p[1]) / 1e7})
	}
	r := makeRing(pts)
	return r, r != nil
}

// fromOSMUnits fills the model: new structure (province + ward) or old
// (province + district + ward), parents from subarea members, else from
// containment of an interior point, else unknown.
func (m *model) fromOSMUnits(units []*osmUnit, old bool) {
	byTier := map[tier][]*osmUnit{}
	for _, u := range units {
		byTier[u.tier] = append(byTier[u.tier], u)
	}
	for t := range byTier {
		list := byTier[t]
		sort.SliceStable(list, func(i, j int) bool { return list[i].code < list[j].code })
	}
	provs, dists, wards := byTier[tierProvince], byTier[tierDistrict], byTier[tierWard]
	parent := parentFinder(units)
	if old {
		for _, p := range provs {
			m.oldProvinces = append(m.oldProvinces, admin.Unit{Code: p.code, Name: p.name})
		}
		for _, d := range dists {
			m.oldDistricts = append(m.oldDistricts, admin.OldDistrict{Unit: admin.Unit{Code: d.code, Name: d.name}, Province: parent(d, provs)})
		}
		for _, w := range wards {
			m.oldWards = append(m.oldWards, admin.OldWard{Unit: admin.Unit{Code: w.code, Name: w.name}, District: parent(w, dists)})
		}
		m.addOSMLayer(admin.LayerOldProvince, provs)
		m.addOSMLayer(admin.LayerOldDistrict, dists)
		m.addOSMLayer(admin.LayerOldWard, wards)
	} else {
		for _, p := range provs {
			m.newProvinces = append(m.newProvinces, admin.NewProvince{Unit: admin.Unit{Code: p.code, Name: p.name}, Short: shortCodes[foldName(p.name)]})
		}
		for _, w := range wards {
			m.newWards = append(m.newWards, admin.NewWard{Unit: admin.Unit{Code: w.code, Name: w.name}, Province: parent(w, provs)})
		}
		m.addOSMLayer(admin.LayerNewProvince, provs)
		m.addOSMLayer(admin.LayerNewWard, wards)
	}
	m.seeds = make([][]admin.Seed, len(m.newWards))
	m.units = m.osmUnits()
	m.layerInfo = m.describeOSM(byTier, old)
}

func (m *model) addOSMLayer(k admin.LayerKind, list []*osmUnit) {
	for i, u := range list {
		if len(u.poly) > 0 {
			m.layers[k] = append(m.layers[k], ownedPoly{i, u.poly})
		}
	}
}

// parentFinder returns a function giving the index in candidates of u's
// parent: the candidate listing u as a subarea, else the first whose
// polygon contains an interior point of u, else -1.
func parentFinder(units []*osmUnit) func(u *osmUnit, candidates []*osmUnit) int {
	return func(u *osmUnit, candidates []*osmUnit) int {
		for i, c := range candidates {
			for _, mem := range c.rel.Members {
				if mem.Type == osm.TypeRelation && mem.Role == "subarea" && mem.Ref == int64(u.rel.ID) {
					return i
				}
			}
		}
		pts := sampleInterior(asPolys(u.poly), 16)
		if len(pts) == 0 {
			return -1
		}
		for i, c := range candidates {
			if c.poly.contains(pts[0].x, pts[0].y) {
				return i
			}
		}
		return -1
	}
}

func asPolys(p polygon) []polygon {
	if len(p) == 0 {
		return nil
	}
	return []polygon{p}
}

func (m *model) osmUnits() *admin.Units {
	u := &admin.Units{}
	for _, p := range m.newProvinces {
		u.NewProvinces = append(u.NewProvinces, admin.UnitsNewProvince{Code: p.Code, Name: p.Name, Short: p.Short})
	}
	for _, w := range m.newWards {
		u.NewWards = append(u.NewWards, admin.UnitsNewWard{Code: w.Code, Name: w.Name, Province: m.newProvinceCode(w)})
	}
	for _, p := range m.oldProvinces {
		u.OldProvinces = append(u.OldProvinces, admin.UnitsOldProvince{Code: p.Code, Name: p.Name})
	}
	for _, d := range m.oldDistricts {
		pc := ""
		if d.Province >= 0 {
			pc = m.oldProvinces[d.Province].Code
		}
		u.OldDistricts = append(u.OldDistricts, admin.UnitsOldDistrict{Code: d.Code, Name: d.Name, Province: pc})
	}
	for _, w := range m.oldWards {
		dc := ""
		if w.District >= 0 {
			dc = m.oldDistricts[w.District].Code
		}
		u.OldWards = append(u.OldWards, admin.UnitsOldWard{Code: w.Code, Name: w.Name, District: dc})
	}
	return u
}

func (m *model) describeOSM(byTier map[tier][]*osmUnit, old bool) []Layer {
	names := map[tier]string{tierProvince: "new_provinces", tierWard: "new_wards"}
	if old {
		names = map[tier]string{tierProvince: "old_provinces", tierDistrict: "old_districts", tierWard: "old_wards"}
	}
	var out []Layer
	for _, t := range []tier{tierProvince, tierDistrict, tierWard} {
		if names[t] == "" {
			continue
		}
		closed := 0
		for _, u := range byTier[t] {
			if len(u.poly) > 0 {
				closed++
			}
		}
		out = append(out, Layer{Name: names[t], Count: len(byTier[t]), Exact: true, Source: SourceOSM, License: LicenseOSM,
			Method: fmt.Sprintf("boundary=administrative relations, unit type read from the name (admin_level varies); outer/inner ways joined into rings by shared end nodes, even-odd rule; %d of %d have at least one closed ring, the others (cut at the file's edge) answer no point.", closed, len(byTier[t]))})
	}
	return out
}

// shortCodes maps folded new-province names to bando's short codes (province_codes.csv).
var shortCodes = func() map[string]string {
	pairs := []string{
		"HN", "Thành phố Hà Nội", "CB", "Tỉnh Cao Bằng", "TQ", "Tỉnh Tuyên Quang", "DB", "Tỉnh Điện Biên",
		"LCU", "Tỉnh Lai Châu", "SL", "Tỉnh Sơn La", "LCI", "Tỉnh Lào Cai", "TN", "Tỉnh Thái Nguyên",
		"LS", "Tỉnh Lạng Sơn", "QNH", "Tỉnh Quảng Ninh", "BN", "Tỉnh Bắc Ninh", "PT", "Tỉnh Phú Thọ",
		"HP", "Thành phố Hải Phòng", "HY", "Tỉnh Hưng Yên", "NB", "Tỉnh Ninh Bình", "TH", "Tỉnh Thanh Hóa",
		"NA", "Tỉnh Nghệ An", "HT", "Tỉnh Hà Tĩnh", "QT", "Tỉnh Quảng Trị", "HUE", "Thành phố Huế",
		"DNG", "Thành phố Đà Nẵng", "QNG", "Tỉnh Quảng Ngãi", "GL", "Tỉnh Gia Lai", "KH", "Tỉnh Khánh Hòa",
		"DLK", "Tỉnh Đắk Lắk", "LD", "Tỉnh Lâm Đồng", "DN", "Tỉnh Đồng Nai", "HCM", "Thành phố Hồ Chí Minh",
		"TNH", "Tỉnh Tây Ninh", "DT", "Tỉnh Đồng Tháp", "VL", "Tỉnh Vĩnh Long", "AG", "Tỉnh An Giang",
		"CT", "Thành phố Cần Thơ", "CM", "Tỉnh Cà Mau",
	}
	m := map[string]string{}
	for i := 0; i+1 < len(pairs); i += 2 {
		m[foldName(pairs[i+1])] = pairs[i]
	}
	return m
}()
