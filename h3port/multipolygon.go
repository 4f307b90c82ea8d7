package h3port

import (
	"math/bits"
	"slices"
)

// MultiPolygon is a set of polygons (cellsToMultiPolygon's GeoMultiPolygon):
// each GeoPolygon has an outer loop (counter-clockwise) and holes
// (clockwise), vertices in degrees, loops not closed (the first vertex is
// not repeated). Polygons are ordered by decreasing outer-loop area.
type MultiPolygon []GeoPolygon

// CellsToMultiPolygon returns the outline of a set of cells
// (cellsToMultiPolygon / cellsToLinkedMultiPolygon of H3 v4.5, as h3-js
// 4.5.0's cellsToMultiPolygon returns it). All cells must be valid, of one
// resolution, without duplicates (ErrCellInvalid, ErrResMismatch,
// ErrDuplicateInput otherwise). An empty set gives an empty MultiPolygon;
// the set of all cells of a resolution gives the C library's eight
// octant triangles.
func CellsToMultiPolygon(cells []Cell) (MultiPolygon, error) {
	rad, err := CellsToMultiPolygonRads(cells)
	if err != nil {
		return nil, err
	}
	out := make(MultiPolygon, len(rad))
	conv := func(l [][2]float64) GeoLoop {
		g := make(GeoLoop, len(l))
		for i, v := range l {
			g[i] = LatLng{RadsToDegs(v[0]), RadsToDegs(v[1])}
		}
		return g
	}
	for i, p := range rad {
		out[i].GeoLoop = conv(p[0])
		if len(p) > 1 {
			out[i].Holes = make([]GeoLoop, len(p)-1)
			for j, h := range p[1:] {
				out[i].Holes[j] = conv(h)
			}
		}
	}
	return out, nil
}

// CellsToMultiPolygonRads is CellsToMultiPolygon with vertices in radians:
// polygons, each a list of loops (outer loop first), each a list of
// [lat, lng] pairs.
func CellsToMultiPolygonRads(cells []Cell) ([][][][2]float64, error) {
	if err := validateCellSet(cells); err != nil {
		return nil, err
	}
	if len(cells) == 0 {
		return [][][][2]float64{}, nil
	}
	as, err := newArcSet(cells)
	if err != nil {
		return nil, err
	}
	if err := as.cancelPairs(); err != nil {
		return nil, err
	}
	loops, err := as.sortableLoops()
	if err != nil {
		return nil, err
	}
	if len(loops) == 0 {
		return globeMultiPolygon(), nil
	}
	// Group loops by connected component (contiguous after the sort); the
	// first loop of a group, the smallest area, is the outer loop.
	type spoly struct {
		outerArea float64
		loops     [][][2]float64
	}
	var polys []spoly
	for i := 0; i < len(loops); {
		j := i + 1
		for j < len(loops) && loops[j].root == loops[i].root {
			j++
		}
		p := spoly{outerArea: loops[i].area, loops: make([][][2]float64, 0, j-i)}
		for k := i; k < j; k++ {
			p.loops = append(p.loops, loops[k].verts)
		}
		polys = append(polys, p)
		i = j
	}
	muslQsort(polys, func(a, b *spoly) int { return byAreaDesc(a.outerArea, b.outerArea) })
	out := make([][][][2]float64, len(polys))
	for i, p := range polys {
		for _, l := range p.loops {
			if len(l) < 3 { // geoLoopToLinkedGeoLoop
				return nil, ErrFailed
			}
		}
		out[i] = p.loops
	}
	return out, nil
}

// validateCellSet checks validity, a single resolution and no duplicates.
func validateCellSet(cells []Cell) error {
	if len(cells) == 0 {
		return nil
	}
	res := cells[0].res()
	for _, c := range cells {
		if !IsValidCell(c) {
			return ErrCellInvalid
		}
		if c.res() != res {
			return ErrResMismatch
		}
	}
	if len(cells) >= 2 {
		s := slices.Clone(cells)
		slices.Sort(s)
		for i := 1; i < len(s); i++ {
			if s[i] == s[i-1] {
				return ErrDuplicateInput
			}
		}
	}
	return nil
}

// globeMultiPolygon is createGlobeMultiPolygon: the eight octant triangles,
// sorted by (equal, up to rounding) area like the C library's qsort.
func globeMultiPolygon() [][][][2]float64 {
	const h = mPi / 2
	verts := [8][3][2]float64{
		{{h, 0.0}, {0.0, 0.0}, {0.0, h}},
		{{h, 0.0}, {0.0, h}, {0.0, mPi}},
		{{h, 0.0}, {0.0, mPi}, {0.0, -h}},
		{{h, 0.0}, {0.0, -h}, {0.0, 0.0}},
		{{-h, 0.0}, {0.0, 0.0}, {0.0, -h}},
		{{-h, 0.0}, {0.0, -h}, {0.0, -mPi}},
		{{-h, 0.0}, {0.0, -mPi}, {0.0, h}},
		{{-h, 0.0}, {0.0, h}, {0.0, 0.0}},
	}
	type tri struct {
		area float64
		v    [][2]float64
	}
	ts := make([]tri, 8)
	for i := range verts {
		v := verts[i][:]
		ts[i] = tri{loopAreaRads2(v), slices.Clone(v)}
	}
	muslQsort(ts, func(a, b *tri) int { return byAreaDesc(a.area, b.area) })
	out := make([][][][2]float64, 8)
	for i, t := range ts {
		out[i] = [][][2]float64{t.v}
	}
	return out
}

// arc is one directed edge of a cell in the arc set (cellsToMultiPoly.c's
// Arc); next/prev/parent are indices into arcSet.arcs.
type arc struct {
	id                 Cell
	visited, removed   bool
	next, prev, parent int32
	rank               int64
}

type arcSet struct {
	arcs  []arc
	index map[Cell]int32
}

// Counter-clockwise order of originToDirectedEdges' slots (C's idxh/idxp).
var arcOrderHex = [6]int32{0, 4, 3, 5, 1, 2}
var arcOrderPent = [5]int32{0, 1, 3, 2, 4}

func newArcSet(cells []Cell) (*arcSet, error) {
	n := 6 * len(cells)
	for _, c := range cells {
		if IsPentagon(c) {
			n--
		}
	}
	as := &arcSet{arcs: make([]arc, n), index: make(map[Cell]int32, n)}
	j := int32(0)
	for _, h := range cells {
		var edges [6]Cell
		for i := 0; i < 6; i++ {
			edges[i] = h.withMode(directedEdgeMode).withReserved(i + 1)
		}
		var es []Cell
		var idx []int32
		if IsPentagon(h) {
			es, idx = edges[1:], arcOrderPent[:]
		} else {
			es, idx = edges[:], arcOrderHex[:]
		}
		ne := int32(len(es))
		a := as.arcs[j : j+ne]
		for i := int32(0); i < ne; i++ {
			a[i].id = es[i]
			a[i].parent = j
			a[i].rank = 1
			cur := idx[i]
			a[cur].prev = j + idx[(i-1+ne)%ne]
			a[cur].next = j + idx[(i+1)%ne]
		}
		j += ne
	}
	for i := range as.arcs {
		as.index[as.arcs[i].id] = int32(i)
	}
	return as, nil
}

func (as *arcSet) root(i int32) int32 {
	p := as.arcs[i].parent
	if p == i {
		return i
	}
	p = as.root(p)
	as.arcs[i].parent = p
	return p
}

func (as *arcSet) union(a, b int32) {
	a, b = as.root(a), as.root(b)
	if as.arcs[a].rank < as.arcs[b].rank {
		a, b = b, a
	}
	if a != b {
		as.arcs[a].rank += as.arcs[b].rank
		as.arcs[b].parent = a
	}
}

// cancelPairs removes pairs of opposite edges, splicing the loops and
// merging connected components (cancelArcPairs).
func (as *arcSet) cancelPairs() error {
	arcs := as.arcs
	for i := range arcs {
		a := &arcs[i]
		if a.removed {
			continue
		}
		rev, err := reverseDirectedEdge(a.id)
		if err != nil {
			return err
		}
		bi, ok := as.index[rev]
		if !ok {
			continue
		}
		b := &arcs[bi]
		a.removed = true
		b.removed = true
		arcs[a.next].prev = b.prev
		arcs[a.prev].next = b.next
		arcs[b.next].prev = a.prev
		arcs[b.prev].next = a.next
		as.union(int32(i), bi)
	}
	return nil
}

type sortableLoop struct {
	root  Cell
	area  float64
	verts [][2]float64
}

// sortableLoops extracts every loop and sorts them by component root, then
// area (createSortableLoopSet).
func (as *arcSet) sortableLoops() ([]sortableLoop, error) {
	arcs := as.arcs
	var loops []sortableLoop
	var b boundaryRads
	for i := range arcs {
		if arcs[i].visited || arcs[i].removed {
			continue
		}
		start := arcs[i].id
		var verts [][2]float64
		k := int32(i)
		for {
			if err := directedEdgeToBoundaryRads(arcs[k].id, &b); err != nil {
				return nil, err
			}
			verts = append(verts, b.verts[:b.n-1]...)
			arcs[k].visited = true
			k = arcs[k].next
			if arcs[k].id == start {
				break
			}
		}
		loops = append(loops, sortableLoop{
			root:  arcs[as.root(k)].id,
			area:  loopAreaRads2(verts),
			verts: verts,
		})
	}
	muslQsort(loops, func(a, b *sortableLoop) int {
		if a.root < b.root {
			return -1
		}
		if a.root > b.root {
			return 1
		}
		if a.area < b.area {
			return -1
		}
		if a.area > b.area {
			return 1
		}
		return 0
	})
	return loops, nil
}

// --- directed edges (directedEdge.c, vertex.c), internal ---

func edgeOrigin(e Cell) Cell { return e.withMode(cellMode).withReserved(0) }

// directionForNeighbor is algos.c's brute-force search.
func directionForNeighbor(origin, destination Cell) direction {
	d := kAxesDigit
	if IsPentagon(origin) {
		d = jAxesDigit
	}
	for ; d < numDigits; d++ {
		rot := 0
		n, err := h3NeighborRotations(origin, d, &rot)
		if err == nil && n == destination {
			return d
		}
	}
	return invalidDigit
}

// reverseDirectedEdge returns the edge from the destination to the origin.
func reverseDirectedEdge(e Cell) (Cell, error) {
	if e.mode() != directedEdgeMode {
		return 0, ErrDirEdgeInvalid
	}
	origin := edgeOrigin(e)
	rot := 0
	dest, err := h3NeighborRotations(origin, direction(e.reservedBits()), &rot)
	if err != nil {
		return 0, err
	}
	d := directionForNeighbor(dest, origin)
	if d == invalidDigit {
		return 0, ErrNotNeighbors
	}
	return dest.withMode(directedEdgeMode).withReserved(int(d)), nil
}

type pentagonDirFaces struct {
	baseCell int
	faces    [5]int
}

var pentagonDirectionFaces = [numPentagons]pentagonDirFaces{
	{4, [5]int{4, 0, 2, 1, 3}}, {14, [5]int{6, 11, 2, 7, 1}},
	{24, [5]int{5, 10, 1, 6, 0}}, {38, [5]int{7, 12, 3, 8, 2}},
	{49, [5]int{9, 14, 0, 5, 4}}, {58, [5]int{8, 13, 4, 9, 3}},
	{63, [5]int{11, 6, 15, 10, 16}}, {72, [5]int{12, 7, 16, 11, 17}},
	{83, [5]int{10, 5, 19, 14, 15}}, {97, [5]int{13, 8, 17, 12, 18}},
	{107, [5]int{14, 9, 18, 13, 19}}, {117, [5]int{15, 19, 17, 18, 16}},
}

const directionIndexOffset = 2

func vertexRotations(cell Cell) (int, error) {
	fijk, err := h3ToFaceIjk(cell)
	if err != nil {
		return 0, err
	}
	bc := cell.baseCell()
	leading := cell.leadingNonZeroDigit()
	baseFace := baseCellData[bc].homeFijk.face
	ccwRot60 := baseCellToCCWrot60(bc, fijk.face)
	if isBaseCellPentagon(bc) {
		p := 0
		for p < numPentagons && pentagonDirectionFaces[p].baseCell != bc {
			p++
		}
		if p == numPentagons {
			return 0, ErrFailed
		}
		df := &pentagonDirectionFaces[p]
		if fijk.face != baseFace && (isBaseCellPolarPentagon(bc) || fijk.face == df.faces[ikAxesDigit-directionIndexOffset]) {
			ccwRot60 = (ccwRot60 + 1) % 6
		}
		if leading == jkAxesDigit && fijk.face == df.faces[ikAxesDigit-directionIndexOffset] {
			ccwRot60 = (ccwRot60 + 5) % 6
		} else if leading == ikAxesDigit && fijk.face == df.faces[jkAxesDigit-directionIndexOffset] {
			ccwRot60 = (ccwRot60 + 1) % 6
		}
	}
	return ccwRot60, nil
}

var directionToVertexNumHex = [numDigits]int{int(invalidDigit), 3, 1, 2, 5, 4, 0}
var directionToVertexNumPent = [numDigits]int{int(invalidDigit), int(invalidDigit), 1, 2, 4, 3, 0}

const invalidVertexNum = -1

func vertexNumForDirection(origin Cell, d direction) int {
	isPent := IsPentagon(origin)
	if d == centerDigit || d >= invalidDigit || (isPent && d == kAxesDigit) {
		return invalidVertexNum
	}
	rot, err := vertexRotations(origin)
	if err != nil {
		return invalidVertexNum
	}
	if isPent {
		return (directionToVertexNumPent[d] + numPentVerts - rot) % numPentVerts
	}
	return (directionToVertexNumHex[d] + numHexVerts - rot) % numHexVerts
}

// directedEdgeToBoundaryRads is directedEdgeToBoundary (2 topological
// vertices, plus a distortion vertex where the edge crosses an
// icosahedron edge).
func directedEdgeToBoundaryRads(e Cell, b *boundaryRads) error {
	if e.mode() != directedEdgeMode {
		return ErrDirEdgeInvalid
	}
	d := direction(e.reservedBits())
	origin := edgeOrigin(e)
	start := vertexNumForDirection(origin, d)
	if start == invalidVertexNum {
		b.n = 0
		return ErrDirEdgeInvalid
	}
	fijk, err := h3ToFaceIjk(origin)
	if err != nil {
		return err
	}
	if IsPentagon(origin) {
		faceIjkPentToCellBoundary(fijk, origin.res(), start, 2, b)
	} else {
		faceIjkToCellBoundary(fijk, origin.res(), start, 2, b)
	}
	return nil
}

// --- qsort ---

// muslQsort is musl libc's qsort (smoothsort), which emscripten links into
// h3-js: the C library sorts loops and polygons with qsort, and equal keys
// (e.g. the eight octants of the globe) keep qsort's order, which is not
// stable. The Leonardo-heap bit vector is held in one uint64 (enough for
// any slice that fits in memory).
func muslQsort[T any](a []T, cmp func(x, y *T) int) {
	nel := len(a)
	if nel == 0 {
		return
	}
	var lp [96]int
	lp[0], lp[1] = 1, 1
	for i := 2; ; i++ {
		lp[i] = lp[i-2] + lp[i-1] + 1
		if lp[i] >= nel {
			break
		}
	}
	s := smooth[T]{a: a, cmp: cmp, lp: &lp}
	head, high := 0, nel-1
	p := uint64(1)
	pshift := 1
	for head < high {
		if p&3 == 3 {
			s.sift(head, pshift)
			p >>= 2
			pshift += 2
		} else {
			if lp[pshift-1] >= high-head {
				s.trinkle(head, p, pshift, false)
			} else {
				s.sift(head, pshift)
			}
			if pshift == 1 {
				p <<= 1
				pshift = 0
			} else {
				p <<= uint(pshift - 1)
				pshift = 1
			}
		}
		p |= 1
		head++
	}
	s.trinkle(head, p, pshift, false)
	for pshift != 1 || p != 1 {
		if pshift <= 1 {
			trail := pntz(p)
			p >>= uint(trail)
			pshift += trail
		} else {
			p <<= 2
			pshift -= 2
			p ^= 7
			p >>= 1
			s.trinkle(head-lp[pshift]-1, p, pshift+1, true)
			p <<= 1
			p |= 1
			s.trinkle(head-1, p, pshift, true)
		}
		head--
	}
}

func pntz(p uint64) int {
	if p == 1 {
		return 0
	}
	return bits.TrailingZeros64(p - 1)
}

type smooth[T any] struct {
	a   []T
	cmp func(x, y *T) int
	lp  *[96]int
}

// cycle moves a[ar[1]] to a[ar[0]], ..., and the old a[ar[0]] to a[ar[n-1]].
func (s *smooth[T]) cycle(ar []int) {
	if len(ar) < 2 {
		return
	}
	tmp := s.a[ar[0]]
	for i := 0; i < len(ar)-1; i++ {
		s.a[ar[i]] = s.a[ar[i+1]]
	}
	s.a[ar[len(ar)-1]] = tmp
}

func (s *smooth[T]) sift(head, pshift int) {
	var buf [14*8 + 1]int
	ar := buf[:1]
	ar[0] = head
	for pshift > 1 {
		rt := head - 1
		lf := head - 1 - s.lp[pshift-2]
		if s.cmp(&s.a[ar[0]], &s.a[lf]) >= 0 && s.cmp(&s.a[ar[0]], &s.a[rt]) >= 0 {
			break
		}
		if s.cmp(&s.a[lf], &s.a[rt]) >= 0 {
			ar = append(ar, lf)
			head = lf
			pshift--
		} else {
			ar = append(ar, rt)
			head = rt
			pshift -= 2
		}
	}
	s.cycle(ar)
}

func (s *smooth[T]) trinkle(head int, p uint64, pshift int, trusty bool) {
	var buf [14*8 + 1]int
	ar := buf[:1]
	ar[0] = head
	for p != 1 {
		stepson := head - s.lp[pshift]
		if s.cmp(&s.a[stepson], &s.a[ar[0]]) <= 0 {
			break
		}
		if !trusty && pshift > 1 {
			rt := head - 1
			lf := head - 1 - s.lp[pshift-2]
			if s.cmp(&s.a[rt], &s.a[stepson]) >= 0 || s.cmp(&s.a[lf], &s.a[stepson]) >= 0 {
				break
			}
		}
		ar = append(ar, stepson)
		head = stepson
		trail := pntz(p)
		p >>= uint(trail)
		pshift += trail
		trusty = false
	}
	if !trusty {
		s.cycle(ar)
		s.sift(head, pshift)
	}
}

// byAreaDesc orders larger areas first (the comparators of C's qsort calls
// on polygon and loop areas).
func byAreaDesc(a, b float64) int {
	if a > b {
		return -1
	}
	if a < b {
		return 1
	}
	return 0
}
