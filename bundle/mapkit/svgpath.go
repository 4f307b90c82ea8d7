package mapkit

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// maxPathCommands bounds what one SVG path may hold (icons have a few hundred).
const maxPathCommands = 100000

// parsePath reads an SVG path's d attribute (all commands: M L H V C S Q T
// A Z, absolute and relative) into p, scaled by s.
func parsePath(d string, s float64) (*path, error) {
	p := &path{}
	sc := pathScanner{s: d}
	var cmd byte
	var lcx, lcy float64 // last control point (for S and T)
	var last byte
	n := 0
	for {
		sc.skip()
		if sc.i >= len(sc.s) {
			break
		}
		if n++; n > maxPathCommands {
			return nil, fmt.Errorf("mapkit: svg path: more than %d commands", maxPathCommands)
		}
		if c := sc.s[sc.i]; strings.IndexByte("MmLlHhVvCcSsQqTtAaZz", c) >= 0 {
			cmd = c
			sc.i++
		} else if cmd == 0 {
			return nil, fmt.Errorf("mapkit: svg path: number before a command at %d", sc.i)
		} else if cmd == 'M' {
			cmd = 'L' // numbers after a moveto are linetos
		} else if cmd == 'm' {
			cmd = 'l'
		}
		cx, cy := p.x/s, p.y/s
		rel := cmd >= 'a'
		abs := func(x, y float64) (float64, float64) {
			if rel {
				return cx + x, cy + y
			}
			return x, y
		}
		var err error
		nums := func(k int) []float64 {
			v := make([]float64, k)
			for i := range v {
				if err == nil {
					v[i], err = sc.number()
				}
			}
			return v
		}
		up := cmd &^ 0x20
		switch up {
		case 'Z':
			p.close()
		case 'M':
			v := nums(2)
			x, y := abs(v[0], v[1])
			p.moveTo(x*s, y*s)
		case 'L':
			v := nums(2)
			x, y := abs(v[0], v[1])
			p.lineTo(x*s, y*s)
		case 'H':
			v := nums(1)
			x := v[0]
			if rel {
				x += cx
			}
			p.lineTo(x*s, cy*s)
		case 'V':
			v := nums(1)
			y := v[0]
			if rel {
				y += cy
			}
			p.lineTo(cx*s, y*s)
		case 'C', 'S':
			var x1, y1 float64
			if up == 'C' {
				v := nums(2)
				x1, y1 = abs(v[0], v[1])
			} else if last == 'C' || last == 'S' {
				x1, y1 = 2*cx-lcx, 2*cy-lcy
			} else {
				x1, y1 = cx, cy
			}
			v := nums(4)
			x2, y2 := abs(v[0], v[1])
			x, y := abs(v[2], v[3])
			p.cubeTo(x1*s, y1*s, x2*s, y2*s, x*s, y*s)
			lcx, lcy = x2, y2
		case 'Q', 'T':
			var x1, y1 float64
			if up == 'Q' {
				v := nums(2)
				x1, y1 = abs(v[0], v[1])
			} else if last == 'Q' || last == 'T' {
				x1, y1 = 2*cx-lcx, 2*cy-lcy
			} else {
				x1, y1 = cx, cy
			}
			v := nums(2)
			x, y := abs(v[0], v[1])
			p.quadTo(x1*s, y1*s, x*s, y*s)
			lcx, lcy = x1, y1
		case 'A':
			v := nums(3)
			large, sweep := sc.flag(&err), sc.flag(&err)
			e := nums(2)
			x, y := abs(e[0], e[1])
			if err == nil {
				arc(p, s, cx, cy, v[0], v[1], v[2], large, sweep, x, y)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("mapkit: svg path: %w", err)
		}
		last = up
		if up == 'Z' {
			cmd = 0
		}
	}
	p.close()
	return p, nil
}

// arc adds an SVG elliptical arc from (x0, y0) to (x, y) as cubic pieces
// (the endpoint-to-centre conversion of SVG 1.1 appendix F.6).
func arc(p *path, s, x0, y0, rx, ry, phiDeg float64, large, sweep bool, x, y float64) {
	rx, ry = math.Abs(rx), math.Abs(ry)
	if rx == 0 || ry == 0 || (x0 == x && y0 == y) {
		p.lineTo(x*s, y*s)
		return
	}
	phi := phiDeg * math.Pi / 180
	cos, sin := math.Cos(phi), math.Sin(phi)
	dx, dy := (x0-x)/2, (y0-y)/2
	x1, y1 := cos*dx+sin*dy, -sin*dx+cos*dy
	if l := x1*x1/(rx*rx) + y1*y1/(ry*ry); l > 1 {
		rx, ry = rx*math.Sqrt(l), ry*math.Sqrt(l)
	}
	num := rx*rx*ry*ry - rx*rx*y1*y1 - ry*ry*x1*x1
	den := rx*rx*y1*y1 + ry*ry*x1*x1
	k := math.Sqrt(max(0, num/den))
	if large == sweep {
		k = -k
	}
	cxp, cyp := k*rx*y1/ry, -k*ry*x1/rx
	cx, cy := cos*cxp-sin*cyp+(x0+x)/2, sin*cxp+cos*cyp+(y0+y)/2
	ang := func(ux, uy, vx, vy float64) float64 { return math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy) }
	t1 := ang(1, 0, (x1-cxp)/rx, (y1-cyp)/ry)
	dt := ang((x1-cxp)/rx, (y1-cyp)/ry, (-x1-cxp)/rx, (-y1-cyp)/ry)
	if !sweep && dt > 0 {
		dt -= 2 * math.Pi
	} else if sweep && dt < 0 {
		dt += 2 * math.Pi
	}
	n := int(math.Ceil(math.Abs(dt) / (math.Pi / 8)))
	for i := 1; i <= n; i++ {
		t := t1 + dt*float64(i)/float64(n)
		ex, ey := rx*math.Cos(t), ry*math.Sin(t)
		p.lineTo((cos*ex-sin*ey+cx)*s, (sin*ex+cos*ey+cy)*s)
	}
}

type pathScanner struct {
	s string
	i int
}

func (sc *pathScanner) skip() {
	for sc.i < len(sc.s) && strings.IndexByte(" \t\r\n,", sc.s[sc.i]) >= 0 {
		sc.i++
	}
}

func (sc *pathScanner) number() (float64, error) {
	sc.skip()
	j := sc.i
	if j < len(sc.s) && (sc.s[j] == '-' || sc.s[j] == '+') {
		j++
	}
	dot, digits := false, 0
	for ; j < len(sc.s); j++ {
		c := sc.s[j]
		if c >= '0' && c <= '9' {
			digits++
		} else if c == '.' && !dot {
			dot = true
		} else {
			break
		}
	}
	if digits > 0 && j < len(sc.s) && (sc.s[j] == 'e' || sc.s[j] == 'E') {
		k := j + 1
		if k < len(sc.s) && (sc.s[k] == '-' || sc.s[k] == '+') {
			k++
		}
		if k < len(sc.s) && sc.s[k] >= '0' && sc.s[k] <= '9' {
			for j = k; j < len(sc.s) && sc.s[j] >= '0' && sc.s[j] <= '9'; j++ {
			}
		}
	}
	if digits == 0 {
		return 0, fmt.Errorf("number expected at %d", sc.i)
	}
	v, err := strconv.ParseFloat(sc.s[sc.i:j], 64)
	if err != nil || math.IsInf(v, 0) {
		return 0, fmt.Errorf("bad number %q at %d", sc.s[sc.i:j], sc.i)
	}
	sc.i = j
	return v, nil
}

func (sc *pathScanner) flag(err *error) bool {
	sc.skip()
	if *err == nil && sc.i < len(sc.s) && (sc.s[sc.i] == '0' || sc.s[sc.i] == '1') {
		sc.i++
		return sc.s[sc.i-1] == '1'
	}
	if *err == nil {
		*err = fmt.Errorf("arc flag expected at %d", sc.i)
	}
	return false
}
