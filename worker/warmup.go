//go:build js && wasm

package main

import (
	"context"
	"io/fs"
	"runtime"

	"github.com/bando-vn/bando/core"
	"github.com/bando-vn/bando/core/access"
	"github.com/bando-vn/bando/core/tile"
)

// warmBundle is a small bundle compiled into the binary (-tags warmup, see
// warmup_embed.go; `make worker` copies testdata/bundle there), or nil.
var warmBundle fs.FS

// warmUp serves a few requests of every endpoint from warmBundle in the
// start-up phase, with no I/O: V8 compiles wasm functions lazily on their
// first call, and this moves that compilation (and the Go heap's first
// growth) out of the first real request. Its engine is then dropped.
func warmUp() {
	if warmBundle == nil {
		return
	}
	src := tile.MapSource{}
	fs.WalkDir(warmBundle, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			src[p], _ = fs.ReadFile(warmBundle, p)
		}
		return nil
	})
	ctx := context.Background()
	gate := &access.Gate{Keys: access.StaticKeys{{Hash: access.HashKey("warm")}}, Usage: &access.Memory{}}
	e, err := core.New(ctx, src, core.Options{Gate: gate})
	if err != nil {
		return
	}
	for _, r := range []core.Request{
		{Method: "GET", Target: "/v1/status?apikey=warm"},
		{Method: "GET", Target: "/v1/status?apikey=nope"},
		{Method: "GET", Target: "/v1/autocomplete?text=pho&apikey=warm&sessiontoken=6f1c2a4e-1b2c-4d3e-8f40-123456789abc"},
		{Method: "GET", Target: "/v1/autocomplete?text=ha%20noi&boundary.circle.lat=21.03&boundary.circle.lon=105.85&apikey=warm"},
		{Method: "GET", Target: "/v1/autocomplete?input=ba&location=21.03,105.85&origin=21.0,105.8&apikey=warm"},
		{Method: "GET", Target: "/v1/autocomplete?text=&apikey=warm"},
		{Method: "POST", Target: "/v1/forcodes/encode?lat=21.0285&lng=105.8542&apikey=warm"},
		{Method: "POST", Target: "/v1/forcodes/decode?forcodes=HN4TZUZBPKRN0F&apikey=warm"},
	} {
		e.Serve(ctx, &r)
	}
	runtime.GC() // the warm-up's garbage is collected at start-up, not in the first request
}
