package tile

import (
	"container/list"
	"context"
	"sync"
)

// Decode returns the tile with this key decoded by decode, from the store's
// cache when an earlier call decoded it to the same type. The cache charges
// each entry the byte size of its tile (the layers' decoded forms read their
// bytes in place, so this is close to what they hold), or what a Sized
// value reports. Errors are those of Tile, or decode's own (which should
// wrap ErrCorrupt).
func Decode[T any](ctx context.Context, s *Store, key string, decode func([]byte) (T, error)) (T, error) {
	c := s.cacheFor(key)
	if v, ok := c.get(key); ok {
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
	cost := len(b)
	if sz, ok := any(v).(Sized); ok {
		cost = sz.SizeBytes()
	}
	c.put(key, v, cost)
	return v, nil
}

// Sized is a decoded value that knows the memory it holds (a decoded form
// that copies its tile into larger structures): the cache charges that
// rather than the tile's byte size.
type Sized interface{ SizeBytes() int }

// Evictable is a decoded value that is told when the cache lets go of it
// (evicted for the budget, replaced by another decoding of its key, or too
// large to keep): a reader that also holds it outside the cache, for
// lock-free access, drops it then, so the cache's budget bounds what stays
// decoded. Evicted runs with the cache's lock held: it must not call the
// cache.
type Evictable interface{ Evicted() }

func evicted(v any) {
	if e, ok := v.(Evictable); ok {
		e.Evicted()
	}
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
// the whole budget is not kept. Every value it lets go of (evicted,
// replaced, not kept) is told so (Evictable).
func (c *Cache) put(key string, v any, cost int) {
	cost = max(cost, 1)
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byKey[key]; ok {
		e := el.Value.(*cacheEntry)
		c.used += cost - e.cost
		old := e.v
		e.v, e.cost = v, cost
		c.lru.MoveToFront(el)
		evicted(old) // Decode puts only fresh decodings: old is never v
	} else if cost <= c.budget {
		c.byKey[key] = c.lru.PushFront(&cacheEntry{key, v, cost})
		c.used += cost
	} else {
		evicted(v)
	}
	for c.used > c.budget {
		old := c.lru.Back()
		e := old.Value.(*cacheEntry)
		c.lru.Remove(old)
		delete(c.byKey, e.key)
		c.used -= e.cost
		c.stats.Evictions++
		evicted(e.v)
	}
}
