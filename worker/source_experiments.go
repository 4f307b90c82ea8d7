//go:build js && wasm && (syumair2 || plainsource)

// Measurement builds only (worker/README.md, "syumai/workers"): the tile
// source through syumai/workers' r2 package (-tags syumair2), or through
// the glue without its WebCrypto check (-tags plainsource), Go verifying
// each tile's sha256 in both, to compare the cost of the JS↔Go bridge
// alone. Not for deploying.

package main

import (
	"errors"
	"fmt"
	"io"
	"syscall/js"

	"github.com/bando-vn/bando/core/tile"
)

func tileSource(glue js.Value) tile.Source {
	if syumaiR2 != nil {
		return syumaiR2
	}
	return tile.JSSource{Fn: glue.Get("getTile")}
}

// syumaiSource reads tiles with syumai/workers' r2.Bucket (set in
// source_syumai.go under -tags syumair2).
var syumaiR2 tile.Source

// readAllOrMissing is io.ReadAll for an object body, nil meaning absent.
func readAllOrMissing(path string, body io.Reader, found bool, err error) ([]byte, error) {
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if !found {
		return nil, tile.ErrNotFound
	}
	if body == nil {
		return nil, errors.New(path + ": no body")
	}
	return io.ReadAll(body)
}
