package access

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Hash is the SHA-256 of an API key: the only form in which a key is kept.
type Hash [32]byte

// HashKey returns the SHA-256 of key.
func HashKey(key string) Hash { return sha256.Sum256([]byte(key)) }

// String is the hash in lower-case hex (what KV and key files hold).
func (h Hash) String() string { return hex.EncodeToString(h[:]) }

// ID is the key's public name in usage reports and logs: the first 12 hex
// digits of its hash (never the key itself).
func (h Hash) ID() string { return hex.EncodeToString(h[:6]) }

// ParseHash reads 64 hex digits.
func ParseHash(s string) (Hash, error) {
	var h Hash
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(h) {
		return h, fmt.Errorf("key hash %s: expected 64 hex digits (SHA-256)", redact(s))
	}
	copy(h[:], b)
	return h, nil
}

// redact describes a token that failed to parse without showing it: a key
// file may hold a plain key by mistake, and a plain key must never reach a
// log or an error answer.
func redact(s string) string {
	return fmt.Sprintf("(%d characters, not shown)", len(s))
}

// Key is what the API knows about one key.
type Key struct {
	Hash    Hash
	Revoked bool
	// Admin keys may also read usage (/v1/admin/usage).
	Admin bool
	// PerMinute and PerDay bound the key's requests (0: no limit).
	PerMinute int
	PerDay    int
}

// KeySource finds a key by the hash of what the client sent. ok=false:
// no such key. An error is an outage of the source (the request gets 503,
// never a free pass).
type KeySource interface {
	Lookup(ctx context.Context, h Hash) (k Key, ok bool, err error)
}

// StaticKeys is a fixed set of keys (a key file, a secret). Lookup
// compares the hash with every entry in constant time, so the time taken
// does not depend on which entry, if any, matches.
type StaticKeys []Key

// Lookup implements KeySource.
func (s StaticKeys) Lookup(_ context.Context, h Hash) (Key, bool, error) {
	found := -1
	for i := range s {
		if subtle.ConstantTimeCompare(s[i].Hash[:], h[:]) == 1 {
			found = i
		}
	}
	if found < 0 {
		return Key{}, false, nil
	}
	return s[found], true, nil
}

// ParseKeys reads a key list: one key per line,
//
//	<sha256 hex> [revoked] [admin] [rpm=N] [rpd=N] [# comment]
//
// or several bare hashes separated by commas or spaces (the older
// BANDO_KEY_HASHES form). Blank lines and lines starting with # are
// skipped. A line that is not a hash is an error that does not show the
// line (it may be a plain key).
func ParseKeys(s string) (StaticKeys, error) {
	var out StaticKeys
	for n, line := range strings.Split(s, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		fields := strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\r' })
		var cur *Key
		for _, f := range fields {
			if len(f) == 64 {
				h, err := ParseHash(f)
				if err != nil {
					return nil, fmt.Errorf("line %d: %v", n+1, err)
				}
				out = append(out, Key{Hash: h})
				cur = &out[len(out)-1]
				continue
			}
			if cur == nil {
				return nil, fmt.Errorf("line %d: expected a SHA-256 hash (64 hex digits), got %s; store `bando keys add` output, never the key itself", n+1, redact(f))
			}
			if err := cur.setAttr(f); err != nil {
				return nil, fmt.Errorf("line %d: %v", n+1, err)
			}
		}
	}
	return out, nil
}

func (k *Key) setAttr(f string) error {
	name, val, hasVal := strings.Cut(f, "=")
	if !hasVal && (name == "revoked" || name == "admin") {
		k.Revoked = k.Revoked || name == "revoked"
		k.Admin = k.Admin || name == "admin"
		return nil
	}
	n, err := strconv.Atoi(val)
	if !hasVal || err != nil || n < 0 {
		return fmt.Errorf("bad attribute %s (want revoked, admin, rpm=N or rpd=N)", redact(f))
	}
	switch name {
	case "rpm":
		k.PerMinute = n
	case "rpd":
		k.PerDay = n
	default:
		return fmt.Errorf("bad attribute %s (want revoked, admin, rpm=N or rpd=N)", redact(f))
	}
	return nil
}

// Format writes k as one line of a key list (ParseKeys reads it back).
func (k Key) Format() string {
	var b strings.Builder
	b.WriteString(k.Hash.String())
	if k.Revoked {
		b.WriteString(" revoked")
	}
	if k.Admin {
		b.WriteString(" admin")
	}
	if k.PerMinute > 0 {
		fmt.Fprintf(&b, " rpm=%d", k.PerMinute)
	}
	if k.PerDay > 0 {
		fmt.Fprintf(&b, " rpd=%d", k.PerDay)
	}
	return b.String()
}

// Cached remembers a slower source's answers (found, not found and
// revoked alike) for TTL, so a key revoked in the source is refused within
// TTL. TTL above a minute is cut to a minute.
type Cached struct {
	Src KeySource
	TTL time.Duration
	Now func() time.Time // nil: time.Now
	// Max bounds the entries kept (0: 10,000); past it the cache is
	// emptied, which costs only lookups.
	Max int

	mu sync.Mutex
	m  map[Hash]cachedKey
}

type cachedKey struct {
	k     Key
	ok    bool
	until time.Time
}

// MaxKeyTTL is the longest a key's answer is remembered.
const MaxKeyTTL = time.Minute

// Lookup implements KeySource.
func (c *Cached) Lookup(ctx context.Context, h Hash) (Key, bool, error) {
	now := nowOf(c.Now)
	c.mu.Lock()
	e, hit := c.m[h]
	c.mu.Unlock()
	if hit && now.Before(e.until) {
		return e.k, e.ok, nil
	}
	k, ok, err := c.Src.Lookup(ctx, h)
	if err != nil {
		return Key{}, false, err
	}
	ttl := c.TTL
	if ttl <= 0 || ttl > MaxKeyTTL {
		ttl = MaxKeyTTL
	}
	c.mu.Lock()
	limit := c.Max
	if limit <= 0 {
		limit = 10000
	}
	if c.m == nil || len(c.m) >= limit {
		c.m = map[Hash]cachedKey{}
	}
	c.m[h] = cachedKey{k, ok, now.Add(ttl)}
	c.mu.Unlock()
	return k, ok, nil
}

func nowOf(f func() time.Time) time.Time {
	if f != nil {
		return f()
	}
	return time.Now()
}
