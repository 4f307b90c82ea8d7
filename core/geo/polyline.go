package geo

import (
	"errors"
	"math"

	"github.com/twpayne/go-polyline"
)

// ErrPolyline is returned for a string that is not an encoded polyline of
// [lat, lng] pairs (a byte outside '?'..'~', an unterminated value, or an
// odd number of values).
var ErrPolyline = errors.New("geo: malformed encoded polyline")

// EncodePolyline writes pts in Google's encoded polyline format with the
// given precision (5: Google shapes, 6: Valhalla's polyline6). Values are
// rounded half away from zero, as the format's reference encoders do.
func EncodePolyline(pts []LatLng, precision int) string {
	c := polyline.Codec{Dim: 2, Scale: math.Pow10(precision)}
	flat := make([]float64, 0, 2*len(pts))
	for _, p := range pts {
		flat = append(flat, p.Lat, p.Lng)
	}
	b, _ := c.EncodeFlatCoords(nil, flat) // len(flat) is even
	return string(b)
}

// DecodePolyline reads an encoded polyline of the given precision.
func DecodePolyline(s string, precision int) ([]LatLng, error) {
	c := polyline.Codec{Dim: 2, Scale: math.Pow10(precision)}
	flat, _, err := c.DecodeFlatCoords(nil, []byte(s))
	if err != nil || len(flat)%2 != 0 {
		return nil, ErrPolyline
	}
	pts := make([]LatLng, len(flat)/2)
	for i := range pts {
		pts[i] = LatLng{flat[2*i], flat[2*i+1]}
	}
	return pts, nil
}
