package core

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/shape"
)

// endpoint is one /v1 route: its method, the shape its errors take (which
// may depend on the parameters), and its handler. A handler parses its
// parameters, calls an engine, enriches and shapes the result.
type endpoint struct {
	method     string
	convention func(p params) Convention
	handler    func(ctx context.Context, e *Engine, p params, r *Request) (shape.Body, error)
}

func fixed(s Convention) func(params) Convention { return func(params) Convention { return s } }

var routes map[string]endpoint

// tilesRoute serves every path under tilesPrefix (the tile is in the path).
var tilesRoute = endpoint{method: "GET", convention: fixed(ConventionGoogle), handler: serveTiles}

func init() {
	routes = map[string]endpoint{
		"/v1/status":          {method: "GET", convention: fixed(ConventionGoogle), handler: serveStatus},
		"/v1/autocomplete":    {method: "GET", convention: autocompleteConvention, handler: serveAutocomplete},
		"/v1/place":           {method: "GET", convention: placeConvention, handler: servePlace},
		"/v1/place/children":  {method: "GET", convention: fixed(ConventionGoogle), handler: serveChildren},
		"/v1/forcodes/encode": {method: "POST", convention: fixed(ConventionGoogle), handler: serveForcodesEncode},
		"/v1/forcodes/decode": {method: "POST", convention: fixed(ConventionGoogle), handler: serveForcodesDecode},
		"/v1/address/convert": {method: "GET", convention: convertConvention, handler: serveConvert},
		"/v1/admin/usage":     {method: "GET", convention: fixed(ConventionGoogle), handler: serveUsage},
		"/v1/distancematrix":  {method: "GET", convention: fixed(ConventionValhalla), handler: serveDistanceMatrix},
		"/v1/direction":       {method: "GET", convention: fixed(ConventionGoogle), handler: serveDirection},
		"/v1/optimized-route": {method: "GET", convention: fixed(ConventionValhalla), handler: serveOptimizedRoute},
		"/v1/geocode/reverse": {method: "GET", convention: reverseConvention, handler: serveReverse},
		"/v1/geocode/forward": {method: "GET", convention: forwardConvention, handler: serveForward},
		"/v1/nearby":          {method: "GET", convention: fixed(ConventionPelias), handler: serveNearby},
	}
}

// preflightHeaders answer a CORS preflight (OPTIONS); every other response
// carries only Access-Control-Allow-Origin, which is all a browser needs
// there (fewer headers also cost less to hand across the wasm boundary).
var preflightHeaders = [][2]string{
	{"Access-Control-Allow-Origin", "*"},
	{"Access-Control-Allow-Methods", "GET, POST, OPTIONS"},
	{"Access-Control-Allow-Headers", "Content-Type"},
	{"Access-Control-Max-Age", "86400"},
}

// Serve answers one request. It never panics: a panic in an engine becomes
// a 500 in the endpoint's shape.
func (e *Engine) Serve(ctx context.Context, r *Request) (resp *Response) {
	path, rawQuery := splitTarget(r.Target)
	ep, known := routes[path]
	if !known && strings.HasPrefix(path, tilesPrefix) {
		ep, known = tilesRoute, true
	}
	conv := ConventionGoogle
	defer func() {
		if v := recover(); v != nil {
			resp = errorResponse(conv, &errs.Error{Kind: errs.Internal, Msg: "internal error", Err: fmt.Errorf("panic: %v", v)})
		}
	}()
	if r.Method == "OPTIONS" {
		return &Response{Status: 204, Header: append([][2]string{}, preflightHeaders...), Body: nil}
	}
	if !known {
		return errorResponse(ConventionGoogle, errs.NotFoundf("unknown path %s", path))
	}
	p, perr := parseParams(rawQuery) // p holds what parsed even on error
	conv = ep.convention(p)
	if r.Method != ep.method && !(r.Method == "HEAD" && ep.method == "GET") {
		resp := errorResponse(conv, &errs.Error{Kind: errs.Method, Msg: fmt.Sprintf("method %s not allowed, use %s", r.Method, ep.method)})
		resp.Header = append(resp.Header, [2]string{"Allow", ep.method})
		return resp
	}
	if perr != nil {
		return errorResponse(conv, errs.As(perr))
	}
	ticket, refused, ok := e.admit(ctx, conv, p)
	if !ok {
		return refused
	}
	body, err := ep.handler(ctx, e, p, r)
	if err != nil {
		return errorResponse(conv, errs.As(err))
	}
	e.bill(ctx, ticket, path, p)
	if t, ok := body.(interface{ ContentType() string }); ok {
		return &Response{Status: 200, Header: [][2]string{{"Content-Type", t.ContentType()}, {"Access-Control-Allow-Origin", "*"}}, Body: body.AppendJSON(nil)}
	}
	return jsonResponse(200, body)
}

// jsonBufSize is the starting capacity of a JSON body: a typical answer
// (five features or predictions) fits without regrowing the buffer.
const jsonBufSize = 4096

func jsonResponse(status int, body shape.Body) *Response {
	h := [][2]string{{"Content-Type", "application/json; charset=utf-8"}, {"Access-Control-Allow-Origin", "*"}}
	return &Response{Status: status, Header: h, Body: body.AppendJSON(make([]byte, 0, jsonBufSize))}
}

func errorResponse(s Convention, err *errs.Error) *Response {
	return jsonResponse(errorBody(s, err))
}

// Get is a convenience for tests and examples: Serve a GET of target.
func (e *Engine) Get(ctx context.Context, target string, q url.Values) *Response {
	if q != nil {
		target += "?" + q.Encode()
	}
	return e.Serve(ctx, &Request{Method: "GET", Target: target})
}
