package core

import (
	"context"
	"strconv"

	"github.com/bando-vn/bando/core/access"
	"github.com/bando-vn/bando/core/errs"
)

// gate returns the engine's access gate: Options.Gate, else one over
// Options.KeyHashes, else nil (no key needed).
func (e *Engine) gate() *access.Gate {
	e.gateOnce.Do(func() {
		switch {
		case e.opts.Gate != nil:
			e.gateV = e.opts.Gate
		case len(e.opts.KeyHashes) > 0:
			ks := make(access.StaticKeys, len(e.opts.KeyHashes))
			for i, h := range e.opts.KeyHashes {
				ks[i].Hash = h
			}
			e.gateV = &access.Gate{Keys: ks}
		}
	})
	return e.gateV
}

// admit checks the request's apikey, rate and quota (API.md §2). ok=false:
// resp is the refusal in the endpoint's shape (401, 429 + Retry-After).
func (e *Engine) admit(ctx context.Context, conv Convention, p params) (t access.Ticket, resp *Response, ok bool) {
	g := e.gate()
	if g == nil {
		return t, nil, true
	}
	t, d := g.Admit(ctx, p.get("apikey"))
	if d == nil {
		return t, nil, true
	}
	resp = errorResponse(conv, d.Err)
	if d.RetryAfter > 0 {
		resp.Header = append(resp.Header, [2]string{"Retry-After", strconv.Itoa(d.RetryAfter)})
	}
	if d.Err.Kind == errs.Internal {
		resp.Status = 503 // the key store is down: refuse, never serve open
	}
	return t, resp, false
}

// release takes back an admitted request that failed (not counted, not
// billed).
func (e *Engine) release(ctx context.Context, t access.Ticket) {
	if g := e.gate(); g != nil {
		g.Release(ctx, t)
	}
}

// bill counts a successful request (sessions and units, API.md §2).
func (e *Engine) bill(ctx context.Context, t access.Ticket, path string, p params) {
	if g := e.gate(); g != nil {
		g.Bill(ctx, t, path, p.get("sessiontoken"))
	}
}
