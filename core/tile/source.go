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
	// ErrNotFound: the manifest lists no tile with this key ("no data
	// here", not an error of the request).
	ErrNotFound = errors.New("tile not found")
	// ErrMissing: the manifest lists the tile but the Source does not have
	// it (a broken bundle: an error of the request, never "no data").
	ErrMissing = errors.New("tile listed in the manifest but missing")
	// ErrCorrupt: the tile's bytes do not match the manifest's size or sha256,
	// or do not decode.
	ErrCorrupt = errors.New("tile corrupt")
)
