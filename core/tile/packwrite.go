package tile

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
)

// PackOptions say how WritePacked groups tiles into archives.
type PackOptions struct {
	// ArchiveBytes: an archive is cut before the tile that would make it
	// larger (0: DefaultArchiveBytes; at most MaxArchiveBytes). A tile
	// larger than MaxArchiveBytes less the header fails the write.
	ArchiveBytes int
	// Region names the province (code of the new structure) whose
	// download needs the tile, "" when every download does or the key is
	// spatial (nil: every key ""). Spatial keys (KeyBBox) with no region
	// are grouped by 1° cell.
	Region func(key string) string
}

// Group is where WritePacked puts a tile: its region (a province code, or
// "") and, for a spatial tile with no region, its 1° cell (cell true,
// lat and lng the cell's south-west corner).
type group struct {
	region   string
	cell     bool
	lat, lng int
}

func (g group) name() string {
	switch {
	case g.region != "":
		return "p" + g.region
	case g.cell:
		return "c" + strconv.Itoa(g.lat) + "_" + strconv.Itoa(g.lng)
	}
	return "n"
}

func (g group) compare(h group) int {
	rank := func(g group) int {
		switch {
		case g.region != "":
			return 1
		case g.cell:
			return 2
		}
		return 0
	}
	return cmp.Or(cmp.Compare(rank(g), rank(h)), cmp.Compare(g.region, h.region), cmp.Compare(g.lat, h.lat), cmp.Compare(g.lng, h.lng))
}

// groupOf is the group of key.
func groupOf(key string, region func(string) string) group {
	if region != nil {
		if r := region(key); r != "" {
			return group{region: r}
		}
	}
	if b, ok := KeyBBox(key); ok && b[2]-b[0] <= 1.5 && b[3]-b[1] <= 1.5 {
		return group{cell: true, lat: int(math.Floor((b[1] + b[3]) / 2)), lng: int(math.Floor((b[0] + b[2]) / 2))}
	}
	return group{}
}

var (
	basemapKey = regexp.MustCompile(`^basemap/(\d+)/(\d+)/(\d+)$`)
	placeKey   = regexp.MustCompile(`^place/(-?\d+)/(-?\d+)$`)
	graphKey   = regexp.MustCompile(`^(?:graph|ch/[a-z_]+)/(\d)/(-?\d+)/(-?\d+)$`)
	graphKeyV1 = regexp.MustCompile(`^(?:graph|ch/[a-z_]+)/(-?\d+)/(-?\d+)$`)
)

// KeyBBox returns the part of the map [west, south, east, north] a spatial
// key covers (basemap archives, place cells, routing graph and hierarchy
// cells: SPEC.md §9.4), false for any other key. js/offline.mjs keyBBox
// is the same function.
func KeyBBox(key string) ([4]float64, bool) {
	atoi := func(s string) float64 { n, _ := strconv.Atoi(s); return float64(n) }
	if m := basemapKey.FindStringSubmatch(key); m != nil {
		z, x, y := atoi(m[1]), atoi(m[2]), atoi(m[3])
		if z > 30 {
			return [4]float64{}, false
		}
		n := math.Exp2(z)
		lat := func(t float64) float64 { return math.Atan(math.Sinh(math.Pi*(1-2*t/n))) * 180 / math.Pi }
		return [4]float64{x/n*360 - 180, lat(y + 1), (x+1)/n*360 - 180, lat(y)}, true
	}
	if m := placeKey.FindStringSubmatch(key); m != nil {
		la, lo := atoi(m[1]), atoi(m[2])
		return [4]float64{lo * 0.1, la * 0.1, (lo + 1) * 0.1, (la + 1) * 0.1}, true
	}
	if m := graphKey.FindStringSubmatch(key); m != nil {
		side := 0.5
		if l := atoi(m[1]); l > 0 {
			side = 0.25 / math.Exp2(l-1)
		}
		r, c := atoi(m[2]), atoi(m[3])
		return [4]float64{c * side, r * side, (c + 1) * side, (r + 1) * side}, true
	}
	if m := graphKeyV1.FindStringSubmatch(key); m != nil {
		r, c := atoi(m[1]), atoi(m[2])
		return [4]float64{c * 0.25, r * 0.25, (c + 1) * 0.25, (r + 1) * 0.25}, true
	}
	return [4]float64{}, false
}

// WritePacked writes manifest m and the tiles (keys, each read by get) to
// dir as a packed bundle (SPEC.md §9), safely like WriteBundle (§1.1): tiles
// grouped by region (PackOptions), in key order within a group, into
// archives of at most opt.ArchiveBytes, and the directory. m.Tiles is left
// empty and m.Pack filled. The same inputs give byte-identical files.
func WritePacked(dir string, m *Manifest, keys []string, get func(key string) ([]byte, error), opt PackOptions) error {
	limit := opt.ArchiveBytes
	if limit <= 0 {
		limit = DefaultArchiveBytes
	}
	if limit > MaxArchiveBytes {
		return fmt.Errorf("pack: archives of %d bytes: the most is %d", limit, MaxArchiveBytes)
	}
	type item struct {
		key string
		g   group
	}
	items := make([]item, len(keys))
	for i, k := range keys {
		if !ValidKey(k) {
			return fmt.Errorf("invalid tile key %q", k)
		}
		items[i] = item{k, groupOf(k, opt.Region)}
	}
	slices.SortFunc(items, func(a, b item) int { return cmp.Or(a.g.compare(b.g), cmp.Compare(a.key, b.key)) })
	dir = filepath.Clean(dir)
	if err := PrepareOut(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), tempPrefix(dir, "new"))
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp) // after a successful swap: the old bundle
	if err := os.MkdirAll(filepath.Join(tmp, "packs"), 0o755); err != nil {
		return err
	}
	entries := make(map[string]TileEntry, len(items))
	loc := make(map[string][2]uint32, len(items)) // key → archive, offset
	var archives []FileInfo
	var buf []byte
	var cur group
	var count int
	var bbox [4]float64
	seq := map[string]int{}
	flush := func() error {
		if count == 0 {
			return nil
		}
		copy(buf, archiveHeader(count))
		name := fmt.Sprintf("%s-%03d", cur.name(), seq[cur.name()])
		seq[cur.name()]++
		if err := os.WriteFile(filepath.Join(tmp, filepath.FromSlash(ArchivePath(name))), buf, 0o644); err != nil {
			return err
		}
		sum := sha256.Sum256(buf)
		a := FileInfo{Name: name, Region: cur.region, Size: int64(len(buf)), SHA256: hex.EncodeToString(sum[:]), Tiles: count}
		if cur.cell {
			r := func(x float64) float64 { return math.Round(x*1e6) / 1e6 }
			a.BBox = []float64{r(bbox[0]), r(bbox[1]), r(bbox[2]), r(bbox[3])}
		}
		archives = append(archives, a)
		buf, count = nil, 0
		return nil
	}
	for _, it := range items {
		b, err := get(it.key)
		if err != nil {
			return fmt.Errorf("pack: tile %q: %w", it.key, err)
		}
		if headerBytes+len(b) > MaxArchiveBytes {
			return fmt.Errorf("pack: tile %q has %d bytes: an archive holds at most %d", it.key, len(b), MaxArchiveBytes-headerBytes)
		}
		if count > 0 && (it.g != cur || len(buf)+len(b) > limit) {
			if err := flush(); err != nil {
				return err
			}
		}
		if count == 0 {
			cur = it.g
			buf = make([]byte, headerBytes, min(limit, 1<<20))
			bbox = [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
		}
		if len(archives) >= math.MaxUint16 {
			return fmt.Errorf("pack: more than %d archives", math.MaxUint16)
		}
		loc[it.key] = [2]uint32{uint32(len(archives)), uint32(len(buf))}
		entries[it.key] = EntryOf(b)
		buf = append(buf, b...)
		count++
		if kb, ok := KeyBBox(it.key); ok && cur.cell {
			bbox = [4]float64{min(bbox[0], kb[0]), min(bbox[1], kb[1]), max(bbox[2], kb[2]), max(bbox[3], kb[3])}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	t, err := NewTileTable(entries)
	if err != nil {
		return err
	}
	d := &directory{arch: make([]uint16, t.Len()), off: make([]uint32, t.Len())}
	for i := range t.Len() {
		l := loc[t.Key(i)]
		d.arch[i], d.off[i] = uint16(l[0]), l[1]
	}
	db := encodeDirectory(&t, d, len(archives))
	if err := os.WriteFile(filepath.Join(tmp, DirectoryPath), db, 0o644); err != nil {
		return err
	}
	sum := sha256.Sum256(db)
	m.Format = "bando-tiles"
	m.MinReaderVersion = max(m.MinReaderVersion, PackedFormatVersion)
	m.FormatVersion = max(PackedFormatVersion, m.MinReaderVersion)
	m.Tiles = TileTable{}
	m.Pack = &PackInfo{Directory: FileInfo{Size: int64(len(db)), SHA256: hex.EncodeToString(sum[:]), Tiles: t.Len()}, Archives: archives}
	mb, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, ManifestPath), append(mb, '\n'), 0o644); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	flushAll()
	return swapIn(tmp, dir)
}

// PackDir writes the packed bundle of the loose bundle in src to out.
func PackDir(src, out string, opt PackOptions) error {
	ds := DirSource(src)
	b, err := os.ReadFile(filepath.Join(src, ManifestPath))
	if err != nil {
		return err
	}
	m, err := ParseManifest(b)
	if err != nil {
		return err
	}
	if m.Pack != nil {
		return fmt.Errorf("pack: %s is packed already", src)
	}
	keys := m.Tiles.Keys()
	t := m.Tiles
	get := func(k string) ([]byte, error) {
		b, err := os.ReadFile(filepath.Join(string(ds), filepath.FromSlash(Path(k))))
		if err != nil {
			return nil, err
		}
		if e, _ := t.Get(k); EntryOf(b) != e {
			return nil, fmt.Errorf("%w: does not match the manifest", ErrCorrupt)
		}
		return b, nil
	}
	return WritePacked(out, m, keys, get, opt)
}
