package admin

// find returns the owner of the first polygon of l containing (x, y), or -1.
func (l *Layer) find(x, y int32) int {
	for i := range l.Owner {
		b := l.BBox[4*i : 4*i+4 : 4*i+4]
		if x < b[0] || y < b[1] || x > b[2] || y > b[3] {
			continue
		}
		if l.contains(i, x, y) {
			return int(l.Owner[i])
		}
	}
	return -1
}

// contains applies the even-odd rule over every ring of polygon i.
func (l *Layer) contains(i int, x, y int32) bool {
	in := false
	for r := l.PolyRing[i]; r < l.PolyRing[i+1]; r++ {
		if ringCrossings(l.Pts[2*l.RingPt[r]:2*l.RingPt[r+1]], x, y) {
			in = !in
		}
	}
	return in
}

// ringCrossings reports whether a ray from (x, y) towards +x crosses the
// implicitly closed ring pts (x,y interleaved) an odd number of times.
func ringCrossings(pts []int32, x, y int32) bool {
	n := len(pts) / 2
	if n < 3 {
		return false
	}
	in := false
	px, py := int64(x), int64(y)
	jx, jy := int64(pts[2*n-2]), int64(pts[2*n-1])
	for k := 0; k+1 < len(pts); k += 2 {
		ix, iy := int64(pts[k]), int64(pts[k+1])
		if (iy > py) != (jy > py) {
			// x of the edge at py, compared without division:
			// px < ix + (py-iy)(jx-ix)/(jy-iy)
			lhs := (px - ix) * (jy - iy)
			rhs := (py - iy) * (jx - ix)
			if (jy > iy) == (lhs < rhs) {
				in = !in
			}
		}
		jx, jy = ix, iy
	}
	return in
}
