package core

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/forcode"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/google"
	"github.com/bando-vn/bando/h3port"
)

// Forcodes (API.md §3.9): parse → forcode.EncodePoint / DecodeString →
// the Google-like shape. Decision: both endpoints read their parameters
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
			return p, errs.InvalidParam("body", "malformed JSON")
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
				return p, errs.InvalidParam(k, "expected a string or a number")
			}
		}
	} else {
		v, err := parseQuery(body)
		if err != nil {
			return p, err
		}
		merged = v
	}
	for k, v := range p.v {
		merged[k] = v
	}
	return params{merged}, nil
}

func (p params) resolution() (int, error) {
	if !p.has("resolution") {
		return 13, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(p.get("resolution")))
	if err != nil || n < 0 || n > 15 {
		return 0, errs.InvalidParam("resolution", "expected an integer from 0 to 15")
	}
	return n, nil
}

func (p params) requiredFloat(name string) (float64, error) {
	if !p.has(name) {
		return 0, errs.InvalidParam(name, "required")
	}
	return p.float(name)
}

// encodeQuery is a validated /forcodes/encode request.
type encodeQuery struct {
	lat, lng float64
	res      int
}

func parseEncode(p params, r *Request) (q encodeQuery, err error) {
	if p, err = bodyParams(p, r); err != nil {
		return q, err
	}
	if _, err := p.common(); err != nil {
		return q, err
	}
	if q.lat, err = p.requiredFloat("lat"); err != nil {
		return q, err
	}
	if q.lng, err = p.requiredFloat("lng"); err != nil {
		return q, err
	}
	if q.lat < -90 || q.lat > 90 {
		return q, errs.InvalidParam("lat", "must be in [-90,90]")
	}
	if q.lng < -180 || q.lng > 180 {
		return q, errs.InvalidParam("lng", "must be in [-180,180]")
	}
	q.res, err = p.resolution()
	return q, err
}

func serveForcodesEncode(ctx context.Context, e *Engine, p params, r *Request) (shape.Body, error) {
	q, err := parseEncode(p, r)
	if err != nil {
		return nil, err
	}
	fc, code, err := forcode.EncodePoint(ctx, e.adminLookup(), q.lat, q.lng, q.res)
	if err != nil {
		return nil, err
	}
	return google.ForcodeEncoded{Forcodes: fc, Lat: google.Num(q.lat), Lng: google.Num(q.lng),
		Resolution: q.res, AdminCode: code, Status: "OK"}, nil
}

func serveForcodesDecode(ctx context.Context, e *Engine, p params, r *Request) (shape.Body, error) {
	p, err := bodyParams(p, r)
	if err != nil {
		return nil, err
	}
	if _, err := p.common(); err != nil {
		return nil, err
	}
	s := p.get("forcodes")
	if strings.TrimSpace(s) == "" {
		return nil, errs.InvalidParam("forcodes", "required")
	}
	cell, ok, err := forcode.DecodeString(ctx, e.adminLookup(), s)
	if err != nil {
		return nil, err
	}
	invalid := google.ForcodeDecoded{Forcodes: s, Status: "INVALID_FORCODES"}
	if !ok {
		return invalid, nil
	}
	ll, err := h3port.CellToLatLng(cell)
	if err != nil {
		return invalid, nil
	}
	lat, lng, res := google.Num(ll.Lat), google.Num(ll.Lng), h3port.GetResolution(cell)
	return google.ForcodeDecoded{Forcodes: s, Lat: &lat, Lng: &lng, Resolution: &res, Status: "OK"}, nil
}
