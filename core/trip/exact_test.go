package trip

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// bruteForce tries every order of the free stops and returns the best by
// (unreachable legs, cost of the reachable legs).
func bruteForce(m Matrix, roundTrip bool) (unreach int, finite float64) {
	s, e := 0, m.N-1
	if roundTrip {
		e = 0
	}
	var free []int
	for v := 1; v < m.N; v++ {
		if v != e {
			free = append(free, v)
		}
	}
	unreach, finite = math.MaxInt, math.Inf(1)
	order := make([]int, 0, m.N+1)
	permute(free, 0, func(p []int) {
		order = append(append(append(order[:0], s), p...), e)
		u, f := split(m, order)
		if u < unreach || (u == unreach && f < finite) {
			unreach, finite = u, f
		}
	})
	return unreach, finite
}

// split counts a tour's unreachable legs and sums the others.
func split(m Matrix, order []int) (unreach int, finite float64) {
	for i := 1; i < len(order); i++ {
		if order[i-1] == order[i] {
			continue // the diagonal is never read
		}
		if c := m.At(order[i-1], order[i]); math.IsInf(c, 1) {
			unreach++
		} else {
			finite += c
		}
	}
	return unreach, finite
}

func permute(a []int, k int, visit func([]int)) {
	if k == len(a) {
		visit(a)
		return
	}
	for i := k; i < len(a); i++ {
		a[k], a[i] = a[i], a[k]
		permute(a, k+1, visit)
		a[k], a[i] = a[i], a[k]
	}
}

// TestAgainstBruteForce: 500 random instances of 3–10 stops — independent
// asymmetric costs (some with unreachable pairs) and Hà Nội-like travel
// times with one-way detours, fixed ends or round trips. Held–Karp and the
// local search (forced) must both match brute force exactly.
func TestAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(testSeed(t, 13), 500))
	heurMisses := 0
	for inst := range 500 {
		n := 3 + rng.IntN(8)
		roundTrip := n <= 9 && rng.IntN(4) == 0
		m := mixedMatrix(rng, n, inst)
		wantU, wantF := bruteForce(m, roundTrip)
		for _, force := range []bool{false, true} {
			r, err := Solve(m, Options{RoundTrip: roundTrip, ForceHeuristic: force})
			if err != nil {
				t.Fatal(err)
			}
			checkTour(t, r.Order, n, roundTrip)
			u, f := split(m, r.Order)
			if r.Unreachable != u || (u == 0) != !math.IsInf(r.Cost, 1) || (u == 0 && math.Abs(r.Cost-f) > 1e-9*f) {
				t.Fatalf("instance %d: result says %d unreachable, cost %v; its order has %d, %v", inst, r.Unreachable, r.Cost, u, f)
			}
			if r.Exact == force {
				t.Fatalf("instance %d: Exact = %v with ForceHeuristic %v", inst, r.Exact, force)
			}
			if u != wantU || math.Abs(f-wantF) > 1e-9*math.Max(1, wantF) {
				if force {
					heurMisses++
				}
				t.Errorf("instance %d (n=%d round trip %v, heuristic %v): %d unreachable + %.6f, brute force %d + %.6f",
					inst, n, roundTrip, force, u, f, wantU, wantF)
			}
		}
	}
	t.Logf("500 instances: Held–Karp and the local search both equal brute force (local search misses: %d)", heurMisses)
}

// TestLocalSearchVsHeldKarp: just past ExactMaxStops (13–16 stops), the
// production local search must find the optimum that Held–Karp (run here
// beyond its production limit) proves, on 100 random instances.
func TestLocalSearchVsHeldKarp(t *testing.T) {
	rng := rand.New(rand.NewPCG(testSeed(t, 1316), 1316))
	for inst := range 100 {
		n := ExactMaxStops + 1 + rng.IntN(4)
		m := mixedMatrix(rng, n, inst)
		roundTrip := inst%4 == 0
		r, err := Solve(m, Options{RoundTrip: roundTrip})
		if err != nil || r.Exact {
			t.Fatalf("instance %d: %+v %v (want the local search)", inst, r, err)
		}
		p := newProblem(m, roundTrip)
		opt := p.cost(heldKarp(p))
		got := p.cost(toInt32(r.Order))
		if math.Abs(got-opt) > 1e-9*math.Max(1, opt) {
			t.Errorf("instance %d (n=%d, round trip %v): local search %.3f, Held–Karp %.3f", inst, n, roundTrip, got, opt)
		}
	}
}

// TestForceExact: Options.ForceExact solves beyond ExactMaxStops with
// Held–Karp, and refuses more than ForceExactMaxStops stops.
func TestForceExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(testSeed(t, 14), 14))
	m := hanoiMatrix(rng, ExactMaxStops+2)
	r, err := Solve(m, Options{ForceExact: true})
	if err != nil || !r.Exact {
		t.Fatalf("%+v %v (want Held–Karp)", r, err)
	}
	p := newProblem(m, false)
	if opt := p.cost(heldKarp(p)); r.Cost != opt {
		t.Errorf("forced exact %.3f, Held–Karp %.3f", r.Cost, opt)
	}
	if ls, _ := Solve(m, Options{}); ls.Exact || ls.Cost < r.Cost {
		t.Errorf("local search %+v beats the optimum %.3f", ls, r.Cost)
	}
	if _, err := Solve(NewMatrix(ForceExactMaxStops+1), Options{ForceExact: true}); !errors.Is(err, ErrTooManyStops) {
		t.Errorf("%d stops forced exact: %v", ForceExactMaxStops+1, err)
	}
}

func toInt32(v []int) []int32 {
	out := make([]int32, len(v))
	for i, x := range v {
		out[i] = int32(x)
	}
	return out
}

// mixedMatrix cycles through the three kinds of instances: independent
// asymmetric costs, the same with 25% unreachable pairs, Hà Nội travel times.
func mixedMatrix(rng *rand.Rand, n, inst int) Matrix {
	switch inst % 3 {
	case 0:
		return randomMatrix(rng, n, 0)
	case 1:
		return randomMatrix(rng, n, 0.25)
	}
	return hanoiMatrix(rng, n)
}
