package httpserve

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"

	"github.com/bando-vn/bando/core"
)

// MaxBody is the largest request body accepted (forcodes bodies are tiny);
// a larger one gets 413.
const MaxBody = 1 << 20

// Handler serves every request through e.Serve. Under AccessLog the
// request carries the access line's request id (in error bodies as
// "request_id") and a 5xx's cause goes to that line.
func Handler(e *core.Engine) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		info, _ := r.Context().Value(infoKey{}).(*reqInfo)
		req, ok := ToRequest(r)
		if !ok {
			msg := fmt.Sprintf("request body over %d bytes", MaxBody)
			if info != nil {
				writeError(w, http.StatusRequestEntityTooLarge, "INVALID_REQUEST", msg, info.id)
			} else {
				writeError(w, http.StatusRequestEntityTooLarge, "INVALID_REQUEST", msg, "")
			}
			return
		}
		if info != nil {
			req.ID = info.id
		}
		resp := e.Serve(r.Context(), req)
		if info != nil && resp.Cause != nil {
			info.cause = resp.Cause
		}
		Write(w, resp)
	})
}

// ToRequest converts an http.Request to a core.Request; ok=false when the
// body is over MaxBody. A body that cannot be read whole (shorter than its
// Content-Length, a read error, the server's read timeout) sets BodyErr:
// the core answers 400 naming the body, never from the part read.
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
	var bodyErr string
	if r.Body != nil {
		var err error
		body, err = io.ReadAll(io.LimitReader(r.Body, MaxBody+1))
		if len(body) > MaxBody {
			return nil, false
		}
		switch {
		case err != nil:
			bodyErr = bodyError(r, len(body), err)
		case r.ContentLength >= 0 && int64(len(body)) != r.ContentLength && r.ContentLength > 0:
			bodyErr = fmt.Sprintf("request body incomplete: %d of the %d bytes declared", len(body), r.ContentLength)
		}
		if bodyErr != "" {
			body = nil
		}
	}
	return &core.Request{Method: r.Method, Target: r.URL.RequestURI(), Header: h, Body: body, BodyErr: bodyErr}, true
}

// bodyError describes why a body could not be read, without the error's
// own text (it may name addresses).
func bodyError(r *http.Request, n int, err error) string {
	var ne net.Error
	switch {
	case errors.As(err, &ne) && ne.Timeout():
		return fmt.Sprintf("request body not received in time (%d bytes read)", n)
	case r.ContentLength > 0:
		return fmt.Sprintf("request body incomplete: %d of the %d bytes declared", n, r.ContentLength)
	}
	return fmt.Sprintf("request body could not be read (%d bytes read)", n)
}

// Write sends a core.Response.
func Write(w http.ResponseWriter, resp *core.Response) {
	for _, kv := range resp.Header {
		w.Header().Add(kv[0], kv[1])
	}
	w.WriteHeader(resp.Status)
	w.Write(resp.Body)
}
