package h3port

import "math"

// faceIJK is a hexagon address relative to one icosahedron face: the face
// number and ijk+ coordinates in that face's (resolution-scaled) system.
type faceIJK struct {
	face  int
	coord coordIJK
}

// faceOrientIJK describes how a neighbouring face's coordinate system is
// oriented relative to a face: translation (res 0 units) and ccw rotations.
type faceOrientIJK struct {
	face      int
	translate coordIJK
	ccwRot60  int
}

// Quadrant indexes into faceNeighbors.
const (
	dirIJ = 1
	dirKI = 2
	dirJK = 3
)

// overage classifies where an adjusted substrate coordinate lies.
type overage int

const (
	noOverage overage = iota // on the original face
	faceEdge                 // exactly on a face edge (substrate grids only)
	newFace                  // in the interior of an adjacent face
)

// maxDimByCIIres and unitScaleByCIIres are per-resolution face dimensions
// (Class II resolutions only; -1 marks Class III).
var maxDimByCIIres = [17]int{2, -1, 14, -1, 98, -1, 686, -1, 4802, -1, 33614, -1, 235298, -1, 1647086, -1, 11529602}
var unitScaleByCIIres = [17]int{1, -1, 7, -1, 49, -1, 343, -1, 2401, -1, 16807, -1, 117649, -1, 823543, -1, 5764801}

// vec3ToFaceIjk encodes a unit vector to the FaceIJK address of the
// containing cell at res.
func vec3ToFaceIjk(p vec3, res int) faceIJK {
	face, v := vec3ToHex2d(p, res)
	return faceIJK{face, hex2dToCoordIJK(v)}
}

// vec3TangentBasis returns local north and east unit directions at p.
func vec3TangentBasis(p vec3) (north, east vec3) {
	np := vec3{0, 0, 1}
	north = vec3LinComb(1.0, np, -vec3Dot(np, p), p)
	north.normalize()
	east = vec3Cross(north, p)
	return
}

// faceNorth and faceEast are vec3TangentBasis of each face centre,
// computed once with the same operations.
var faceNorth, faceEast [numIcosaFaces]vec3

func init() {
	for f := range faceCenterPoint {
		faceNorth[f], faceEast[f] = vec3TangentBasis(faceCenterPoint[f])
	}
}

// faceAzimuthRads is vec3AzimuthRads(faceCenterPoint[face], p2).
func faceAzimuthRads(face int, p2 vec3) float64 {
	p1 := faceCenterPoint[face]
	proj := vec3LinComb(1.0, p2, -vec3Dot(p2, p1), p1)
	proj.normalize()
	return fAtan2(vec3Dot(proj, faceEast[face]), vec3Dot(proj, faceNorth[face]))
}

// vec3AzimuthRads is the azimuth from p1 to p2.
func vec3AzimuthRads(p1, p2 vec3) float64 {
	north, east := vec3TangentBasis(p1)
	proj := vec3LinComb(1.0, p2, -vec3Dot(p2, p1), p1)
	proj.normalize()
	return fAtan2(vec3Dot(proj, east), vec3Dot(proj, north))
}

// vec3ToHex2d finds the closest face and the point's hex2d coordinates on it.
func vec3ToHex2d(p vec3, res int) (int, vec2) {
	face, sqd := vec3ToClosestFace(p)
	r := fAcos(1 - float64(sqd*0.5))
	if r < epsilon {
		return face, vec2{}
	}
	theta := posAngleRads(faceAxesAzRadsCII[face][0] - posAngleRads(faceAzimuthRads(face, p)))
	if isResolutionClassIII(res) {
		theta = posAngleRads(theta - mAp7RotRads)
	}
	r = fTan(r)
	r *= invRes0UGnomonic
	for i := 0; i < res; i++ {
		r *= mSqrt7
	}
	sinT, cosT := fSinCos(theta)
	return face, vec2{r * cosT, r * sinT}
}

// hex2dToVec3 maps hex2d coordinates on a face back to the unit sphere.
func hex2dToVec3(v vec2, face, res int, substrate bool) vec3 {
	r := v.mag()
	if r < epsilon {
		return faceCenterPoint[face]
	}
	theta := fAtan2(v.y, v.x)
	for i := 0; i < res; i++ {
		r *= mRSqrt7
	}
	if substrate {
		r *= mOneThird
		if isResolutionClassIII(res) {
			r *= mRSqrt7
		}
	}
	r *= res0UGnomonic
	r = fAtan(r)
	if !substrate && isResolutionClassIII(res) {
		theta = posAngleRads(theta + mAp7RotRads)
	}
	theta = posAngleRads(faceAxesAzRadsCII[face][0] - theta)
	sinT, cosT := fSinCos(theta)
	dir := vec3LinComb(cosT, faceNorth[face], sinT, faceEast[face])
	sinR, cosR := fSinCos(r)
	out := vec3LinComb(cosR, faceCenterPoint[face], sinR, dir)
	out.normalize()
	return out
}

// faceIjkToVec3 returns the centre of a cell as a unit vector.
func faceIjkToVec3(h faceIJK, res int) vec3 {
	return hex2dToVec3(h.coord.toHex2d(), h.face, res, false)
}

// vec3ToClosestFace returns the face whose centre is nearest p and the
// squared chord distance to it.
func vec3ToClosestFace(p vec3) (int, float64) {
	face := 0
	sqd := 5.0
	for f := 0; f < numIcosaFaces; f++ {
		// vec3DistSq(faceCenterPoint[f], p) with the exact multiplications
		// by 1 and -1 of vec3LinComb left out (same bits).
		c := &faceCenterPoint[f]
		dx, dy, dz := c.x-p.x, c.y-p.y, c.z-p.z
		d := float64(float64(dx*dx)+float64(dy*dy)) + float64(dz*dz)
		if d < sqd {
			face = f
			sqd = d
		}
	}
	return face, sqd
}

var vertsCII = [6]coordIJK{{2, 1, 0}, {1, 2, 0}, {0, 2, 1}, {0, 1, 2}, {1, 0, 2}, {2, 0, 1}}
var vertsCIII = [6]coordIJK{{5, 4, 0}, {1, 5, 0}, {0, 5, 4}, {0, 1, 5}, {4, 0, 5}, {5, 0, 1}}

// faceIjkToVerts returns the cell's vertices as substrate-grid FaceIJK
// addresses, the adjusted centre, and the substrate resolution. n is 5 for
// pentagons and 6 for hexagons (the vertex tables share their first five).
func faceIjkToVerts(fijk faceIJK, res int, n int) (faceIJK, int, [6]faceIJK) {
	verts := &vertsCII
	if isResolutionClassIII(res) {
		verts = &vertsCIII
	}
	fijk.coord = fijk.coord.downAp3().downAp3r()
	if isResolutionClassIII(res) {
		fijk.coord = fijk.coord.downAp7r()
		res++
	}
	var out [6]faceIJK
	for v := 0; v < n; v++ {
		out[v] = faceIJK{fijk.face, fijk.coord.add(verts[v]).normalize()}
	}
	return fijk, res, out
}

// adjustOverageClassII moves a Class II address onto the correct face.
func adjustOverageClassII(fijk *faceIJK, res int, pentLeading4, substrate bool) overage {
	ov := noOverage
	ijk := &fijk.coord
	maxDim := maxDimByCIIres[res]
	if substrate {
		maxDim *= 3
	}
	sum := ijk.i + ijk.j + ijk.k
	if substrate && sum == maxDim {
		return faceEdge
	}
	if sum > maxDim {
		ov = newFace
		var orient *faceOrientIJK
		if ijk.k > 0 {
			if ijk.j > 0 {
				orient = &faceNeighbors[fijk.face][dirJK]
			} else {
				orient = &faceNeighbors[fijk.face][dirKI]
				if pentLeading4 {
					origin := coordIJK{maxDim, 0, 0}
					tmp := ijk.sub(origin).rotate60cw()
					*ijk = tmp.add(origin)
				}
			}
		} else {
			orient = &faceNeighbors[fijk.face][dirIJ]
		}
		fijk.face = orient.face
		for i := 0; i < orient.ccwRot60; i++ {
			*ijk = ijk.rotate60ccw()
		}
		unitScale := unitScaleByCIIres[res]
		if substrate {
			unitScale *= 3
		}
		*ijk = ijk.add(orient.translate.scale(unitScale)).normalize()
		if substrate && ijk.i+ijk.j+ijk.k == maxDim {
			ov = faceEdge
		}
	}
	return ov
}

// adjustPentVertOverage repeatedly adjusts a pentagon vertex until it is on
// its final face.
func adjustPentVertOverage(fijk *faceIJK, res int) overage {
	for {
		ov := adjustOverageClassII(fijk, res, false, true)
		if ov != newFace {
			return ov
		}
	}
}

// edgeVerts returns the two icosahedron-face corner points (hex2d at
// substrate res adjRes) bounding the edge towards an adjacent face.
func edgeVerts(dir int8, adjRes int) (vec2, vec2) {
	maxDim := float64(maxDimByCIIres[adjRes])
	v0 := vec2{3.0 * maxDim, 0.0}
	v1 := vec2{-1.5 * maxDim, float64(3.0*sqrt3_2) * maxDim}
	v2 := vec2{-1.5 * maxDim, float64(-3.0*sqrt3_2) * maxDim}
	switch dir {
	case dirIJ:
		return v0, v1
	case dirJK:
		return v1, v2
	default:
		return v2, v0
	}
}

// sqrt3_2 is M_SQRT3_2 as a rounded float64 variable, so that
// 3.0*sqrt3_2 rounds twice like C's constant folding does.
var sqrt3_2 float64 = mSqrt3_2

// boundaryRads collects boundary vertices in radians.
//
// By default a vertex is computed by upstream's sequence of operations
// (hex2dToVec3 then vec3ToLatLng), which reproduces the C library's bits;
// with closedForm set, in closed form (substrateToLatLng: a few ulps away,
// about twice as fast). CellToBoundary uses the closed form; areas and
// cellsToMultiPolygon (whose loop order depends on exact loop areas) use
// the exact sequence.
type boundaryRads struct {
	n          int
	closedForm bool
	verts      [maxCellBoundaryVerts][2]float64
}

// push appends the vertex at substrate hex2d coordinates v on face at
// substrate resolution adjRes.
func (b *boundaryRads) push(v vec2, face, adjRes int) {
	if b.n >= maxCellBoundaryVerts {
		return
	}
	var lat, lng float64
	if b.closedForm {
		lat, lng = substrateToLatLng(v, face, adjRes)
	} else {
		lat, lng = vec3ToLatLng(hex2dToVec3(v, face, adjRes, true))
	}
	b.verts[b.n] = [2]float64{lat, lng}
	b.n++
}

// Closed-form boundary vertices.
//
// hex2dToVec3 (upstream's order of operations) computes a substrate vertex
// as θ = atan2(y, x), R = atan(k·|v|) with the resolution's scale k, the
// azimuth A−θ from the face's first axis A, and then
// cos R·C + sin R·(cos(A−θ)·N + sin(A−θ)·E) for the face centre C and its
// north and east directions N, E: eight trigonometric calls per vertex
// before vec3ToLatLng. Expanding cos(A−θ) and sin(A−θ) with cos θ = x/|v|,
// sin θ = y/|v| and dividing by cos R (tan R = k·|v|) gives the same point,
// up to its length, as
//
//	C + k·x·P + k·y·Q,  P = cos A·N + sin A·E,  Q = sin A·N − cos A·E
//
// (the gnomonic projection written with the face's axes), so a vertex needs
// only the final lat = atan2(z, √(x²+y²)), lng = atan2(y, x). The result
// differs from the C library's by rounding only: at most a few units in the
// last place away from the poles (see TestBoundaryClosedForm, which
// measures it over every cell of resolutions 0-3 and seeded random cells
// of all resolutions, and testjs/parity.mjs, which compares with h3-js to
// 1e-12°). Near the poles both lat (asin) and lng (atan2 of a short
// horizontal component) amplify rounding by 1/cos(lat), so there, where
// cos(lat) < poleCos, the exact sequence is used instead.
var faceAxisP, faceAxisQ [numIcosaFaces]vec3

// substrateScale[r] is k for a substrate grid at resolution r (hex2d units
// to gnomonic tangent-plane units): (1/√7)^r · 1/3 (· 1/√7 for Class III)
// · res0UGnomonic, as hex2dToVec3 multiplies it.
var substrateScale [MaxResolution + 2]float64

// poleCos is the cos(lat) below which substrateToLatLng falls back to the
// exact sequence (about 78.5° N/S).
const poleCos = 0.2

func init() {
	for f := range faceCenterPoint {
		sinA, cosA := fSinCos(faceAxesAzRadsCII[f][0])
		faceAxisP[f] = vec3LinComb(cosA, faceNorth[f], sinA, faceEast[f])
		faceAxisQ[f] = vec3LinComb(sinA, faceNorth[f], -cosA, faceEast[f])
	}
	for r := range substrateScale {
		k := 1.0
		for i := 0; i < r; i++ {
			k *= mRSqrt7
		}
		k *= mOneThird
		if isResolutionClassIII(r) {
			k *= mRSqrt7
		}
		substrateScale[r] = k * res0UGnomonic
	}
}

// substrateToLatLng is vec3ToLatLng(hex2dToVec3(v, face, adjRes, true)) in
// closed form (see faceAxisP).
func substrateToLatLng(v vec2, face, adjRes int) (lat, lng float64) {
	k := substrateScale[adjRes]
	a, b := float64(k*v.x), float64(k*v.y)
	c, p, q := &faceCenterPoint[face], &faceAxisP[face], &faceAxisQ[face]
	// float64() around each product keeps the compiler from fusing them
	// into FMAs, so every platform rounds the same way.
	x := c.x + float64(a*p.x) + float64(b*q.x)
	y := c.y + float64(a*p.y) + float64(b*q.y)
	z := c.z + float64(a*p.z) + float64(b*q.z)
	h2 := float64(x*x) + float64(y*y)
	if h2 < float64(poleCos*poleCos)*(h2+float64(z*z)) {
		return vec3ToLatLng(hex2dToVec3(v, face, adjRes, true))
	}
	return fAtan2(z, math.Sqrt(h2)), fAtan2(y, x)
}

// faceIjkPentToCellBoundary computes a pentagon's boundary (vertices
// start..start+length-1).
func faceIjkPentToCellBoundary(h faceIJK, res, start, length int, g *boundaryRads) {
	_, adjRes, fijkVerts := faceIjkToVerts(h, res, numPentVerts)
	additional := 0
	if length == numPentVerts {
		additional = 1
	}
	g.n = 0
	var last faceIJK
	for vert := start; vert < start+length+additional; vert++ {
		v := vert % numPentVerts
		fijk := fijkVerts[v]
		adjustPentVertOverage(&fijk, adjRes)
		if isResolutionClassIII(res) && vert > start {
			tmp := fijk
			orig2d0 := last.coord.toHex2d()
			dir := adjacentFaceDir[tmp.face][last.face]
			if dir < 0 {
				dir = 0
			}
			orient := &faceNeighbors[tmp.face][dir]
			tmp.face = orient.face
			for i := 0; i < orient.ccwRot60; i++ {
				tmp.coord = tmp.coord.rotate60ccw()
			}
			tmp.coord = tmp.coord.add(orient.translate.scale(unitScaleByCIIres[adjRes] * 3)).normalize()
			orig2d1 := tmp.coord.toHex2d()
			e0, e1 := edgeVerts(adjacentFaceDir[tmp.face][fijk.face], adjRes)
			inter := v2dIntersect(orig2d0, orig2d1, e0, e1)
			g.push(inter, tmp.face, adjRes)
		}
		if vert < start+numPentVerts {
			g.push(fijk.coord.toHex2d(), fijk.face, adjRes)
		}
		last = fijk
	}
}

// faceIjkToCellBoundary computes a hexagon's boundary (vertices
// start..start+length-1), adding distortion vertices on icosahedron edges.
func faceIjkToCellBoundary(h faceIJK, res, start, length int, g *boundaryRads) {
	center, adjRes, fijkVerts := faceIjkToVerts(h, res, numHexVerts)
	additional := 0
	if length == numHexVerts {
		additional = 1
	}
	g.n = 0
	lastFace := -1
	lastOverage := noOverage
	for vert := start; vert < start+length+additional; vert++ {
		v := vert % numHexVerts
		fijk := fijkVerts[v]
		ov := adjustOverageClassII(&fijk, adjRes, false, true)
		if isResolutionClassIII(res) && vert > start && fijk.face != lastFace && lastOverage != faceEdge {
			lastV := (v + 5) % numHexVerts
			orig2d0 := fijkVerts[lastV].coord.toHex2d()
			orig2d1 := fijkVerts[v].coord.toHex2d()
			face2 := lastFace
			if lastFace == center.face {
				face2 = fijk.face
			}
			e0, e1 := edgeVerts(adjacentFaceDir[center.face][face2], adjRes)
			inter := v2dIntersect(orig2d0, orig2d1, e0, e1)
			if !(v2dAlmostEquals(orig2d0, inter) || v2dAlmostEquals(orig2d1, inter)) {
				g.push(inter, center.face, adjRes)
			}
		}
		if vert < start+numHexVerts {
			g.push(fijk.coord.toHex2d(), fijk.face, adjRes)
		}
		lastFace = fijk.face
		lastOverage = ov
	}
}
