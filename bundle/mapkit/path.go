package mapkit

import "math"

// path is an outline flattened to line segments (y down), with the
// signed-distance and coverage rasterisers the glyphs and icons share.
type path struct {
	segs   [][4]float64
	x0, y0 float64 // start of the open subpath
	x, y   float64
	open   bool
}

const curveSteps = 8

func (p *path) moveTo(x, y float64) {
	p.close()
	p.x0, p.y0, p.x, p.y, p.open = x, y, x, y, true
}

func (p *path) lineTo(x, y float64) {
	if !p.open {
		p.moveTo(p.x, p.y)
	}
	if x != p.x || y != p.y {
		p.segs = append(p.segs, [4]float64{p.x, p.y, x, y})
	}
	p.x, p.y = x, y
}

func (p *path) quadTo(cx, cy, x, y float64) {
	x0, y0 := p.x, p.y
	for i := 1; i <= curveSteps; i++ {
		t := float64(i) / curveSteps
		u := 1 - t
		p.lineTo(u*u*x0+2*u*t*cx+t*t*x, u*u*y0+2*u*t*cy+t*t*y)
	}
}

func (p *path) cubeTo(c1x, c1y, c2x, c2y, x, y float64) {
	x0, y0 := p.x, p.y
	for i := 1; i <= curveSteps; i++ {
		t := float64(i) / curveSteps
		u := 1 - t
		p.lineTo(u*u*u*x0+3*u*u*t*c1x+3*u*t*t*c2x+t*t*t*x, u*u*u*y0+3*u*u*t*c1y+3*u*t*t*c2y+t*t*t*y)
	}
}

// close ends the open subpath with a line back to its start.
func (p *path) close() {
	if p.open {
		p.lineTo(p.x0, p.y0)
		p.x, p.y, p.open = p.x0, p.y0, false
	}
}

func (p *path) bounds() (minX, minY, maxX, maxY float64) {
	minX, minY, maxX, maxY = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, s := range p.segs {
		minX, maxX = min(minX, s[0], s[2]), max(maxX, s[0], s[2])
		minY, maxY = min(minY, s[1], s[3]), max(maxY, s[1], s[3])
	}
	return
}

// inside: the non-zero winding rule at (x, y).
func (p *path) inside(x, y float64) bool {
	w := 0
	for _, s := range p.segs {
		if (s[1] <= y) != (s[3] <= y) {
			xi := s[0] + (y-s[1])*(s[2]-s[0])/(s[3]-s[1])
			if xi > x {
				if s[3] > s[1] {
					w++
				} else {
					w--
				}
			}
		}
	}
	return w != 0
}

// dist is the distance from (x, y) to the nearest segment.
func (p *path) dist(x, y float64) float64 {
	best := math.Inf(1)
	for _, s := range p.segs {
		dx, dy := s[2]-s[0], s[3]-s[1]
		t := 0.0
		if l := dx*dx + dy*dy; l > 0 {
			t = min(1, max(0, ((x-s[0])*dx+(y-s[1])*dy)/l))
		}
		ex, ey := s[0]+t*dx-x, s[1]+t*dy-y
		best = min(best, ex*ex+ey*ey)
	}
	return math.Sqrt(best)
}

// sdf samples w×h pixels whose top left corner is (ox, oy): 255 deep
// inside, 0 far outside, 255·(1−cutoff) on the outline, radius px of range.
func (p *path) sdf(ox, oy float64, w, h int, radius, cutoff float64) []byte {
	out := make([]byte, w*h)
	for j := 0; j < h; j++ {
		for i := 0; i < w; i++ {
			x, y := ox+float64(i)+0.5, oy+float64(j)+0.5
			d := p.dist(x, y)
			if p.inside(x, y) {
				d = -d
			}
			v := 255 - 255*(d/radius+cutoff)
			out[j*w+i] = byte(math.Round(min(255, max(0, v))))
		}
	}
	return out
}

// coverage samples the area covered at each of w×h pixels (4×4 samples).
func (p *path) coverage(ox, oy float64, w, h int) []float64 {
	out := make([]float64, w*h)
	for j := 0; j < h; j++ {
		for i := 0; i < w; i++ {
			n := 0
			for sy := 0; sy < 4; sy++ {
				for sx := 0; sx < 4; sx++ {
					if p.inside(ox+float64(i)+(float64(sx)+0.5)/4, oy+float64(j)+(float64(sy)+0.5)/4) {
						n++
					}
				}
			}
			out[j*w+i] = float64(n) / 16
		}
	}
	return out
}
