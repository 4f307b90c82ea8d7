package search

import (
	"context"
	"strings"

	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/tile"
)

// storeSource reads the index through a store and its one decoded-tile
// cache; Floor searches the manifest's sorted key table.
type storeSource struct{ st *tile.Store }

// FromStore is the Source of a tile store.
func FromStore(st *tile.Store) Source { return storeSource{st} }

func (s storeSource) Size(key string) (int, bool) { return s.st.Manifest().Tiles.SizeOf(key) }

func (s storeSource) Floor(key string) (string, bool) {
	t := &s.st.Manifest().Tiles
	i, _ := t.Search(key) // first ≥ key
	if i == 0 {
		return "", false
	}
	return t.Key(i - 1), true
}

func (s storeSource) SearchTile(ctx context.Context, key string) (*place.SearchTile, error) {
	return tile.Decode(ctx, s.st, key, place.DecodeSearchTile)
}

// keyLister is a Source that lists its keys by prefix (FromStore).
type keyLister interface {
	eachKeyWithPrefix(p string, fn func(key string))
}

// eachKeyWithPrefix calls fn with the manifest's keys starting with p, in
// order.
func (s storeSource) eachKeyWithPrefix(p string, fn func(key string)) {
	t := &s.st.Manifest().Tiles
	i, _ := t.Search(p)
	for ; i < t.Len(); i++ {
		k := t.Key(i)
		if !strings.HasPrefix(k, p) {
			return
		}
		fn(k)
	}
}
