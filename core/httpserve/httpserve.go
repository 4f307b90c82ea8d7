package httpserve

import (
	"io"
	"net/http"
	"strings"

	"github.com/bando-vn/bando/core"
)

// MaxBody is the largest request body read (forcodes bodies are tiny).
const MaxBody = 1 << 20

// Handler serves every request through e.Serve.
func Handler(e *core.Engine) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		resp := e.Serve(r.Context(), ToRequest(r))
		Write(w, resp)
	})
}

// ToRequest converts an http.Request to a core.Request.
func ToRequest(r *http.Request) *core.Request {
	h := make(map[string]string, len(r.Header))
	for k, v := range r.Header {
		if len(v) > 0 {
			h[strings.ToLower(k)] = v[0]
		}
	}
	var body []byte
	if r.Body != nil {
		body, _ = io.ReadAll(io.LimitReader(r.Body, MaxBody))
	}
	return &core.Request{Method: r.Method, Target: r.URL.RequestURI(), Header: h, Body: body}
}

// Write sends a core.Response.
func Write(w http.ResponseWriter, resp *core.Response) {
	for _, kv := range resp.Header {
		w.Header().Add(kv[0], kv[1])
	}
	w.WriteHeader(resp.Status)
	w.Write(resp.Body)
}
