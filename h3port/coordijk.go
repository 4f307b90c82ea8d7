package h3port

import "math"

// coordIJK is a hexagon position in ijk+ coordinates: three axes 120
// degrees apart; normalised coordinates are non-negative with at least one
// component zero.
type coordIJK struct{ i, j, k int }

// CoordIJ is a hexagon position in the two-axis IJ system used by
// cellToLocalIj / localIjToCell.
type CoordIJ struct{ I, J int }

// unitVecs are the ijk+ unit vectors of the seven digits.
var unitVecs = [7]coordIJK{{0, 0, 0}, {0, 0, 1}, {0, 1, 0}, {0, 1, 1}, {1, 0, 0}, {1, 0, 1}, {1, 1, 0}}

func (a coordIJK) add(b coordIJK) coordIJK { return coordIJK{a.i + b.i, a.j + b.j, a.k + b.k} }
func (a coordIJK) sub(b coordIJK) coordIJK { return coordIJK{a.i - b.i, a.j - b.j, a.k - b.k} }
func (a coordIJK) scale(f int) coordIJK    { return coordIJK{a.i * f, a.j * f, a.k * f} }

// normalize returns the normalised (smallest non-negative) form of c.
func (c coordIJK) normalize() coordIJK {
	if c.i < 0 {
		c.j -= c.i
		c.k -= c.i
		c.i = 0
	}
	if c.j < 0 {
		c.i -= c.j
		c.k -= c.j
		c.j = 0
	}
	if c.k < 0 {
		c.i -= c.k
		c.j -= c.k
		c.k = 0
	}
	m := c.i
	if c.j < m {
		m = c.j
	}
	if c.k < m {
		m = c.k
	}
	if m > 0 {
		c.i -= m
		c.j -= m
		c.k -= m
	}
	return c
}

// toHex2d returns the centre of the hex in the 2D face-local plane.
func (c coordIJK) toHex2d() vec2 {
	i := c.i - c.k
	j := c.j - c.k
	return vec2{float64(i) - float64(0.5*float64(j)), float64(j) * mSqrt3_2}
}

// hex2dToCoordIJK finds the ijk+ hex containing a 2D point (DGGRID
// algorithm).
func hex2dToCoordIJK(v vec2) coordIJK {
	var h coordIJK
	a1 := math.Abs(v.x)
	a2 := math.Abs(v.y)
	x2 := a2 * mRSin60
	x1 := a1 + x2/2.0
	m1 := int(int32(x1))
	m2 := int(int32(x2))
	if x1 >= 2147483648 || x2 >= 2147483648 {
		// Outside anything H3 can produce; avoid undefined conversions.
		m1, m2 = int(math.Min(x1, 1<<30)), int(math.Min(x2, 1<<30))
	}
	r1 := x1 - float64(m1)
	r2 := x2 - float64(m2)

	if r1 < 0.5 {
		if r1 < 1.0/3.0 {
			if r2 < (1.0+r1)/2.0 {
				h.i, h.j = m1, m2
			} else {
				h.i, h.j = m1, m2+1
			}
		} else {
			if r2 < (1.0 - r1) {
				h.j = m2
			} else {
				h.j = m2 + 1
			}
			if (1.0-r1) <= r2 && r2 < (2.0*r1) {
				h.i = m1 + 1
			} else {
				h.i = m1
			}
		}
	} else {
		if r1 < 2.0/3.0 {
			if r2 < (1.0 - r1) {
				h.j = m2
			} else {
				h.j = m2 + 1
			}
			if (float64(2.0*r1)-1.0) < r2 && r2 < (1.0-r1) {
				h.i = m1
			} else {
				h.i = m1 + 1
			}
		} else {
			if r2 < (r1 / 2.0) {
				h.i, h.j = m1+1, m2
			} else {
				h.i, h.j = m1+1, m2+1
			}
		}
	}

	// fold across the axes if necessary
	if v.x < 0.0 {
		if h.j%2 == 0 {
			axisi := h.j / 2
			diff := h.i - axisi
			h.i = h.i - 2*diff
		} else {
			axisi := (h.j + 1) / 2
			diff := h.i - axisi
			h.i = h.i - (2*diff + 1)
		}
	}
	if v.y < 0.0 {
		h.i = h.i - (2*h.j+1)/2
		h.j = -1 * h.j
	}
	return h.normalize()
}

// unitIjkToDigit returns the digit of a unit (or zero) vector, or
// invalidDigit.
func (c coordIJK) unitIjkToDigit() direction {
	c = c.normalize()
	for d := centerDigit; d < numDigits; d++ {
		if c == unitVecs[d] {
			return d
		}
	}
	return invalidDigit
}

func lround(x float64) int { return int(math.Round(x)) }

// upAp7 returns the parent in a counter-clockwise aperture-7 grid.
func (c coordIJK) upAp7() coordIJK {
	i := c.i - c.k
	j := c.j - c.k
	return coordIJK{lround(float64(3*i-j) * mOneSeventh), lround(float64(i+2*j) * mOneSeventh), 0}.normalize()
}

// upAp7r returns the parent in a clockwise aperture-7 grid.
func (c coordIJK) upAp7r() coordIJK {
	i := c.i - c.k
	j := c.j - c.k
	return coordIJK{lround(float64(2*i+j) * mOneSeventh), lround(float64(3*j-i) * mOneSeventh), 0}.normalize()
}

// upAp7Checked is upAp7 that fails instead of overflowing int32 (as C does).
func (c coordIJK) upAp7Checked() (coordIJK, error) {
	i := c.i - c.k
	j := c.j - c.k
	if !fitsInt32(3*i-j) || !fitsInt32(i+2*j) || !fitsInt32(3*i) || !fitsInt32(2*j) {
		return c, ErrFailed
	}
	return c.upAp7(), nil
}

// upAp7rChecked is upAp7r that fails instead of overflowing int32.
func (c coordIJK) upAp7rChecked() (coordIJK, error) {
	i := c.i - c.k
	j := c.j - c.k
	if !fitsInt32(2*i+j) || !fitsInt32(3*j-i) || !fitsInt32(2*i) || !fitsInt32(3*j) {
		return c, ErrFailed
	}
	return c.upAp7r(), nil
}

func fitsInt32(v int) bool { return v >= math.MinInt32 && v <= math.MaxInt32 }

func (c coordIJK) downAp7() coordIJK {
	return coordIJK{3, 0, 1}.scale(c.i).add(coordIJK{1, 3, 0}.scale(c.j)).add(coordIJK{0, 1, 3}.scale(c.k)).normalize()
}

func (c coordIJK) downAp7r() coordIJK {
	return coordIJK{3, 1, 0}.scale(c.i).add(coordIJK{0, 3, 1}.scale(c.j)).add(coordIJK{1, 0, 3}.scale(c.k)).normalize()
}

func (c coordIJK) downAp3() coordIJK {
	return coordIJK{2, 0, 1}.scale(c.i).add(coordIJK{1, 2, 0}.scale(c.j)).add(coordIJK{0, 1, 2}.scale(c.k)).normalize()
}

func (c coordIJK) downAp3r() coordIJK {
	return coordIJK{2, 1, 0}.scale(c.i).add(coordIJK{0, 2, 1}.scale(c.j)).add(coordIJK{1, 0, 2}.scale(c.k)).normalize()
}

// neighbor returns the adjacent hex in direction d.
func (c coordIJK) neighbor(d direction) coordIJK {
	if d > centerDigit && d < numDigits {
		return c.add(unitVecs[d]).normalize()
	}
	return c
}

func (c coordIJK) rotate60ccw() coordIJK {
	return coordIJK{1, 1, 0}.scale(c.i).add(coordIJK{0, 1, 1}.scale(c.j)).add(coordIJK{1, 0, 1}.scale(c.k)).normalize()
}

func (c coordIJK) rotate60cw() coordIJK {
	return coordIJK{1, 0, 1}.scale(c.i).add(coordIJK{1, 1, 0}.scale(c.j)).add(coordIJK{0, 1, 1}.scale(c.k)).normalize()
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ijkDistance is the grid distance between two ijk+ coordinates.
func ijkDistance(a, b coordIJK) int {
	d := a.sub(b).normalize()
	m := absInt(d.i)
	if v := absInt(d.j); v > m {
		m = v
	}
	if v := absInt(d.k); v > m {
		m = v
	}
	return m
}

func (c coordIJK) toIJ() CoordIJ { return CoordIJ{c.i - c.k, c.j - c.k} }

// ijToIjk converts IJ to normalised ijk+, failing where C would overflow.
func ijToIjk(ij CoordIJ) (coordIJK, error) {
	c := coordIJK{ij.I, ij.J, 0}
	if normalizeCouldOverflow(c) {
		return c, ErrFailed
	}
	return c.normalize(), nil
}

func normalizeCouldOverflow(c coordIJK) bool {
	max, min := c.j, c.i
	if c.i > c.j {
		max, min = c.i, c.j
	}
	if min < 0 {
		if !fitsInt32(max+min) || !fitsInt32(-min) || !fitsInt32(max-min) {
			return true
		}
	}
	return false
}

// toCube converts ijk+ to cube coordinates.
func (c coordIJK) toCube() coordIJK {
	i := -c.i + c.k
	j := c.j - c.k
	return coordIJK{i, j, -i - j}
}

// cubeToIjk converts cube coordinates to normalised ijk+.
func cubeToIjk(c coordIJK) coordIJK {
	return coordIJK{-c.i, c.j, 0}.normalize()
}
