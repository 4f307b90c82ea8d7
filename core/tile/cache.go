package tile

import (
	"container/list"
	"context"
	"sync"
)

// Decode returns the tile with this key decoded by decode, from the store's
// cache when an earlier call decoded it to the same type. The cache charges
// each entry the byte size of its tile (the layers' decoded forms read their
// bytes in place, so this is close to what they hold). Errors are those of
// Tile, or decode's own (which should wrap ErrCorrupt).
func Decode[T any](ctx context.Context, s *Store, key string, decode func([]byte) (T, error)) (T, error) {
	if v, ok := s.cache.get(key); ok {
		if t, ok := v.(T); ok {
			return t, nil
		}
	}
	var zero T
	b, err := s.Tile(ctx, key)
	if err != nil {
		return zero, err
	}
	v, err := decode(b)
	if err != nil {
		return zero, err
	}
	s.cache.put(key, v, len(b))
	return v, nil
}

// Cache keeps decoded tiles by key within a byte budget and, when over it,
// drops the least recently used ones, so the tiles a workload keeps
// returning to stay decoded however many others pass through. It is the one
// cache of a Store: every engine reaches it through Decode. It is safe for
// concurrent use.
type Cache struct {
	mu     sync.Mutex
	budget int
	used   int
	byKey  map[string]*list.Element // of *cacheEntry
	lru    list.List                // front: most recently used
	stats  Stats
}

// Stats counts cache behaviour since the cache was made.
type Stats struct {
	Hits, Misses, Evictions int
	Bytes                   int // charged to the entries held now
}

type cacheEntry struct {
	key  string
	v    any
	cost int
}

// NewCache returns an empty cache of at most budget bytes.
func NewCache(budget int) *Cache {
	return &Cache{budget: budget, byKey: map[string]*list.Element{}}
}

// Stats returns a snapshot of the counters.
func (c *Cache) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.stats
	st.Bytes = c.used
	return st
}

func (c *Cache) get(key string) (any, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byKey[key]
	if !ok {
		c.stats.Misses++
		return nil, false
	}
	c.stats.Hits++
	c.lru.MoveToFront(el)
	return el.Value.(*cacheEntry).v, true
}

// put stores v at key charged cost bytes (at least 1); an entry larger than
// the whole budget is not kept.
func (c *Cache) put(key string, v any, cost int) {
	cost = max(cost, 1)
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byKey[key]; ok {
		e := el.Value.(*cacheEntry)
		c.used += cost - e.cost
		e.v, e.cost = v, cost
		c.lru.MoveToFront(el)
	} else if cost <= c.budget {
		c.byKey[key] = c.lru.PushFront(&cacheEntry{key, v, cost})
		c.used += cost
	}
	for c.used > c.budget {
		old := c.lru.Back()
		e := old.Value.(*cacheEntry)
		c.lru.Remove(old)
		delete(c.byKey, e.key)
		c.used -= e.cost
		c.stats.Evictions++
	}
}
