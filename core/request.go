package core

import (
	"net/url"
	"strings"
)

// Request is one /v1 call as every runtime sees it: method, the request
// target (path and raw query), lower-case header names, and the body.
type Request struct {
	Method string
	Target string // "/v1/autocomplete?text=..." (scheme and host are ignored)
	Header map[string]string
	Body   []byte
}

// Response is the answer: status, headers in a fixed order, JSON body.
type Response struct {
	Status int
	Header [][2]string
	Body   []byte
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
