package search

import (
	"context"
	"sync"

	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/tile"
)

// StoreSource is a Source over a tile store, keeping up to Cap decoded
// tiles (least recently used out).
type StoreSource struct {
	Store *tile.Store
	Cap   int

	mu    sync.Mutex
	tiles map[string]*cached
	clock uint64
}

type cached struct {
	st   *place.SearchTile
	used uint64
}

// Size is the manifest size of key.
func (s *StoreSource) Size(key string) (int, bool) {
	e, ok := s.Store.Manifest().Tiles[key]
	return e.Size, ok
}

// SearchTile reads and decodes key, or returns it from the cache.
func (s *StoreSource) SearchTile(ctx context.Context, key string) (*place.SearchTile, error) {
	s.mu.Lock()
	if c, ok := s.tiles[key]; ok {
		s.clock++
		c.used = s.clock
		s.mu.Unlock()
		return c.st, nil
	}
	s.mu.Unlock()
	b, err := s.Store.Tile(ctx, key)
	if err != nil {
		return nil, err
	}
	st, err := place.DecodeSearchTile(b)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tiles == nil {
		s.tiles = map[string]*cached{}
	}
	if n := max(s.Cap, 1); len(s.tiles) >= n {
		var oldK string
		oldU := ^uint64(0)
		for k, c := range s.tiles {
			if c.used < oldU {
				oldK, oldU = k, c.used
			}
		}
		delete(s.tiles, oldK)
	}
	s.clock++
	s.tiles[key] = &cached{st, s.clock}
	return st, nil
}

// Reset empties the cache (for cold measurements).
func (s *StoreSource) Reset() {
	s.mu.Lock()
	s.tiles = nil
	s.mu.Unlock()
}
