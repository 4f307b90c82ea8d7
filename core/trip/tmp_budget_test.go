package trip

import (
	"testing"
)

func TestTmpBudget(t *testing.T) {
	for _, frac := range []int64{1, 2} {
		for _, c := range tsplibOptima {
			p := readTSPLIB(t, c.name)
			var worst float64
			hits := 0
			for seed := uint64(0); seed < 10; seed++ {
				r, _ := Solve(p.Matrix, Options{RoundTrip: true, Work: DefaultWork(c.n-1) / frac, Seed: seed})
				worst = max(worst, (r.Cost-c.opt)/c.opt*100)
				if r.Cost == c.opt {
					hits++
				}
			}
			t.Logf("work/%d %-6s worst gap over 10 seeds %.2f%% optimal %d/10", frac, c.name, worst, hits)
		}
	}
}
