package adminbuild

import (
	"math"
	"runtime"
	"sort"
	"sync"

	"github.com/bando-vn/bando/core/admin"
)

// Old wards have no polygons anywhere: the build derives them. Inside each
// new ward W the old wards the table puts in W share W's area:
//
//  1. W is sampled on a regular grid (about samplesPerWard interior points);
//  2. each sample goes to the old district whose polygon holds it, among the
//     districts of W's old wards (districts without a polygon — Quảng Ninh,
//     TX Chũ, Q. Phú Xuân — share the samples no polygon claims);
//  3. within a district the samples are split among its old wards by
//     k-means (k = number of old wards, initialised by equal-count strips
//     along the longer axis); each cluster centre becomes a seed;
//  4. a ward only partly merged into W ("Nhập một phần") takes the cluster
//     nearest to the new wards holding its other parts, the rest take the
//     remaining clusters in code order.
//
// This partition is a guess: evidence.go replaces it, wherever a district
// puts several old wards in W, by the points that name the old wards, and
// keeps the guessed sites only as "unknown" seeds and as the points of the
// old wards' unit places. At lookup the point's old district (polygon)
// narrows W's seeds, and the nearest seed names the old ward: a Voronoi
// partition of W ∩ district.
const samplesPerWard = 400

type sample struct{ x, y int32 }

// computeSeeds fills m.seeds for every new ward from the links.
func (m *model) computeSeeds(links []link, ev []Evidence) {
	byWard := make([][]link, len(m.newWards))
	for _, l := range links {
		byWard[l.w] = append(byWard[l.w], l)
	}
	wardPolys := m.polysByOwner(admin.LayerNewWard, len(m.newWards))
	distPolys := m.polysByOwner(admin.LayerOldDistrict, len(m.oldDistricts))
	samples := make([][]sample, len(m.newWards))
	parallel(len(m.newWards), func(w int) {
		n := samplesPerWard
		if k := 30 * len(byWard[w]); k > n {
			n = k
		}
		samples[w] = sampleInterior(wardPolys[w], n)
	})
	centre := make([]sample, len(m.newWards))
	for w, s := range samples {
		centre[w] = mean(s, wardPolys[w])
	}
	oldTo := map[int][]int{} // old ward → new wards holding a part of it
	for _, l := range links {
		if l.ow >= 0 {
			oldTo[l.ow] = append(oldTo[l.ow], l.w)
		}
	}
	m.seeds = make([][]admin.Seed, len(m.newWards))
	parallel(len(m.newWards), func(w int) {
		m.seeds[w] = wardSeeds(byWard[w], samples[w], distPolys, func(ow int) (sample, bool) {
			return hint(ow, w, oldTo, centre)
		}, wardPolys[w])
	})
	m.guess = m.seeds
	byEv := m.matchEvidence(ev, links)
	m.seeds = make([][]admin.Seed, len(m.newWards))
	for w := range m.guess {
		m.seeds[w] = applyEvidence(m.guess[w], byEv[w])
	}
}

// parallel runs f(0..n-1) on the machine's cores; f must write only its own slot.
func parallel(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), 4)
	var wg sync.WaitGroup
	next := make(chan int)
	for k := 0; k < workers; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

func (m *model) polysByOwner(k admin.LayerKind, n int) [][]polygon {
	out := make([][]polygon, n)
	for _, p := range m.layers[k] {
		out[p.owner] = append(out[p.owner], p.poly)
	}
	return out
}

// hint is where the other parts of old ward ow lie: the mean centre of the
// other new wards that received part of it.
func hint(ow, w int, oldTo map[int][]int, centre []sample) (sample, bool) {
	var sx, sy float64
	n := 0
	for _, o := range oldTo[ow] {
		if o != w {
			sx += float64(centre[o].x)
			sy += float64(centre[o].y)
			n++
		}
	}
	if n == 0 {
		return sample{}, false
	}
	return sample{int32(math.Round(sx / float64(n))), int32(math.Round(sy / float64(n)))}, true
}

// sampleInterior returns about n grid points inside the polygons, row by row.
func sampleInterior(polys []polygon, n int) []sample {
	b := emptyBBox()
	for _, p := range polys {
		b = b.union(p.bbox())
	}
	if !b.valid() {
		return nil
	}
	w, h := float64(b[2])-float64(b[0]), float64(b[3])-float64(b[1])
	step := math.Max(1, math.Sqrt(w*h/float64(n)))
	var out []sample
	for try := 0; try < 4; try++ {
		out = out[:0]
		for y := float64(b[1]) + step/2; y < float64(b[3]); y += step {
			for x := float64(b[0]) + step/2; x < float64(b[2]); x += step {
				px, py := int32(x), int32(y)
				for _, p := range polys {
					if p.contains(px, py) {
						out = append(out, sample{px, py})
						break
					}
				}
			}
		}
		if len(out) >= n/4 || step <= 1 {
			break
		}
		step /= 2
	}
	return out
}

// mean is the centroid of the samples, or the first vertex when there are none.
func mean(s []sample, polys []polygon) sample {
	if len(s) == 0 {
		if len(polys) > 0 && len(polys[0]) > 0 {
			return sample{polys[0][0][0], polys[0][0][1]}
		}
		return sample{}
	}
	var sx, sy float64
	for _, p := range s {
		sx += float64(p.x)
		sy += float64(p.y)
	}
	return sample{int32(math.Round(sx / float64(len(s)))), int32(math.Round(sy / float64(len(s))))}
}

// wardSeeds derives the seeds of one new ward from its links and samples.
func wardSeeds(links []link, samples []sample, distPolys [][]polygon, hintOf func(int) (sample, bool), polys []polygon) []admin.Seed {
	if len(links) == 0 {
		return nil
	}
	if len(samples) == 0 {
		samples = []sample{mean(nil, polys)}
	}
	// Group links by district, districts in code order.
	var districts []int
	groups := map[int][]link{}
	for _, l := range links {
		if _, ok := groups[l.od]; !ok {
			districts = append(districts, l.od)
		}
		groups[l.od] = append(groups[l.od], l)
	}
	sort.Ints(districts)
	assigned := map[int][]sample{}
	var pool []sample
	if len(districts) == 1 {
		assigned[districts[0]] = samples
	} else {
		for _, s := range samples {
			d := districtOf(s, districts, distPolys)
			if d < 0 {
				pool = append(pool, s)
			} else {
				assigned[d] = append(assigned[d], s)
			}
		}
	}
	if len(pool) == 0 {
		pool = samples
	}
	var seeds []admin.Seed
	var orphans []link // links of districts that got no sample
	for _, d := range districts {
		if len(assigned[d]) == 0 {
			orphans = append(orphans, groups[d]...)
			continue
		}
		seeds = append(seeds, partition(assigned[d], groups[d], hintOf)...)
	}
	if len(orphans) > 0 {
		seeds = append(seeds, partition(pool, orphans, hintOf)...)
	}
	return seeds
}

// districtOf returns the first district (in code order) whose polygon holds s, -1 if none.
func districtOf(s sample, districts []int, distPolys [][]polygon) int {
	for _, d := range districts {
		if d < 0 {
			continue
		}
		for _, p := range distPolys[d] {
			b := p.bbox()
			if s.x >= b[0] && s.x <= b[2] && s.y >= b[1] && s.y <= b[3] && p.contains(s.x, s.y) {
				return d
			}
		}
	}
	return -1
}

// partition splits samples among links (k-means, k = len(links)) and returns one seed per link.
func partition(samples []sample, links []link, hintOf func(int) (sample, bool)) []admin.Seed {
	k := len(links)
	centres := kmeans(samples, k)
	taken := make([]bool, k)
	owner := make([]int, k) // link index → centre index
	for i := range owner {
		owner[i] = -1
	}
	for i, l := range links { // partial wards first: the centre nearest their other parts
		if l.kind != admin.LinkPart || l.ow < 0 {
			continue
		}
		h, ok := hintOf(l.ow)
		if !ok {
			continue
		}
		best, bestD := -1, math.Inf(1)
		for c := range centres {
			if !taken[c] {
				if d := dist2(centres[c], h); d < bestD {
					best, bestD = c, d
				}
			}
		}
		taken[best], owner[i] = true, best
	}
	next := 0
	for i := range links {
		if owner[i] >= 0 {
			continue
		}
		for taken[next] {
			next++
		}
		taken[next], owner[i] = true, next
	}
	seeds := make([]admin.Seed, k)
	for i, l := range links {
		c := centres[owner[i]]
		seeds[i] = admin.Seed{X: c.x, Y: c.y, OldWard: l.ow, OldDistrict: l.od}
	}
	return seeds
}

func dist2(a, b sample) float64 {
	kx := math.Cos(float64(a.y) / 1e7 * math.Pi / 180)
	dx, dy := float64(a.x-b.x)*kx, float64(a.y-b.y)
	return dx*dx + dy*dy
}

// kmeans returns k centres for the samples: equal-count strips along the
// longer axis, then Lloyd iterations. Deterministic; with fewer samples than
// k the extra centres repeat the last one.
func kmeans(samples []sample, k int) []sample {
	if len(samples) == 0 {
		return make([]sample, k)
	}
	s := append([]sample(nil), samples...)
	b := emptyBBox()
	for _, p := range s {
		b.extendRing(ring{p.x, p.y})
	}
	kx := math.Cos(float64(b[1]+b[3]) / 2e7 * math.Pi / 180)
	byX := float64(b[2]-b[0])*kx >= float64(b[3]-b[1])
	sort.SliceStable(s, func(i, j int) bool {
		if byX {
			return s[i].x < s[j].x || (s[i].x == s[j].x && s[i].y < s[j].y)
		}
		return s[i].y < s[j].y || (s[i].y == s[j].y && s[i].x < s[j].x)
	})
	centres := make([]sample, k)
	for c := 0; c < k; c++ {
		lo, hi := c*len(s)/k, (c+1)*len(s)/k
		if hi <= lo {
			lo, hi = min(lo, len(s)-1), min(lo, len(s)-1)+1
		}
		centres[c] = mean(s[lo:hi], nil)
	}
	if k == 1 {
		return centres
	}
	for it := 0; it < 10; it++ {
		sx, sy, n := make([]float64, k), make([]float64, k), make([]int, k)
		for _, p := range s {
			best, bestD := 0, math.Inf(1)
			for c := range centres {
				if d := dist2(centres[c], p); d < bestD {
					best, bestD = c, d
				}
			}
			sx[best] += float64(p.x)
			sy[best] += float64(p.y)
			n[best]++
		}
		for c := range centres {
			if n[c] > 0 {
				centres[c] = sample{int32(math.Round(sx[c] / float64(n[c]))), int32(math.Round(sy[c] / float64(n[c])))}
			}
		}
	}
	return centres
}
