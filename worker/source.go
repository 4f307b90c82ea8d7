//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/bando-vn/bando/core/tile"
)

// tileSource reads the bundle through the glue's getTile (assets or the R2
// bucket TILES), which also checks each tile's sha256 with WebCrypto; each
// body's buffer is the glue's alone, so it is detached once copied into Go
// (freed at once: the isolate's 128 MB count ArrayBuffers).
func tileSource(glue js.Value) tile.Source {
	return tile.JSVerifyingSource{Fn: glue.Get("getTile"), Detach: true}
}
