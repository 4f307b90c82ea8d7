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

// VerifyingSource is a Source that checks a tile against its manifest
// entry itself (size, then SHA-256), for a Source that hashes faster than
// Go can: the Worker's glue hashes with WebCrypto, ~20× Go's sha256 in
// wasm (a 2.8 MB place tile: ~35 ms of CPU in Go). GetVerified returns the
// bytes only if they match e; a mismatch is an error wrapping ErrCorrupt,
// an absent file one wrapping ErrNotFound.
type VerifyingSource interface {
	Source
	GetVerified(ctx context.Context, path string, e TileEntry) ([]byte, error)
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
