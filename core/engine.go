package core

import (
	"container/list"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/tile"
)

// Version is the engine version reported by /v1/status.
const Version = "0.1.0"

// Options configure an Engine.
type Options struct {
	// KeyHashes are SHA-256 hashes of the accepted API keys. Empty: any key
	// or none is accepted (local development and the in-process APIs).
	KeyHashes [][32]byte
	// CacheBytes bounds the tile cache (0: tile.DefaultCacheBytes).
	CacheBytes int
}

// ParseKeyHashes reads SHA-256 hashes, 64 hex digits each, one per line or
// separated by commas or spaces; blank lines and lines starting with # are
// skipped.
func ParseKeyHashes(s string) ([][32]byte, error) {
	var out [][32]byte
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		for _, f := range strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
			b, err := hex.DecodeString(f)
			if err != nil || len(b) != 32 {
				return nil, fmt.Errorf("key hash %q: expected 64 hex digits (SHA-256)", f)
			}
			out = append(out, [32]byte(b))
		}
	}
	return out, nil
}

// Engine answers /v1 requests from one bundle. It is safe for concurrent use.
type Engine struct {
	store   *tile.Store
	opts    Options
	decoded *decodedCache

	adminOnce sync.Once
	admin     *admin.Lookup // nil without an admin layer
}

// New opens the bundle behind src (reading only its manifest).
func New(ctx context.Context, src tile.Source, opts Options) (*Engine, error) {
	st, err := tile.Open(ctx, src, opts.CacheBytes)
	if err != nil {
		return nil, err
	}
	return &Engine{store: st, opts: opts, decoded: newDecodedCache(256)}, nil
}

// Store returns the engine's tile store.
func (e *Engine) Store() *tile.Store { return e.store }

// keyOK checks an API key against the configured hashes in constant time.
func (e *Engine) keyOK(key string) bool {
	if len(e.opts.KeyHashes) == 0 {
		return true
	}
	sum := sha256.Sum256([]byte(key))
	ok := 0
	for _, h := range e.opts.KeyHashes {
		ok |= subtle.ConstantTimeCompare(sum[:], h[:])
	}
	return ok == 1 && key != ""
}

// decodedCache keeps up to max decoded tiles by key and, when full, drops
// the least recently used one, so the tiles a workload keeps returning to
// stay decoded however many others pass through.
type decodedCache struct {
	mu  sync.Mutex
	max int
	m   map[string]*list.Element // of *decodedEntry
	lru list.List                // front: most recently used
}

type decodedEntry struct {
	key string
	v   any
}

func newDecodedCache(max int) *decodedCache {
	return &decodedCache{max: max, m: map[string]*list.Element{}}
}

func (c *decodedCache) get(key string) (any, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.m[key]
	if !ok {
		return nil, false
	}
	c.lru.MoveToFront(el)
	return el.Value.(*decodedEntry).v, true
}

func (c *decodedCache) put(key string, v any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.m[key]; ok {
		el.Value.(*decodedEntry).v = v
		c.lru.MoveToFront(el)
		return
	}
	if c.lru.Len() >= c.max { // max > 0: one entry in, one out
		old := c.lru.Back()
		delete(c.m, old.Value.(*decodedEntry).key)
		c.lru.Remove(old)
	}
	c.m[key] = c.lru.PushFront(&decodedEntry{key, v})
}

// decodedTile returns the tile decoded by decode, cached by key.
func decodedTile[T any](ctx context.Context, e *Engine, key string, decode func([]byte) (T, error)) (T, error) {
	if v, ok := e.decoded.get(key); ok {
		return v.(T), nil
	}
	var zero T
	b, err := e.store.Tile(ctx, key)
	if err != nil {
		return zero, err
	}
	v, err := decode(b)
	if err != nil {
		return zero, err
	}
	e.decoded.put(key, v)
	return v, nil
}
