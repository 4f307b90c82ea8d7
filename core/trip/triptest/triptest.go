// Package triptest helps tests of trip orders report how far found orders
// are from the best known ones.
package triptest

import (
	"fmt"
	"slices"
)

// GapSummary renders a distribution of relative gaps (0.01 = 1% over the
// best known): how many are zero, the median, the 90th percentile and the
// maximum, in percent.
func GapSummary(gaps []float64) string {
	if len(gaps) == 0 {
		return "0 instances"
	}
	g := slices.Clone(gaps)
	slices.Sort(g)
	zero := 0
	for _, x := range g {
		if x <= 1e-12 {
			zero++
		}
	}
	q := func(p float64) float64 { return 100 * g[int(p*float64(len(g)-1)+0.5)] }
	return fmt.Sprintf("%d instances, %d equal; gap median %.3f%%, p90 %.3f%%, max %.3f%%", len(g), zero, q(0.5), q(0.9), q(1))
}
