package h3port

import (
	"math/rand"
	"testing"
)

// TestExhaustiveRes0To3 round-trips every cell at resolutions 0-3:
// validity, centre -> cell, parent/children consistency, boundary size.
func TestExhaustiveRes0To3(t *testing.T) {
	total := 0
	for _, base := range GetRes0Cells() {
		cells, err := CellToChildren(base, 3)
		if err != nil {
			t.Fatal(err)
		}
		for res := 0; res <= 3; res++ {
			level, _ := CellToChildren(base, res)
			for _, c := range level {
				total++
				if !IsValidCell(c) {
					t.Fatalf("%v invalid", c)
				}
				ll, err := CellToLatLng(c)
				if err != nil {
					t.Fatal(err)
				}
				back, err := LatLngToCell(ll, res)
				if err != nil || back != c {
					t.Errorf("round trip %v -> %v -> %v (%v)", c, ll, back, err)
				}
				b, err := CellToBoundary(c)
				want := 6
				if IsPentagon(c) {
					want = 5
				}
				if err != nil || len(b) < want || len(b) > maxCellBoundaryVerts {
					t.Errorf("boundary %v: %d verts (%v)", c, len(b), err)
				}
				if res > 0 {
					p, _ := CellToParent(c, res-1)
					ch, _ := CellToChildren(p, res)
					found := false
					for _, x := range ch {
						found = found || x == c
					}
					if !found {
						t.Errorf("%v not among children of its parent %v", c, p)
					}
				}
			}
		}
		_ = cells
	}
	n := int64(0)
	for r := 0; r <= 3; r++ {
		v, _ := GetNumCells(r)
		n += v
	}
	if int64(total) != n {
		t.Fatalf("visited %d cells, want %d", total, n)
	}
	t.Logf("%d cells round-tripped", total)
}

// TestRandomRoundTrips checks seeded random points at every resolution.
func TestRandomRoundTrips(t *testing.T) {
	rng := rand.New(rand.NewSource(testSeed(t)))
	for i := 0; i < 20000; i++ {
		ll := LatLng{rng.Float64()*180 - 90, rng.Float64()*360 - 180}
		res := rng.Intn(16)
		c, err := LatLngToCell(ll, res)
		if err != nil || !IsValidCell(c) {
			t.Fatalf("latLngToCell(%v,%d) = %v %v", ll, res, c, err)
		}
		center, _ := CellToLatLng(c)
		if back, _ := LatLngToCell(center, res); back != c {
			t.Fatalf("centre of %v maps to %v", c, back)
		}
		d, err := GridDisk(c, 1)
		if err != nil || len(d) < 6 {
			t.Fatalf("gridDisk(%v) = %v %v", c, d, err)
		}
		for _, n := range d {
			if n == c {
				continue
			}
			if ok, _ := AreNeighborCells(c, n); !ok {
				t.Fatalf("%v and %v should be neighbours", c, n)
			}
			if dist, _ := GridDistance(c, n); dist != 1 {
				t.Fatalf("gridDistance(%v,%v) = %d", c, n, dist)
			}
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		err  error
		code uint32
		text string
	}{
		{ErrFailed, 1, "The operation failed but a more specific error is not available"},
		{ErrCellInvalid, 5, "Cell argument was not valid"},
		{ErrOptionInvalid, 15, "Mode or flags argument was not valid"},
		{ErrDeletedDigit, 19, "Deleted subsequence indicates invalid index"},
	}
	for _, tt := range tests {
		if ErrorCode(tt.err) != tt.code || tt.err.Error() != tt.text {
			t.Errorf("%v: code %d text %q", tt.err, ErrorCode(tt.err), tt.err.Error())
		}
	}
	if DescribeH3Error(0) != "Success" || DescribeH3Error(100) != "Invalid error code" {
		t.Error("describeH3Error")
	}
	if _, err := LatLngToCell(LatLng{0, 0}, 16); err != ErrResDomain {
		t.Errorf("res 16: %v", err)
	}
	if _, err := CellToBoundary(0); err != ErrCellInvalid {
		t.Errorf("cell 0: %v", err)
	}
}
