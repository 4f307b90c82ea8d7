package trip

import (
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/bando-vn/bando/core/trip/triptest"
)

var longRunInstances = flag.Int("trip.longrun", 2, "instances of each kind and size in TestLocalSearchVsLongRun")

// TestLocalSearchVsLongRun: on 25- and 50-stop problems the production
// search must come within 1% of the best of a long run of the same search
// (2 more seeds at 4× the work each) on Hà Nội travel times with one-way
// detours — the problems the API serves — and within 2% on independent
// uniformly random asymmetric costs, the adversarial class for local search
// (its measured tail is in BENCHMARKS.trip.md). Logs each distribution;
// -trip.longrun sets the number of instances per kind and size.
func TestLocalSearchVsLongRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(testSeed(t, 2550), 2550))
	perKind := *longRunInstances
	if testing.Short() {
		perKind = 1
	}
	kinds := []struct {
		name  string
		gen   func(*rand.Rand, int) Matrix
		bound float64
	}{
		{"Hà Nội", hanoiMatrix, 0.01},
		{"uniform random", func(r *rand.Rand, n int) Matrix { return randomMatrix(r, n, 0) }, 0.02},
	}
	for _, n := range []int{25, 50} {
		for _, kind := range kinds {
			var gaps []float64
			for inst := range perKind {
				m := kind.gen(rng, n)
				r, err := Solve(m, Options{})
				if err != nil {
					t.Fatal(err)
				}
				checkTour(t, r.Order, n, false)
				best := r.Cost
				for seed := uint64(1); seed <= 2; seed++ {
					long, _ := Solve(m, Options{Seed: seed, Work: 4 * DefaultWork(n-2)})
					best = min(best, long.Cost)
				}
				gap := (r.Cost - best) / best
				gaps = append(gaps, gap)
				if gap > kind.bound {
					t.Errorf("n=%d %s instance %d: %.1f, long run %.1f (gap %.2f%%, allowed %.0f%%)", n, kind.name, inst, r.Cost, best, 100*gap, 100*kind.bound)
				}
			}
			t.Logf("n=%d %s: %s", n, kind.name, triptest.GapSummary(gaps))
		}
	}
}
