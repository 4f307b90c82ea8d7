//go:build !(js && wasm && jsmath)

package h3port

// Elementary functions with bit-reproducible results.
//
// H3 results depend on sin/cos/tan/atan/atan2/asin/acos. Go's math package
// uses Cephes-derived algorithms whose last bit differs from the C library
// (and from V8's Math.* used by h3-js) in roughly a third of all calls. To be
// bit-identical with h3-js (and portable across GOARCH), this file
// re-implements the classic fdlibm 5.3 algorithms (Sun Microsystems, see
// NOTICE), in the form used by V8's base/ieee754.cc. Every product that
// feeds an addition is wrapped in float64() so that no architecture may fuse
// it into an FMA (Go spec, "Arithmetic operators").
//
// Arguments with |x| >= 2^19*pi/2 (far outside what H3 produces from finite
// coordinates in degrees) fall back to package math for the argument
// reduction; results there are not guaranteed to match V8 bit for bit.
//
// With the build tag jsmath under GOOS=js GOARCH=wasm, trig_jsmath.go
// replaces this file: the same functions are imported from the JavaScript
// engine's Math.* (which this file reproduces bit for bit).

import "math"

func hiWord(x float64) int32  { return int32(math.Float64bits(x) >> 32) }
func loWord(x float64) uint32 { return uint32(math.Float64bits(x)) }
func withLoZero(x float64) float64 {
	return math.Float64frombits(math.Float64bits(x) &^ 0xFFFFFFFF)
}

const (
	fdPio2_1  = 1.57079632673412561417e+00
	fdPio2_1t = 6.07710050650619224932e-11
	fdPio2_2  = 6.07710050630396597660e-11
	fdPio2_2t = 2.02226624879595063154e-21
	fdPio2_3  = 2.02226624871116645580e-21
	fdPio2_3t = 8.47842766036889956997e-32
	fdInvPio2 = 6.36619772367581382433e-01
)

// remPio2 reduces x to y0+y1 in [-pi/4, pi/4] and returns the quadrant n
// (x = n*pi/2 + y0 + y1). ok is false when x is too large for the medium
// reduction.
func remPio2(x float64) (n int32, y0, y1 float64, ok bool) {
	hx := hiWord(x)
	ix := hx & 0x7FFFFFFF
	if ix <= 0x3FE921FB {
		return 0, x, 0, true
	}
	if ix < 0x4002D97C { // |x| < 3pi/4
		if hx > 0 {
			z := x - fdPio2_1
			if ix != 0x3FF921FB {
				y0 = z - fdPio2_1t
				y1 = (z - y0) - fdPio2_1t
			} else {
				z -= fdPio2_2
				y0 = z - fdPio2_2t
				y1 = (z - y0) - fdPio2_2t
			}
			return 1, y0, y1, true
		}
		z := x + fdPio2_1
		if ix != 0x3FF921FB {
			y0 = z + fdPio2_1t
			y1 = (z - y0) + fdPio2_1t
		} else {
			z += fdPio2_2
			y0 = z + fdPio2_2t
			y1 = (z - y0) + fdPio2_2t
		}
		return -1, y0, y1, true
	}
	if ix > 0x413921FB {
		return 0, 0, 0, false
	}
	t := math.Abs(x)
	n = int32(float64(t*fdInvPio2) + 0.5)
	fn := float64(n)
	r := t - float64(fn*fdPio2_1)
	w := float64(fn * fdPio2_1t)
	j := ix >> 20
	y0 = r - w
	i := j - ((hiWord(y0) >> 20) & 0x7FF)
	if i > 16 {
		t = r
		w = float64(fn * fdPio2_2)
		r = t - w
		w = float64(fn*fdPio2_2t) - ((t - r) - w)
		y0 = r - w
		i = j - ((hiWord(y0) >> 20) & 0x7FF)
		if i > 49 {
			t = r
			w = float64(fn * fdPio2_3)
			r = t - w
			w = float64(fn*fdPio2_3t) - ((t - r) - w)
			y0 = r - w
		}
	}
	y1 = (r - y0) - w
	if hx < 0 {
		return -n, -y0, -y1, true
	}
	return n, y0, y1, true
}

func kernelSin(x, y float64, iy int) float64 {
	const (
		S1 = -1.66666666666666324348e-01
		S2 = 8.33333333332248946124e-03
		S3 = -1.98412698298579493134e-04
		S4 = 2.75573137070700676789e-06
		S5 = -2.50507602534068634195e-08
		S6 = 1.58969099521155010221e-10
	)
	ix := hiWord(x) & 0x7FFFFFFF
	if ix < 0x3E400000 && int32(x) == 0 {
		return x
	}
	z := float64(x * x)
	v := float64(z * x)
	r := S2 + float64(z*(S3+float64(z*(S4+float64(z*(S5+float64(z*S6)))))))
	if iy == 0 {
		return x + float64(v*(S1+float64(z*r)))
	}
	return x - ((float64(z*(float64(0.5*y)-float64(v*r))) - y) - float64(v*S1))
}

func kernelCos(x, y float64) float64 {
	const (
		C1 = 4.16666666666666019037e-02
		C2 = -1.38888888888741095749e-03
		C3 = 2.48015872894767294178e-05
		C4 = -2.75573143513906633035e-07
		C5 = 2.08757232129817482790e-09
		C6 = -1.13596475577881948265e-11
	)
	ix := hiWord(x) & 0x7FFFFFFF
	if ix < 0x3E400000 && int32(x) == 0 {
		return 1
	}
	z := float64(x * x)
	r := C5 + float64(z*C6)
	r = C4 + float64(z*r)
	r = C3 + float64(z*r)
	r = C2 + float64(z*r)
	r = C1 + float64(z*r)
	r = float64(z * r)
	if ix < 0x3FD33333 {
		return 1 - (float64(0.5*z) - (float64(z*r) - float64(x*y)))
	}
	var qx float64
	if ix > 0x3FE90000 {
		qx = 0.28125
	} else {
		qx = math.Float64frombits(uint64(uint32(ix-0x00200000)) << 32)
	}
	iz := float64(0.5*z) - qx
	a := 1 - qx
	return a - (iz - (float64(z*r) - float64(x*y)))
}

func kernelTan(x, y float64, iy int) float64 {
	T := [...]float64{
		3.33333333333334091986e-01, 1.33333333333201242699e-01,
		5.39682539762260521377e-02, 2.18694882948595424599e-02,
		8.86323982359930005737e-03, 3.59207910759131235356e-03,
		1.45620945432529025516e-03, 5.88041240820264096874e-04,
		2.46463134818469906812e-04, 7.81794442939557092300e-05,
		7.14072491382608190305e-05, -1.85586374855275456654e-05,
		2.59073051863633712884e-05,
	}
	const (
		pio4   = 7.85398163397448278999e-01
		pio4lo = 3.06161699786838301793e-17
	)
	hx := hiWord(x)
	ix := hx & 0x7FFFFFFF
	if ix < 0x3E300000 && int32(x) == 0 {
		if ((uint32(ix) | loWord(x)) | uint32(iy+1)) == 0 {
			return 1 / math.Abs(x)
		}
		if iy == 1 {
			return x
		}
		w := x + y
		z := withLoZero(w)
		v := y - (z - x)
		a := -1 / w
		t := withLoZero(a)
		s := 1 + float64(t*z)
		return t + float64(a*(s+float64(t*v)))
	}
	if ix >= 0x3FE59428 {
		if hx < 0 {
			x = -x
			y = -y
		}
		z := pio4 - x
		w := pio4lo - y
		x = z + w
		y = 0
	}
	z := float64(x * x)
	w := float64(z * z)
	r := T[1] + float64(w*(T[3]+float64(w*(T[5]+float64(w*(T[7]+float64(w*(T[9]+float64(w*T[11])))))))))
	v := T[10] + float64(w*T[12])
	v = T[8] + float64(w*v)
	v = T[6] + float64(w*v)
	v = T[4] + float64(w*v)
	v = float64(z * (T[2] + float64(w*v)))
	s := float64(z * x)
	r = y + float64(z*(float64(s*(r+v))+y))
	r += float64(T[0] * s)
	w = x + r
	if ix >= 0x3FE59428 {
		v = float64(iy)
		sign := float64(1 - ((hx >> 30) & 2))
		return sign * (v - float64(2.0*(x-(float64(w*w)/(w+v)-r))))
	}
	if iy == 1 {
		return w
	}
	z = withLoZero(w)
	v = r - (z - x)
	a := -1.0 / w
	t := withLoZero(a)
	s = 1.0 + float64(t*z)
	return t + float64(a*(s+float64(t*v)))
}

// fSin is fdlibm sin.
func fSin(x float64) float64 {
	ix := hiWord(x) & 0x7FFFFFFF
	if ix <= 0x3FE921FB {
		return kernelSin(x, 0, 0)
	}
	if ix >= 0x7FF00000 {
		return math.NaN()
	}
	n, y0, y1, ok := remPio2(x)
	if !ok {
		return math.Sin(x)
	}
	switch n & 3 {
	case 0:
		return kernelSin(y0, y1, 1)
	case 1:
		return kernelCos(y0, y1)
	case 2:
		return -kernelSin(y0, y1, 1)
	default:
		return -kernelCos(y0, y1)
	}
}

// fCos is fdlibm cos.
func fCos(x float64) float64 {
	ix := hiWord(x) & 0x7FFFFFFF
	if ix <= 0x3FE921FB {
		return kernelCos(x, 0)
	}
	if ix >= 0x7FF00000 {
		return math.NaN()
	}
	n, y0, y1, ok := remPio2(x)
	if !ok {
		return math.Cos(x)
	}
	switch n & 3 {
	case 0:
		return kernelCos(y0, y1)
	case 1:
		return -kernelSin(y0, y1, 1)
	case 2:
		return -kernelCos(y0, y1)
	default:
		return kernelSin(y0, y1, 1)
	}
}

// fSinCos returns fSin(x), fCos(x) (bit for bit) with one argument
// reduction.
func fSinCos(x float64) (sin, cos float64) {
	ix := hiWord(x) & 0x7FFFFFFF
	if ix <= 0x3FE921FB {
		return kernelSin(x, 0, 0), kernelCos(x, 0)
	}
	if ix >= 0x7FF00000 {
		return math.NaN(), math.NaN()
	}
	n, y0, y1, ok := remPio2(x)
	if !ok {
		return math.Sin(x), math.Cos(x)
	}
	s, c := kernelSin(y0, y1, 1), kernelCos(y0, y1)
	switch n & 3 {
	case 0:
		return s, c
	case 1:
		return c, -s
	case 2:
		return -s, -c
	default:
		return -c, s
	}
}

// fTan is fdlibm tan.
func fTan(x float64) float64 {
	ix := hiWord(x) & 0x7FFFFFFF
	if ix <= 0x3FE921FB {
		return kernelTan(x, 0, 1)
	}
	if ix >= 0x7FF00000 {
		return math.NaN()
	}
	n, y0, y1, ok := remPio2(x)
	if !ok {
		return math.Tan(x)
	}
	return kernelTan(y0, y1, int(1-((n&1)<<1)))
}

var (
	atanHi = [4]float64{4.63647609000806093515e-01, 7.85398163397448278999e-01, 9.82793723247329054082e-01, 1.57079632679489655800e+00}
	atanLo = [4]float64{2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17, 6.12323399573676603587e-17}
	aT     = [11]float64{
		3.33333333333329318027e-01, -1.99999999998764832476e-01,
		1.42857142725034663711e-01, -1.11111104054623557880e-01,
		9.09088713343650656196e-02, -7.69187620504482999495e-02,
		6.66107313738753120669e-02, -5.83357013379057348645e-02,
		4.97687799461593236017e-02, -3.65315727442169155270e-02,
		1.62858201153657823623e-02,
	}
)

// fAtan is fdlibm atan.
func fAtan(x float64) float64 {
	hx := hiWord(x)
	ix := hx & 0x7FFFFFFF
	if ix >= 0x44100000 { // |x| >= 2^66
		if ix > 0x7FF00000 || (ix == 0x7FF00000 && loWord(x) != 0) {
			return x + x
		}
		if hx > 0 {
			return atanHi[3] + atanLo[3]
		}
		return -atanHi[3] - atanLo[3]
	}
	id := -1
	if ix < 0x3FDC0000 { // |x| < 0.4375
		if ix < 0x3E400000 {
			return x
		}
	} else {
		x = math.Abs(x)
		if ix < 0x3FF30000 {
			if ix < 0x3FE60000 {
				id = 0
				x = (float64(2.0*x) - 1.0) / (2.0 + x)
			} else {
				id = 1
				x = (x - 1.0) / (x + 1.0)
			}
		} else {
			if ix < 0x40038000 {
				id = 2
				x = (x - 1.5) / (1.0 + float64(1.5*x))
			} else {
				id = 3
				x = -1.0 / x
			}
		}
	}
	z := float64(x * x)
	w := float64(z * z)
	s1 := aT[8] + float64(w*aT[10])
	s1 = aT[6] + float64(w*s1)
	s1 = aT[4] + float64(w*s1)
	s1 = aT[2] + float64(w*s1)
	s1 = float64(z * (aT[0] + float64(w*s1)))
	s2 := float64(w * (aT[1] + float64(w*(aT[3]+float64(w*(aT[5]+float64(w*(aT[7]+float64(w*aT[9])))))))))
	if id < 0 {
		return x - float64(x*(s1+s2))
	}
	z = atanHi[id] - ((float64(x*(s1+s2)) - atanLo[id]) - x)
	if hx < 0 {
		return -z
	}
	return z
}

// fAtan2 is fdlibm atan2.
func fAtan2(y, x float64) float64 {
	const (
		piO4 = 7.8539816339744827900e-01
		piO2 = 1.5707963267948965580e+00
		pi   = 3.1415926535897931160e+00
		piLo = 1.2246467991473531772e-16
	)
	if math.IsNaN(x) || math.IsNaN(y) {
		return x + y
	}
	hx, lx := hiWord(x), loWord(x)
	hy, ly := hiWord(y), loWord(y)
	ix := hx & 0x7FFFFFFF
	iy := hy & 0x7FFFFFFF
	if (uint32(hx-0x3FF00000) | lx) == 0 {
		return fAtan(y)
	}
	m := ((hy >> 31) & 1) | ((hx >> 30) & 2)
	if (uint32(iy) | ly) == 0 {
		switch m {
		case 0, 1:
			return y
		case 2:
			return pi
		default:
			return -pi
		}
	}
	if (uint32(ix) | lx) == 0 {
		if hy < 0 {
			return -piO2
		}
		return piO2
	}
	if ix == 0x7FF00000 {
		if iy == 0x7FF00000 {
			switch m {
			case 0:
				return piO4
			case 1:
				return -piO4
			case 2:
				return 3.0 * piO4
			default:
				return -3.0 * piO4
			}
		}
		switch m {
		case 0:
			return 0
		case 1:
			return math.Copysign(0, -1)
		case 2:
			return pi
		default:
			return -pi
		}
	}
	if iy == 0x7FF00000 {
		if hy < 0 {
			return -piO2
		}
		return piO2
	}
	k := (iy - ix) >> 20
	var z float64
	if k > 60 {
		z = piO2 + float64(0.5*piLo)
		m &= 1
	} else if hx < 0 && k < -60 {
		z = 0
	} else {
		z = fAtan(math.Abs(y / x))
	}
	switch m {
	case 0:
		return z
	case 1:
		return -z
	case 2:
		return pi - (z - piLo)
	default:
		return (z - piLo) - pi
	}
}

const (
	asPio2Hi = 1.57079632679489655800e+00
	asPio2Lo = 6.12323399573676603587e-17
	asPio4Hi = 7.85398163397448278999e-01
	pS0      = 1.66666666666666657415e-01
	pS1      = -3.25565818622400915405e-01
	pS2      = 2.01212532134862925881e-01
	pS3      = -4.00555345006794114027e-02
	pS4      = 7.91534994289814532176e-04
	pS5      = 3.47933107596021167570e-05
	qS1      = -2.40339491173441421878e+00
	qS2      = 2.02094576023350569471e+00
	qS3      = -6.88283971605453293030e-01
	qS4      = 7.70381505559019352791e-02
)

func asinP(t float64) float64 {
	p := pS4 + float64(t*pS5)
	p = pS3 + float64(t*p)
	p = pS2 + float64(t*p)
	p = pS1 + float64(t*p)
	p = pS0 + float64(t*p)
	return float64(t * p)
}

func asinQ(t float64) float64 {
	return 1 + float64(t*(qS1+float64(t*(qS2+float64(t*(qS3+float64(t*qS4)))))))
}

// fAsin is fdlibm asin.
func fAsin(x float64) float64 {
	hx := hiWord(x)
	ix := hx & 0x7FFFFFFF
	if ix >= 0x3FF00000 {
		if ((ix - 0x3FF00000) | int32(loWord(x))) == 0 {
			return float64(x*asPio2Hi) + float64(x*asPio2Lo)
		}
		return math.NaN()
	}
	if ix < 0x3FE00000 {
		t := 0.0
		if ix < 0x3E400000 {
			return x
		}
		t = float64(x * x)
		w := asinP(t) / asinQ(t)
		return x + float64(x*w)
	}
	w := 1 - math.Abs(x)
	t := float64(w * 0.5)
	p := asinP(t)
	q := asinQ(t)
	s := math.Sqrt(t)
	if ix >= 0x3FEF3333 {
		w = p / q
		t = asPio2Hi - (float64(2.0*(s+float64(s*w))) - asPio2Lo)
	} else {
		w = withLoZero(s)
		c := (t - float64(w*w)) / (s + w)
		r := p / q
		p = float64(float64(2.0*s)*r) - (asPio2Lo - float64(2.0*c))
		q = asPio4Hi - float64(2.0*w)
		t = asPio4Hi - (p - q)
	}
	if hx > 0 {
		return t
	}
	return -t
}

// fAcos is fdlibm acos.
func fAcos(x float64) float64 {
	const pi = 3.14159265358979311600e+00
	hx := hiWord(x)
	ix := hx & 0x7FFFFFFF
	if ix >= 0x3FF00000 {
		if ((ix - 0x3FF00000) | int32(loWord(x))) == 0 {
			if hx > 0 {
				return 0
			}
			return pi + float64(2.0*asPio2Lo)
		}
		return math.NaN()
	}
	if ix < 0x3FE00000 {
		if ix <= 0x3C600000 {
			return asPio2Hi + asPio2Lo
		}
		z := float64(x * x)
		r := asinP(z) / asinQ(z)
		return asPio2Hi - (x - (asPio2Lo - float64(x*r)))
	}
	if hx < 0 {
		z := float64((1 + x) * 0.5)
		p := asinP(z)
		q := asinQ(z)
		s := math.Sqrt(z)
		r := p / q
		w := float64(r*s) - asPio2Lo
		return pi - float64(2.0*(s+w))
	}
	z := float64((1 - x) * 0.5)
	s := math.Sqrt(z)
	df := withLoZero(s)
	c := (z - float64(df*df)) / (s + df)
	p := asinP(z)
	q := asinQ(z)
	r := p / q
	w := float64(r*s) + c
	return float64(2.0 * (df + w))
}
