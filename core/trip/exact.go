package trip

import "math"

// heldKarp returns an optimal tour s, interior…, e by dynamic programming
// over subsets: best[S][j] is the cheapest path from s through exactly the
// interior stops in S ending at j ∈ S. O(2^k·k²) time, O(2^k·k) memory for
// k interior stops; callers keep k ≤ ExactMaxStops-1. Ties go to the lowest
// index, so the answer is deterministic.
func heldKarp(p *problem) []int32 {
	k := len(p.interior)
	in := p.interior
	full := 1<<k - 1
	best := make([]float64, (full+1)*k)
	prev := make([]int8, (full+1)*k)
	for i := range best {
		best[i] = math.Inf(1)
	}
	for j := 0; j < k; j++ {
		best[(1<<j)*k+j] = p.c(p.s, in[j])
		prev[(1<<j)*k+j] = -1
	}
	for set := 1; set <= full; set++ {
		for j := 0; j < k; j++ {
			if set&(1<<j) == 0 || set == 1<<j {
				continue
			}
			rest := set &^ (1 << j)
			b, arg := math.Inf(1), int8(-1)
			for i := 0; i < k; i++ {
				if rest&(1<<i) == 0 {
					continue
				}
				if c := best[rest*k+i] + p.c(in[i], in[j]); c < b {
					b, arg = c, int8(i)
				}
			}
			best[set*k+j], prev[set*k+j] = b, arg
		}
	}
	tour := make([]int32, k+2)
	tour[0], tour[k+1] = p.s, p.e
	if k == 0 {
		return tour
	}
	b, last := math.Inf(1), 0
	for j := 0; j < k; j++ {
		if c := best[full*k+j] + p.c(in[j], p.e); c < b {
			b, last = c, j
		}
	}
	for set, pos := full, k; pos >= 1; pos-- {
		tour[pos] = in[last]
		nxt := int(prev[set*k+last])
		set &^= 1 << last
		last = nxt
	}
	return tour
}
