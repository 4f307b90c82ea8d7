package core

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/convert"
	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/google"
	"github.com/bando-vn/bando/core/shape/pelias"
)

// Address conversion (API.md §3.13): parse → convert.Convert (the admin/units table, the
// admin lookup for a point) → the Google (default) or Pelias (format=osm) shape.

// maxConvertText bounds the address text (characters after trimming).
const maxConvertText = 500

// convertConvention: format=osm answers (and errs) in the Pelias shape, anything else Google's.
func convertConvention(p params) Convention {
	if strings.EqualFold(strings.TrimSpace(p.get("format")), "osm") {
		return ConventionPelias
	}
	return ConventionGoogle
}

// convertQuery is a validated /address/convert request.
type convertQuery struct {
	text  string
	toNew bool
	point *geo.LatLng
	osm   bool
}

func parseConvert(p params) (convertQuery, error) {
	var q convertQuery
	if _, err := p.common(); err != nil {
		return q, err
	}
	switch f := strings.ToLower(strings.TrimSpace(p.get("format"))); f {
	case "", "google", "osm":
		q.osm = f == "osm"
	default:
		return q, errs.InvalidParam("format", "expected google or osm")
	}
	q.text = strings.TrimSpace(p.get("text"))
	switch {
	case q.text == "":
		return q, errs.InvalidParam("text", "required, 1 to 500 characters")
	case !utf8.ValidString(q.text):
		return q, errs.InvalidParam("text", "not valid UTF-8")
	case utf8.RuneCountInString(q.text) > maxConvertText:
		return q, errs.InvalidParam("text", "longer than 500 characters")
	}
	switch to := strings.ToLower(strings.TrimSpace(p.get("to"))); to {
	case "", "new":
		q.toNew = true
	case "old":
	default:
		return q, errs.InvalidParam("to", "expected new or old")
	}
	return q, parseConvertPoint(p, &q)
}

// parseConvertPoint reads the optional lat and lng (both or neither).
func parseConvertPoint(p params, q *convertQuery) error {
	if !p.has("lat") && !p.has("lng") {
		return nil
	}
	if !p.has("lat") {
		return errs.InvalidParam("lat", "required with lng")
	}
	if !p.has("lng") {
		return errs.InvalidParam("lng", "required with lat")
	}
	lat, err := p.float("lat")
	if err != nil {
		return err
	}
	lng, err := p.float("lng")
	if err != nil {
		return err
	}
	if lat < -90 || lat > 90 {
		return errs.InvalidParam("lat", "must be in [-90,90]")
	}
	if lng < -180 || lng > 180 {
		return errs.InvalidParam("lng", "must be in [-180,180]")
	}
	q.point = &geo.LatLng{Lat: lat, Lng: lng}
	return nil
}

// converter returns the engine's converter, built on first use; nil without an admin layer.
func (e *Engine) converter(ctx context.Context) (*convert.Converter, error) {
	e.convMu.Lock()
	defer e.convMu.Unlock()
	if e.conv != nil {
		return e.conv, nil
	}
	g, err := e.gazetteer(ctx)
	if g == nil || err != nil {
		return nil, err
	}
	e.conv = convert.New(g.units, g.names, e.adminLookup())
	return e.conv, nil
}

func serveConvert(ctx context.Context, e *Engine, p params, _ *Request) (shape.Body, error) {
	q, err := parseConvert(p)
	if err != nil {
		return nil, err
	}
	c, err := e.converter(ctx)
	if err != nil {
		return nil, err
	}
	var res []convert.Result
	if c != nil {
		var pt *convert.Point
		if q.point != nil {
			pt = &convert.Point{Lat: q.point.Lat, Lng: q.point.Lng}
		}
		res, err = c.Convert(ctx, q.text, q.toNew, pt)
		if errors.Is(err, convert.ErrNoUnits) {
			res, err = nil, nil
		} else if errors.Is(err, admin.ErrInvalidPoint) {
			return nil, errs.InvalidParam("lat", "invalid point")
		}
		if err != nil {
			return nil, err
		}
	}
	if q.osm {
		return convertPelias(res, q.point), nil
	}
	return convertGoogle(res), nil
}

func convertUnits(s convert.Side) google.ConvertUnits {
	return google.ConvertUnits{Ward: s.Ward.Name, District: s.District.Name, Province: s.Province.Name,
		Codes: google.ConvertCodes{Ward: s.Ward.Code, District: s.District.Code, Province: s.Province.Code}}
}

func convertGoogle(res []convert.Result) google.Converted {
	out := google.Converted{Status: "OK", Results: []google.ConvertResult{}}
	for _, r := range res {
		var comps []google.AddressComponent
		if r.HouseNumber != "" {
			comps = append(comps, google.AddressComponent{LongName: r.HouseNumber, ShortName: r.HouseNumber, Types: []string{"street_number"}})
		}
		if r.Street != "" {
			comps = append(comps, google.AddressComponent{LongName: r.Street, ShortName: r.Street, Types: []string{"route"}})
		}
		for _, u := range []struct {
			name, kind string
		}{{r.To.Ward.Name, "administrative_area_level_3"}, {r.To.District.Name, "administrative_area_level_2"}, {r.To.Province.Name, "administrative_area_level_1"}} {
			if c, ok := google.UnitComponent(u.name, u.kind); ok {
				comps = append(comps, c)
			}
		}
		if comps == nil {
			comps = []google.AddressComponent{}
		}
		out.Results = append(out.Results, google.ConvertResult{FormattedAddress: r.Formatted, AddressComponents: comps,
			From: convertUnits(r.From), To: convertUnits(r.To), Exact: r.Exact})
	}
	if len(res) == 0 {
		out.Status = "ZERO_RESULTS"
	}
	return out
}

func convertPelias(res []convert.Result, pt *geo.LatLng) pelias.ConvertCollection {
	out := pelias.ConvertCollection{Type: "FeatureCollection", Features: []pelias.ConvertFeature{}, BBox: []shape.Deg{}}
	var g *pelias.Geometry
	if pt != nil && len(res) > 0 {
		g = &pelias.Geometry{Type: "Point", Coordinates: [2]shape.Deg{shape.Deg(pt.Lng), shape.Deg(pt.Lat)}}
		out.BBox = []shape.Deg{shape.Deg(pt.Lng), shape.Deg(pt.Lat), shape.Deg(pt.Lng), shape.Deg(pt.Lat)}
	}
	for _, r := range res {
		out.Features = append(out.Features, pelias.NewConvertFeature(g, pelias.ConvertProperties{
			HouseNumber: pelias.StrOrNil(r.HouseNumber), Street: pelias.StrOrNil(r.Street), Label: r.Formatted,
			Region: r.To.Province.Name, County: r.To.District.Name, Locality: r.To.Ward.Name,
			From: convertUnits(r.From), To: convertUnits(r.To), Exact: r.Exact,
		}))
	}
	return out
}
