package guidance

import (
	"math"
	"sort"

	"github.com/bando-vn/bando/core/geo"
)

// line is a leg's geometry as one polyline with cumulative distances.
// Distances and bearings are planar (an equirectangular projection at the
// first point's latitude): over a city-sized leg they differ from the
// great-circle ones by parts per million, and they cost no trigonometry
// per point.
type line struct {
	pts  []geo.LatLng
	cum  []float64
	kLng float64 // cos(latitude of the first point)
}

const metresPerDeg = geo.EarthRadiusM * math.Pi / 180

// add appends a point (a repeat of the last point is dropped) and returns
// its index.
func (l *line) add(p geo.LatLng) int {
	if n := len(l.pts); n > 0 {
		if l.pts[n-1] == p {
			return n - 1
		}
		l.cum = append(l.cum, l.cum[n-1]+l.dist(l.pts[n-1], p))
	} else {
		l.kLng = math.Cos(p.Lat * math.Pi / 180)
		l.cum = append(l.cum, 0)
	}
	l.pts = append(l.pts, p)
	return len(l.pts) - 1
}

func (l *line) dist(a, b geo.LatLng) float64 {
	return math.Hypot(b.Lat-a.Lat, (b.Lng-a.Lng)*l.kLng) * metresPerDeg
}

// Length is a polyline's length as Build measures it along a leg.
func Length(pts []geo.LatLng) float64 {
	var l line
	for _, p := range pts {
		l.add(p)
	}
	return l.length()
}

func (l *line) length() float64 {
	if len(l.cum) == 0 {
		return 0
	}
	return l.cum[len(l.cum)-1]
}

// at is the point d metres along the line (clamped to its ends).
func (l *line) at(d float64) geo.LatLng {
	n := len(l.pts)
	if n == 0 {
		return geo.LatLng{}
	}
	if d <= 0 {
		return l.pts[0]
	}
	i := sort.SearchFloat64s(l.cum, d)
	if i >= n {
		return l.pts[n-1]
	}
	if i == 0 {
		return l.pts[0]
	}
	seg := l.cum[i] - l.cum[i-1]
	t := 0.0
	if seg > 0 {
		t = (d - l.cum[i-1]) / seg
	}
	a, b := l.pts[i-1], l.pts[i]
	return geo.LatLng{Lat: a.Lat + t*(b.Lat-a.Lat), Lng: a.Lng + t*(b.Lng-a.Lng)}
}

// bearing is the bearing from the point at d0 to the point at d1 (0 when
// they coincide).
func (l *line) bearing(d0, d1 float64) float64 {
	a, b := l.at(d0), l.at(d1)
	if a == b {
		return 0
	}
	br := math.Atan2((b.Lng-a.Lng)*l.kLng, b.Lat-a.Lat) * 180 / math.Pi
	if br < 0 {
		br += 360
	}
	return br
}

// Bearings are the bearings before and after a point d metres along a
// polyline as Build measures them: over the ApproachM metres before d, and
// over the ApproachM metres after d+afterM. Tests use it to check a
// maneuver's angle against its geometry.
func Bearings(pts []geo.LatLng, d, afterM float64) (before, after float64) {
	var l line
	for _, p := range pts {
		l.add(p)
	}
	return l.bearingsAt(d, afterM)
}

func (l *line) bearingsAt(d, afterM float64) (before, after float64) {
	return l.bearing(d-ApproachM, d), l.bearing(d+afterM, d+afterM+ApproachM)
}
