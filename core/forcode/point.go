package forcode

import (
	"context"
	"math"
	"strconv"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/h3port"
)

// The forcodes engine: points to forcodes and back, with the administrative
// lookup that names a point's province (API.md §3.9).

// EncodePoint returns the forcode of (lat, lng) at resolution res and the
// new province code it starts with. Errors: errs.NotFound when the bundle
// has no admin layer (l is nil) or the point is in no province; tile errors.
func EncodePoint(ctx context.Context, l *admin.Lookup, lat, lng float64, res int) (fc, code string, err error) {
	if code, err = provinceCode(ctx, l, lat, lng); err != nil {
		return "", "", err
	}
	cell, err := h3port.LatLngToCell(h3port.LatLng{Lat: lat, Lng: lng}, res)
	if err != nil {
		return "", "", err
	}
	return Encode(code, uint64(cell)), code, nil
}

// provinceCode is the short code of the new province containing the point.
func provinceCode(ctx context.Context, l *admin.Lookup, lat, lng float64) (string, error) {
	if l == nil {
		return "", errs.NotFoundf("this bundle has no administrative layer")
	}
	res, err := l.Lookup(ctx, lat, lng)
	if err != nil {
		return "", err
	}
	if res.New.ProvinceShort == "" {
		return "", errs.NotFoundf("the point %s,%s is in no province", strconv.FormatFloat(lat, 'f', -1, 64), strconv.FormatFloat(lng, 'f', -1, 64))
	}
	return res.New.ProvinceShort, nil
}

// DecodeString returns the cell s names: of the readings of s that give a
// valid cell it prefers one whose centre lies in its province (when l can
// tell), else the one with the longest code. ok is false when no reading
// gives a valid cell.
func DecodeString(ctx context.Context, l *admin.Lookup, s string) (cell h3port.Cell, ok bool, err error) {
	var valid []Candidate
	for _, c := range Candidates(s, Codes) {
		if h3port.IsValidCell(h3port.Cell(c.Cell)) {
			valid = append(valid, c)
		}
	}
	if len(valid) == 0 {
		return 0, false, nil
	}
	if l != nil && len(valid) > 1 {
		for _, c := range valid {
			ll, err := h3port.CellToLatLng(h3port.Cell(c.Cell))
			if err != nil || math.IsNaN(ll.Lat) {
				continue
			}
			res, err := l.Lookup(ctx, ll.Lat, ll.Lng)
			if err != nil {
				return 0, false, err
			}
			if res.New.ProvinceShort == c.Code {
				return h3port.Cell(c.Cell), true, nil
			}
		}
	}
	return h3port.Cell(valid[0].Cell), true, nil
}
