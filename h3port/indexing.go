package h3port

import "math"

// faceIjkToH3 encodes a FaceIJK address at res; it returns 0 for
// coordinates outside the face's base cells.
func faceIjkToH3(fijk faceIJK, res int) Cell {
	h := Cell(h3Init).withMode(cellMode).withRes(res)
	if res == 0 {
		if fijk.coord.i > maxFaceCoord || fijk.coord.j > maxFaceCoord || fijk.coord.k > maxFaceCoord {
			return 0
		}
		return h.withBaseCell(faceIjkToBaseCell(fijk))
	}
	// The aperture-7 steps are linear in the two-axis form (a, b) =
	// (i-k, j-k), which normalisation leaves unchanged, so the loop works
	// on (a, b) and normalises once at the end (same values as C's
	// per-step _upAp7/_downAp7/_ijkNormalize/_unitIjkToDigit).
	a := fijk.coord.i - fijk.coord.k
	b := fijk.coord.j - fijk.coord.k
	for r := res - 1; r >= 0; r-- {
		var pa, pb, ca, cb int
		if isResolutionClassIII(r + 1) {
			pa = roundDiv7(3*a - b)
			pb = roundDiv7(a + 2*b)
			ca, cb = 2*pa+pb, 3*pb-pa // downAp7
		} else {
			pa = roundDiv7(2*a + b)
			pb = roundDiv7(3*b - a)
			ca, cb = 3*pa-pb, pa+2*pb // downAp7r
		}
		h = h.withDigit(r+1, ijDigit(a-ca, b-cb))
		a, b = pa, pb
	}
	bc := faceIJK{fijk.face, coordIJK{a, b, 0}.normalize()}
	ijk := &bc.coord
	if ijk.i > maxFaceCoord || ijk.j > maxFaceCoord || ijk.k > maxFaceCoord || ijk.i < 0 || ijk.j < 0 || ijk.k < 0 {
		return 0
	}
	baseCell := faceIjkToBaseCell(bc)
	h = h.withBaseCell(baseCell)
	numRots := faceIjkToBaseCellCCWrot60(bc)
	if isBaseCellPentagon(baseCell) {
		if h.leadingNonZeroDigit() == kAxesDigit {
			if baseCellIsCwOffset(baseCell, bc.face) {
				h = h.rotate60cw()
			} else {
				h = h.rotate60ccw()
			}
		}
		for i := 0; i < numRots; i++ {
			h = h.rotatePent60ccw()
		}
	} else {
		for i := 0; i < numRots; i++ {
			h = h.rotate60ccw()
		}
	}
	return h
}

// LatLngToCell returns the cell containing a point (in degrees) at res
// (latLngToCell).
func LatLngToCell(ll LatLng, res int) (Cell, error) {
	return LatLngRadsToCell(DegsToRads(ll.Lat), DegsToRads(ll.Lng), res)
}

// LatLngRadsToCell is LatLngToCell for a point given in radians, exactly
// the C library's latLngToCell.
func LatLngRadsToCell(lat, lng float64, res int) (Cell, error) {
	if res < 0 || res > MaxResolution {
		return 0, ErrResDomain
	}
	if math.IsInf(lat, 0) || math.IsNaN(lat) || math.IsInf(lng, 0) || math.IsNaN(lng) {
		return 0, ErrLatLngDomain
	}
	v := latLngToVec3(lat, lng)
	if math.IsInf(v.x, 0) || math.IsNaN(v.x) || math.IsNaN(v.y) || math.IsNaN(v.z) {
		return 0, ErrDomain
	}
	h := faceIjkToH3(vec3ToFaceIjk(v, res), res)
	if h == 0 {
		return 0, ErrFailed
	}
	return h, nil
}

// h3ToFaceIjkWithInitializedFijk walks h's digits from the base cell's
// home coordinates; it reports whether an overage onto another face is
// possible.
func h3ToFaceIjkWithInitializedFijk(h Cell, fijk *faceIJK) bool {
	ijk := &fijk.coord
	res := h.res()
	possibleOverage := true
	if !isBaseCellPentagon(h.baseCell()) && (res == 0 || (ijk.i == 0 && ijk.j == 0 && ijk.k == 0)) {
		possibleOverage = false
	}
	a, b := ijk.i-ijk.k, ijk.j-ijk.k // see faceIjkToH3
	for r := 1; r <= res; r++ {
		if isResolutionClassIII(r) {
			a, b = 2*a+b, 3*b-a // downAp7
		} else {
			a, b = 3*a-b, a+2*b // downAp7r
		}
		if d := h.digit(r); d > centerDigit && d < numDigits {
			a += digitIJ[d][0]
			b += digitIJ[d][1]
		}
	}
	*ijk = coordIJK{a, b, 0}.normalize()
	return possibleOverage
}

// h3ToFaceIjk converts a cell to its FaceIJK address on the correct face.
func h3ToFaceIjk(h Cell) (faceIJK, error) {
	baseCell := h.baseCell()
	if baseCell >= numBaseCells {
		return faceIJK{}, ErrCellInvalid
	}
	if isBaseCellPentagon(baseCell) && h.leadingNonZeroDigit() == 5 {
		h = h.rotate60cw()
	}
	fijk := baseCellData[baseCell].homeFijk
	if !h3ToFaceIjkWithInitializedFijk(h, &fijk) {
		return fijk, nil
	}
	orig := fijk.coord
	res := h.res()
	if isResolutionClassIII(res) {
		fijk.coord = fijk.coord.downAp7r()
		res++
	}
	pentLeading4 := isBaseCellPentagon(baseCell) && h.leadingNonZeroDigit() == 4
	if adjustOverageClassII(&fijk, res, pentLeading4, false) != noOverage {
		if isBaseCellPentagon(baseCell) {
			for i := 0; i < 64 && adjustOverageClassII(&fijk, res, false, false) != noOverage; i++ {
			}
		}
		if res != h.res() {
			fijk.coord = fijk.coord.upAp7r()
		}
	} else if res != h.res() {
		fijk.coord = orig
	}
	return fijk, nil
}

// CellToLatLng returns the centre of a cell in degrees (cellToLatLng).
func CellToLatLng(h Cell) (LatLng, error) {
	lat, lng, err := CellToLatLngRads(h)
	if err != nil {
		return LatLng{}, err
	}
	return LatLng{RadsToDegs(lat), RadsToDegs(lng)}, nil
}

// CellToLatLngRads returns the centre of a cell in radians.
func CellToLatLngRads(h Cell) (lat, lng float64, err error) {
	if !IsValidCell(h) {
		return 0, 0, ErrCellInvalid
	}
	fijk, err := h3ToFaceIjk(h)
	if err != nil {
		return 0, 0, err
	}
	lat, lng = vec3ToLatLng(faceIjkToVec3(fijk, h.res()))
	return lat, lng, nil
}

// cellToBoundaryRads computes the boundary of a valid cell.
func cellToBoundaryRads(h Cell, b *boundaryRads) error {
	fijk, err := h3ToFaceIjk(h)
	if err != nil {
		return err
	}
	if IsPentagon(h) {
		faceIjkPentToCellBoundary(fijk, h.res(), 0, numPentVerts, b)
	} else {
		faceIjkToCellBoundary(fijk, h.res(), 0, numHexVerts, b)
	}
	return nil
}

// CellToBoundary returns the boundary of a cell in degrees, counter-clockwise
// (cellToBoundary). The vertices are computed in closed form (see
// substrateToLatLng): the same vertices as the C library's to within a few
// units in the last place (at most ~1e-13 degrees; TestBoundaryClosedForm),
// about twice as fast.
func CellToBoundary(h Cell) (CellBoundary, error) {
	if !IsValidCell(h) {
		return nil, ErrCellInvalid
	}
	b := boundaryRads{closedForm: true}
	if err := cellToBoundaryRads(h, &b); err != nil {
		return nil, err
	}
	out := make(CellBoundary, b.n)
	for i := range out {
		out[i] = LatLng{RadsToDegs(b.verts[i][0]), RadsToDegs(b.verts[i][1])}
	}
	return out, nil
}

// AppendCellBoundaryRads appends the boundary of h as lat,lng pairs in
// radians to dst (no allocation when dst has capacity for 20 values); the
// vertices are CellToBoundary's.
func AppendCellBoundaryRads(dst []float64, h Cell) ([]float64, error) {
	if !IsValidCell(h) {
		return dst, ErrCellInvalid
	}
	b := boundaryRads{closedForm: true}
	if err := cellToBoundaryRads(h, &b); err != nil {
		return dst, err
	}
	for i := 0; i < b.n; i++ {
		dst = append(dst, b.verts[i][0], b.verts[i][1])
	}
	return dst, nil
}

// MaxFaceCount is the most icosahedron faces a cell may intersect
// (maxFaceCount).
func MaxFaceCount(h Cell) int {
	if IsPentagon(h) {
		return 5
	}
	return 2
}

// GetIcosahedronFaces returns the icosahedron faces (0..19) intersected by
// a cell, in the C library's order without the -1 placeholders
// (getIcosahedronFaces).
func GetIcosahedronFaces(h Cell) ([]int, error) {
	if !IsValidCell(h) {
		return nil, ErrCellInvalid
	}
	var out [5]int
	n, err := icosahedronFaces(h, &out)
	if err != nil {
		return nil, err
	}
	res := make([]int, 0, n)
	for i := 0; i < n; i++ {
		if out[i] != invalidFace {
			res = append(res, out[i])
		}
	}
	return res, nil
}

func icosahedronFaces(h Cell, out *[5]int) (int, error) {
	res := h.res()
	isPent := IsPentagon(h)
	if isPent && !isResolutionClassIII(res) {
		if res == MaxResolution {
			return 0, ErrFailed
		}
		child := h.withRes(res+1).withDigit(res+1, 0)
		return icosahedronFaces(child, out)
	}
	fijk, err := h3ToFaceIjk(h)
	if err != nil {
		return 0, err
	}
	n := numHexVerts
	if isPent {
		n = numPentVerts
	}
	_, adjRes, verts := faceIjkToVerts(fijk, res, n)
	faceCount := MaxFaceCount(h)
	for i := 0; i < faceCount; i++ {
		out[i] = invalidFace
	}
	for i := 0; i < n; i++ {
		vert := verts[i]
		if isPent {
			adjustPentVertOverage(&vert, adjRes)
		} else {
			adjustOverageClassII(&vert, adjRes, false, true)
		}
		pos := 0
		for out[pos] != invalidFace && out[pos] != vert.face {
			pos++
			if pos >= faceCount {
				return 0, ErrFailed
			}
		}
		out[pos] = vert.face
	}
	return faceCount, nil
}

// digitIJ are the unit vectors of the digits in (i-k, j-k) form.
var digitIJ = [8][2]int{{0, 0}, {-1, -1}, {0, 1}, {-1, 0}, {1, 0}, {0, -1}, {1, 1}, {0, 0}}

// ijDigitTable maps (da+1)*3+(db+1) to the digit whose unit vector is
// (da, db) in (i-k, j-k) form, or invalidDigit.
var ijDigitTable = [9]direction{1, 3, invalidDigit, 5, 0, 2, invalidDigit, 4, 6}

// ijDigit is unitIjkToDigit for a vector in (i-k, j-k) form.
func ijDigit(da, db int) direction {
	if uint(da+1) > 2 || uint(db+1) > 2 {
		return invalidDigit
	}
	return ijDigitTable[(da+1)*3+(db+1)]
}

// roundDiv7 is lround(float64(n) * M_ONESEVENTH) in integer arithmetic:
// n/7 is never a tie, and for |n| < 2^40 the float product's error
// (< 2^-52 relative) cannot move it across a rounding boundary (which is
// at least 1/14 away), so both round to the same integer (tested up to
// 2^41). In faceIjkToH3 |n| < 2^34: hex2dToCoordIJK clamps its
// coordinates to 2^30 and each step shrinks them.
func roundDiv7(n int) int {
	if n >= 0 {
		return (n + 3) / 7
	}
	return -((3 - n) / 7)
}
