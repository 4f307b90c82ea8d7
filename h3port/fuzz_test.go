package h3port

import (
	"math"
	"slices"
	"testing"
)

// Fuzz targets: no input may panic. Run e.g.
//   go test ./h3port -run '^$' -fuzz FuzzStringToH3 -fuzztime 30s

func FuzzStringToH3(f *testing.F) {
	for _, s := range []string{"85283473fffffff", "0x8f754e64992d6d6", "", "asdf", "-1", "ffffffffffffffffffff", " 8"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := StringToH3(s)
		if err == nil && IsValidCell(c) {
			back, err := StringToH3(c.String())
			if err != nil || back != c {
				t.Fatalf("%q -> %v -> %v", s, c, back)
			}
		}
	})
}

func FuzzIsValidCell(f *testing.F) {
	f.Add(uint64(0x85283473fffffff))
	f.Add(uint64(0))
	f.Add(uint64(math.MaxUint64))
	f.Fuzz(func(t *testing.T, h uint64) {
		c := Cell(h)
		v := IsValidCell(c)
		_ = IsPentagon(c)
		_ = IsResClassIII(c)
		_ = GetResolution(c)
		_ = GetBaseCellNumber(c)
		if v {
			if _, err := ConstructCellFrom(c); err != nil {
				t.Fatalf("valid %v not constructible: %v", c, err)
			}
		}
	})
}

// ConstructCellFrom rebuilds a cell from its components (test helper).
func ConstructCellFrom(c Cell) (Cell, error) {
	d := make([]int, c.res())
	for r := 1; r <= c.res(); r++ {
		d[r-1] = int(c.digit(r))
	}
	return ConstructCell(c.res(), c.baseCell(), d)
}

// FuzzCellFunctions calls every function taking a cell with arbitrary bits.
func FuzzCellFunctions(f *testing.F) {
	f.Add(uint64(0x85283473fffffff), uint64(0x8528342bfffffff), 3, 1)
	f.Add(uint64(0x8009fffffffffff), uint64(0x801dfffffffffff), 0, 2)
	f.Add(uint64(0x830800fffffffff), uint64(0x830822fffffffff), 4, 3)
	f.Fuzz(func(t *testing.T, a, b uint64, res, k int) {
		x, y := Cell(a), Cell(b)
		k = k % 4
		res = res % 20
		_, _ = CellToLatLng(x)
		_, _ = CellToBoundary(x)
		_, _ = GetIcosahedronFaces(x)
		_, _ = CellToParent(x, res)
		_, _ = CellToCenterChild(x, res)
		if r := res - x.res(); r >= 0 && r <= 3 {
			_, _ = CellToChildren(x, res)
			_, _ = UncompactCells([]Cell{x, y}, res)
		}
		_, _ = CellToChildrenSize(x, res)
		_, _ = CellToChildPos(x, res)
		_, _ = ChildPosToCell(int64(k), x, res)
		_, _ = CompactCells([]Cell{x, y})
		_, _ = GridDisk(x, k)
		_, _, _ = GridDiskDistances(x, k)
		_, _ = GridRing(x, k)
		_, _ = GridRingUnsafe(x, k)
		_, _ = GridDistance(x, y)
		_, _ = GridPathCells(x, y)
		_, _ = CellToLocalIj(x, y, 0)
		_, _ = LocalIjToCell(x, CoordIJ{res, k}, 0)
		_, _ = AreNeighborCells(x, y)
		_, _ = CellAreaRads2(x)
	})
}

func FuzzLatLngToCell(f *testing.F) {
	f.Add(21.028, 105.852, 9)
	f.Add(math.NaN(), 0.0, 0)
	f.Add(90.0, 180.0, 15)
	f.Add(1e300, -1e300, 5)
	f.Fuzz(func(t *testing.T, lat, lng float64, res int) {
		c, err := LatLngToCell(LatLng{lat, lng}, res)
		if err == nil && !IsValidCell(c) {
			t.Fatalf("invalid cell %v for %v,%v,%d", c, lat, lng, res)
		}
		// A tiny triangle; near a pole or with out-of-range input its
		// bounding box can be planet-sized, so bound the work first (the
		// fuzzer's time limit must not hit one slow input).
		p := GeoPolygon{GeoLoop: GeoLoop{{lat, lng}, {lat + 0.01, lng}, {lat, lng + 0.01}}}
		if n, err := MaxPolygonToCellsSize(p, res%8, 0); err == nil && n <= 50000 {
			_, _ = PolygonToCells(p, res%8, 0)
		}
	})
}

// FuzzCellsToMultiPolygon builds a cell set from a centre, a radius and a
// 64-bit mask over the disk (plus an arbitrary extra index) and checks the
// outline: no panic, valid loops, and area(outer) - area(holes) equal to the
// sum of the cell areas (up to the Cagnoli formula's absolute rounding
// error, ~1e-15 sr per vertex, which dominates for res 13-15 cells).
func FuzzCellsToMultiPolygon(f *testing.F) {
	f.Add(21.028, 105.852, 9, 2, uint64(math.MaxUint64), uint64(0))
	f.Add(21.028, 105.852, 9, 3, uint64(0xfffffffffffff00e), uint64(0))
	f.Add(64.7, 10.5, 5, 3, uint64(0xaaaaaaaaaaaaaaaa), uint64(0x85283473fffffff))
	f.Add(0.0, 180.0, 3, 4, uint64(0xf0f0f0f0f0f0f0f0), uint64(0))
	f.Add(58.0, 11.0, 0, 1, uint64(math.MaxUint64), uint64(0x8009fffffffffff))
	f.Fuzz(func(t *testing.T, lat, lng float64, res, k int, mask, extra uint64) {
		res, k = absInt(res%16), absInt(k%5)
		c, err := LatLngToCell(LatLng{lat, lng}, res)
		if err != nil {
			_, _ = CellsToMultiPolygon([]Cell{Cell(extra), Cell(mask)})
			return
		}
		disk, _ := GridDisk(c, k)
		var cells []Cell
		for i, d := range disk {
			if mask>>(uint(i)%64)&1 == 1 {
				cells = append(cells, d)
			}
		}
		if extra != 0 {
			_, _ = CellsToMultiPolygon(append(slices.Clone(cells), Cell(extra)))
		}
		mp, err := CellsToMultiPolygon(cells)
		if err != nil {
			t.Fatalf("%v: %v", cells, err)
		}
		if len(cells) == 0 {
			if len(mp) != 0 {
				t.Fatalf("empty set gave %d polygons", len(mp))
			}
			return
		}
		want := 0.0
		for _, h := range cells {
			a, _ := CellAreaRads2(h)
			want += a
		}
		got := 0.0
		rad := func(l GeoLoop) [][2]float64 {
			r := make([][2]float64, len(l))
			for i, v := range l {
				r[i] = [2]float64{DegsToRads(v.Lat), DegsToRads(v.Lng)}
			}
			return r
		}
		for _, p := range mp {
			if len(p.GeoLoop) < 3 {
				t.Fatalf("short loop %v", p.GeoLoop)
			}
			got += loopAreaRads2(rad(p.GeoLoop))
			for _, h := range p.Holes {
				got += loopAreaRads2(rad(h)) - 4*math.Pi
			}
		}
		if math.Abs(got-want) > 1e-9*want+1e-13 {
			t.Fatalf("area %v, cells sum %v (%d cells, %d polygons)", got, want, len(cells), len(mp))
		}
	})
}
