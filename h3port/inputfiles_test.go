package h3port

import (
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// Upstream's rules (tests/inputfiles via CMakeTests.cmake, see
// ../../shared/peer/h3/README.md):
//   *centers.txt  latLngToCell(lat,lng,res(cell)) == cell exactly
//   *ic.txt       cellToLatLng within 1e-6 deg per component, then round trip
//   *cells.txt    cellToBoundary: same vertex count/order, each component within 1e-9 deg

func parseCell(t testing.TB, s string) Cell {
	c, err := StringToH3(s)
	if err != nil {
		t.Fatalf("bad cell %q", s)
	}
	return c
}

func parseF(t testing.TB, s string) float64 {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("bad float %q", s)
	}
	return v
}

func inputFiles(t *testing.T, pattern string) []string {
	dir := filepath.Join(sharedH3Dir(t), "inputfiles")
	files, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatalf("no files match %s in %s", pattern, dir)
	}
	return files
}

func TestInputFilesLatLngToCell(t *testing.T) {
	total := 0
	for _, path := range inputFiles(t, "*centers.txt") {
		lines := readLines(t, path)
		for i, l := range lines {
			if i%sampleStride() != 0 {
				continue
			}
			f := strings.Fields(l)
			want := parseCell(t, f[0])
			lat, lng := parseF(t, f[1]), parseF(t, f[2])
			if lng > 180 {
				lng -= 360 // rand* files store longitudes in [0,360)
			}
			got, err := LatLngToCell(LatLng{lat, lng}, want.Resolution())
			if err != nil || got != want {
				t.Errorf("%s:%d latLngToCell(%v,%v,%d) = %v,%v want %v", filepath.Base(path), i+1, lat, lng, want.Resolution(), got, err, want)
			}
			total++
		}
	}
	t.Logf("%d latLngToCell checks", total)
}

func TestInputFilesCellToLatLng(t *testing.T) {
	const tol = 0.000001 * mPi180
	total := 0
	for _, path := range inputFiles(t, "*ic.txt") {
		lines := readLines(t, path)
		for i, l := range lines {
			if i%sampleStride() != 0 {
				continue
			}
			f := strings.Fields(l)
			c := parseCell(t, f[0])
			wantLat, wantLng := DegsToRads(parseF(t, f[1])), DegsToRads(parseF(t, f[2]))
			lat, lng, err := CellToLatLngRads(c)
			if err != nil || !geoAlmostEqualThreshold(lat, lng, wantLat, wantLng, tol) {
				t.Errorf("%s:%d cellToLatLng(%v) = %v,%v,%v want %v,%v", filepath.Base(path), i+1, c, lat, lng, err, wantLat, wantLng)
			}
			back, err := LatLngRadsToCell(lat, lng, c.Resolution())
			if err != nil || back != c {
				t.Errorf("%s:%d round trip %v -> %v (%v)", filepath.Base(path), i+1, c, back, err)
			}
			total++
		}
	}
	t.Logf("%d cellToLatLng checks", total)
}

func TestInputFilesCellToBoundary(t *testing.T) {
	const tol = epsilonDeg * mPi180
	total := 0
	for _, path := range inputFiles(t, "*cells.txt") {
		lines := readLines(t, path)
		for i := 0; i < len(lines); {
			c := parseCell(t, lines[i])
			if lines[i+1] != "{" {
				t.Fatalf("%s:%d expected {", path, i+2)
			}
			var want [][2]float64
			j := i + 2
			for ; lines[j] != "}"; j++ {
				f := strings.Fields(lines[j])
				want = append(want, [2]float64{DegsToRads(parseF(t, f[0])), DegsToRads(parseF(t, f[1]))})
			}
			rec := total
			total++
			i = j + 1
			if rec%sampleStride() != 0 {
				continue
			}
			var b boundaryRads
			if !IsValidCell(c) {
				t.Errorf("%s: invalid cell %v", filepath.Base(path), c)
				continue
			}
			if err := cellToBoundaryRads(c, &b); err != nil {
				t.Errorf("%s: %v: %v", filepath.Base(path), c, err)
				continue
			}
			ok := b.n == len(want)
			for k := 0; ok && k < b.n; k++ {
				ok = geoAlmostEqualThreshold(b.verts[k][0], b.verts[k][1], want[k][0], want[k][1], tol)
			}
			if !ok {
				t.Errorf("%s: cellToBoundary(%v) = %v want %v", filepath.Base(path), c, b.verts[:b.n], want)
			}
		}
	}
	t.Logf("%d cellToBoundary records", total)
	_ = math.Pi
}
