package tile

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
)

// ErrVersion: the bundle needs a newer reader.
var ErrVersion = errors.New("unsupported tile format version")

// Store reads the tiles of one bundle through a Source: it checks every tile
// against the manifest's size and sha256 (SPEC.md §2) and keeps decoded
// tiles in the one cache every engine shares (Decode), bounded by a byte
// budget. It is safe for concurrent use.
type Store struct {
	src      Source
	manifest *Manifest
	cache    *Cache
	layers   []layerCache // WithLayerBudget: caches of their own, by key prefix
	dirErr   error        // a packed bundle whose directory could not be read
}

// layerCache is the cache of the tiles whose keys start with one of the
// prefixes.
type layerCache struct {
	prefixes []string
	cache    *Cache
}

// DefaultCacheBytes is the cache budget when Open is given 0: room for a
// city's routing graph and hierarchy (Hà Nội's car graph ~60 MB decoded,
// which a day of routes across the city reads) beside the place and search
// tiles. Routing graph tiles are held only while this cache holds them, so
// a smaller budget makes routes read their tiles again (2× the CPU of a
// Hà Nội /v1/direction at 32 MiB). The Worker sets its own, smaller one
// (its isolate has 128 MB in all: worker/README.md).
const DefaultCacheBytes = 128 << 20

// Open reads the manifest from src and returns a Store whose decoded-tile
// cache holds at most cacheBytes (DefaultCacheBytes when 0).
func Open(ctx context.Context, src Source, cacheBytes int) (*Store, error) {
	b, err := src.Get(ctx, ManifestPath)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", ManifestPath, err)
	}
	m, err := ParseManifest(b)
	if err != nil {
		return nil, err
	}
	if err := m.LoadDirectory(ctx, src); err != nil {
		return nil, err
	}
	return OpenManifest(src, m, cacheBytes), nil
}

// OpenManifest returns a Store over src whose manifest m was read already
// (ParseManifest; the Worker parses the manifest shipped in its script in
// its start-up phase, not in a request). A packed bundle's directory is
// read here unless m.LoadDirectory did already; if that fails, every
// tile read fails with its error (the bundle then has no tile).
func OpenManifest(src Source, m *Manifest, cacheBytes int) *Store {
	if cacheBytes <= 0 {
		cacheBytes = DefaultCacheBytes
	}
	s := &Store{src: src, manifest: m, cache: NewCache(cacheBytes)}
	if m.Pack != nil && m.Pack.dir == nil {
		if err := m.LoadDirectory(context.Background(), src); err != nil {
			s.dirErr = err
		}
	}
	return s
}

// Manifest returns the bundle's manifest. Callers must not modify it.
func (s *Store) Manifest() *Manifest { return s.manifest }

// Has reports whether the bundle has a tile with this key.
func (s *Store) Has(key string) bool { return s.manifest.Tiles.Has(key) }

// WithLayerBudget gives the tiles whose keys start with any of prefixes one
// cache of their own of at most bytes, apart from the store's cache, and
// returns s. Layers that are costly to decode and read again and again (the
// routing graph and its hierarchies) then keep their working set however
// many tiles of a wide, cheap one (the search index: an autocomplete reads
// a few small tiles out of thousands) pass through the other cache, and
// neither grows into the other's budget. Call it before the store is
// used; the first matching prefix wins.
func (s *Store) WithLayerBudget(bytes int, prefixes ...string) *Store {
	s.layers = append(s.layers, layerCache{prefixes, NewCache(max(bytes, 1))})
	return s
}

// cacheFor returns the cache of the tile with this key.
func (s *Store) cacheFor(key string) *Cache {
	for _, l := range s.layers {
		for _, p := range l.prefixes {
			if strings.HasPrefix(key, p) {
				return l.cache
			}
		}
	}
	return s.cache
}

// Stats returns a snapshot of the decoded-tile caches' counters, summed.
func (s *Store) Stats() Stats {
	st := s.cache.Stats()
	for _, l := range s.layers {
		ls := l.cache.Stats()
		st.Hits += ls.Hits
		st.Misses += ls.Misses
		st.Evictions += ls.Evictions
		st.Bytes += ls.Bytes
	}
	return st
}

// Tile returns the verified bytes of the tile with this key, uncached (a
// layer reader caches what it decodes, through Decode). A key not in the
// manifest gives ErrNotFound without touching the Source; a listed tile the
// Source does not have gives ErrMissing; bytes that do not match the
// manifest give ErrCorrupt.
func (s *Store) Tile(ctx context.Context, key string) ([]byte, error) {
	if s.dirErr != nil {
		return nil, fmt.Errorf("tile %q: %w", key, s.dirErr)
	}
	t := &s.manifest.Tiles
	i, ok := t.Search(key)
	if !ok {
		return nil, fmt.Errorf("tile %q: %w", key, ErrNotFound)
	}
	size := t.Size(i)
	var b []byte
	var err error
	vs, verifying := s.src.(VerifyingSource)
	if s.manifest.Pack != nil {
		b, verifying, err = s.readPacked(ctx, key, i)
		if err != nil {
			return nil, err
		}
	} else if verifying {
		b, err = vs.GetVerified(ctx, Path(key), t.Entry(i))
	} else {
		b, err = s.src.Get(ctx, Path(key))
	}
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return nil, fmt.Errorf("tile %q: %w", key, ErrMissing)
		}
		return nil, fmt.Errorf("tile %q: %w", key, err)
	}
	if len(b) != size { // with a VerifyingSource: cheap, and guards against a careless implementation
		return nil, fmt.Errorf("%w: tile %q has %d bytes, manifest says %d", ErrCorrupt, key, len(b), size)
	}
	if !verifying {
		if sum := sha256.Sum256(b); !bytes.Equal(sum[:], t.SHA256(i)) {
			return nil, fmt.Errorf("%w: tile %q sha256 mismatch", ErrCorrupt, key)
		}
	}
	return b, nil
}
