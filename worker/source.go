//go:build js && wasm && !syumair2 && !plainsource

package main

import (
	"syscall/js"

	"github.com/bando-vn/bando/core/tile"
)

// tileSource reads the bundle through the glue's getTile (assets or the R2
// bucket TILES), which also checks each tile's sha256 with WebCrypto; each
// body's buffer is the glue's alone, so it is detached once copied into Go
// (freed at once: the isolate's 128 MB count ArrayBuffers).
// (source_experiments.go: the variants measured against it.)
func tileSource(glue js.Value) tile.Source {
	return tile.JSVerifyingSource{Fn: glue.Get("getTile"), Detach: true}
}
