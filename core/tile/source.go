package tile

import (
	"context"
	"errors"
)

// Source yields the raw bytes of one tile by its key (see SPEC.md §Keys).
// A Source reports a tile that does not exist with an error wrapping
// ErrNotFound. Implementations: a directory (DirSource), an in-memory map
// (MapSource), JavaScript callbacks in wasm, Workers static assets.
type Source interface {
	Get(ctx context.Context, key string) ([]byte, error)
}

// Getter is what a layer reader needs: the verified bytes of a tile by key.
// *Store implements it; tests may use MapGetter.
type Getter interface {
	Tile(ctx context.Context, key string) ([]byte, error)
}

var (
	// ErrNotFound: the tile is not in the bundle.
	ErrNotFound = errors.New("tile not found")
	// ErrCorrupt: the tile's bytes do not match the manifest's size or sha256,
	// or do not decode.
	ErrCorrupt = errors.New("tile corrupt")
)

// MapGetter is a Getter over an in-memory map, for tests and builders.
type MapGetter map[string][]byte

// Tile returns m[key] or ErrNotFound.
func (m MapGetter) Tile(_ context.Context, key string) ([]byte, error) {
	b, ok := m[key]
	if !ok {
		return nil, ErrNotFound
	}
	return b, nil
}
