package admin_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/bando-vn/bando/core/internal/cpuclock"
	"github.com/bando-vn/bando/internal/fixture"
	"github.com/bando-vn/bando/internal/fixture/adminfix"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/tile"
)

// Benchmarks read the admin tiles from $ADMIN_TILES_DIR (files named by key,
// as TestWriteTiles writes them: the way to benchmark under wasm without
// building there), or build them from <repo>/../shared/data/admin.

func loadTiles(tb testing.TB) map[string][]byte {
	if dir := os.Getenv("ADMIN_TILES_DIR"); dir != "" {
		m, err := fixture.Once("admin.tiles "+dir, func() (map[string][]byte, error) { return readTileDir(dir) })
		if err != nil {
			tb.Fatal(err)
		}
		return m
	}
	res, _ := adminfix.Build(tb)
	return res.Tiles
}

func readTileDir(dir string) (map[string][]byte, error) {
	m := map[string][]byte{}
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		m[filepath.ToSlash(rel)] = b
		return nil
	})
	return m, err
}

// TestWriteTiles writes the built tiles under $ADMIN_WRITE_TILES (skipped when unset).
func TestWriteTiles(t *testing.T) {
	out := os.Getenv("ADMIN_WRITE_TILES")
	if out == "" {
		t.Skip("set ADMIN_WRITE_TILES=dir to write the admin tiles")
	}
	for k, b := range loadTiles(t) {
		p := filepath.Join(out, filepath.FromSlash(k))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// foundPoints returns n seeded random points inside wards, within box
// (minLat, minLng, maxLat, maxLng).
func foundPoints(tb testing.TB, l *admin.Lookup, seed int64, n int, box [4]float64) [][2]float64 {
	rng := rand.New(rand.NewSource(seed))
	var pts [][2]float64
	for tries := 0; len(pts) < n && tries < 100*n; tries++ {
		lat := box[0] + rng.Float64()*(box[2]-box[0])
		lng := box[1] + rng.Float64()*(box[3]-box[1])
		r, err := l.Lookup(context.Background(), lat, lng)
		if err != nil {
			tb.Fatal(err)
		}
		if r.Status == admin.Found {
			pts = append(pts, [2]float64{lat, lng})
		}
	}
	return pts
}

var (
	boxCities  = [4]float64{20.90, 105.70, 21.15, 105.95} // Hà Nội centre: one cell
	boxCountry = [4]float64{8.4, 102.1, 23.4, 109.5}
)

func benchLookup(b *testing.B, box [4]float64, cacheBytes int) {
	l := admin.New(storeOf(b, loadTiles(b), cacheBytes))
	const seed = 42
	pts := foundPoints(b, l, seed, 4096, box)
	if len(pts) == 0 {
		b.Fatal("no points")
	}
	ctx := context.Background()
	for _, p := range pts { // warm the cache
		if _, err := l.Lookup(ctx, p[0], p[1]); err != nil {
			b.Fatal(err)
		}
	}
	durs := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := pts[i%len(pts)]
		t0 := time.Now()
		r, err := l.Lookup(ctx, p[0], p[1])
		durs = append(durs, time.Since(t0))
		if err != nil || r.Status != admin.Found {
			b.Fatalf("%v %v", r, err)
		}
	}
	b.StopTimer()
	sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
	q := func(f float64) float64 { return float64(durs[int(f*float64(len(durs)-1))].Nanoseconds()) / 1e3 }
	b.ReportMetric(q(0.50), "p50-µs")
	b.ReportMetric(q(0.95), "p95-µs")
	b.ReportMetric(q(0.99), "p99-µs")
}

// BenchmarkLookupCity: random points in central Hà Nội (seed 42), default cache, warm.
func BenchmarkLookupCity(b *testing.B) { benchLookup(b, boxCities, 0) }

// BenchmarkLookupCountry: random points over all of Vietnam (seed 42), a cache
// large enough for every cell, warm.
func BenchmarkLookupCountry(b *testing.B) {
	benchLookup(b, boxCountry, 1<<30)
}

// medianAndMaxCells names the median-sized and the largest admin cell tile.
func medianAndMaxCells(g map[string][]byte) []struct{ name, key string } {
	var keys []string
	for k := range g {
		if strings.HasPrefix(k, "admin/cell/") {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool { return len(g[keys[i]]) < len(g[keys[j]]) })
	return []struct{ name, key string }{{"median", keys[len(keys)/2]}, {"max", keys[len(keys)-1]}}
}

// BenchmarkDecodeCell: the cold cost of one cell, for the largest and the median cell tile.
func BenchmarkDecodeCell(b *testing.B) {
	g := loadTiles(b)
	for _, c := range medianAndMaxCells(g) {
		b.Run(c.name, func(b *testing.B) {
			data := g[c.key]
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := admin.DecodeCell(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// coldBoxes are the Hà Nội and TP.HCM areas (lat/lng boxes covering both new
// provinces) whose cells BenchmarkColdLookup visits.
var coldBoxes = map[string][4]float64{
	"HaNoi": {20.50, 105.25, 21.50, 106.05},
	"HCM":   {10.30, 106.30, 11.60, 107.60},
}

type coldSample struct {
	key      string
	lat, lng float64
}

// coldSamples returns, for every cell tile in box, up to perCell seeded
// random points of the cell that fall in a ward (seed 42), in key order.
func coldSamples(tb testing.TB, g map[string][]byte, box [4]float64, perCell int) (samples []coldSample, cells int) {
	warm := admin.New(storeOf(tb, g, 1<<30))
	rng := rand.New(rand.NewSource(42))
	m, err := admin.DecodeMeta(g[admin.MetaKey])
	if err != nil {
		tb.Fatal(err)
	}
	s := float64(m.CellSize) / admin.Scale
	for cy := int(math.Floor(box[0] / s)); float64(cy)*s < box[2]; cy++ {
		for cx := int(math.Floor(box[1] / s)); float64(cx)*s < box[3]; cx++ {
			key := admin.CellKey(int32(cx), int32(cy))
			if _, ok := g[key]; !ok {
				continue
			}
			cells++
			n := 0
			for tries := 0; n < perCell && tries < 50*perCell; tries++ {
				lat := (float64(cy) + rng.Float64()) * s
				lng := (float64(cx) + rng.Float64()) * s
				r, err := warm.Lookup(context.Background(), lat, lng)
				if err != nil {
					tb.Fatal(err)
				}
				if r.Status == admin.Found {
					samples = append(samples, coldSample{key, lat, lng})
					n++
				}
			}
		}
	}
	return samples, cells
}

// BenchmarkColdLookup: the first lookup in a cell — a new Lookup (meta tile
// decoded again, empty cache), the cell tile decoded, one query — for 16
// seeded random points in a ward of every cell of the Hà Nội and TP.HCM
// boxes. "mem": the tile bytes come from memory; "store": from a tile.Store
// that caches nothing, so each lookup also pays the store's size and sha256
// check of the meta and cell tiles, as a cold Worker does. Reports
// p50/p95/max over all samples of the wall time and of the CPU time
// (cpuclock.Now: the thread's, or under wasm the Node process's), which a loaded
// machine does not inflate.
func BenchmarkColdLookup(b *testing.B) {
	g := loadTiles(b)
	if g[admin.MetaKey] == nil {
		b.Skip("no meta tile")
	}
	store := storeOf(b, g, 1) // caches nothing
	for _, name := range []string{"HaNoi", "HCM"} {
		samples, cells := coldSamples(b, g, coldBoxes[name], 16)
		if len(samples) == 0 {
			b.Fatal("no samples")
		}
		{
			b.Run(name+"/store", func(b *testing.B) {
				ctx := context.Background()
				cpuclock.Lock()
				defer cpuclock.Unlock()
				durs := make([]time.Duration, 0, b.N)
				cpus := make([]time.Duration, 0, b.N)
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					p := samples[i%len(samples)]
					c0, t0 := cpuclock.Now(), time.Now()
					r, err := admin.New(store).Lookup(ctx, p.lat, p.lng)
					durs = append(durs, time.Since(t0))
					cpus = append(cpus, cpuclock.Now()-c0)
					if err != nil || r.Status != admin.Found {
						b.Fatalf("%s %v: %v %v", p.key, p, r, err)
					}
				}
				b.StopTimer()
				b.ReportMetric(float64(cells), "cells")
				reportQuantiles(b, durs, "")
				reportQuantiles(b, cpus, "cpu-")
			})
		}
	}
}

// storeOf is a tile.Store over tiles whose cache holds cacheBytes
// (tile.DefaultCacheBytes when 0; 1 caches nothing, so every read verifies
// the tile's size and sha256 again).
func storeOf(tb testing.TB, tiles map[string][]byte, cacheBytes int) *tile.Store {
	st, err := tile.Open(context.Background(), tile.MapBundle(tiles), cacheBytes)
	if err != nil {
		tb.Fatal(err)
	}
	return st
}

// reportQuantiles reports p50, p95 and max of durs in µs, names prefixed.
func reportQuantiles(b *testing.B, durs []time.Duration, prefix string) {
	sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
	q := func(f float64) float64 { return float64(durs[int(f*float64(len(durs)-1))].Nanoseconds()) / 1e3 }
	b.ReportMetric(q(0.50), prefix+"p50-µs")
	b.ReportMetric(q(0.95), prefix+"p95-µs")
	b.ReportMetric(q(1), prefix+"max-µs")
}

// BenchmarkTileSHA256: what tile.Store's verification (sha256 of the whole
// tile, once per tile load) costs for the median and the largest cell tile.
func BenchmarkTileSHA256(b *testing.B) {
	g := loadTiles(b)
	for _, c := range medianAndMaxCells(g) {
		b.Run(c.name, func(b *testing.B) {
			data := g[c.key]
			b.SetBytes(int64(len(data)))
			for i := 0; i < b.N; i++ {
				sum := sha256.Sum256(data)
				_ = hex.EncodeToString(sum[:])
			}
		})
	}
}
