package h3port

import "math"

// vec2 is a point in a face-local 2D plane (hex2d or gnomonic).
type vec2 struct{ x, y float64 }

func (v vec2) mag() float64 { return math.Sqrt(float64(v.x*v.x) + float64(v.y*v.y)) }

// v2dIntersect returns the intersection of lines p0-p1 and p2-p3.
func v2dIntersect(p0, p1, p2, p3 vec2) vec2 {
	s1 := vec2{p1.x - p0.x, p1.y - p0.y}
	s2 := vec2{p3.x - p2.x, p3.y - p2.y}
	t := (float64(s2.x*(p0.y-p2.y)) - float64(s2.y*(p0.x-p2.x))) /
		(float64(-s2.x*s1.y) + float64(s1.x*s2.y))
	return vec2{p0.x + float64(t*s1.x), p0.y + float64(t*s1.y)}
}

func v2dAlmostEquals(a, b vec2) bool {
	return math.Abs(a.x-b.x) < fltEpsilon && math.Abs(a.y-b.y) < fltEpsilon
}

// vec3 is a point in 3D; on the unit sphere x points to (0,0), y to
// (0,90E) and z to the north pole.
type vec3 struct{ x, y, z float64 }

// latLngToVec3 converts radians to a unit vector.
func latLngToVec3(lat, lng float64) vec3 {
	sinLat, r := fSinCos(lat)
	sinLng, cosLng := fSinCos(lng)
	return vec3{float64(cosLng * r), float64(sinLng * r), sinLat}
}

// vec3ToLatLng converts a unit vector to radians.
func vec3ToLatLng(v vec3) (lat, lng float64) {
	return fAsin(v.z), fAtan2(v.y, v.x)
}

func vec3LinComb(a float64, v1 vec3, b float64, v2 vec3) vec3 {
	return vec3{
		float64(a*v1.x) + float64(b*v2.x),
		float64(a*v1.y) + float64(b*v2.y),
		float64(a*v1.z) + float64(b*v2.z),
	}
}

func vec3Cross(a, b vec3) vec3 {
	return vec3{
		float64(a.y*b.z) - float64(a.z*b.y),
		float64(a.z*b.x) - float64(a.x*b.z),
		float64(a.x*b.y) - float64(a.y*b.x),
	}
}

func vec3Dot(a, b vec3) float64 {
	return float64(float64(a.x*b.x)+float64(a.y*b.y)) + float64(a.z*b.z)
}

func (v *vec3) normalize() {
	norm := math.Sqrt(vec3Dot(*v, *v))
	s := 0.0
	if norm > 0.0 {
		s = 1.0 / norm
	}
	v.x *= s
	v.y *= s
	v.z *= s
}

func vec3DistSq(a, b vec3) float64 {
	d := vec3LinComb(1.0, a, -1.0, b)
	return vec3Dot(d, d)
}
