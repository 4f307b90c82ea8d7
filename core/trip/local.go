package trip

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"time"
)

// neighbours is how many cheapest successors of each stop the local search
// considers as new edges.
const neighbours = 10

// search is the local search state over one tour t = s, interior…, e.
// Edge x of the tour is t[x]→t[x+1], x in 0..k for k interior stops.
// f and b are prefix sums of the legs forwards and backwards:
// f[m] = Σ_{q<m} c(t[q], t[q+1]) and b[m] = Σ_{q<m} c(t[q+1], t[q]), so a
// segment t[i..j] costs f[j]-f[i] as it is and b[j]-b[i] reversed, in O(1)
// even when costs are asymmetric.
type search struct {
	p      *problem
	t, buf []int32
	pos    []int32   // pos[v]: index of stop v in t (s: 0, e: k+1)
	nbr    [][]int32 // nbr[v]: the stops w ≠ v by increasing c(v, w)
	inNbr  [][]int32 // inNbr[v]: the stops u ≠ v by increasing c(u, v)
	f, b   []float64
	fresh  bool    // f and b match t
	queue  []int32 // stops to examine, from queue[head]
	head   int
	queued []bool
	evals  int64
	budget int64
}

func (p *problem) newSearch(budget int64) *search {
	n := len(p.interior) + 2
	s := &search{p: p, t: make([]int32, n), buf: make([]int32, n), pos: make([]int32, p.n),
		f: make([]float64, n), b: make([]float64, n), queued: make([]bool, p.n), budget: budget}
	nodes := append([]int32{p.s}, p.interior...)
	if p.e != p.s {
		nodes = append(nodes, p.e)
	}
	s.nbr = nearest(p.n, nodes, p.c)
	s.inNbr = nearest(p.n, nodes, func(v, w int32) float64 { return p.c(w, v) })
	return s
}

// nearest lists, for each of the nodes v, the other nodes w by increasing
// cost(v, w), keeping the first neighbours.
func nearest(n int, nodes []int32, cost func(v, w int32) float64) [][]int32 {
	lists := make([][]int32, n)
	for _, v := range nodes {
		l := make([]int32, 0, len(nodes)-1)
		for _, w := range nodes {
			if w != v {
				l = append(l, w)
			}
		}
		slices.SortStableFunc(l, func(a, b int32) int { return cmp.Compare(cost(v, a), cost(v, b)) })
		lists[v] = l[:min(len(l), neighbours)]
	}
	return lists
}

func (s *search) spent() bool { return s.evals >= s.budget }

// setTour makes t current: positions, no fresh prefix sums, every stop to
// be examined.
func (s *search) setTour(t []int32) {
	copy(s.t, t)
	s.reindex(0, len(s.t)-1)
	for _, v := range s.t {
		s.activate(v)
	}
}

func (s *search) reindex(from, to int) {
	for m := from; m <= to; m++ {
		s.pos[s.t[m]] = int32(m)
	}
	s.pos[s.p.s] = 0
	s.fresh = false
}

func (s *search) activate(v int32) {
	if !s.queued[v] {
		s.queued[v] = true
		s.queue = append(s.queue, v)
	}
}

func (s *search) prefix() {
	if s.fresh {
		return
	}
	t, c := s.t, s.p.c
	for m := 1; m < len(t); m++ {
		s.f[m] = s.f[m-1] + c(t[m-1], t[m])
		s.b[m] = s.b[m-1] + c(t[m], t[m-1])
	}
	s.fresh = true
}

// outEdge is the edge leaving v (-1: none, v is the path's end); inEdge the
// edge entering v (-1: none, v is the path's start). In a round trip s = e
// has both.
func (s *search) outEdge(v int32) int {
	if v == s.p.s {
		return 0
	}
	if v == s.p.e {
		return -1
	}
	return int(s.pos[v])
}

func (s *search) inEdge(v int32) int {
	if v == s.p.e {
		return len(s.t) - 2
	}
	if v == s.p.s {
		return -1
	}
	return int(s.pos[v]) - 1
}

// localSearch applies improving moves until no queued stop yields one (or
// the budget is spent). A stop is queued when an edge at it changed.
func (s *search) localSearch() {
	for s.head < len(s.queue) && !s.spent() {
		v := s.queue[s.head]
		s.head++
		s.queued[v] = false
		if s.exchangeFrom(v) || s.reverseFrom(v) {
			s.activate(v)
		}
		if s.head == len(s.queue) || s.head > 4*len(s.t) { // reuse the array
			s.queue = s.queue[:copy(s.queue, s.queue[s.head:])]
			s.head = 0
		}
	}
	s.clearQueue()
}

func (s *search) clearQueue() {
	for _, v := range s.queue[s.head:] {
		s.queued[v] = false
	}
	s.queue, s.head = s.queue[:0], 0
}

// exchangeFrom looks for an improving segment exchange whose first removed
// edge leaves a1: remove a1→b1, a2→b2, a3→b3 (in tour order, cyclically)
// and add a1→b2, a2→b3, a3→b1. This is 3-opt without reversal, valid for
// asymmetric costs; Or-opt and relocation are its cases with one short
// segment. New edges come from the neighbour lists and every partial gain
// stays positive (Lin–Kernighan's criterion: some rotation of any improving
// move passes it), so the search is O(neighbours²) per stop.
func (s *search) exchangeFrom(a1 int32) bool {
	x1 := s.outEdge(a1)
	if x1 < 0 {
		return false
	}
	t, c := s.t, s.p.c
	b1 := t[x1+1]
	g0 := c(a1, b1)
	for _, b2 := range s.nbr[a1] {
		g1 := g0 - c(a1, b2)
		if g1 <= 0 {
			break
		}
		x2 := s.inEdge(b2)
		if x2 < 0 || x2 == x1 {
			continue
		}
		a2 := t[x2]
		G1 := g1 + c(a2, b2)
		for _, b3 := range s.nbr[a2] {
			s.evals++
			g2 := G1 - c(a2, b3)
			if g2 <= 0 {
				break
			}
			x3 := s.inEdge(b3)
			if x3 < 0 || x3 == x1 || x3 == x2 || !cyclic(x1, x2, x3) {
				continue
			}
			a3 := t[x3]
			if g2+c(a3, b3)-c(a3, b1) > s.p.eps {
				s.exchangeEdges(x1, x2, x3)
				for _, v := range [...]int32{a1, b1, a2, b2, a3, b3} {
					s.activate(v)
				}
				return true
			}
		}
	}
	return false
}

// cyclic reports whether edges x, y, z follow each other in tour order,
// up to rotation.
func cyclic(x, y, z int) bool {
	return (x < y && y < z) || (y < z && z < x) || (z < x && x < y)
}

// exchangeEdges removes edges x, y, z (distinct, any cyclic rotation) and
// reconnects so that the two segments between them swap places.
func (s *search) exchangeEdges(x, y, z int) {
	e := [3]int{x, y, z}
	slices.Sort(e[:])
	s.exchange(e[0]+1, e[1], e[2], false, false)
}

// exchange rewrites t[i..q] as S2 S1 where S1 = t[i..j], S2 = t[j+1..q],
// reversing S1 and/or S2 as asked.
func (s *search) exchange(i, j, q int, revS1, revS2 bool) {
	out := s.buf[:0]
	out = appendSeg(out, s.t[j+1:q+1], revS2)
	out = appendSeg(out, s.t[i:j+1], revS1)
	copy(s.t[i:q+1], out)
	s.reindex(i, q)
}

func appendSeg(dst, seg []int32, rev bool) []int32 {
	if !rev {
		return append(dst, seg...)
	}
	for m := len(seg) - 1; m >= 0; m-- {
		dst = append(dst, seg[m])
	}
	return dst
}

// reverseFrom looks for an improving reversal (2-opt) of a segment t[i..j]
// next to v: either v = t[i-1] and the new edge v→t[j] comes from v's
// out-neighbours, or v = t[j+1] and the new edge t[i]→v comes from its
// in-neighbours. The reversed segment is priced exactly from the prefix
// sums, so asymmetric costs are honoured.
func (s *search) reverseFrom(v int32) bool {
	c, k := s.p.c, len(s.t)-2
	if x := s.outEdge(v); x >= 0 {
		g0 := c(v, s.t[x+1])
		for _, w := range s.nbr[v] {
			s.evals++
			if c(v, w) >= g0 {
				break
			}
			if j := int(s.pos[w]); w != s.p.s && w != s.p.e && j > x+1 && j <= k && s.tryReverse(x+1, j) {
				return true
			}
		}
	}
	if y := s.inEdge(v); y >= 0 {
		g0 := c(s.t[y], v)
		for _, u := range s.inNbr[v] {
			s.evals++
			if c(u, v) >= g0 {
				break
			}
			if i := int(s.pos[u]); u != s.p.s && u != s.p.e && i >= 1 && i < y && s.tryReverse(i, y) {
				return true
			}
		}
	}
	return false
}

// tryReverse reverses t[i..j] (1 ≤ i < j ≤ k) if that saves more than eps.
func (s *search) tryReverse(i, j int) bool {
	t, c := s.t, s.p.c
	a, b, x, y := t[i-1], t[i], t[j], t[j+1]
	s.prefix()
	d := c(a, x) + c(b, y) - c(a, b) - c(x, y) + s.b[j] - s.b[i] - (s.f[j] - s.f[i])
	if d >= -s.p.eps {
		return false
	}
	reverse(t[i : j+1])
	s.reindex(i, j)
	for _, v := range [...]int32{a, b, x, y} {
		s.activate(v)
	}
	return true
}

func reverse(v []int32) {
	for l, r := 0, len(v)-1; l < r; l, r = l+1, r-1 {
		v[l], v[r] = v[r], v[l]
	}
}

// nearestNeighbour returns a tour built greedily: from s, always the
// cheapest unvisited stop, then e.
func (p *problem) nearestNeighbour() []int32 {
	left := append([]int32(nil), p.interior...)
	t := []int32{p.s}
	for len(left) > 0 {
		bi := 0
		for i := 1; i < len(left); i++ {
			if p.c(t[len(t)-1], left[i]) < p.c(t[len(t)-1], left[bi]) {
				bi = i
			}
		}
		t = append(t, left[bi])
		left = append(left[:bi], left[bi+1:]...)
	}
	return append(t, p.e)
}

// insertion returns a tour built by inserting the interior stops in the
// given order, each where it adds least.
func (p *problem) insertion(order []int32) []int32 {
	t := []int32{p.s, p.e}
	for _, v := range order {
		bi, bd := 1, 0.0
		for i := 1; i < len(t); i++ {
			d := p.c(t[i-1], v) + p.c(v, t[i]) - p.c(t[i-1], t[i])
			if i == 1 || d < bd {
				bi, bd = i, d
			}
		}
		t = slices.Insert(t, bi, v)
	}
	return t
}

// kick perturbs t with a random double bridge: three adjacent segments B C D
// of 1..maxLen stops become D C B, changing four edges, which no single
// improving move of the local search undoes. No segment is reversed.
func (s *search) kick(rng *rand.Rand) {
	k := len(s.t) - 2
	maxLen := min(max(k/4, 1), 12)
	l := [3]int{1 + rng.IntN(maxLen), 1 + rng.IntN(maxLen), 1 + rng.IntN(maxLen)}
	for l[0]+l[1]+l[2] > k {
		for m := range l {
			l[m] = max(1, l[m]/2)
		}
	}
	i := 1 + rng.IntN(k-l[0]-l[1]-l[2]+1)
	j, q, r := i+l[0]-1, i+l[0]+l[1]-1, i+l[0]+l[1]+l[2]-1
	out := append(s.buf[:0], s.t[q+1:r+1]...)
	out = append(out, s.t[j+1:q+1]...)
	out = append(out, s.t[i:j+1]...)
	copy(s.t[i:r+1], out)
	s.reindex(i, r)
	for _, m := range [...]int{i - 1, i, j, j + 1, q, q + 1, r, r + 1} {
		s.activate(s.t[m])
	}
}

// iteratedLocalSearch returns the best tour found within work move
// evaluations: restarts from several constructions, each followed by
// kick + local search rounds that keep a change unless it costs more.
func (p *problem) iteratedLocalSearch(seed uint64, work int64, deadline time.Time) ([]int32, int64) {
	rng := rand.New(rand.NewPCG(seed, seed^0x2545f4914f6cdd1d))
	s := p.newSearch(work)
	k := len(p.interior)
	if k < 3 { // too small for a kick; local search alone is exact here
		s.setTour(p.insertion(p.interior))
		s.localSearch()
		return s.t, s.evals
	}
	var best []int32
	bestCost := 0.0
	cur := make([]int32, k+2)
	for restart := 0; !s.spent(); restart++ {
		s.setTour(p.construct(restart, rng))
		s.localSearch()
		curCost := p.cost(s.t)
		copy(cur, s.t)
		if best == nil || curCost < bestCost-p.eps {
			best, bestCost = append(best[:0], s.t...), curCost
		}
		for stall := 0; !s.spent() && stall < restartAfter(k); {
			if !deadline.IsZero() && time.Now().After(deadline) {
				return best, s.evals
			}
			s.kick(rng)
			s.localSearch()
			c := p.cost(s.t)
			switch {
			case c < curCost-p.eps:
				stall = 0
			case c <= curCost+p.eps:
				stall++
			default:
				stall++
				s.setTour(cur)
				s.clearQueue()
				c = curCost
			}
			curCost = c
			copy(cur, s.t)
			if curCost < bestCost-p.eps {
				best, bestCost = append(best[:0], cur...), curCost
			}
		}
	}
	return best, s.evals
}

// restartAfter is how many kicks without improvement end a restart.
func restartAfter(k int) int { return 20 + 5*k }

// construct builds the starting tour of a restart: nearest neighbour, then
// cheapest insertion in index order, then random orders.
func (p *problem) construct(restart int, rng *rand.Rand) []int32 {
	switch restart {
	case 0:
		return p.nearestNeighbour()
	case 1:
		return p.insertion(p.interior)
	}
	t := append(append([]int32{p.s}, p.interior...), p.e)
	inner := t[1 : len(t)-1]
	rng.Shuffle(len(inner), func(i, j int) { inner[i], inner[j] = inner[j], inner[i] })
	return t
}
