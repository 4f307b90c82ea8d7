package search

import (
	"context"
	"sort"
	"sync"

	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/tile"
)

// storeSource reads the index through a store and its one decoded-tile
// cache; Floor searches the store's sorted keys (built once per store).
type storeSource struct {
	st   *tile.Store
	keys []string
}

// sortedKeys caches the sorted manifest keys of each store.
var sortedKeys sync.Map // *tile.Store → []string

// FromStore is the Source of a tile store.
func FromStore(st *tile.Store) Source {
	if ks, ok := sortedKeys.Load(st); ok {
		return storeSource{st, ks.([]string)}
	}
	ks := st.Manifest().Keys() // sorted once, by tile.ParseManifest
	sortedKeys.Store(st, ks)
	return storeSource{st, ks}
}

func (s storeSource) Size(key string) (int, bool) {
	e, ok := s.st.Manifest().Tiles[key]
	return e.Size, ok
}

func (s storeSource) Floor(key string) (string, bool) {
	i := sort.SearchStrings(s.keys, key) // first ≥ key
	if i == 0 {
		return "", false
	}
	return s.keys[i-1], true
}

func (s storeSource) SearchTile(ctx context.Context, key string) (*place.SearchTile, error) {
	return tile.Decode(ctx, s.st, key, place.DecodeSearchTile)
}
