package core

import (
	"context"

	"github.com/bando-vn/bando/core/access"
	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/google"
)

// serveUsage answers /v1/admin/usage?apikey=ADMIN[&key=ID]: the per-key,
// per-day counters (requests and billable units). Only admin keys may.
func serveUsage(ctx context.Context, e *Engine, p params, _ *Request) (shape.Body, error) {
	g := e.gate()
	if g == nil || g.Usage == nil {
		return nil, errs.NotFoundf("this server keeps no usage counters")
	}
	k, ok, err := g.Keys.Lookup(ctx, access.HashKey(p.get("apikey")))
	if err != nil {
		return nil, err
	}
	if !ok || !k.Admin {
		return nil, &errs.Error{Kind: errs.Denied, Param: "apikey", Msg: "not an admin key"}
	}
	id := p.get("key")
	if id != "" && len(id) != 12 && len(id) != 64 {
		return nil, errs.InvalidParam("key", "expected a key id (12 hex digits) or a key hash (64)")
	}
	if len(id) == 64 {
		h, err := access.ParseHash(id)
		if err != nil {
			return nil, errs.InvalidParam("key", "expected a key id (12 hex digits) or a key hash (64)")
		}
		id = h.ID()
	}
	cs, err := g.Usage.Counters(ctx, id)
	if err != nil {
		return nil, err
	}
	if cs == nil {
		cs = []access.Counter{}
	}
	return google.Usage{Status: "OK", Counters: cs}, nil
}
