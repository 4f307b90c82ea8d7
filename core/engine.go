package core

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/search"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/tile"
)

// Version is the engine version reported by /v1/status.
const Version = "0.1.0"

// Options configure an Engine.
type Options struct {
	// KeyHashes are SHA-256 hashes of the accepted API keys. Empty: any key
	// or none is accepted (local development and the in-process APIs).
	KeyHashes [][32]byte
	// CacheBytes bounds the decoded-tile cache (0: tile.DefaultCacheBytes).
	CacheBytes int
}

// ParseKeyHashes reads SHA-256 hashes, 64 hex digits each, one per line or
// separated by commas or spaces; blank lines and lines starting with # are
// skipped.
func ParseKeyHashes(s string) ([][32]byte, error) {
	var out [][32]byte
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		for _, f := range strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
			b, err := hex.DecodeString(f)
			if err != nil || len(b) != 32 {
				return nil, fmt.Errorf("key hash %q: expected 64 hex digits (SHA-256)", f)
			}
			out = append(out, [32]byte(b))
		}
	}
	return out, nil
}

// Engine answers /v1 requests from one bundle: it holds the tile store
// (whose cache every engine shares) and the engines set up over it. It is
// safe for concurrent use.
type Engine struct {
	store *tile.Store
	opts  Options

	adminOnce sync.Once
	admin     *admin.Lookup // nil without an admin layer

	routeOnce sync.Once
	route     *search.Engine // nil without a graph layer
	routeErr  error
}

// New opens the bundle behind src (reading only its manifest).
func New(ctx context.Context, src tile.Source, opts Options) (*Engine, error) {
	st, err := tile.Open(ctx, src, opts.CacheBytes)
	if err != nil {
		return nil, err
	}
	return &Engine{store: st, opts: opts}, nil
}

// Store returns the engine's tile store.
func (e *Engine) Store() *tile.Store { return e.store }

// keyOK checks an API key against the configured hashes in constant time.
func (e *Engine) keyOK(key string) bool {
	if len(e.opts.KeyHashes) == 0 {
		return true
	}
	sum := sha256.Sum256([]byte(key))
	ok := 0
	for _, h := range e.opts.KeyHashes {
		ok |= subtle.ConstantTimeCompare(sum[:], h[:])
	}
	return ok == 1 && key != ""
}

// adminLookup returns the engine's administrative lookup, nil when the
// bundle has no admin layer.
func (e *Engine) adminLookup() *admin.Lookup {
	e.adminOnce.Do(func() {
		if e.store.Has(admin.MetaKey) {
			e.admin = admin.New(e.store)
		}
	})
	return e.admin
}

// router returns the routing engine; a bundle without a graph layer
// gives a 404.
func (e *Engine) router(ctx context.Context) (*search.Engine, error) {
	e.routeOnce.Do(func() {
		g, err := graph.Open(ctx, e.store)
		if err == nil {
			e.route = search.New(g)
		} else if !errors.Is(err, graph.ErrNoGraph) {
			e.routeErr = err
		}
	})
	if e.routeErr != nil {
		return nil, e.routeErr
	}
	if e.route == nil {
		return nil, errs.NotFoundf("this bundle has no routing graph")
	}
	return e.route, nil
}

// enrich gives a place what shaping needs and must not fetch itself: the
// names of the administrative units containing it in the requested
// structure (API.md §4) and its distance from ref, if any (API.md §1).
func (e *Engine) enrich(ctx context.Context, p *place.Place, ref *geo.LatLng, v2 bool) (shape.Place, error) {
	names, err := e.adminLookup().NamesAt(ctx, p.LatF(), p.LngF(), v2)
	if err != nil {
		return shape.Place{}, err
	}
	return shape.Place{Place: p, Admin: names, DistanceM: shape.Meters(ref, p.Point())}, nil
}
