//go:build h3cgo

package h3port

// Same benchmarks through github.com/uber/h3-go/v4 (cgo; native only):
//   go test -tags h3cgo -run '^$' -bench . ./h3port/

import (
	"testing"

	h3 "github.com/uber/h3-go/v4"
)

func BenchmarkCgoLatLngToCell(b *testing.B) {
	for i := 0; i < b.N; i++ {
		p := benchPoints[i&1023]
		if h3.LatLngToCell(h3.LatLng{Lat: p.Lat, Lng: p.Lng}, 9) == 0 {
			b.Fatal("zero cell")
		}
	}
}

func cgoCells() []h3.Cell {
	cells := make([]h3.Cell, len(benchPoints))
	for i, p := range benchPoints {
		cells[i] = h3.LatLngToCell(h3.LatLng{Lat: p.Lat, Lng: p.Lng}, 9)
	}
	return cells
}

func BenchmarkCgoCellToBoundary(b *testing.B) {
	cells := cgoCells()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(cells[i&1023].Boundary()) == 0 {
			b.Fatal("empty boundary")
		}
	}
}

func BenchmarkCgoGridDisk2(b *testing.B) {
	cells := cgoCells()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(cells[i&1023].GridDisk(2)) == 0 {
			b.Fatal("empty disk")
		}
	}
}

func BenchmarkCgoPolygonToCellsHanoiWard(b *testing.B) {
	var loop h3.GeoLoop
	for _, p := range hanoiWard.GeoLoop {
		loop = append(loop, h3.LatLng{Lat: p.Lat, Lng: p.Lng})
	}
	poly := h3.GeoPolygon{GeoLoop: loop}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(h3.PolygonToCells(poly, benchPolyRes)) == 0 {
			b.Fatal("no cells")
		}
	}
}

func TestCgoSameResults(t *testing.T) {
	for i, p := range benchPoints {
		a, _ := LatLngToCell(p, 9)
		b := h3.LatLngToCell(h3.LatLng{Lat: p.Lat, Lng: p.Lng}, 9)
		if uint64(a) != uint64(b) {
			t.Fatalf("%d: %v vs %v", i, a, b)
		}
	}
}
