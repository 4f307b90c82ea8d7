package trip

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

func TestSolveEdgeCases(t *testing.T) {
	inf := math.Inf(1)
	two, _ := MatrixFromRows([][]float64{{0, 5}, {7, 0}})
	if r, err := Solve(two, Options{}); err != nil || len(r.Order) != 2 || r.Cost != 5 || !r.Exact {
		t.Errorf("two stops: %+v %v", r, err)
	}
	if r, err := Solve(two, Options{RoundTrip: true}); err != nil || len(r.Order) != 3 || r.Cost != 12 {
		t.Errorf("two-stop round trip: %+v %v", r, err)
	}
	one := NewMatrix(1)
	one.Set(0, 0, 9999)
	if r, err := Solve(one, Options{RoundTrip: true}); err != nil || r.Cost != 0 || len(r.Order) != 2 {
		t.Errorf("one-stop round trip: %+v %v", r, err)
	}
	if _, err := Solve(one, Options{}); !errors.Is(err, ErrNoStops) {
		t.Errorf("one-stop path: %v", err)
	}
	if _, err := Solve(NewMatrix(MaxStops+1), Options{}); !errors.Is(err, ErrTooManyStops) {
		t.Errorf("too many: %v", err)
	}
	nan := NewMatrix(3)
	nan.Set(1, 2, math.NaN())
	if _, err := Solve(nan, Options{}); !errors.Is(err, ErrBadMatrix) {
		t.Errorf("NaN: %v", err)
	}
	if _, err := Solve(Matrix{N: 3, Cost: make([]float64, 8)}, Options{}); !errors.Is(err, ErrBadMatrix) {
		t.Errorf("short: %v", err)
	}
	// 0 → 2 is only reachable through 1; 0 → 1 → 2 → 3 is the one tour
	// without an unreachable leg, though 0 → 2 costs less on paper.
	m, _ := MatrixFromRows([][]float64{
		{0, 100, 1, inf},
		{inf, 0, 100, inf},
		{inf, 1, 0, 100},
		{inf, inf, inf, 0},
	})
	for _, force := range []bool{false, true} {
		r, _ := Solve(m, Options{ForceHeuristic: force})
		if r.Unreachable != 0 || r.Cost != 300 {
			t.Errorf("heuristic %v: %+v, want 0 1 2 3 at 300", force, r)
		}
	}
	// Nothing reachable: still a tour, with every leg unreachable.
	none := randomMatrix(rand.New(rand.NewPCG(1, 1)), 20, 1)
	r, err := Solve(none, Options{})
	if err != nil || r.Unreachable != 19 || !math.IsInf(r.Cost, 1) {
		t.Errorf("all unreachable: %+v %v", r, err)
	}
	checkTour(t, r.Order, 20, false)
}

// TestDeterministic: the same request gives the same order; Seed changes
// the search but not the validity.
func TestDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(testSeed(t, 7), 7))
	m := hanoiMatrix(rng, 40)
	a, _ := Solve(m, Options{})
	b, _ := Solve(m, Options{})
	if len(a.Order) != 40 || a.Cost != b.Cost || a.Evaluations != b.Evaluations {
		t.Fatalf("two runs differ: %v / %v", a, b)
	}
	for i := range a.Order {
		if a.Order[i] != b.Order[i] {
			t.Fatalf("two runs differ: %v / %v", a.Order, b.Order)
		}
	}
	if a.Evaluations > DefaultWork(38)+1000 {
		t.Errorf("spent %d evaluations, budget %d", a.Evaluations, DefaultWork(38))
	}
}

// FuzzSolve: any small matrix (zeros, negatives, unreachable pairs) gives
// a valid tour whose reported cost is its cost, or an error for NaN.
func FuzzSolve(f *testing.F) {
	f.Add([]byte{5, 1, 2, 3, 255, 0, 7}, false)
	f.Add([]byte{14, 9, 9, 9, 254, 1}, true)
	f.Fuzz(func(t *testing.T, b []byte, roundTrip bool) {
		if len(b) == 0 {
			return
		}
		n := 1 + int(b[0])%16
		m := NewMatrix(n)
		for i := range m.Cost {
			switch v := b[i%len(b)]; v {
			case 255:
				m.Cost[i] = math.Inf(1)
			case 254:
				m.Cost[i] = math.NaN()
			default:
				m.Cost[i] = float64(int(v)-20) * float64(1+i%7)
			}
		}
		r, err := Solve(m, Options{RoundTrip: roundTrip, Work: 20000})
		if err != nil {
			return
		}
		checkTour(t, r.Order, n, roundTrip)
		if u, f := split(m, r.Order); u != r.Unreachable || (u == 0 && math.Abs(f-r.Cost) > 1e-6*(1+math.Abs(f))) {
			t.Fatalf("reported %d unreachable, cost %v; order has %d, %v", r.Unreachable, r.Cost, u, f)
		}
	})
}
