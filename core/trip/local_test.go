package trip

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

var longRunInstances = flag.Int("trip.longrun", 2, "instances of each kind and size in TestLocalSearchVsLongRun")

// TestLocalSearchVsLongRun: on 25- and 50-stop problems (Hà Nội travel
// times with one-way detours, and independent asymmetric costs) the
// production search must come within 1% of the best of a long run of the
// same search (2 more seeds at 4× the work each); -trip.longrun sets the
// number of instances (BENCHMARKS.trip.md quotes a larger run). Logs the distribution.
func TestLocalSearchVsLongRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(testSeed(t, 2550), 2550))
	perKind := *longRunInstances
	if testing.Short() {
		perKind = 1
	}
	for _, n := range []int{25, 50} {
		var gaps []float64
		for inst := range 2 * perKind {
			m := hanoiMatrix(rng, n)
			if inst%2 == 1 {
				m = randomMatrix(rng, n, 0)
			}
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
			if gap > 0.01 {
				t.Errorf("n=%d instance %d: %.1f, long run %.1f (gap %.2f%%)", n, inst, r.Cost, best, 100*gap)
			}
		}
		t.Logf("n=%d: %s", n, gapSummary(gaps))
	}
}

// gapSummary renders a gap distribution: count at zero, median, 90th
// percentile and max, in percent.
func gapSummary(gaps []float64) string {
	g := slices.Clone(gaps)
	slices.Sort(g)
	zero := 0
	for _, x := range g {
		if x <= 1e-12 {
			zero++
		}
	}
	q := func(p float64) float64 { return 100 * g[int(p*float64(len(g)-1)+0.5)] }
	return fmt.Sprintf("%d instances, %d equal to the long run; gap median %.3f%%, p90 %.3f%%, max %.3f%%",
		len(g), zero, q(0.5), q(0.9), q(1))
}
