package h3port

import "math"

// GeoLoop is a closed ring of points in degrees (the first point is not
// repeated at the end).
type GeoLoop []LatLng

// GeoPolygon is an outer loop with optional holes, in degrees.
type GeoPolygon struct {
	GeoLoop GeoLoop
	Holes   []GeoLoop
}

// ContainmentMode selects which cells polygonToCells includes; see the
// C library's ContainmentMode. Only ContainmentCenter is implemented by the
// C library's polygonToCells (other valid modes are accepted and, as in C,
// treated as ContainmentCenter).
type ContainmentMode uint32

// Containment modes, as in H3.
const (
	ContainmentCenter          ContainmentMode = 0
	ContainmentFull            ContainmentMode = 1
	ContainmentOverlapping     ContainmentMode = 2
	ContainmentOverlappingBbox ContainmentMode = 3
	containmentInvalid         ContainmentMode = 4
	flagContainmentModeMask                    = 15
	maxOneRingSize                             = 7
	polygonToCellsBuffer                       = 12
	dblEpsilon                                 = 2.220446049250313e-16
	dblMax                                     = math.MaxFloat64
)

func validatePolygonFlags(flags uint32) error {
	if flags&^flagContainmentModeMask != 0 || ContainmentMode(flags&flagContainmentModeMask) >= containmentInvalid {
		return ErrOptionInvalid
	}
	return nil
}

// radLoop is a loop in radians.
type radLoop [][2]float64

// bbox is a lat/lng bounding box in radians; east < west when it crosses
// the antimeridian.
type bbox struct{ north, south, east, west float64 }

func (b *bbox) isTransmeridian() bool { return b.east < b.west }

func (b *bbox) contains(lat, lng float64) bool {
	if !(lat >= b.south && lat <= b.north) {
		return false
	}
	if b.isTransmeridian() {
		return lng >= b.west || lng <= b.east
	}
	return lng >= b.west && lng <= b.east
}

func normalizeLngTM(lng float64, tm bool) float64 {
	if tm && lng < 0 {
		return lng + m2Pi
	}
	return lng
}

func bboxFromLoop(loop radLoop) bbox {
	if len(loop) == 0 {
		return bbox{}
	}
	b := bbox{north: -dblMax, south: dblMax, east: -dblMax, west: dblMax}
	minPosLng, maxNegLng := dblMax, -dblMax
	tm := false
	for i, c := range loop {
		next := loop[(i+1)%len(loop)]
		lat, lng := c[0], c[1]
		if lat < b.south {
			b.south = lat
		}
		if lng < b.west {
			b.west = lng
		}
		if lat > b.north {
			b.north = lat
		}
		if lng > b.east {
			b.east = lng
		}
		if lng > 0 && lng < minPosLng {
			minPosLng = lng
		}
		if lng < 0 && lng > maxNegLng {
			maxNegLng = lng
		}
		if math.Abs(lng-next[1]) > mPi {
			tm = true
		}
	}
	if tm {
		b.east = maxNegLng
		b.west = minPosLng
	}
	return b
}

// pointInsideLoop is the ray-casting test of polygonAlgos.h.
func pointInsideLoop(loop radLoop, b *bbox, lat, lng float64) bool {
	if !b.contains(lat, lng) {
		return false
	}
	tm := b.isTransmeridian()
	contains := false
	lng = normalizeLngTM(lng, tm)
	for i := range loop {
		a, c := loop[i], loop[(i+1)%len(loop)]
		if a[0] > c[0] {
			a, c = c, a
		}
		if lat == a[0] || lat == c[0] {
			lat += dblEpsilon
		}
		if lat < a[0] || lat > c[0] {
			continue
		}
		aLng := normalizeLngTM(a[1], tm)
		bLng := normalizeLngTM(c[1], tm)
		if aLng == lng || bLng == lng {
			lng -= dblEpsilon
		}
		ratio := (lat - a[0]) / (c[0] - a[0])
		testLng := normalizeLngTM(aLng+float64((bLng-aLng)*ratio), tm)
		if testLng > lng {
			contains = !contains
		}
	}
	return contains
}

type radPolygon struct {
	loops  []radLoop // outer loop first, then holes
	bboxes []bbox
}

func newRadPolygon(loops []radLoop) *radPolygon {
	p := &radPolygon{loops: loops, bboxes: make([]bbox, len(loops))}
	for i, l := range loops {
		p.bboxes[i] = bboxFromLoop(l)
	}
	return p
}

func (p *radPolygon) contains(lat, lng float64) bool {
	if !pointInsideLoop(p.loops[0], &p.bboxes[0], lat, lng) {
		return false
	}
	for i := 1; i < len(p.loops); i++ {
		if pointInsideLoop(p.loops[i], &p.bboxes[i], lat, lng) {
			return false
		}
	}
	return true
}

func hexRadiusKm(h Cell) float64 {
	lat, lng, _ := CellToLatLngRads(h)
	var b boundaryRads
	_ = cellToBoundaryRads(h, &b)
	return greatCircleDistanceRads(lat, lng, b.verts[0][0], b.verts[0][1]) * EarthRadiusKm
}

func pentagonRadiusKm(res int) float64 {
	return hexRadiusKm(newCell(res, 4, 0))
}

func bboxHexEstimate(b *bbox, res int) (int64, error) {
	r := pentagonRadiusKm(res)
	area := 0.8 * float64(float64(2.59807621135*r)*r)
	d := greatCircleDistanceRads(b.north, b.east, b.south, b.west) * EarthRadiusKm
	lngDiff := math.Abs(b.east - b.west)
	latDiff := math.Abs(b.north - b.south)
	if lngDiff == 0 || latDiff == 0 {
		return 0, ErrFailed
	}
	length := math.Max(lngDiff, latDiff)
	width := math.Min(lngDiff, latDiff)
	ratio := length / width
	a := d * d / math.Min(3.0, ratio)
	est := math.Ceil(a / area)
	if math.IsInf(est, 0) || math.IsNaN(est) || est > 1<<62 {
		return 0, ErrFailed
	}
	e := int64(est)
	if e == 0 {
		e = 1
	}
	return e, nil
}

func lineHexEstimate(aLat, aLng, bLat, bLng float64, res int) (int64, error) {
	r := pentagonRadiusKm(res)
	dist := greatCircleDistanceRads(aLat, aLng, bLat, bLng) * EarthRadiusKm
	c := math.Ceil(dist / (2 * r))
	if math.IsInf(c, 0) || math.IsNaN(c) || c > 1<<62 {
		return 0, ErrFailed
	}
	e := int64(c)
	if e == 0 {
		e = 1
	}
	return e, nil
}

func toRadLoops(p GeoPolygon) []radLoop {
	conv := func(l GeoLoop) radLoop {
		r := make(radLoop, len(l))
		for i, v := range l {
			r[i] = [2]float64{DegsToRads(v.Lat), DegsToRads(v.Lng)}
		}
		return r
	}
	loops := []radLoop{conv(p.GeoLoop)}
	for _, h := range p.Holes {
		loops = append(loops, conv(h))
	}
	return loops
}

// MaxPolygonToCellsSize returns the buffer size the C library allocates for
// polygonToCells (maxPolygonToCellsSize).
func MaxPolygonToCellsSize(p GeoPolygon, res int, flags uint32) (int64, error) {
	return maxPolygonToCellsSize(toRadLoops(p), res, flags)
}

func maxPolygonToCellsSize(loops []radLoop, res int, flags uint32) (int64, error) {
	if err := validatePolygonFlags(flags); err != nil {
		return 0, err
	}
	if res < 0 || res > MaxResolution {
		return 0, ErrResDomain
	}
	b := bboxFromLoop(loops[0])
	n, err := bboxHexEstimate(&b, res)
	if err != nil {
		return 0, err
	}
	total := 0
	for _, l := range loops {
		total += len(l)
	}
	if n < int64(total) {
		n = int64(total)
	}
	return n + polygonToCellsBuffer, nil
}

// PolygonToCells returns the cells whose centres lie inside the polygon
// (with holes), in the C library's order (polygonToCells).
func PolygonToCells(p GeoPolygon, res int, flags uint32) ([]Cell, error) {
	return polygonToCells(toRadLoops(p), res, flags)
}

// PolygonToCellsRadsForWasm is PolygonToCells for loops already in radians
// ([lat, lng] pairs, outer loop first); used by the wasm export.
func PolygonToCellsRadsForWasm(loops [][][2]float64, res int) ([]Cell, error) {
	rl := make([]radLoop, len(loops))
	for i, l := range loops {
		rl[i] = radLoop(l)
	}
	return polygonToCells(rl, res, 0)
}

func polygonToCells(loops []radLoop, res int, flags uint32) ([]Cell, error) {
	if len(loops) == 0 || len(loops[0]) == 0 {
		if err := validatePolygonFlags(flags); err != nil {
			return nil, err
		}
		return []Cell{}, nil
	}
	for _, l := range loops {
		for _, v := range l {
			if math.IsNaN(v[0]) || math.IsNaN(v[1]) || math.IsInf(v[0], 0) || math.IsInf(v[1], 0) {
				return nil, ErrLatLngDomain
			}
		}
	}
	poly := newRadPolygon(loops)
	numHex, err := maxPolygonToCellsSize(loops, res, flags)
	if err != nil {
		return nil, err
	}
	if numHex > maxTraversalCells {
		return nil, ErrMemoryAlloc
	}
	search := make([]Cell, numHex)
	found := make([]Cell, numHex)
	out := make([]Cell, numHex)
	numSearch := int64(0)
	for _, l := range loops {
		if numSearch, err = getEdgeHexagons(l, numHex, res, numSearch, search, found); err != nil {
			return nil, err
		}
	}
	for i := range found {
		found[i] = 0
	}
	numFound := int64(0)
	var ringBuf [maxOneRingSize]Cell
	for numSearch > 0 {
		for i := int64(0); i < numSearch; i++ {
			// C's gridDisk(search, 1): the spiral when no pentagon is
			// involved (into a stack buffer: no allocation), else the
			// hash-slot layout with empty slots.
			ring, _, err := gridDiskUnsafe(search[i], 1, ringBuf[:0], nil)
			if err != nil {
				ring, _, err = gridDiskDistancesSlots(search[i], 1)
				if err != nil {
					ring = nil
				}
			}
			for _, hex := range ring {
				if hex == 0 {
					continue
				}
				loc := int64(uint64(hex) % uint64(numHex))
				loops := int64(0)
				for out[loc] != 0 {
					if loops > numHex {
						return nil, ErrFailed
					}
					if out[loc] == hex {
						break
					}
					loc = (loc + 1) % numHex
					loops++
				}
				if out[loc] == hex {
					continue
				}
				// cellToLatLng of a valid neighbour (no re-validation).
				fijk, err := h3ToFaceIjk(hex)
				if err != nil {
					continue
				}
				lat, lng := vec3ToLatLng(faceIjkToVec3(fijk, hex.res()))
				if !poly.contains(lat, lng) {
					continue
				}
				if numFound >= numHex {
					return nil, ErrFailed
				}
				out[loc] = hex
				found[numFound] = hex
				numFound++
			}
		}
		search, found = found, search
		for j := int64(0); j < numSearch; j++ {
			found[j] = 0
		}
		numSearch = numFound
		numFound = 0
	}
	return compactNonZero(out, nil), nil
}

func getEdgeHexagons(loop radLoop, numHex int64, res int, numSearch int64, search, found []Cell) (int64, error) {
	for i := range loop {
		o := loop[i]
		d := loop[(i+1)%len(loop)]
		est, err := lineHexEstimate(o[0], o[1], d[0], d[1], res)
		if err != nil {
			return numSearch, err
		}
		if est > maxTraversalCells {
			return numSearch, ErrMemoryAlloc
		}
		for j := int64(0); j < est; j++ {
			inv := 1.0 / float64(est)
			lat := float64(float64(o[0]*float64(est-j))*inv) + float64(float64(d[0]*float64(j))*inv)
			lng := float64(float64(o[1]*float64(est-j))*inv) + float64(float64(d[1]*float64(j))*inv)
			h, err := LatLngRadsToCell(lat, lng, res)
			if err != nil {
				return numSearch, err
			}
			loc := int64(uint64(h) % uint64(numHex))
			loops := int64(0)
			for found[loc] != 0 {
				if loops > numHex {
					return numSearch, ErrFailed
				}
				if found[loc] == h {
					break
				}
				loc = (loc + 1) % numHex
				loops++
			}
			if found[loc] == h {
				continue
			}
			if numSearch >= numHex {
				return numSearch, ErrFailed
			}
			found[loc] = h
			search[numSearch] = h
			numSearch++
		}
	}
	return numSearch, nil
}
