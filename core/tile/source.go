package tile

import (
	"context"
	"errors"
)

// Source yields the raw bytes of one bundle file by its bundle-relative
// path (the manifest, or tiles/<key>.mp; SPEC.md §1). A Source reports a
// file that does not exist with an error wrapping ErrNotFound.
// Implementations: a directory (DirSource), memory (MapSource), JavaScript
// callbacks in wasm (JSSource), Workers static assets.
type Source interface {
	Get(ctx context.Context, path string) ([]byte, error)
}

var (
	// ErrNotFound: the tile is not in the bundle.
	ErrNotFound = errors.New("tile not found")
	// ErrCorrupt: the tile's bytes do not match the manifest's size or sha256,
	// or do not decode.
	ErrCorrupt = errors.New("tile corrupt")
)
