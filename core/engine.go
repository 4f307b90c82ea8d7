package core

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/bando-vn/bando/core/access"
	"github.com/bando-vn/bando/core/addr"
	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/convert"
	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/geocode"
	"github.com/bando-vn/bando/core/openhours"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/pathfind"
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
	// Gate checks keys, rates and quotas and bills requests (API.md §2);
	// it takes precedence over KeyHashes. See core/access.
	Gate *access.Gate
	// CacheBytes bounds the decoded-tile cache (0: tile.DefaultCacheBytes).
	CacheBytes int
	// RouteCacheBytes, when > 0, gives the routing graph's and its
	// hierarchies' tiles (graph/, ch/) a cache of their own of that many
	// bytes, apart from CacheBytes, which then bounds every other layer
	// (tile.Store.WithLayerBudget): routes keep their costly decoded tiles
	// however many search tiles pass through, and search cannot grow into
	// the graph's budget. 0: one cache for all (the native default).
	RouteCacheBytes int
	// GeocodeCacheBytes, when > 0, gives geocoding's own layers a cache of
	// their own, apart from CacheBytes, as RouteCacheBytes does for the
	// graph: the place cells (place/: reverse geocoding, nearby, place
	// details; up to megabytes each in a city centre) and the address
	// tiles (ax/: forward geocoding). Autocomplete, which reads search and
	// admin tiles only, can then run in a small CacheBytes without making
	// a reverse or forward query read its tiles again every time. 0: they
	// share CacheBytes (the native default).
	GeocodeCacheBytes int
	// PlaceURL prefixes the id in a Google-shape place's url (API.md §3.2;
	// "": DefaultPlaceURL).
	PlaceURL string
}

// GeocodePrefixes are the key prefixes of the layers Options.GeocodeCacheBytes
// bounds.
var GeocodePrefixes = []string{place.CellPrefix, geocode.AddressPrefix}

// ParseKeyHashes reads SHA-256 hashes, 64 hex digits each, one per line or
// separated by commas or spaces; blank lines and lines starting with # are
// skipped (access.ParseKeys, whose errors never show the offending text:
// it may be a plain key).
func ParseKeyHashes(s string) ([][32]byte, error) {
	ks, err := access.ParseKeys(s)
	if err != nil {
		return nil, err
	}
	out := make([][32]byte, len(ks))
	for i, k := range ks {
		out[i] = k.Hash
	}
	return out, nil
}

// Engine answers /v1 requests from one bundle: it holds the tile store
// (whose cache every engine shares) and the engines set up over it. It is
// safe for concurrent use.
type Engine struct {
	store    *tile.Store
	opts     Options
	placeURL string

	gateOnce sync.Once
	gateV    *access.Gate

	adminOnce sync.Once
	admin     *admin.Lookup // nil without an admin layer

	gazMu sync.Mutex
	gaz   *gazetteer // built on first use from admin/units: conversion and forward geocoding

	namesMu sync.Mutex
	names   *addr.Gazetteer // built on first use: autocomplete's area words, and in gaz

	convMu sync.Mutex
	conv   *convert.Converter // built on first use from admin/units (addressconvert.go)

	fwdMu sync.Mutex
	fwd   *geocode.Forwarder // built on first use (forward.go)

	route lazy[*pathfind.Engine] // nil without a graph layer
}

// New opens the bundle behind src (reading only its manifest).
func New(ctx context.Context, src tile.Source, opts Options) (*Engine, error) {
	st, err := tile.Open(ctx, src, opts.CacheBytes)
	if err != nil {
		return nil, err
	}
	if opts.RouteCacheBytes > 0 {
		st.WithLayerBudget(opts.RouteCacheBytes, graph.Prefixes...)
	}
	if opts.GeocodeCacheBytes > 0 {
		st.WithLayerBudget(opts.GeocodeCacheBytes, GeocodePrefixes...)
	}
	return NewWithStore(st, opts), nil
}

// NewWithStore is New over an opened store (tile.OpenManifest: a manifest
// read beforehand); opts.CacheBytes, RouteCacheBytes and GeocodeCacheBytes are the
// store's business then.
func NewWithStore(st *tile.Store, opts Options) *Engine {
	if opts.PlaceURL == "" {
		opts.PlaceURL = DefaultPlaceURL
	}
	return &Engine{store: st, opts: opts, placeURL: opts.PlaceURL}
}

// Store returns the engine's tile store.
func (e *Engine) Store() *tile.Store { return e.store }

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

// gazetteer is the units of both structures and their name index.
type gazetteer struct {
	units *admin.Units
	names *addr.Gazetteer
}

// gazetteer returns the engine's units and their gazetteer, built on first use; nil without
// an admin layer (or without its units tile). The units come through the store's cache.
func (e *Engine) gazetteer(ctx context.Context) (*gazetteer, error) {
	e.gazMu.Lock()
	defer e.gazMu.Unlock()
	if e.gaz != nil || !e.store.Has(admin.UnitsKey) {
		return e.gaz, nil
	}
	names, err := e.unitNames(ctx)
	if err != nil || names == nil {
		return nil, err
	}
	u, err := tile.Decode(ctx, e.store, admin.UnitsKey, admin.DecodeUnits)
	if err != nil {
		return nil, fmt.Errorf("admin: %s: %w", admin.UnitsKey, err)
	}
	e.gaz = &gazetteer{units: u, names: names}
	return e.gaz, nil
}

// unitNames returns the engine's gazetteer alone, built on first use without keeping the
// units (addr.GazetteerFor); nil without an admin layer or units tile.
func (e *Engine) unitNames(ctx context.Context) (*addr.Gazetteer, error) {
	e.namesMu.Lock()
	defer e.namesMu.Unlock()
	if e.names != nil || e.adminLookup() == nil {
		return e.names, nil
	}
	g, err := addr.GazetteerFor(ctx, e.store)
	if err != nil {
		return nil, err
	}
	e.names = g
	return g, nil
}

// router returns the routing engine; a bundle without a graph layer
// gives a 404. A failed open (graph/index unreadable, the request
// cancelled) fails this request only.
func (e *Engine) router(ctx context.Context) (*pathfind.Engine, error) {
	r, err := e.route.get(func() (*pathfind.Engine, error) {
		g, err := graph.Open(ctx, e.store)
		if errors.Is(err, graph.ErrNoGraph) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		return pathfind.New(g), nil
	})
	if err != nil {
		return nil, err
	}
	if r == nil {
		return nil, errs.NotFoundf("this bundle has no routing graph")
	}
	return r, nil
}

// enrich gives a place what shaping needs and must not fetch itself: the
// names of the administrative units containing it in the requested
// structure (API.md §4) and its distance from ref, if any (API.md §1).
func (e *Engine) enrich(ctx context.Context, p *place.Place, ref *geo.LatLng, v2 bool) (shape.Place, error) {
	names, err := e.namesOf(ctx, p, v2)
	if err != nil {
		return shape.Place{}, err
	}
	return shape.Place{Place: p, Admin: names, DistanceM: shape.Meters(ref, p.Point()), OpeningHours: openingHours(p)}, nil
}

// namesOf names the units of a place at its own point, so that one place has
// the same units from every endpoint; an administrative unit is named by
// itself and the units above it in the official table (admin.Units.UnitNames).
func (e *Engine) namesOf(ctx context.Context, p *place.Place, v2 bool) (admin.Names, error) {
	l := e.adminLookup()
	if l == nil {
		return admin.Names{}, nil
	}
	at, err := l.Lookup(ctx, p.LatF(), p.LngF())
	if err != nil {
		return admin.Names{}, err
	}
	level := p.Tag("admin_level")
	if level == "" {
		return l.NamesOf(ctx, at, v2)
	}
	u, err := l.UnitsIfAny(ctx)
	if err != nil {
		return admin.Names{}, err
	}
	if u == nil {
		return at.Names(v2), nil
	}
	newWard := ""
	if len(p.Admin) > 0 {
		newWard = p.Admin[0]
	}
	return u.UnitNames(level, p.Tag("admin_code"), newWard, at, v2), nil
}

// openingHours parses a place's opening_hours tag; nil when it has none or
// the value does not parse (API.md §3.10: null then).
func openingHours(p *place.Place) []openhours.Period {
	v := p.Tag("opening_hours")
	if v == "" {
		return nil
	}
	ps, err := openhours.Parse(v)
	if err != nil {
		return nil
	}
	if ps == nil {
		ps = []openhours.Period{} // parsed, never open ("off"): [] rather than null
	}
	return ps
}
