package tile

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
)

// ErrVersion: the bundle needs a newer reader.
var ErrVersion = errors.New("unsupported tile format version")

// Store reads tiles of one bundle through a Source: it checks every tile
// against the manifest's size and sha256 and keeps verified tiles in an LRU
// cache bounded by a byte budget. It is safe for concurrent use.
type Store struct {
	src      Source
	manifest *Manifest
	mu       sync.Mutex
	budget   int
	used     int
	lru      *list.List // front = most recent; values are *cached
	byKey    map[string]*list.Element
	stats    Stats
}

// Stats counts cache behaviour since the store was opened.
type Stats struct {
	Hits, Misses, Evictions int
	Bytes                   int
}

type cached struct {
	key string
	b   []byte
}

// DefaultCacheBytes is the cache budget when Open is given 0.
const DefaultCacheBytes = 32 << 20

// Open reads the manifest from src and returns a Store with a cache of at
// most cacheBytes (DefaultCacheBytes when 0).
func Open(ctx context.Context, src Source, cacheBytes int) (*Store, error) {
	b, err := src.Get(ctx, ManifestPath)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", ManifestPath, err)
	}
	m, err := ParseManifest(b)
	if err != nil {
		return nil, err
	}
	if cacheBytes <= 0 {
		cacheBytes = DefaultCacheBytes
	}
	return &Store{src: src, manifest: m, budget: cacheBytes, lru: list.New(), byKey: map[string]*list.Element{}}, nil
}

// Manifest returns the bundle's manifest. Callers must not modify it.
func (s *Store) Manifest() *Manifest { return s.manifest }

// Has reports whether the bundle has a tile with this key.
func (s *Store) Has(key string) bool { _, ok := s.manifest.Tiles[key]; return ok }

// Stats returns a snapshot of the cache counters.
func (s *Store) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.stats
	st.Bytes = s.used
	return st
}

// Tile returns the verified bytes of the tile with this key. A key not in
// the manifest gives ErrNotFound without touching the Source; bytes that do
// not match the manifest give ErrCorrupt. The returned slice is shared:
// callers must not modify it.
func (s *Store) Tile(ctx context.Context, key string) ([]byte, error) {
	entry, ok := s.manifest.Tiles[key]
	if !ok {
		return nil, fmt.Errorf("tile %q: %w", key, ErrNotFound)
	}
	if b, ok := s.lookup(key); ok {
		return b, nil
	}
	b, err := s.src.Get(ctx, Path(key))
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return nil, fmt.Errorf("tile %q listed in the manifest but missing: %w", key, ErrNotFound)
		}
		return nil, fmt.Errorf("tile %q: %w", key, err)
	}
	if err := verify(key, entry, b); err != nil {
		return nil, err
	}
	s.insert(key, b)
	return b, nil
}

func verify(key string, e TileEntry, b []byte) error {
	if len(b) != e.Size {
		return fmt.Errorf("%w: tile %q has %d bytes, manifest says %d", ErrCorrupt, key, len(b), e.Size)
	}
	sum := sha256.Sum256(b)
	if hex.EncodeToString(sum[:]) != e.SHA256 {
		return fmt.Errorf("%w: tile %q sha256 mismatch", ErrCorrupt, key)
	}
	return nil
}

func (s *Store) lookup(key string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if el, ok := s.byKey[key]; ok {
		s.lru.MoveToFront(el)
		s.stats.Hits++
		return el.Value.(*cached).b, true
	}
	s.stats.Misses++
	return nil, false
}

func (s *Store) insert(key string, b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.byKey[key]; ok || len(b) > s.budget {
		return
	}
	s.byKey[key] = s.lru.PushFront(&cached{key, b})
	s.used += len(b)
	for s.used > s.budget {
		el := s.lru.Back()
		c := el.Value.(*cached)
		s.lru.Remove(el)
		delete(s.byKey, c.key)
		s.used -= len(c.b)
		s.stats.Evictions++
	}
}
