package core

import (
	"net/url"
	"strings"

	"github.com/bando-vn/bando/core/errs"
)

// Request is one /v1 call as every runtime sees it: method, the request
// target (path and raw query), lower-case header names, and the body.
type Request struct {
	Method string
	Target string // "/v1/autocomplete?text=..." (scheme and host are ignored)
	Header map[string]string
	Body   []byte
	// BodyErr, when set, says why the body could not be read whole (cut
	// short of its Content-Length, a read error, a timeout): the request
	// is answered 400 naming the body, never from the part that arrived.
	BodyErr string
	// ID, when set (the native server and the Worker set one per
	// request), names the request in the log and in error bodies
	// ("request_id").
	ID string
}

// Response is the answer: status, headers in a fixed order, JSON body.
type Response struct {
	Status int
	Header [][2]string
	Body   []byte
	// Cause is what went wrong in a 5xx, for the log only (it may name
	// tiles and files): never sent.
	Cause error
}

// splitTarget returns the path and the raw query of a request target,
// accepting an absolute URL too.
func splitTarget(target string) (path, rawQuery string) {
	if i := strings.Index(target, "://"); i >= 0 {
		rest := target[i+3:]
		if j := strings.IndexAny(rest, "/?"); j >= 0 {
			target = rest[j:]
		} else {
			target = "/"
		}
	}
	if i := strings.IndexByte(target, '#'); i >= 0 {
		target = target[:i]
	}
	path, rawQuery, _ = strings.Cut(target, "?")
	if p, err := url.PathUnescape(path); err == nil {
		path = p
	}
	return path, rawQuery
}

func parseParams(rawQuery string) (params, error) {
	v, err := parseQuery(rawQuery)
	return params{v}, err
}

// parseQuery reads "k=v&k=v" with %-escapes and "+" for space, as
// url.ParseQuery does, except that ";" is an ordinary character (API.md
// §3.7 joins destinations with it) and a bad escape is an error naming its
// parameter. The values still parse on error (the key with its raw value),
// so the endpoint's shape can be told.
func parseQuery(raw string) (url.Values, error) {
	v := url.Values{}
	var first error
	for raw != "" {
		var part string
		part, raw, _ = strings.Cut(raw, "&")
		if part == "" {
			continue
		}
		rk, rv, _ := strings.Cut(part, "=")
		k, err := url.QueryUnescape(rk)
		if err != nil {
			k = rk
		}
		val, verr := url.QueryUnescape(rv)
		if verr != nil {
			val = rv
		}
		if (err != nil || verr != nil) && first == nil {
			first = errs.InvalidParam(k, "bad %%-escape (write %% as %%25)")
		}
		v[k] = append(v[k], val)
	}
	return v, first
}
