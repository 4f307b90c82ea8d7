package geo

import "math"

// EarthRadiusM is the mean Earth radius in metres (IUGG), the one radius
// every distance in bando uses.
const EarthRadiusM = 6371008.8

// LatLng is a point in degrees: Lat in [-90, 90], Lng in [-180, 180].
type LatLng struct{ Lat, Lng float64 }

// Valid reports whether both parts are finite and in range.
func (p LatLng) Valid() bool {
	return !math.IsNaN(p.Lat) && !math.IsNaN(p.Lng) && !math.IsInf(p.Lat, 0) && !math.IsInf(p.Lng, 0) &&
		p.Lat >= -90 && p.Lat <= 90 && p.Lng >= -180 && p.Lng <= 180
}

// E7 converts degrees to 1e-7 degree units (OSM's own precision), rounding
// half away from zero.
func E7(deg float64) int32 { return int32(math.Round(deg * 1e7)) }

// FromE7 converts 1e-7 degree units to degrees.
func FromE7(v int32) float64 { return float64(v) / 1e7 }

// PointE7 builds a LatLng from 1e-7 degree units.
func PointE7(lat, lng int32) LatLng { return LatLng{FromE7(lat), FromE7(lng)} }

// DistanceM is the great-circle distance between a and b in metres
// (haversine on a sphere of EarthRadiusM).
func DistanceM(a, b LatLng) float64 {
	const rad = math.Pi / 180
	dLat := (b.Lat - a.Lat) * rad
	dLng := (b.Lng - a.Lng) * rad
	sLat, sLng := math.Sin(dLat/2), math.Sin(dLng/2) // each once (the compiler does not reuse calls)
	s := sLat*sLat + math.Cos(a.Lat*rad)*math.Cos(b.Lat*rad)*sLng*sLng
	return 2 * EarthRadiusM * math.Asin(math.Min(1, math.Sqrt(s)))
}

// WGS84 ellipsoid: equatorial radius (m) and flattening.
const (
	WGS84A = 6378137.0
	WGS84F = 1 / 298.257223563
)

// GeodesicM is the distance between a and b in metres on the WGS84
// ellipsoid (Lambert's formula: the great-circle angle between reduced
// latitudes with a first-order flattening correction; within about 10 m
// at 10,000 km, relative error ~1e-5 at street scale). Road lengths (the
// routing graph's edges and every figure derived from them) use it: on
// Vietnam's latitudes the mean-radius sphere of DistanceM is 0.4 % long
// north–south and 0.15 % short east–west.
func GeodesicM(a, b LatLng) float64 {
	const rad = math.Pi / 180
	β1 := math.Atan((1 - WGS84F) * math.Tan(a.Lat*rad))
	β2 := math.Atan((1 - WGS84F) * math.Tan(b.Lat*rad))
	dλ := (b.Lng - a.Lng) * rad
	h := sq(math.Sin((β2-β1)/2)) + math.Cos(β1)*math.Cos(β2)*sq(math.Sin(dλ/2))
	σ := 2 * math.Asin(math.Min(1, math.Sqrt(h)))
	if σ == 0 {
		return 0
	}
	p, q := (β1+β2)/2, (β2-β1)/2
	x := (σ - math.Sin(σ)) * sq(math.Sin(p)) * sq(math.Cos(q)) / sq(math.Cos(σ/2))
	y := (σ + math.Sin(σ)) * sq(math.Cos(p)) * sq(math.Sin(q)) / sq(math.Sin(σ/2))
	if math.IsNaN(x) || math.IsInf(x, 0) { // antipodal: cos(σ/2) = 0
		x = 0
	}
	return WGS84A * (σ - WGS84F/2*(x+y))
}

func sq(x float64) float64 { return x * x }

// MetresPerDegree is the length of one degree of latitude and of
// longitude at latitude lat on the WGS84 ellipsoid (the meridional radius
// of curvature M and the parallel's radius N·cos φ, per degree): the local
// flat metric consistent with GeodesicM over short distances.
func MetresPerDegree(lat float64) (mLat, mLng float64) {
	const rad = math.Pi / 180
	e2 := WGS84F * (2 - WGS84F)
	s := math.Sin(lat * rad)
	w := 1 - e2*s*s
	n := WGS84A / math.Sqrt(w)
	m := WGS84A * (1 - e2) / (w * math.Sqrt(w))
	return m * rad, n * math.Cos(lat*rad) * rad
}

// BearingDeg is the initial bearing from a to b in degrees clockwise from
// north, in [0, 360).
func BearingDeg(a, b LatLng) float64 {
	const rad = math.Pi / 180
	φ1, φ2 := a.Lat*rad, b.Lat*rad
	dλ := (b.Lng - a.Lng) * rad
	y := math.Sin(dλ) * math.Cos(φ2)
	x := math.Cos(φ1)*math.Sin(φ2) - math.Sin(φ1)*math.Cos(φ2)*math.Cos(dλ)
	θ := math.Atan2(y, x) / rad
	if θ < 0 {
		θ += 360
	}
	if θ >= 360 {
		θ -= 360
	}
	return θ
}

// BBox is an axis-aligned box in degrees. The zero BBox is empty: Extend
// on it gives the box of one point.
type BBox struct {
	MinLat, MinLng, MaxLat, MaxLng float64
	nonEmpty                       bool
}

// Empty reports whether no point was added.
func (b BBox) Empty() bool { return !b.nonEmpty }

// Extend returns the smallest box holding b and p.
func (b BBox) Extend(p LatLng) BBox {
	if !b.nonEmpty {
		return BBox{p.Lat, p.Lng, p.Lat, p.Lng, true}
	}
	b.MinLat, b.MaxLat = min(b.MinLat, p.Lat), max(b.MaxLat, p.Lat)
	b.MinLng, b.MaxLng = min(b.MinLng, p.Lng), max(b.MaxLng, p.Lng)
	return b
}

// Union returns the smallest box holding both boxes.
func (b BBox) Union(o BBox) BBox {
	if o.Empty() {
		return b
	}
	return b.Extend(LatLng{o.MinLat, o.MinLng}).Extend(LatLng{o.MaxLat, o.MaxLng})
}

// Contains reports whether p lies in the box (edges included).
func (b BBox) Contains(p LatLng) bool {
	return b.nonEmpty && p.Lat >= b.MinLat && p.Lat <= b.MaxLat && p.Lng >= b.MinLng && p.Lng <= b.MaxLng
}

// Around returns the box of the points within radiusM metres of c (a
// slight overestimate: the box of the circle on the sphere).
func Around(c LatLng, radiusM float64) BBox {
	dLat := radiusM / EarthRadiusM * 180 / math.Pi
	cos := math.Cos(c.Lat * math.Pi / 180)
	dLng := 180.0
	if cos > 1e-9 {
		dLng = min(180, dLat/cos)
	}
	return BBox{c.Lat - dLat, c.Lng - dLng, c.Lat + dLat, c.Lng + dLng, true}
}
