package h3port

// LatLng is a geographic point in degrees (the C library's LatLng is in
// radians; see DegsToRads / RadsToDegs and the *Rads functions).
type LatLng struct {
	Lat float64 // latitude, degrees
	Lng float64 // longitude, degrees
}

// CellBoundary is a cell's boundary: 5 or 6 topological vertices plus up to
// 4 distortion vertices where Class III edges cross icosahedron edges, in
// counter-clockwise order.
type CellBoundary []LatLng

// DegsToRads converts degrees to radians exactly as the C library does.
func DegsToRads(degrees float64) float64 { return degrees * mPi180 }

// RadsToDegs converts radians to degrees exactly as the C library does.
func RadsToDegs(radians float64) float64 { return radians * m180Pi }

// posAngleRads normalises an angle to [0, 2pi).
func posAngleRads(rads float64) float64 {
	tmp := rads
	if rads < 0.0 {
		tmp = rads + m2Pi
	}
	if rads >= m2Pi {
		tmp -= m2Pi
	}
	return tmp
}

func constrainLng(lng float64) float64 {
	for lng > mPi {
		lng = lng - (2 * mPi)
	}
	for lng < -mPi {
		lng = lng + (2 * mPi)
	}
	return lng
}

// GreatCircleDistanceRads is the haversine distance between two points, in
// radians of arc (greatCircleDistanceRads). Inputs are in degrees.
func GreatCircleDistanceRads(a, b LatLng) float64 {
	return greatCircleDistanceRads(DegsToRads(a.Lat), DegsToRads(a.Lng), DegsToRads(b.Lat), DegsToRads(b.Lng))
}

// GreatCircleDistanceKm is the haversine distance in kilometres.
func GreatCircleDistanceKm(a, b LatLng) float64 {
	return GreatCircleDistanceRads(a, b) * EarthRadiusKm
}

// GreatCircleDistanceM is the haversine distance in metres.
func GreatCircleDistanceM(a, b LatLng) float64 {
	return GreatCircleDistanceKm(a, b) * 1000
}

func greatCircleDistanceRads(aLat, aLng, bLat, bLng float64) float64 {
	sinLat := fSin((bLat - aLat) * 0.5)
	sinLng := fSin((bLng - aLng) * 0.5)
	A := float64(sinLat*sinLat) + float64(float64(float64(fCos(aLat)*fCos(bLat))*sinLng)*sinLng)
	return 2 * fAtan2(sqrt(A), sqrt(1-A))
}

func geoAlmostEqualThreshold(aLat, aLng, bLat, bLng, threshold float64) bool {
	return abs(aLat-bLat) < threshold && abs(aLng-bLng) < threshold
}
