package adminbuild

import (
	"context"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/internal/fixture"
)

var (
	fullOnce sync.Once
	fullRes  *Result
	fullErr  error
	fullTime time.Duration
)

// fullBuild builds the real data once per test binary.
func fullBuild(t *testing.T) (*Result, string) {
	dir := fixture.Shared(t, fixture.AdminDir)
	fullOnce.Do(func() {
		start := time.Now()
		fullRes, fullErr = Build(dir)
		fullTime = time.Since(start)
	})
	if fullErr != nil {
		t.Fatal(fullErr)
	}
	return fullRes, dir
}

// testSeed returns the seed of a random test (env ADMIN_SEED or 20250701) and logs it.
func testSeed(t *testing.T) int64 {
	seed := int64(20250701)
	if s := os.Getenv("ADMIN_SEED"); s != "" {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		seed = v
	}
	t.Logf("seed %d (set ADMIN_SEED to change)", seed)
	return seed
}

func TestFullBuildStats(t *testing.T) {
	res, _ := fullBuild(t)
	total, sizes := 0, []int{}
	var cells []int
	for k, b := range res.Tiles {
		total += len(b)
		sizes = append(sizes, len(b))
		if k != admin.MetaKey && k != admin.UnitsKey {
			cells = append(cells, len(b))
		}
	}
	sort.Ints(cells)
	t.Logf("build %v: %d tiles (%d cells), %d bytes; cell tiles median %d, p95 %d, max %d bytes; units %d bytes",
		fullTime, len(res.Tiles), len(cells), total, cells[len(cells)/2], cells[len(cells)*95/100], cells[len(cells)-1], len(res.Tiles[admin.UnitsKey]))
	for _, l := range res.Layers {
		t.Logf("layer %-13s %6d exact=%-5v %s", l.Name, l.Count, l.Exact, l.Method)
	}
	if got := res.Layers[0].Count; got != 3321 {
		t.Errorf("new wards = %d, want 3321", got)
	}
}

// poleOf returns an interior point of the ward far from its boundary: the
// best of a grid of interior candidates by distance to the nearest edge.
func poleOf(polys []polygon) (sample, float64) {
	best, bestD := sample{}, -1.0
	for _, c := range sampleInterior(polys, 300) {
		d := math.Inf(1)
		for _, p := range polys {
			d = math.Min(d, p.boundaryDist(c.x, c.y))
		}
		if d > bestD {
			best, bestD = c, d
		}
	}
	return best, bestD
}

func TestFullEveryNewWard(t *testing.T) {
	res, dir := fullBuild(t)
	feats, err := readGeoJSON(filepath.Join(dir, fileNewWards))
	if err != nil {
		t.Fatal(err)
	}
	poles := make([]sample, len(feats))
	dists := make([]float64, len(feats))
	parallel(len(feats), func(i int) { poles[i], dists[i] = poleOf(feats[i].Polys) })
	l := lookupOf(t, res.Tiles)
	ctx := context.Background()
	ok, minD, noOldWard, noOldDist := 0, math.Inf(1), 0, 0
	for i, f := range feats {
		minD = math.Min(minD, dists[i])
		r, err := l.Lookup(ctx, float64(poles[i].y)/1e7, float64(poles[i].x)/1e7)
		if err != nil {
			t.Fatal(err)
		}
		if r.Old.Ward.Code == "" {
			noOldWard++
		}
		if r.Old.District.Code == "" || r.Old.Province.Code == "" {
			noOldDist++
		}
		if r.New.Ward.Code == f.Props["code"] && r.New.Province.Code == f.Props["provinceCode"] && r.New.ProvinceShort != "" {
			ok++
		} else if t.Failed() == false || ok > len(feats)-20 {
			t.Errorf("ward %s %s at %d,%d (%.0f m inside): got %+v", f.Props["code"], f.Props["fullName"], poles[i].y, poles[i].x, dists[i], r.New)
		}
	}
	t.Logf("new wards: %d/%d (%.2f%%) looked up right at their pole of inaccessibility (nearest pole %.1f m from its border)", ok, len(feats), 100*float64(ok)/float64(len(feats)), minD)
	t.Logf("same points, old structure: %d without old ward (district polygon and table disagree), %d without old district/province", noOldWard, noOldDist)
	if ok != len(feats) {
		t.Errorf("want 100%%")
	}
}

// randomInside returns n seeded random points inside the polygons, each more
// than margin metres from their boundary.
func randomInside(rng *rand.Rand, polys []polygon, n int, margin float64) []sample {
	b := emptyBBox()
	for _, p := range polys {
		b = b.union(p.bbox())
	}
	var out []sample
	for tries := 0; len(out) < n && tries < 200*n; tries++ {
		x := b[0] + int32(rng.Int63n(int64(b[2]-b[0])+1))
		y := b[1] + int32(rng.Int63n(int64(b[3]-b[1])+1))
		in := false
		for _, p := range polys {
			if p.contains(x, y) {
				in = !in
			}
		}
		if !in {
			continue
		}
		d := math.Inf(1)
		for _, p := range polys {
			d = math.Min(d, p.boundaryDist(x, y))
		}
		if d > margin {
			out = append(out, sample{x, y})
		}
	}
	return out
}

// agreement samples perPoly points in every feature and checks want against the lookup.
func agreement(t *testing.T, res *Result, feats []geoFeature, perPoly int, seed int64, check func(f geoFeature, r admin.Result) bool) (ok, total int, bad map[string]int) {
	pts := make([][]sample, len(feats))
	parallel(len(feats), func(i int) {
		pts[i] = randomInside(rand.New(rand.NewSource(seed+int64(i))), feats[i].Polys, perPoly, 200)
	})
	l := lookupOf(t, res.Tiles)
	bad = map[string]int{}
	for i, f := range feats {
		for _, p := range pts[i] {
			r, err := l.Lookup(context.Background(), float64(p.y)/1e7, float64(p.x)/1e7)
			if err != nil {
				t.Fatal(err)
			}
			total++
			if check(f, r) {
				ok++
			} else {
				bad[f.Props["name"]+"→"+r.Old.District.Name+"/"+r.Old.Province.Name]++
			}
		}
	}
	return ok, total, bad
}

func TestFullOldAgreement(t *testing.T) {
	res, dir := fullBuild(t)
	seed := testSeed(t)
	units := map[string]bool{}
	u, err := admin.DecodeUnits(res.Tiles[admin.UnitsKey])
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range u.OldDistricts {
		units[d.Code] = true
	}
	for _, tc := range []struct {
		file   string
		per    int
		filter func(geoFeature) bool
		check  func(geoFeature, admin.Result) bool
	}{
		{fileOldProvinces, 60, func(geoFeature) bool { return true }, func(f geoFeature, r admin.Result) bool {
			return r.Old.Province.Code == f.Props["level1_id"]
		}},
		{fileOldDistricts, 15, func(f geoFeature) bool { return units[f.Props["level2_id"]] }, func(f geoFeature, r admin.Result) bool {
			return r.Old.District.Code == f.Props["level2_id"] && r.Old.Province.Code == f.Props["level1_id"]
		}},
	} {
		feats, err := readGeoJSON(filepath.Join(dir, tc.file))
		if err != nil {
			t.Fatal(err)
		}
		var keep []geoFeature
		for _, f := range feats {
			if tc.filter(f) {
				keep = append(keep, f)
			}
		}
		ok, total, bad := agreement(t, res, keep, tc.per, seed, tc.check)
		pct := 100 * float64(ok) / float64(total)
		t.Logf("%s: %d polygons, %d/%d points agree (%.3f%%), points > 200 m inside, seed %d", tc.file, len(keep), ok, total, pct, seed)
		for k, n := range bad {
			t.Logf("  disagree %4d × %s", n, k)
		}
		if pct < 99.5 {
			t.Errorf("%s: agreement %.3f%% < 99.5%%", tc.file, pct)
		}
	}
}

func TestFullDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	res, dir := fullBuild(t)
	again, err := Build(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Tiles) != len(res.Tiles) {
		t.Fatalf("%d vs %d tiles", len(again.Tiles), len(res.Tiles))
	}
	for k, b := range res.Tiles {
		if string(again.Tiles[k]) != string(b) {
			t.Errorf("tile %s differs between two builds", k)
		}
	}
}

// TestFullLazyCells decodes every cell tile three ways — every polygon at
// once (which checks each of them), on demand with the polygon lengths of
// key "gl", and on demand from the tile stripped of "gl" as the first v1
// builds wrote it — and checks they answer alike at seeded random points.
func TestFullLazyCells(t *testing.T) {
	res, _ := fullBuild(t)
	rng := rand.New(rand.NewSource(testSeed(t)))
	keys := make([]string, 0, len(res.Tiles))
	for k := range res.Tiles {
		if strings.HasPrefix(k, "admin/cell/") {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	points := 0
	for _, k := range keys {
		b := res.Tiles[k]
		eager, err := admin.DecodeCell(b)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		if err := eager.DecodeGeometry(); err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		var m map[string]any
		if err := msgpack.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		if _, ok := m["gl"]; !ok {
			t.Fatalf("%s: no key gl", k)
		}
		delete(m, "gl")
		old, err := msgpack.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		lazy, err := admin.DecodeCell(b)
		if err != nil {
			t.Fatal(err)
		}
		lazyOld, err := admin.DecodeCell(old)
		if err != nil {
			t.Fatalf("%s without gl: %v", k, err)
		}
		for i := 0; i < 16; i++ {
			x := eager.X*eager.Size + rng.Int31n(eager.Size)
			y := eager.Y*eager.Size + rng.Int31n(eager.Size)
			want, err := eager.Query(x, y)
			if err != nil {
				t.Fatal(err)
			}
			for name, c := range map[string]*admin.Cell{"lazy": lazy, "lazy without gl": lazyOld} {
				if got, err := c.Query(x, y); err != nil || got != want {
					t.Fatalf("%s (%d,%d) %s: %+v %v, want %+v", k, x, y, name, got, err, want)
				}
			}
			points++
		}
	}
	t.Logf("%d cells, %d points", len(keys), points)
}
