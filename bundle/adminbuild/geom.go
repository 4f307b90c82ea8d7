package adminbuild

import (
	"math"

	"github.com/bando-vn/bando/core/admin"
)

// ring is a closed ring without its repeated closing point: x,y interleaved
// in 1e-7° units (x = lng).
type ring []int32

// polygon is a list of rings combined by the even-odd rule (outer + holes,
// or pieces clipped to a cell).
type polygon []ring

// bbox is minx, miny, maxx, maxy in 1e-7° units.
type bbox [4]int32

func emptyBBox() bbox { return bbox{math.MaxInt32, math.MaxInt32, math.MinInt32, math.MinInt32} }

func (b *bbox) extendRing(r ring) {
	for i := 0; i+1 < len(r); i += 2 {
		b[0], b[2] = min(b[0], r[i]), max(b[2], r[i])
		b[1], b[3] = min(b[1], r[i+1]), max(b[3], r[i+1])
	}
}

func (b bbox) valid() bool { return b[0] <= b[2] && b[1] <= b[3] }

func (b bbox) union(o bbox) bbox {
	return bbox{min(b[0], o[0]), min(b[1], o[1]), max(b[2], o[2]), max(b[3], o[3])}
}

func (p polygon) bbox() bbox {
	b := emptyBBox()
	for _, r := range p {
		b.extendRing(r)
	}
	return b
}

func toUnit(f float64) int32 { return int32(math.Round(f * 1e7)) }

// makeRing converts [lng,lat] pairs to a ring, dropping the closing point
// and consecutive duplicates; nil if fewer than 3 points remain.
func makeRing(pts [][2]float64) ring {
	r := make(ring, 0, 2*len(pts))
	for _, p := range pts {
		x, y := toUnit(p[0]), toUnit(p[1])
		if n := len(r); n >= 2 && r[n-2] == x && r[n-1] == y {
			continue
		}
		r = append(r, x, y)
	}
	if n := len(r); n >= 4 && r[0] == r[n-2] && r[1] == r[n-1] {
		r = r[:n-2]
	}
	if len(r) < 6 {
		return nil
	}
	return r
}

// contains applies the even-odd rule; the same arithmetic as core/admin.
func (p polygon) contains(x, y int32) bool {
	in := false
	for _, r := range p {
		if admin.RingContains(r, x, y) {
			in = !in
		}
	}
	return in
}

// clipRect clips polygon p to the rectangle b (Sutherland–Hodgman per ring).
// Concave rings may yield zero-width edges along the rectangle's border;
// with the even-odd rule they do not change which interior points are in.
func clipRect(p polygon, b bbox) polygon {
	var out polygon
	for _, r := range p {
		rb := emptyBBox()
		rb.extendRing(r)
		if rb[2] < b[0] || rb[0] > b[2] || rb[3] < b[1] || rb[1] > b[3] {
			continue
		}
		if rb[0] >= b[0] && rb[2] <= b[2] && rb[1] >= b[1] && rb[3] <= b[3] {
			out = append(out, r)
			continue
		}
		c := r
		for edge := 0; edge < 4 && len(c) >= 6; edge++ {
			c = clipEdge(c, edge, b)
		}
		if len(c) >= 6 {
			out = append(out, c)
		}
	}
	return out
}

// inside reports whether (x, y) is on the inner side of edge e of b
// (0: x >= minx, 1: x <= maxx, 2: y >= miny, 3: y <= maxy).
func inside(x, y int32, e int, b bbox) bool {
	switch e {
	case 0:
		return x >= b[0]
	case 1:
		return x <= b[2]
	case 2:
		return y >= b[1]
	}
	return y <= b[3]
}

func clipEdge(r ring, e int, b bbox) ring {
	n := len(r) / 2
	out := make(ring, 0, len(r)+8)
	px, py := r[2*n-2], r[2*n-1]
	pin := inside(px, py, e, b)
	for i := 0; i < n; i++ {
		x, y := r[2*i], r[2*i+1]
		in := inside(x, y, e, b)
		if in != pin {
			ix, iy := intersect(px, py, x, y, e, b)
			out = appendPt(out, ix, iy)
		}
		if in {
			out = appendPt(out, x, y)
		}
		px, py, pin = x, y, in
	}
	if n := len(out); n >= 4 && out[0] == out[n-2] && out[1] == out[n-1] {
		out = out[:n-2]
	}
	return out
}

func appendPt(r ring, x, y int32) ring {
	if n := len(r); n >= 2 && r[n-2] == x && r[n-1] == y {
		return r
	}
	return append(r, x, y)
}

// intersect returns where segment (ax,ay)-(bx,by) crosses the line of edge e.
func intersect(ax, ay, bx, by int32, e int, b bbox) (int32, int32) {
	fx, fy, tx, ty := float64(ax), float64(ay), float64(bx), float64(by)
	switch e {
	case 0, 1:
		lx := float64(b[0])
		if e == 1 {
			lx = float64(b[2])
		}
		t := (lx - fx) / (tx - fx)
		return int32(lx), int32(math.Round(fy + t*(ty-fy)))
	}
	ly := float64(b[1])
	if e == 3 {
		ly = float64(b[3])
	}
	t := (ly - fy) / (ty - fy)
	return int32(math.Round(fx + t*(tx-fx))), int32(ly)
}

// segDist2 is the squared distance in metres² from p to segment a-b, all in
// 1e-7° units with x scaled by kx (cos lat).
func segDist2(px, py, ax, ay, bx, by, kx float64) float64 {
	px, ax, bx = px*kx, ax*kx, bx*kx
	dx, dy := bx-ax, by-ay
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = math.Max(0, math.Min(1, ((px-ax)*dx+(py-ay)*dy)/l))
	}
	ex, ey := ax+t*dx-px, ay+t*dy-py
	const m = 111320.0 / 1e7 // metres per unit
	return (ex*ex + ey*ey) * m * m
}

// boundaryDist is the distance in metres from (x, y) to the nearest edge of p.
func (p polygon) boundaryDist(x, y int32) float64 {
	kx := math.Cos(float64(y) / 1e7 * math.Pi / 180)
	best := math.Inf(1)
	for _, r := range p {
		n := len(r) / 2
		for i := 0; i < n; i++ {
			j := (i + 1) % n
			d := segDist2(float64(x), float64(y), float64(r[2*i]), float64(r[2*i+1]), float64(r[2*j]), float64(r[2*j+1]), kx)
			best = math.Min(best, d)
		}
	}
	return math.Sqrt(best)
}
