package core

import (
	"context"
	"encoding/json"
	"math"
	"net/url"
	"strconv"
	"strings"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/forcode"
	"github.com/bando-vn/bando/h3port"
)

// Forcodes (API.md §3.9). Decision: both endpoints read their parameters
// from the query string and also from a form or JSON body (query first), so
// a client may POST {"lat":…, "lng":…} to encode as it does to decode.

// bodyParams merges a form or JSON request body under the query parameters.
func bodyParams(p params, r *Request) (params, error) {
	body := strings.TrimSpace(string(r.Body))
	if body == "" {
		return p, nil
	}
	merged := url.Values{}
	if strings.HasPrefix(body, "{") || strings.Contains(r.Header["content-type"], "json") {
		var m map[string]any
		if err := json.Unmarshal([]byte(body), &m); err != nil {
			return p, invalid("body", "malformed JSON")
		}
		for k, v := range m {
			switch x := v.(type) {
			case string:
				merged.Set(k, x)
			case float64:
				merged.Set(k, strconv.FormatFloat(x, 'f', -1, 64))
			case bool:
				merged.Set(k, strconv.FormatBool(x))
			case nil:
			default:
				return p, invalid(k, "expected a string or a number")
			}
		}
	} else {
		v, err := url.ParseQuery(body)
		if err != nil {
			return p, invalid("body", "malformed form body")
		}
		merged = v
	}
	for k, v := range p.v {
		merged[k] = v
	}
	return params{merged}, nil
}

type encodeBody struct {
	Forcodes   string `json:"forcodes"`
	Lat        rawNum `json:"lat"`
	Lng        rawNum `json:"lng"`
	Resolution int    `json:"resolution"`
	AdminCode  string `json:"admin_code"`
	Status     string `json:"status"`
}

// rawNum is a float written with the shortest exact representation (an
// echo of the input, or an H3 cell centre as API.md's example shows).
type rawNum float64

func (f rawNum) MarshalJSON() ([]byte, error) {
	return strconv.AppendFloat(nil, float64(f), 'f', -1, 64), nil
}

func (p params) resolution() (int, error) {
	if !p.has("resolution") {
		return 13, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(p.get("resolution")))
	if err != nil || n < 0 || n > 15 {
		return 0, invalid("resolution", "expected an integer from 0 to 15")
	}
	return n, nil
}

func (p params) requiredFloat(name string) (float64, error) {
	if !p.has(name) {
		return 0, invalid(name, "required")
	}
	return p.float(name)
}

func serveForcodesEncode(ctx context.Context, e *Engine, p params, r *Request) (any, error) {
	p, err := bodyParams(p, r)
	if err != nil {
		return nil, err
	}
	if _, err := p.common(); err != nil {
		return nil, err
	}
	lat, err := p.requiredFloat("lat")
	if err != nil {
		return nil, err
	}
	lng, err := p.requiredFloat("lng")
	if err != nil {
		return nil, err
	}
	if lat < -90 || lat > 90 {
		return nil, invalid("lat", "must be in [-90,90]")
	}
	if lng < -180 || lng > 180 {
		return nil, invalid("lng", "must be in [-180,180]")
	}
	res, err := p.resolution()
	if err != nil {
		return nil, err
	}
	code, err := e.provinceCode(ctx, lat, lng)
	if err != nil {
		return nil, err
	}
	cell, err := h3port.LatLngToCell(h3port.LatLng{Lat: lat, Lng: lng}, res)
	if err != nil {
		return nil, err
	}
	return encodeBody{Forcodes: forcode.Encode(code, uint64(cell)), Lat: rawNum(lat), Lng: rawNum(lng),
		Resolution: res, AdminCode: code, Status: "OK"}, nil
}

// provinceCode is the short code of the new province containing the point.
func (e *Engine) provinceCode(ctx context.Context, lat, lng float64) (string, error) {
	al := e.adminLookup()
	if al == nil {
		return "", &Error{Kind: KindNotFound, Msg: "this bundle has no administrative layer"}
	}
	res, err := al.Lookup(ctx, lat, lng)
	if err != nil {
		return "", err
	}
	if res.New.ProvinceShort == "" {
		return "", &Error{Kind: KindNotFound, Msg: "the point " + strconv.FormatFloat(lat, 'f', -1, 64) + "," + strconv.FormatFloat(lng, 'f', -1, 64) + " is in no province"}
	}
	return res.New.ProvinceShort, nil
}

type decodeBody struct {
	Forcodes   string  `json:"forcodes"`
	Lat        *rawNum `json:"lat"`
	Lng        *rawNum `json:"lng"`
	Resolution *int    `json:"resolution"`
	Status     string  `json:"status"`
}

func serveForcodesDecode(ctx context.Context, e *Engine, p params, r *Request) (any, error) {
	p, err := bodyParams(p, r)
	if err != nil {
		return nil, err
	}
	if _, err := p.common(); err != nil {
		return nil, err
	}
	s := p.get("forcodes")
	if strings.TrimSpace(s) == "" {
		return nil, invalid("forcodes", "required")
	}
	cell, ok, err := e.decodeForcode(ctx, s)
	if err != nil {
		return nil, err
	}
	if !ok {
		return decodeBody{Forcodes: s, Status: "INVALID_FORCODES"}, nil
	}
	ll, err := h3port.CellToLatLng(cell)
	if err != nil {
		return decodeBody{Forcodes: s, Status: "INVALID_FORCODES"}, nil
	}
	lat, lng, res := rawNum(ll.Lat), rawNum(ll.Lng), h3port.GetResolution(cell)
	return decodeBody{Forcodes: s, Lat: &lat, Lng: &lng, Resolution: &res, Status: "OK"}, nil
}

// decodeForcode keeps the readings of s that give a valid cell and prefers
// one whose centre lies in its province; without such a reading, the one
// with the longest code.
func (e *Engine) decodeForcode(ctx context.Context, s string) (h3port.Cell, bool, error) {
	var valid []forcode.Candidate
	for _, c := range forcode.Candidates(s, forcode.Codes) {
		if h3port.IsValidCell(h3port.Cell(c.Cell)) {
			valid = append(valid, c)
		}
	}
	if len(valid) == 0 {
		return 0, false, nil
	}
	if al := e.adminLookup(); al != nil && len(valid) > 1 {
		for _, c := range valid {
			ll, err := h3port.CellToLatLng(h3port.Cell(c.Cell))
			if err != nil || math.IsNaN(ll.Lat) {
				continue
			}
			res, err := al.Lookup(ctx, ll.Lat, ll.Lng)
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

// adminLookup returns the engine's administrative lookup, nil when the
// bundle has no admin layer.
func (e *Engine) adminLookup() *admin.Lookup {
	e.adminOnce.Do(func() {
		if e.store.Has(admin.MetaKey) {
			e.admin = admin.New(e.store)
		}
	})
	return e.admin
}
