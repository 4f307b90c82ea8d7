package search

import (
	"context"

	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/tile"
)

// storeSource reads the index through a store and its one decoded-tile
// cache.
type storeSource struct{ st *tile.Store }

// FromStore is the Source of a tile store.
func FromStore(st *tile.Store) Source { return storeSource{st} }

func (s storeSource) Size(key string) (int, bool) {
	e, ok := s.st.Manifest().Tiles[key]
	return e.Size, ok
}

func (s storeSource) SearchTile(ctx context.Context, key string) (*place.SearchTile, error) {
	return tile.Decode(ctx, s.st, key, place.DecodeSearchTile)
}
