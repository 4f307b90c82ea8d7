package basemapbuild

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/bando-vn/bando/core/basemap"
	"github.com/paulmach/orb"
	"github.com/paulmach/orb/clip"
	"github.com/paulmach/orb/encoding/mvt"
	"github.com/paulmach/orb/geojson"
	"github.com/paulmach/orb/maptile"
	"github.com/paulmach/orb/simplify"
)

// Options say which zooms to cut and how big an archive may grow.
type Options struct {
	MinZoom, MaxZoom int    // defaults 5 and 14 (clients overzoom beyond)
	ArchiveBytes     int    // split an archive above this size; default 4 MiB
	Admin            string // the --admin directory ("" = no boundaries)
}

func (o *Options) defaults() {
	if o.MinZoom == 0 && o.MaxZoom == 0 {
		o.MinZoom, o.MaxZoom = 5, 14
	}
	if o.ArchiveBytes == 0 {
		o.ArchiveBytes = 4 << 20
	}
}

// MaxArchiveBytes is the largest archive a build may write (Workers Static
// Assets take files up to 25 MiB).
const MaxArchiveBytes = 25 << 20

// Index is the JSON document at basemap/index (FORMAT.md §4).
type Index struct {
	Version  int        `json:"version"`
	MinZoom  int        `json:"minzoom"`
	MaxZoom  int        `json:"maxzoom"`
	Bounds   [4]float64 `json:"bounds"`
	Layers   []string   `json:"layers"`
	Zooms    []ZoomStat `json:"zooms"`
	Archives []ArchStat `json:"archives"`
	Regions  []Region   `json:"regions"`
}

// ZoomStat counts the tiles and bytes of one zoom.
type ZoomStat struct {
	Z     int `json:"z"`
	Tiles int `json:"tiles"`
	Bytes int `json:"bytes"`
}

// ArchStat describes one archive: its key, root tile, tiles and bytes.
type ArchStat struct {
	Key   string `json:"key"`
	Z     int    `json:"z"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Tiles int    `json:"tiles"`
	Bytes int    `json:"bytes"`
}

// Layers names the vector tile layers, bottom to top.
var Layers = []string{"landuse", "water", "waterways", "buildings", "roads", "boundaries", "places", "pois", "housenumbers"}

// Build cuts the collected features (and the boundaries of o.Admin) into
// vector tiles, packs them into archives and returns the bundle tiles
// (archives and the index, by key) and the index.
func (c *Collector) Build(o Options) (map[string][]byte, *Index, error) {
	o.defaults()
	if o.MinZoom < 0 || o.MaxZoom > 18 || o.MinZoom > o.MaxZoom {
		return nil, nil, fmt.Errorf("basemap: bad zoom range %d–%d", o.MinZoom, o.MaxZoom)
	}
	feats := c.finish()
	for _, f := range feats {
		if f.minz == deepest {
			f.minz = o.MaxZoom
		}
	}
	var regions []Region
	if o.Admin != "" {
		af, r, err := adminFeatures(o.Admin)
		if err != nil {
			return nil, nil, err
		}
		// Boundaries only where the OSM input has data: a city's bundle
		// does not carry the whole country's boundaries.
		ext := c.extent()
		feats = append(feats, clipTo(ext, af, o.MaxZoom)...)
		for _, rg := range r {
			if ext.Intersects(orb.Bound{Min: orb.Point{rg.BBox[0], rg.BBox[1]}, Max: orb.Point{rg.BBox[2], rg.BBox[3]}}) {
				regions = append(regions, rg)
			}
		}
	}
	t := &tiler{o: o, out: map[uint64][]byte{}}
	t.cut(maptile.New(0, 0, 0), feats)
	idx := &Index{Version: basemap.ArchiveVersion, MinZoom: o.MinZoom, MaxZoom: o.MaxZoom, Layers: Layers, Regions: regions}
	idx.Bounds = bounds(feats)
	idx.Zooms = zoomStats(t.out, o)
	out := map[string][]byte{}
	if err := pack(t.out, o.ArchiveBytes, 0, 0, 0, ids(t.out), out, idx); err != nil {
		return nil, nil, err
	}
	b, err := json.MarshalIndent(idx, "", " ")
	if err != nil {
		return nil, nil, err
	}
	out[basemap.IndexKey] = append(b, '\n')
	return out, idx, nil
}

// tiler cuts features into tiles, parent before children, clipping each
// child's features from its parent's so work shrinks with depth.
type tiler struct {
	o   Options
	out map[uint64][]byte
}

func (t *tiler) cut(tl maptile.Tile, feats []*feature) {
	z := int(tl.Z)
	if z >= t.o.MinZoom {
		if b := encode(tl, feats, z == t.o.MaxZoom); b != nil {
			t.out[basemap.TileID(uint32(tl.Z), tl.X, tl.Y)] = b
		}
	}
	if z == t.o.MaxZoom {
		return
	}
	for _, ch := range tl.Children() {
		if cf := clipTo(ch.Bound(bufferFrac), feats, t.o.MaxZoom); len(cf) > 0 {
			t.cut(ch, cf)
		}
	}
}

// bufferFrac: features are kept 8 pixels (of 256) beyond the tile edge.
const bufferFrac = 8.0 / 256

// clipTo returns the features (deeper than nothing: only those drawn at
// some zoom ≤ maxz) clipped to b.
func clipTo(b orb.Bound, feats []*feature, maxz int) []*feature {
	var out []*feature
	for _, f := range feats {
		if f.minz > maxz || !b.Intersects(f.bound) {
			continue
		}
		if b.Contains(f.bound.Min) && b.Contains(f.bound.Max) {
			out = append(out, f)
			continue
		}
		g := clip.Geometry(b, orb.Clone(f.geom))
		if g == nil || isEmpty(g) {
			continue
		}
		nf := *f
		nf.geom, nf.bound = g, g.Bound()
		out = append(out, &nf)
	}
	return out
}

func isEmpty(g orb.Geometry) bool {
	switch v := g.(type) {
	case orb.LineString:
		return len(v) < 2
	case orb.MultiLineString:
		return len(v) == 0
	case orb.Polygon:
		return len(v) == 0 || len(v[0]) < 4
	case orb.MultiPolygon:
		return len(v) == 0
	}
	return false
}

// encode writes the features drawn at tl's zoom as an MVT (extent 4096),
// simplified to half a pixel (a quarter at the deepest zoom, which clients
// overzoom) and without areas under two square pixels; nil when empty.
func encode(tl maptile.Tile, feats []*feature, deepest bool) []byte {
	fcs := map[string]*geojson.FeatureCollection{}
	for _, f := range feats {
		if f.minz > int(tl.Z) {
			continue
		}
		fc := fcs[f.layer]
		if fc == nil {
			fc = geojson.NewFeatureCollection()
			fcs[f.layer] = fc
		}
		gf := geojson.NewFeature(orb.Clone(f.geom))
		gf.Properties = f.props
		fc.Append(gf)
	}
	if len(fcs) == 0 {
		return nil
	}
	ls := mvt.NewLayers(fcs)
	ls.ProjectToTile(tl)
	tol := 8.0
	if deepest {
		tol = 4
	}
	ls.Simplify(simplify.DouglasPeucker(tol))
	ls.RemoveEmpty(1, 2*16*16)
	kept := ls[:0]
	for _, l := range ls {
		if len(l.Features) > 0 {
			l.Version = 2 // MVT 2.1 (orb defaults to 1)
			kept = append(kept, l)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].Name < kept[j].Name })
	b, err := mvt.Marshal(kept)
	if err != nil {
		return nil
	}
	return b
}

func ids(tiles map[uint64][]byte) []uint64 {
	out := make([]uint64, 0, len(tiles))
	for id := range tiles {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// pack writes the tiles of ids (all descendants of z/x/y, or itself) as
// one archive when they fit in limit bytes; otherwise the tiles at zoom ≤ z
// stay in this archive and the rest go to the four children's, recursively.
// Each tile lives in the archive of its deepest listed ancestor (FORMAT.md §3).
func pack(tiles map[uint64][]byte, limit, z, x, y int, ids []uint64, out map[string][]byte, idx *Index) error {
	size := 0
	for _, id := range ids {
		size += len(tiles[id]) + basemap.EntrySize
	}
	var own []uint64
	if size <= limit || z == basemap.MaxZoom {
		own = ids
	} else {
		var kids [4][]uint64
		for _, id := range ids {
			tz, tx, ty := basemap.SplitID(id)
			if int(tz) <= z {
				own = append(own, id)
				continue
			}
			s := tz - uint32(z) - 1
			kx, ky := int(tx>>s)-2*x, int(ty>>s)-2*y
			kids[ky*2+kx] = append(kids[ky*2+kx], id)
		}
		for k, kid := range kids {
			if len(kid) > 0 {
				if err := pack(tiles, limit, z+1, 2*x+k%2, 2*y+k/2, kid, out, idx); err != nil {
					return err
				}
			}
		}
	}
	if len(own) == 0 {
		return nil
	}
	m := make(map[uint64][]byte, len(own))
	for _, id := range own {
		m[id] = tiles[id]
	}
	b, err := basemap.Write(m)
	if err != nil {
		return err
	}
	if len(b) > MaxArchiveBytes {
		return fmt.Errorf("basemap: archive %d/%d/%d is %d bytes, over %d", z, x, y, len(b), MaxArchiveBytes)
	}
	key := basemap.ArchiveKey(z, x, y)
	out[key] = b
	idx.Archives = append(idx.Archives, ArchStat{Key: key, Z: z, X: x, Y: y, Tiles: len(own), Bytes: len(b)})
	sort.Slice(idx.Archives, func(i, j int) bool { return idx.Archives[i].Key < idx.Archives[j].Key })
	return nil
}

func zoomStats(tiles map[uint64][]byte, o Options) []ZoomStat {
	zs := make([]ZoomStat, o.MaxZoom-o.MinZoom+1)
	for i := range zs {
		zs[i].Z = o.MinZoom + i
	}
	for id, b := range tiles {
		z, _, _ := basemap.SplitID(id)
		zs[int(z)-o.MinZoom].Tiles++
		zs[int(z)-o.MinZoom].Bytes += len(b)
	}
	return zs
}

func bounds(feats []*feature) [4]float64 {
	if len(feats) == 0 {
		return [4]float64{}
	}
	b := feats[0].bound
	for _, f := range feats[1:] {
		b = b.Union(f.bound)
	}
	return [4]float64{roundDeg(b.Min[0]), roundDeg(b.Min[1]), roundDeg(b.Max[0]), roundDeg(b.Max[1])}
}
