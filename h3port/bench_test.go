package h3port

import "testing"

// Benchmarks shared with bench_cgo_test.go (build tag h3cgo) and
// testjs/bench.mjs. The ward polygon is a fixed ~1 km² quadrilateral around
// 21.028N 105.852E (Hoàn Kiếm, Hà Nội).
var hanoiWard = GeoPolygon{GeoLoop: GeoLoop{
	{21.0235, 105.8470}, {21.0235, 105.8566}, {21.0325, 105.8566}, {21.0325, 105.8470},
}}

const benchPolyRes = 10

// benchPoints is a fixed set of points around Hà Nội and the world.
var benchPoints = func() []LatLng {
	pts := make([]LatLng, 1024)
	for i := range pts {
		f := float64(i) / float64(len(pts))
		pts[i] = LatLng{21.028 + (f-0.5)*0.2, 105.852 + (float64(i%37)/37-0.5)*0.2}
	}
	return pts
}()

func BenchmarkLatLngToCell(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := LatLngToCell(benchPoints[i&1023], 9); err != nil {
			b.Fatal(err)
		}
	}
}

func benchCells() []Cell {
	cells := make([]Cell, len(benchPoints))
	for i, p := range benchPoints {
		cells[i], _ = LatLngToCell(p, 9)
	}
	return cells
}

func BenchmarkCellToBoundary(b *testing.B) {
	cells := benchCells()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := CellToBoundary(cells[i&1023]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGridDisk2(b *testing.B) {
	cells := benchCells()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := GridDisk(cells[i&1023], 2); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPolygonToCellsHanoiWard(b *testing.B) {
	for i := 0; i < b.N; i++ {
		cells, err := PolygonToCells(hanoiWard, benchPolyRes, 0)
		if err != nil || len(cells) == 0 {
			b.Fatal(err)
		}
	}
}

func TestHanoiWardSize(t *testing.T) {
	cells, err := PolygonToCells(hanoiWard, benchPolyRes, 0)
	if err != nil {
		t.Fatal(err)
	}
	a := 0.0
	for _, c := range cells {
		v, _ := CellAreaKm2(c)
		a += v
	}
	t.Logf("ward: %d cells at res %d, %.3f km²", len(cells), benchPolyRes, a)
	if a < 0.7 || a > 1.4 {
		t.Errorf("ward area %.3f km² not ~1 km²", a)
	}
}
