package admin

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"sync/atomic"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/bando-vn/bando/core/tile"
)

// FormatVersion is the admin tile format version this package writes and reads (FORMAT.md).
const FormatVersion = 2

// Scale is the number of coordinate units per degree: coordinates are int32 at 1e-7°.
const Scale = 1e7

// LayerKind names a polygon layer of a cell tile; its owners index the
// matching dictionary (NewWards, NewProvinces, OldWards, OldDistricts, OldProvinces).
type LayerKind int

const (
	LayerNewWard LayerKind = iota
	LayerNewProvince
	LayerOldWard
	LayerOldDistrict
	LayerOldProvince
	NumLayers // number of layer kinds
)

var layerNames = [NumLayers]string{"nw", "np", "ow", "od", "op"}

// String returns the layer's key in a cell tile's "g" map.
func (k LayerKind) String() string {
	if k < 0 || k >= NumLayers {
		return fmt.Sprintf("layer(%d)", int(k))
	}
	return layerNames[k]
}

// Unit is an administrative unit: its code (GSO code, or "r<id>" for an OSM
// relation without one) and official full name with its unit type
// ("Phường Hàng Bạc"). The zero Unit means "unknown".
type Unit struct {
	Code string
	Name string
}

// NewProvince is a province of the new structure; Short is bando's short code ("HN").
type NewProvince struct {
	Unit
	Short string
}

// NewWard is a ward of the new structure; Province indexes Cell.NewProvinces, -1 if unknown.
type NewWard struct {
	Unit
	Province int
}

// OldDistrict is a district of the old structure; Province indexes
// Cell.OldProvinces, -1 if unknown. Derived is true for a district without a
// polygon of its own, whose area is known only through the new wards that
// hold its old wards (FORMAT.md §Seeds).
type OldDistrict struct {
	Unit
	Province int
	Derived  bool
}

// OldWard is a ward of the old structure; District indexes Cell.OldDistricts, -1 if unknown.
type OldWard struct {
	Unit
	District int
}

// Seed is one site of the partition of a new ward among the old wards it
// absorbed: inside new ward Ward, a point belongs to the old ward of the
// nearest seed (see FORMAT.md §Seeds). OldWard indexes Cell.OldWards and
// OldDistrict Cell.OldDistricts; either may be -1 (a district without wards).
type Seed struct {
	Ward        int
	X, Y        int32
	OldWard     int
	OldDistrict int
}

// Polygon is one polygon for encoding: Owner indexes the dictionary of its
// layer; each ring is x,y pairs interleaved (x = lng·1e7, y = lat·1e7),
// closed implicitly. Rings are combined with the even-odd rule, so holes and
// pieces clipped to the cell need no orientation.
type Polygon struct {
	Owner int
	Rings [][]int32
}

// CellData is the content of one cell tile as a builder writes it.
type CellData struct {
	X, Y, Size   int32 // cell indices and cell size in 1e-7° units; the cell spans [X·Size,(X+1)·Size) × [Y·Size,(Y+1)·Size)
	NewProvinces []NewProvince
	NewWards     []NewWard
	OldProvinces []Unit
	OldDistricts []OldDistrict
	OldWards     []OldWard
	Seeds        []Seed // sorted by Ward
	Polygons     [NumLayers][]Polygon
}

// Layer is a polygon layer of a decoded cell. Owners and bounding boxes are
// decoded with the cell; the rings of a polygon are decoded the first time a
// query needs them (a point inside its bounding box) and kept, so the first
// lookup in a cell decodes only the few polygons around the point.
type Layer struct {
	Owner []int32  // per polygon, index into the layer's dictionary
	BBox  []int32  // per polygon minx,miny,maxx,maxy
	src   []byte   // the layer's stream (FORMAT.md §4.1), part of the tile
	span  []uint32 // per polygon, start and end in src of its rings (from "u nrings" on)
	rings []atomic.Pointer[polyRings]
}

// Len is the number of polygons.
func (l *Layer) Len() int { return len(l.Owner) }

// Cell is a decoded cell tile, ready for point queries.
type Cell struct {
	X, Y, Size   int32
	NewProvinces []NewProvince
	NewWards     []NewWard
	OldProvinces []Unit
	OldDistricts []OldDistrict
	OldWards     []OldWard
	Seeds        []Seed
	seedStart    []int32 // len NewWards+1
	tableFirst   []bool  // per new ward: a seed's district is Derived
	Layers       [NumLayers]Layer
	cosLat       float64
}

// CellKey is the tile key of cell (x, y): "admin/cell/<x>_<y>".
func CellKey(x, y int32) string {
	b := make([]byte, 0, 32)
	b = append(b, "admin/cell/"...)
	b = strconv.AppendInt(b, int64(x), 10)
	b = append(b, '_')
	return string(strconv.AppendInt(b, int64(y), 10))
}

// EncodeCell writes c as a cell tile. The output depends only on c.
func EncodeCell(c *CellData) ([]byte, error) { return encodeCell(c, true) }

// encodeCell writes c, with the "gl" key (polygon lengths) or, as the first
// v1 writers did, without.
func encodeCell(c *CellData, withLengths bool) ([]byte, error) {
	if c.Size <= 0 {
		return nil, fmt.Errorf("admin: cell size %d", c.Size)
	}
	if !sort.SliceIsSorted(c.Seeds, func(i, j int) bool { return c.Seeds[i].Ward < c.Seeds[j].Ward }) {
		return nil, fmt.Errorf("admin: seeds not sorted by ward")
	}
	var buf bytesBuffer
	e := msgpack.NewEncoder(&buf)
	ox, oy := int64(c.X)*int64(c.Size), int64(c.Y)*int64(c.Size)
	var geoms, lens [NumLayers][]byte
	for k, polys := range c.Polygons {
		if len(polys) > 0 {
			geoms[k], lens[k] = encodeGeometry(polys, ox, oy)
		}
	}
	keys := 11
	if withLengths {
		keys++
	}
	err := firstErr(
		e.EncodeMapLen(keys),
		e.EncodeString("v"), e.EncodeInt(FormatVersion),
		e.EncodeString("x"), e.EncodeInt(int64(c.X)),
		e.EncodeString("y"), e.EncodeInt(int64(c.Y)),
		e.EncodeString("s"), e.EncodeInt(int64(c.Size)),
		e.EncodeString("np"), encodeList(e, len(c.NewProvinces), func(i int) []any {
			p := c.NewProvinces[i]
			return []any{p.Code, p.Name, p.Short}
		}),
		e.EncodeString("nw"), encodeList(e, len(c.NewWards), func(i int) []any {
			w := c.NewWards[i]
			return []any{w.Code, w.Name, w.Province}
		}),
		e.EncodeString("op"), encodeList(e, len(c.OldProvinces), func(i int) []any {
			p := c.OldProvinces[i]
			return []any{p.Code, p.Name}
		}),
		e.EncodeString("od"), encodeList(e, len(c.OldDistricts), func(i int) []any {
			d := c.OldDistricts[i]
			flags := 0
			if d.Derived {
				flags |= 1
			}
			return []any{d.Code, d.Name, d.Province, flags}
		}),
		e.EncodeString("ow"), encodeList(e, len(c.OldWards), func(i int) []any {
			w := c.OldWards[i]
			return []any{w.Code, w.Name, w.District}
		}),
		e.EncodeString("seeds"), e.EncodeBytes(encodeSeeds(c.Seeds, ox, oy)),
		e.EncodeString("g"), encodeLayers(e, &geoms),
	)
	if err == nil && withLengths {
		err = firstErr(e.EncodeString("gl"), encodeLayers(e, &lens))
	}
	if err != nil {
		return nil, err
	}
	return buf.b, nil
}

type bytesBuffer struct{ b []byte }

func (w *bytesBuffer) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

func encodeList(e *msgpack.Encoder, n int, item func(int) []any) error {
	if err := e.EncodeArrayLen(n); err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		fields := item(i)
		if err := e.EncodeArrayLen(len(fields)); err != nil {
			return err
		}
		for _, f := range fields {
			var err error
			switch v := f.(type) {
			case string:
				err = e.EncodeString(v)
			case int:
				err = e.EncodeInt(int64(v))
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

func encodeSeeds(seeds []Seed, ox, oy int64) []byte {
	b := appendUvarint(nil, uint64(len(seeds)))
	for _, s := range seeds {
		b = appendUvarint(b, uint64(s.Ward))
		b = appendZigzag(b, int64(s.X)-ox)
		b = appendZigzag(b, int64(s.Y)-oy)
		b = appendZigzag(b, int64(s.OldWard))
		b = appendZigzag(b, int64(s.OldDistrict))
	}
	return b
}

// encodeLayers writes a map layer name → bin of the layers with a stream.
func encodeLayers(e *msgpack.Encoder, streams *[NumLayers][]byte) error {
	n := 0
	for _, b := range streams {
		if b != nil {
			n++
		}
	}
	if err := e.EncodeMapLen(n); err != nil {
		return err
	}
	for k, b := range streams {
		if b == nil {
			continue
		}
		if err := firstErr(e.EncodeString(layerNames[k]), e.EncodeBytes(b)); err != nil {
			return err
		}
	}
	return nil
}

// encodeGeometry packs polygons as the varint stream of FORMAT.md §Geometry
// and returns with it the stream of their byte lengths (FORMAT.md §4.3).
func encodeGeometry(polys []Polygon, ox, oy int64) (geom, lens []byte) {
	b := appendUvarint(nil, uint64(len(polys)))
	lens = appendUvarint(nil, uint64(len(polys)))
	for _, p := range polys {
		start := len(b)
		minx, miny, maxx, maxy := polyBBox(p.Rings)
		b = appendUvarint(b, uint64(p.Owner))
		b = appendZigzag(b, int64(minx)-ox)
		b = appendZigzag(b, int64(miny)-oy)
		b = appendUvarint(b, uint64(int64(maxx)-int64(minx)))
		b = appendUvarint(b, uint64(int64(maxy)-int64(miny)))
		b = appendUvarint(b, uint64(len(p.Rings)))
		for _, r := range p.Rings {
			b = appendUvarint(b, uint64(len(r)/2))
			px, py := int64(minx), int64(miny)
			for i := 0; i+1 < len(r); i += 2 {
				b = appendZigzag(b, int64(r[i])-px)
				b = appendZigzag(b, int64(r[i+1])-py)
				px, py = int64(r[i]), int64(r[i+1])
			}
		}
		lens = appendUvarint(lens, uint64(len(b)-start))
	}
	return b, lens
}

func polyBBox(rings [][]int32) (minx, miny, maxx, maxy int32) {
	minx, miny, maxx, maxy = math.MaxInt32, math.MaxInt32, math.MinInt32, math.MinInt32
	for _, r := range rings {
		for i := 0; i+1 < len(r); i += 2 {
			minx, maxx = min(minx, r[i]), max(maxx, r[i])
			miny, maxy = min(miny, r[i+1]), max(maxy, r[i+1])
		}
	}
	if minx > maxx {
		return 0, 0, 0, 0
	}
	return
}

// DecodeCell decodes a cell tile: dictionaries, seeds, and each polygon's
// owner and bounding box; the rings of a polygon are decoded when a query
// first needs them (or by DecodeGeometry). The Cell keeps b, which must not
// be modified afterwards (tile.Store's tiles never are). Corrupt or
// truncated input yields an error wrapping tile.ErrCorrupt, never a panic —
// from DecodeCell, or for a polygon's rings from the Query that decodes
// them; unknown map keys and extra trailing elements of the dictionary
// arrays are skipped (FORMAT.md §Compatibility).
func DecodeCell(b []byte) (*Cell, error) {
	r := &mpReader{b: b}
	c := &Cell{}
	var seeds []byte
	var geoms, lens [NumLayers][]byte
	version := int64(-1)
	n := r.mapLen()
	for i := 0; i < n && r.err == nil; i++ {
		switch key := r.str(); key {
		case "v":
			version = r.int()
		case "x":
			c.X = int32(r.intIn(math.MinInt32, math.MaxInt32))
		case "y":
			c.Y = int32(r.intIn(math.MinInt32, math.MaxInt32))
		case "s":
			c.Size = int32(r.intIn(1, 90*Scale))
		case "np":
			c.NewProvinces = decodeList(r, func(f *fields) NewProvince {
				return NewProvince{Unit: Unit{f.str(), f.str()}, Short: f.str()}
			})
		case "nw":
			c.NewWards = decodeList(r, func(f *fields) NewWard { return NewWard{Unit{f.str(), f.str()}, f.index()} })
		case "op":
			c.OldProvinces = decodeList(r, func(f *fields) Unit { return Unit{f.str(), f.str()} })
		case "od":
			c.OldDistricts = decodeList(r, func(f *fields) OldDistrict {
				return OldDistrict{Unit{f.str(), f.str()}, f.index(), f.flags()&1 != 0}
			})
		case "ow":
			c.OldWards = decodeList(r, func(f *fields) OldWard { return OldWard{Unit{f.str(), f.str()}, f.index()} })
		case "seeds":
			seeds = r.raw()
		case "g", "gl":
			m := r.mapLen()
			for j := 0; j < m && r.err == nil; j++ {
				k := layerByName(r.str())
				switch {
				case k < 0:
					r.skip(0)
				case key == "g":
					geoms[k] = r.raw()
				default:
					lens[k] = r.raw()
				}
			}
		default:
			r.skip(0)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if err := tile.CheckLayerVersion("admin cell", version); err != nil {
		return nil, err
	}
	if c.Size == 0 {
		return nil, fmt.Errorf("%w: admin: cell without size", tile.ErrCorrupt)
	}
	if err := c.finish(seeds, &geoms, &lens); err != nil {
		return nil, err
	}
	return c, nil
}

func layerByName(name string) LayerKind {
	for k, n := range layerNames {
		if n == name {
			return LayerKind(k)
		}
	}
	return -1
}

// fields reads the elements of one dictionary entry in order; missing
// trailing elements read as zero values ("" or -1).
type fields struct {
	r    *mpReader
	n, i int
}

func (f *fields) str() string {
	if f.i >= f.n {
		return ""
	}
	f.i++
	return f.r.str()
}

func (f *fields) index() int {
	if f.i >= f.n {
		return -1
	}
	f.i++
	return int(f.r.intIn(-1, math.MaxInt32))
}

func (f *fields) flags() int64 {
	if f.i >= f.n {
		return 0
	}
	f.i++
	return f.r.intIn(0, 1<<31)
}

func decodeList[T any](r *mpReader, item func(*fields) T) []T {
	// The names of the list are substrings of one copy of its bytes (or of a
	// copy already made of bytes around them).
	if r.s == "" || r.off < r.sBase {
		start := r.off
		r.skip(0)
		if r.err != nil {
			return nil
		}
		r.s, r.sBase, r.off = string(r.b[start:r.off]), start, start
		defer func() { r.s = "" }()
	}
	n := r.arrayLen(1)
	out := make([]T, 0, n)
	f := &fields{}
	for i := 0; i < n && r.err == nil; i++ {
		*f = fields{r: r, n: r.arrayLen(1)}
		v := item(f)
		r.skipRest(f.i, f.n)
		out = append(out, v)
	}
	return out
}

// finish decodes the seeds and indexes the polygons, and checks every index.
func (c *Cell) finish(seeds []byte, geoms, lens *[NumLayers][]byte) error {
	if err := c.checkIndices(); err != nil {
		return err
	}
	ox, oy := int64(c.X)*int64(c.Size), int64(c.Y)*int64(c.Size)
	if err := c.decodeSeeds(seeds, ox, oy); err != nil {
		return err
	}
	dictLen := [NumLayers]int{len(c.NewWards), len(c.NewProvinces), len(c.OldWards), len(c.OldDistricts), len(c.OldProvinces)}
	for k, g := range geoms {
		if g == nil {
			if lens[k] != nil {
				return fmt.Errorf("%w: admin: lengths for layer %s without geometry", tile.ErrCorrupt, LayerKind(k))
			}
			continue
		}
		l, err := indexGeometry(g, lens[k], ox, oy, dictLen[k])
		if err != nil {
			return fmt.Errorf("layer %s: %w", LayerKind(k), err)
		}
		c.Layers[k] = l
	}
	lat := (float64(oy) + float64(c.Size)/2) / Scale
	c.cosLat = math.Cos(lat * math.Pi / 180)
	return nil
}

func (c *Cell) checkIndices() error {
	bad := func(what string, i, n int) error {
		return fmt.Errorf("%w: admin: %s index %d out of range (%d)", tile.ErrCorrupt, what, i, n)
	}
	for _, w := range c.NewWards {
		if w.Province >= len(c.NewProvinces) {
			return bad("new province", w.Province, len(c.NewProvinces))
		}
	}
	for _, d := range c.OldDistricts {
		if d.Province >= len(c.OldProvinces) {
			return bad("old province", d.Province, len(c.OldProvinces))
		}
	}
	for _, w := range c.OldWards {
		if w.District >= len(c.OldDistricts) {
			return bad("old district", w.District, len(c.OldDistricts))
		}
	}
	return nil
}

func (c *Cell) decodeSeeds(b []byte, ox, oy int64) error {
	v := &varintReader{b: b}
	c.seedStart = make([]int32, len(c.NewWards)+1)
	c.tableFirst = make([]bool, len(c.NewWards))
	if len(b) == 0 {
		return nil
	}
	n := v.count(5)
	c.Seeds = make([]Seed, 0, n)
	for i := 0; i < n && v.err == nil; i++ {
		s := Seed{Ward: int(v.uvarint())}
		s.X = clampAdd(v, ox, v.zigzag())
		s.Y = clampAdd(v, oy, v.zigzag())
		s.OldWard, s.OldDistrict = int(v.zigzag()), int(v.zigzag())
		if v.err != nil {
			break
		}
		if s.Ward < 0 || s.Ward >= len(c.NewWards) || (i > 0 && s.Ward < c.Seeds[i-1].Ward) ||
			s.OldWard < -1 || s.OldWard >= len(c.OldWards) || s.OldDistrict < -1 || s.OldDistrict >= len(c.OldDistricts) {
			return fmt.Errorf("%w: admin: seed %d has bad indices", tile.ErrCorrupt, i)
		}
		c.Seeds = append(c.Seeds, s)
	}
	if v.err != nil {
		return v.err
	}
	for i, s := range c.Seeds {
		c.seedStart[s.Ward+1] = int32(i + 1)
	}
	for w := 1; w < len(c.seedStart); w++ {
		c.seedStart[w] = max(c.seedStart[w], c.seedStart[w-1])
	}
	c.tableFirst = make([]bool, len(c.NewWards))
	for _, s := range c.Seeds {
		if s.OldDistrict >= 0 && c.OldDistricts[s.OldDistrict].Derived {
			c.tableFirst[s.Ward] = true
		}
	}
	return nil
}

// clampAdd returns base+d as int32, recording an error if it overflows.
func clampAdd(v *varintReader, base, d int64) int32 {
	x := base + d
	if v.err == nil && (x < math.MinInt32 || x > math.MaxInt32) {
		v.err = fmt.Errorf("%w: admin: coordinate overflows int32", tile.ErrCorrupt)
		return 0
	}
	return int32(x)
}

func appendUvarint(b []byte, x uint64) []byte {
	for x >= 0x80 {
		b = append(b, byte(x)|0x80)
		x >>= 7
	}
	return append(b, byte(x))
}
