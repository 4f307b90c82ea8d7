package h3port

import (
	"math"
	"math/rand"
	"testing"
)

// boundaryDeviation compares the closed-form boundary of h with upstream's
// sequence of operations and returns the largest difference in degrees.
func boundaryDeviation(t *testing.T, h Cell) (deg float64) {
	t.Helper()
	var exact boundaryRads
	fast := boundaryRads{closedForm: true}
	if err := cellToBoundaryRads(h, &fast); err != nil {
		t.Fatalf("%v: %v", h, err)
	}
	if err := cellToBoundaryRads(h, &exact); err != nil {
		t.Fatalf("%v: %v", h, err)
	}
	if fast.n != exact.n {
		t.Fatalf("%v: %d vertices, exact %d", h, fast.n, exact.n)
	}
	for i := 0; i < fast.n; i++ {
		for j := 0; j < 2; j++ {
			f, e := fast.verts[i][j], exact.verts[i][j]
			deg = math.Max(deg, RadsToDegs(math.Abs(f-e)))
		}
	}
	return deg
}

// TestBoundaryClosedForm bounds the rounding difference between the
// closed-form vertices (substrateToLatLng) and upstream's operations
// (bit-identical to the C library and h3-js) over every cell of resolutions
// 0-3, the pentagons of every resolution and seeded random cells of every
// resolution, including cells around the 12 pentagons and near the poles. The acceptance tolerance for
// boundaries is 1e-12 degrees; the closed form must stay 5x inside it (it
// differs by a few ulps: ~5e-14 degrees at any latitude, ~1e-13 degrees
// just below poleCos, measured on 400,000 random cells).
func TestBoundaryClosedForm(t *testing.T) {
	const limitDeg = 2e-13
	var maxDeg float64
	worst := Cell(0)
	check := func(h Cell) {
		if d := boundaryDeviation(t, h); d > maxDeg {
			maxDeg, worst = d, h
		}
	}
	n := 0
	for _, base := range GetRes0Cells() {
		for res := 0; res <= 3; res++ {
			cells, _ := CellToChildren(base, res)
			for _, c := range cells {
				check(c)
				n++
			}
		}
	}
	for res := 0; res <= MaxResolution; res++ {
		ps, _ := GetPentagons(res)
		for _, p := range ps {
			check(p)
			n++
		}
	}
	rng := rand.New(rand.NewSource(testSeed(t)))
	pents := make([]LatLng, 0, 12)
	p0, _ := GetPentagons(0)
	for _, p := range p0 {
		ll, _ := CellToLatLng(p)
		pents = append(pents, ll)
	}
	count := 200000
	if testing.Short() {
		count = 20000
	}
	for i := 0; i < count; i++ {
		var ll LatLng
		switch i % 4 {
		case 0: // anywhere on the sphere
			ll = LatLng{RadsToDegs(math.Asin(2*rng.Float64() - 1)), rng.Float64()*360 - 180}
		case 1: // near a pentagon
			p := pents[rng.Intn(len(pents))]
			s := math.Pow(10, -rng.Float64()*6)
			ll = LatLng{p.Lat + (rng.Float64()-0.5)*s, p.Lng + (rng.Float64()-0.5)*s}
		case 2: // near a pole
			ll = LatLng{(90 - rng.Float64()*15) * float64(1-2*rng.Intn(2)), rng.Float64()*360 - 180}
		default: // Vietnam
			ll = LatLng{8 + rng.Float64()*16, 102 + rng.Float64()*8}
		}
		c, err := LatLngToCell(ll, rng.Intn(MaxResolution+1))
		if err != nil {
			t.Fatalf("latLngToCell(%v): %v", ll, err)
		}
		check(c)
		n++
	}
	t.Logf("%d cells: largest difference %.3g degrees (%v)", n, maxDeg, worst)
	if maxDeg > limitDeg {
		t.Fatalf("closed-form boundary of %v is %.3g degrees from upstream's (limit %g)", worst, maxDeg, limitDeg)
	}
}
