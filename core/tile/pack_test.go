package tile

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var updatePacked = flag.Bool("update-packed", false, "rewrite testdata/packed (SPEC.md §9.5)")

// fixtureTiles are the tiles of the packed fixture, testdata/packed: one
// national tile, one of province 01, two spatial ones in one 1° cell and
// one in another.
var fixtureTiles = map[string][]byte{
	"admin/units":    []byte("units"),
	"sx/01/ha":       []byte("search shard of province 01"),
	"place/210/1058": []byte("place cell"),
	"graph/1/84/423": []byte("graph cell"),
	"place/107/1066": []byte("far place cell"),
}

func fixtureRegion(k string) string {
	if strings.HasPrefix(k, "sx/01/") {
		return "01"
	}
	return ""
}

func writePackedFixture(t testing.TB, dir string, tiles map[string][]byte, opt PackOptions) {
	t.Helper()
	keys := make([]string, 0, len(tiles))
	for k := range tiles {
		keys = append(keys, k)
	}
	m := &Manifest{Generator: "test", Attribution: []string{OSMAttribution}}
	get := func(k string) ([]byte, error) { return tiles[k], nil }
	if err := WritePacked(dir, m, keys, get, opt); err != nil {
		t.Fatal(err)
	}
}

// TestPackedFixture: the writer's bytes for the fixture tiles are the
// checked-in fixture's (regenerate with -update-packed), and a reader
// reads every tile back from it.
func TestPackedFixture(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "packed")
	writePackedFixture(t, dir, fixtureTiles, PackOptions{Region: fixtureRegion})
	want := "testdata/packed"
	if *updatePacked {
		os.RemoveAll(want)
		if err := os.CopyFS(want, os.DirFS(dir)); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{ManifestPath, DirectoryPath, ArchivePath("n-000"), ArchivePath("p01-000"), ArchivePath("c21_105-000"), ArchivePath("c10_106-000")} {
		got, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		w, err := os.ReadFile(filepath.Join(want, p))
		if err != nil || !bytes.Equal(got, w) {
			t.Errorf("%s differs from %s (%v; run with -update-packed)", p, want, err)
		}
	}
	s, err := Open(context.Background(), DirSource(want), 0)
	if err != nil {
		t.Fatal(err)
	}
	m := s.Manifest()
	if !m.Packed() || m.FormatVersion != PackedFormatVersion || m.MinReaderVersion != PackedFormatVersion || m.Tiles.Len() != len(fixtureTiles) {
		t.Fatalf("manifest: packed %v, version %d/%d, %d tiles", m.Packed(), m.FormatVersion, m.MinReaderVersion, m.Tiles.Len())
	}
	for k, b := range fixtureTiles {
		if got, err := s.Tile(context.Background(), k); err != nil || !bytes.Equal(got, b) {
			t.Errorf("%s: %q, %v", k, got, err)
		}
	}
	regions := map[string]string{}
	for _, a := range m.Pack.Archives {
		regions[a.Name] = fmt.Sprint(a.Region, a.BBox)
	}
	if fmt.Sprint(regions) != "map[c10_106-000:[106.6 10.7 106.7 10.8] c21_105-000:[105.75 21 106 21.25] n-000:[] p01-000:01[]]" {
		t.Errorf("archive regions: %v", regions)
	}
}

// TestPackedMatchesLoose packs seeded random tiles into small archives
// and reads each through every kind of source: the bytes of the loose
// bundle, and a missing key is ErrNotFound.
func TestPackedMatchesLoose(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 1))
	tiles := map[string][]byte{}
	for i := range 200 {
		b := make([]byte, r.IntN(3000))
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		k := fmt.Sprintf("x/%d", i)
		switch i % 3 {
		case 1:
			k = fmt.Sprintf("place/%d/%d", 200+r.IntN(20), 1040+r.IntN(30))
		case 2:
			k = fmt.Sprintf("sx/%02d/%d", 1+r.IntN(3), i)
		}
		tiles[k] = b
	}
	dir := filepath.Join(t.TempDir(), "p")
	writePackedFixture(t, dir, tiles, PackOptions{ArchiveBytes: 8 << 10, Region: func(k string) string {
		if strings.HasPrefix(k, "sx/") {
			return k[3:5]
		}
		return ""
	}})
	ms := MapSource{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			ms[filepath.ToSlash(rel)] = b
		}
		return nil
	})
	for name, src := range map[string]Source{"dir": DirSource(dir), "map": ms, "plain": plainSource{ms}} {
		s, err := Open(context.Background(), src, 0)
		if err != nil {
			t.Fatal(name, err)
		}
		if n := len(s.Manifest().Pack.Archives); n < 10 {
			t.Fatalf("%d archives: want many", n)
		}
		for k, b := range tiles {
			if got, err := s.Tile(context.Background(), k); err != nil || !bytes.Equal(got, b) {
				t.Fatalf("%s: %s: %d bytes, %v", name, k, len(got), err)
			}
		}
		if _, err := s.Tile(context.Background(), "x/none"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("%s: missing key: %v", name, err)
		}
	}
	for _, a := range ms.manifest(t).Pack.Archives {
		if a.Size > 8<<10 && a.Tiles > 1 {
			t.Errorf("archive %s: %d bytes, %d tiles", a.Name, a.Size, a.Tiles)
		}
	}
}

// plainSource hides MapSource's GetRange: the store reads whole archives.
type plainSource struct{ m MapSource }

func (p plainSource) Get(ctx context.Context, path string) ([]byte, error) { return p.m.Get(ctx, path) }

func (m MapSource) manifest(t *testing.T) *Manifest {
	mf, err := ParseManifest(m[ManifestPath])
	if err != nil {
		t.Fatal(err)
	}
	return mf
}

// TestPackedDamage: a corrupt, truncated or missing archive fails the
// reads of its own tiles only (ErrCorrupt, ErrMissing); a bad directory
// fails the bundle's opening.
func TestPackedDamage(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "p")
	writePackedFixture(t, dir, fixtureTiles, PackOptions{Region: fixtureRegion})
	ctx := context.Background()
	load := func() MapSource {
		ms := MapSource{}
		for _, p := range []string{ManifestPath, DirectoryPath, ArchivePath("n-000"), ArchivePath("p01-000"), ArchivePath("c21_105-000"), ArchivePath("c10_106-000")} {
			b, err := os.ReadFile(filepath.Join(dir, p))
			if err != nil {
				t.Fatal(err)
			}
			ms[p] = b
		}
		return ms
	}
	inP01 := func(k string) bool { return strings.HasPrefix(k, "sx/01/") }
	for _, c := range []struct {
		name   string
		damage func(MapSource)
		want   error
	}{
		{"flipped byte", func(ms MapSource) { ms[ArchivePath("p01-000")][40] ^= 1 }, ErrCorrupt},
		{"truncated", func(ms MapSource) { p := ArchivePath("p01-000"); ms[p] = ms[p][:40] }, ErrCorrupt},
		{"missing", func(ms MapSource) { delete(ms, ArchivePath("p01-000")) }, ErrMissing},
	} {
		ms := load()
		c.damage(ms)
		for name, src := range map[string]Source{"map": ms, "plain": plainSource{ms}} {
			s, err := Open(ctx, src, 0)
			if err != nil {
				t.Fatal(c.name, name, err)
			}
			for k, b := range fixtureTiles {
				got, err := s.Tile(ctx, k)
				if inP01(k) {
					if !errors.Is(err, c.want) {
						t.Errorf("%s/%s: %s: %v, want %v", c.name, name, k, err, c.want)
					}
				} else if err != nil || !bytes.Equal(got, b) {
					t.Errorf("%s/%s: %s (another archive): %v", c.name, name, k, err)
				}
			}
		}
	}
	ms := load()
	ms[DirectoryPath][40] ^= 1
	if _, err := Open(ctx, ms, 0); !errors.Is(err, ErrCorrupt) {
		t.Errorf("corrupt directory: %v", err)
	}
	m, _ := ParseManifest(ms[ManifestPath])
	s := OpenManifest(ms, m, 0) // the Worker's way: the directory read by the store
	if _, err := s.Tile(ctx, "admin/units"); !errors.Is(err, ErrCorrupt) {
		t.Errorf("corrupt directory, OpenManifest: %v", err)
	}
	delete(ms, DirectoryPath)
	if _, err := Open(ctx, ms, 0); !errors.Is(err, ErrMissing) {
		t.Errorf("missing directory: %v", err)
	}
}

// TestLooseStillRead: a bundle of loose tiles (format_version 1) reads as
// before, and its manifest still says format_version 1.
func TestLooseStillRead(t *testing.T) {
	src := MapBundle(map[string][]byte{"a/1": []byte("x")})
	s, err := Open(context.Background(), src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if s.Manifest().Packed() || s.Manifest().FormatVersion != LooseFormatVersion {
		t.Fatalf("packed %v version %d", s.Manifest().Packed(), s.Manifest().FormatVersion)
	}
	if b, err := s.Tile(context.Background(), "a/1"); err != nil || string(b) != "x" {
		t.Fatal(b, err)
	}
}

func TestPackRefuses(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "p")
	m := &Manifest{}
	big := map[string][]byte{"a": make([]byte, MaxArchiveBytes)}
	if err := WritePacked(dir, m, []string{"a"}, func(k string) ([]byte, error) { return big[k], nil }, PackOptions{}); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("a tile over the archive limit: %v", err)
	}
	if err := WritePacked(dir, m, []string{"a"}, func(string) ([]byte, error) { return nil, nil }, PackOptions{ArchiveBytes: MaxArchiveBytes + 1}); err == nil {
		t.Error("archives over the limit accepted")
	}
	if err := WritePacked(dir, m, []string{"A"}, func(string) ([]byte, error) { return nil, nil }, PackOptions{}); err == nil {
		t.Error("bad key accepted")
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a failed write left %s: %v", dir, err)
	}
}

func TestKeyBBox(t *testing.T) {
	for k, want := range map[string]string{
		"place/210/1058":   "[105.8 21 105.9 21.1] true",
		"graph/0/42/211":   "[105.5 21 106 21.5] true",
		"ch/car/1/84/423":  "[105.75 21 106 21.25] true",
		"graph/84/423":     "[105.75 21 106 21.25] true",
		"basemap/0/0/0":    "[-180 -85.051129 180 85.051129] true",
		"sx/ha":            "[0 0 0 0] false",
		"graph/index":      "[0 0 0 0] false",
		"basemap/99/1/1":   "[0 0 0 0] false",
		"admin/cell/84_42": "[0 0 0 0] false",
	} {
		b, ok := KeyBBox(k)
		got := fmt.Sprintf("[%g %g %g %g] %v", round6(b[0]), round6(b[1]), round6(b[2]), round6(b[3]), ok)
		if got != want {
			t.Errorf("KeyBBox(%s) = %s, want %s", k, got, want)
		}
	}
}

// FuzzPackedDirectory: any directory bytes (after the manifest's hash
// check, which a fuzzer does not pass, so SetDirectory is called directly)
// and archive bytes: no panic, and every tile read either fails or gives
// bytes of the size the directory says.
func FuzzPackedDirectory(f *testing.F) {
	dir := filepath.Join(f.TempDir(), "p")
	writePackedFixture(f, dir, fixtureTiles, PackOptions{Region: fixtureRegion})
	mb, _ := os.ReadFile(filepath.Join(dir, ManifestPath))
	db, _ := os.ReadFile(filepath.Join(dir, DirectoryPath))
	ab, _ := os.ReadFile(filepath.Join(dir, ArchivePath("n-000")))
	f.Add(db, ab)
	f.Add(db[:40], ab[:10])
	f.Fuzz(func(t *testing.T, d, a []byte) {
		m, err := ParseManifest(mb)
		if err != nil {
			t.Fatal(err)
		}
		if m.SetDirectory(d) != nil {
			return
		}
		ms := MapSource{ArchivePath("n-000"): a}
		s := OpenManifest(ms, m, 0)
		for _, k := range slices.Collect(func(yield func(string) bool) {
			for k := range m.Tiles.All() {
				if !yield(k) {
					return
				}
			}
		}) {
			b, err := s.Tile(context.Background(), k)
			if err == nil {
				if sz, _ := m.Tiles.SizeOf(k); len(b) != sz {
					t.Fatalf("%s: %d bytes, directory says %d", k, len(b), sz)
				}
			}
		}
	})
}

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// TestKeepArchives: a bundle restricted to some archives has only their
// tiles; the others are not found (not missing).
func TestKeepArchives(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "p")
	writePackedFixture(t, dir, fixtureTiles, PackOptions{Region: fixtureRegion})
	ctx := context.Background()
	b, _ := os.ReadFile(filepath.Join(dir, ManifestPath))
	m, err := ParseManifest(b)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.LoadDirectory(ctx, DirSource(dir)); err != nil {
		t.Fatal(err)
	}
	if err := m.KeepArchives([]string{"n-000", "c21_105-000", "nope"}); err != nil {
		t.Fatal(err)
	}
	s := OpenManifest(DirSource(dir), m, 0)
	for k, want := range fixtureTiles {
		got, err := s.Tile(ctx, k)
		held := !strings.HasPrefix(k, "sx/01/") && k != "place/107/1066"
		if held != s.Has(k) {
			t.Errorf("%s: Has %v, want %v", k, s.Has(k), held)
		}
		if held && (err != nil || !bytes.Equal(got, want)) {
			t.Errorf("%s: %q, %v", k, got, err)
		}
		if !held && !errors.Is(err, ErrNotFound) {
			t.Errorf("%s (not kept): %v, want ErrNotFound", k, err)
		}
	}
}

// BenchmarkTileRead: the one step where a packed bundle differs from the
// loose one it was packed from — reading and checking a tile (Store.Tile:
// a ReadAt of the archive's range instead of a file read) — over the same
// seeded sample of tiles of both, alternating:
//
//	BANDO_BENCH_BUNDLE=DIR BANDO_BENCH_PACKED=DIR2 go test ./core/tile -run XXX -bench TileRead -count 5
func BenchmarkTileRead(b *testing.B) {
	loose, packed := os.Getenv("BANDO_BENCH_BUNDLE"), os.Getenv("BANDO_BENCH_PACKED")
	if loose == "" || packed == "" {
		b.Skip("set BANDO_BENCH_BUNDLE (a loose bundle) and BANDO_BENCH_PACKED (it, packed)")
	}
	ctx := context.Background()
	stores := map[string]*Store{}
	for name, dir := range map[string]string{"loose": loose, "packed": packed} {
		s, err := Open(ctx, DirSource(dir), 0)
		if err != nil {
			b.Fatal(err)
		}
		stores[name] = s
	}
	keys := stores["loose"].Manifest().Keys()
	r := rand.New(rand.NewPCG(1, 2))
	sample := make([]string, 500)
	for i := range sample {
		sample[i] = keys[r.IntN(len(keys))]
	}
	for _, name := range []string{"loose", "packed"} {
		s := stores[name]
		b.Run(name, func(b *testing.B) {
			var bytes int64
			i := 0
			for b.Loop() {
				t, err := s.Tile(ctx, sample[i%len(sample)])
				if err != nil {
					b.Fatal(err)
				}
				bytes += int64(len(t))
				i++
			}
			b.SetBytes(bytes / int64(max(i, 1)))
		})
	}
}
