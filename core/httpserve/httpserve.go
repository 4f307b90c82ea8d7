package httpserve

import (
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/bando-vn/bando/core"
)

// MaxBody is the largest request body accepted (forcodes bodies are tiny);
// a larger one gets 413.
const MaxBody = 1 << 20

// Handler serves every request through e.Serve.
func Handler(e *core.Engine) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, ok := ToRequest(r)
		if !ok {
			writeError(w, http.StatusRequestEntityTooLarge, "INVALID_REQUEST", fmt.Sprintf("request body over %d bytes", MaxBody))
			return
		}
		Write(w, e.Serve(r.Context(), req))
	})
}

// ToRequest converts an http.Request to a core.Request; ok=false when the
// body is over MaxBody.
func ToRequest(r *http.Request) (req *core.Request, ok bool) {
	h := make(map[string]string, len(r.Header))
	for k, v := range r.Header {
		if len(v) > 0 {
			h[strings.ToLower(k)] = v[0]
		}
	}
	var body []byte
	if r.ContentLength > MaxBody {
		return nil, false
	}
	if r.Body != nil {
		body, _ = io.ReadAll(io.LimitReader(r.Body, MaxBody+1))
		if len(body) > MaxBody {
			return nil, false
		}
	}
	return &core.Request{Method: r.Method, Target: r.URL.RequestURI(), Header: h, Body: body}, true
}

// Write sends a core.Response.
func Write(w http.ResponseWriter, resp *core.Response) {
	for _, kv := range resp.Header {
		w.Header().Add(kv[0], kv[1])
	}
	w.WriteHeader(resp.Status)
	w.Write(resp.Body)
}
