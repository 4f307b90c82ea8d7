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
// a 500 in the endpoint's shape. A 5xx carries its cause in Response.Cause
// (for the log; never in the body). When r.ID is set, an error body also
// carries it as "request_id" (API.md §1).
func (e *Engine) Serve(ctx context.Context, r *Request) *Response {
	resp := e.serve(ctx, r)
	if resp.Status >= 400 && r.ID != "" {
		resp.Body = withRequestID(resp.Body, r.ID)
	}
	return resp
}

// withRequestID adds "request_id" as the last member of a JSON object.
func withRequestID(body []byte, id string) []byte {
	n := len(body)
	if n < 2 || body[n-1] != '}' || !validID(id) {
		return body
	}
	out := append(body[:n-1:n-1], `,"request_id":"`...)
	if n == 2 { // {}
		out = out[:1]
		out = append(out, `"request_id":"`...)
	}
	return append(append(out, id...), `"}`...)
}

// validID: a request id is short and needs no JSON escaping.
func validID(id string) bool {
	if len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

func (e *Engine) serve(ctx context.Context, r *Request) (resp *Response) {
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
	if r.BodyErr != "" {
		return errorResponse(conv, errs.InvalidParam("body", "%s", r.BodyErr))
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
		e.release(ctx, ticket)
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
	resp := jsonResponse(errorBody(s, err))
	if resp.Status >= 500 {
		resp.Cause = err
	}
	return resp
}

// Get is a convenience for tests and examples: Serve a GET of target.
func (e *Engine) Get(ctx context.Context, target string, q url.Values) *Response {
	if q != nil {
		target += "?" + q.Encode()
	}
	return e.Serve(ctx, &Request{Method: "GET", Target: target})
}
