package adminbuild

import (
	"fmt"
	"sort"

	"github.com/bando-vn/bando/core/admin"
)

// DefaultCellSize is the grid cell size: 0.25° in 1e-7° units.
const DefaultCellSize = 2_500_000

// cellContent gathers the clipped polygons of one cell before encoding.
type cellContent struct {
	x, y  int32
	polys [admin.NumLayers][]ownedPoly
}

// tiles cuts every layer to the grid and encodes the cell, meta and units
// tiles. Output depends only on the model: cells, dictionaries and polygons
// are written in sorted order.
func (m *model) tiles(size int32) (map[string][]byte, admin.Meta, error) {
	cells := map[[2]int32]*cellContent{}
	all := emptyBBox()
	for k := range m.layers {
		for _, op := range m.layers[k] {
			b := op.poly.bbox()
			if !b.valid() {
				continue
			}
			all = all.union(b)
			for cy := floorDiv(b[1], size); cy <= floorDiv(b[3], size); cy++ {
				for cx := floorDiv(b[0], size); cx <= floorDiv(b[2], size); cx++ {
					rect := bbox{cx * size, cy * size, (cx + 1) * size, (cy + 1) * size}
					clipped := clipRect(op.poly, rect)
					if len(clipped) == 0 {
						continue
					}
					c := cells[[2]int32{cx, cy}]
					if c == nil {
						c = &cellContent{x: cx, y: cy}
						cells[[2]int32{cx, cy}] = c
					}
					c.polys[k] = append(c.polys[k], ownedPoly{op.owner, clipped})
				}
			}
		}
	}
	keys := make([][2]int32, 0, len(cells))
	for k := range cells {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][1] != keys[j][1] {
			return keys[i][1] < keys[j][1]
		}
		return keys[i][0] < keys[j][0]
	})
	out := make(map[string][]byte, len(keys)+2)
	for _, k := range keys {
		b, err := admin.EncodeCell(m.cellData(cells[k], size))
		if err != nil {
			return nil, admin.Meta{}, fmt.Errorf("cell %v: %w", k, err)
		}
		out[admin.CellKey(k[0], k[1])] = b
	}
	meta := admin.Meta{CellSize: size, Cells: len(keys), Source: m.source}
	if all.valid() {
		meta.BBox = all
	}
	mb, err := admin.EncodeMeta(&meta)
	if err != nil {
		return nil, meta, err
	}
	out[admin.MetaKey] = mb
	if m.units != nil {
		ub, err := admin.EncodeUnits(m.units)
		if err != nil {
			return nil, meta, err
		}
		out[admin.UnitsKey] = ub
	}
	return out, meta, nil
}

// hasPolygon reports, by owner, which units have a polygon in layer k (cached).
func (m *model) hasPolygon(k admin.LayerKind) map[int]bool {
	if m.polyOwners[k] == nil {
		m.polyOwners[k] = map[int]bool{}
		for _, p := range m.layers[k] {
			m.polyOwners[k][p.owner] = true
		}
	}
	return m.polyOwners[k]
}

func floorDiv(a, b int32) int32 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// localIndex renumbers the global indices a cell references, in global order.
type localIndex struct {
	used map[int]bool
	loc  map[int]int
	list []int
}

func newLocal() *localIndex { return &localIndex{used: map[int]bool{}} }

func (l *localIndex) add(i int) {
	if i >= 0 {
		l.used[i] = true
	}
}

func (l *localIndex) freeze() {
	for i := range l.used {
		l.list = append(l.list, i)
	}
	sort.Ints(l.list)
	l.loc = make(map[int]int, len(l.list))
	for j, i := range l.list {
		l.loc[i] = j
	}
}

// of returns the local index of global i, -1 for -1.
func (l *localIndex) of(i int) int {
	if i < 0 {
		return -1
	}
	return l.loc[i]
}

// cellData builds one cell's dictionaries (only the units it references) and
// renumbers its polygons and seeds.
func (m *model) cellData(c *cellContent, size int32) *admin.CellData {
	var ix [admin.NumLayers]*localIndex
	for k := range ix {
		ix[k] = newLocal()
		for _, p := range c.polys[k] {
			ix[k].add(p.owner)
		}
	}
	nw, np, ow, od, op := ix[admin.LayerNewWard], ix[admin.LayerNewProvince], ix[admin.LayerOldWard], ix[admin.LayerOldDistrict], ix[admin.LayerOldProvince]
	nw.freeze()
	for _, w := range nw.list {
		np.add(m.newWards[w].Province)
		for _, s := range m.seeds[w] {
			ow.add(s.OldWard)
			od.add(s.OldDistrict)
		}
	}
	np.freeze()
	ow.freeze()
	for _, w := range ow.list {
		od.add(m.oldWards[w].District)
	}
	od.freeze()
	for _, d := range od.list {
		op.add(m.oldDistricts[d].Province)
	}
	op.freeze()

	d := &admin.CellData{X: c.x, Y: c.y, Size: size}
	for _, i := range np.list {
		d.NewProvinces = append(d.NewProvinces, m.newProvinces[i])
	}
	for j, i := range nw.list {
		w := m.newWards[i]
		d.NewWards = append(d.NewWards, admin.NewWard{Unit: w.Unit, Province: np.of(w.Province)})
		for _, s := range m.seeds[i] {
			d.Seeds = append(d.Seeds, admin.Seed{Ward: j, X: s.X, Y: s.Y, OldWard: ow.of(s.OldWard), OldDistrict: od.of(s.OldDistrict)})
		}
	}
	for _, i := range op.list {
		d.OldProvinces = append(d.OldProvinces, m.oldProvinces[i])
	}
	hasPoly := m.hasPolygon(admin.LayerOldDistrict)
	for _, i := range od.list {
		x := m.oldDistricts[i]
		d.OldDistricts = append(d.OldDistricts, admin.OldDistrict{Unit: x.Unit, Province: op.of(x.Province), Derived: !hasPoly[i]})
	}
	for _, i := range ow.list {
		x := m.oldWards[i]
		d.OldWards = append(d.OldWards, admin.OldWard{Unit: x.Unit, District: od.of(x.District)})
	}
	for k := range c.polys {
		polys := append([]ownedPoly(nil), c.polys[k]...)
		sort.SliceStable(polys, func(a, b int) bool { return polys[a].owner < polys[b].owner })
		for _, p := range polys {
			rings := make([][]int32, len(p.poly))
			for r := range p.poly {
				rings[r] = p.poly[r]
			}
			d.Polygons[k] = append(d.Polygons[k], admin.Polygon{Owner: ix[k].of(p.owner), Rings: rings})
		}
	}
	return d
}
