package tile

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"iter"
	"math"
	"slices"
	"sort"
	"strconv"
)

// TileTable is the manifest's "tiles" (SPEC.md §2): every tile's key, byte
// size and SHA-256, held as one sorted key table — the keys concatenated in
// one string, their end offsets, the sizes and the raw 32-byte hashes in
// flat slices — and searched by binary search. The Hà Nội + HCM bundle's
// 14,364 tiles keep 56 bytes each (the key, 8 bytes of offset and size, 32
// of hash) in four allocations, where a map of keys to structs of
// substrings of the manifest's text kept 129 (BENCHMARKS.tile.md). Its
// JSON is the manifest's, unchanged:
// {"<key>": {"size": <int>, "sha256": "<lower-case hex>"}, …}.
//
// Every entry of a TileTable is valid: a ValidKey, a size from 0 to
// 2³²−1, a 64-digit lower-case hex SHA-256 (NewTileTable and the JSON
// decoder refuse anything else). The zero value is the empty table. A
// TileTable is immutable and safe for concurrent use.
type TileTable struct {
	keys  string               // every key in ascending byte order, concatenated
	ends  []uint32             // ends[i]: end of key i in keys (it starts at ends[i-1], or 0)
	sizes []uint32             // sizes[i]: byte size of tile i
	sums  []byte               // sums[32i : 32i+32]: SHA-256 of tile i
	bad   map[string]TileEntry // set by UnmarshalJSON when an entry is bad: all of them (the table is then empty)
}

// NewTileTable makes the table of entries; a bad entry (see TileTable)
// fails it with an error naming the first in key order.
func NewTileTable(entries map[string]TileEntry) (TileTable, error) {
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b := newTableBuilder(len(keys))
	for _, k := range keys {
		e := entries[k]
		if !b.add([]byte(k), e.Size, []byte(e.SHA256)) {
			return TileTable{}, badEntry(k)
		}
	}
	t, _ := b.table() // sorted and unique: cannot fail
	return t, nil
}

func badEntry(key string) error {
	return &corruptError{"manifest: bad tile entry " + strconv.Quote(key)}
}

// corruptError is an ErrCorrupt with its own message.
type corruptError struct{ msg string }

func (e *corruptError) Error() string { return ErrCorrupt.Error() + ": " + e.msg }
func (e *corruptError) Unwrap() error { return ErrCorrupt }

// IsZero reports whether the table is empty (a packed bundle's manifest
// writes no "tiles").
func (t TileTable) IsZero() bool { return len(t.ends) == 0 && t.bad == nil }

// Len is the number of tiles.
func (t *TileTable) Len() int { return len(t.ends) }

// Key returns the i-th key in ascending order (a substring of the table:
// no allocation).
func (t *TileTable) Key(i int) string {
	start := uint32(0)
	if i > 0 {
		start = t.ends[i-1]
	}
	return t.keys[start:t.ends[i]]
}

// Search returns the index of the first key ≥ key (Len when none is), and
// whether that key is key.
func (t *TileTable) Search(key string) (int, bool) {
	i := sort.Search(len(t.ends), func(i int) bool { return t.Key(i) >= key })
	return i, i < len(t.ends) && t.Key(i) == key
}

// Size is the byte size of tile i.
func (t *TileTable) Size(i int) int { return int(t.sizes[i]) }

// SHA256 is the hash of tile i (the table's own bytes: do not modify).
func (t *TileTable) SHA256(i int) []byte { return t.sums[32*i : 32*i+32 : 32*i+32] }

// Entry is the record of tile i (its hash in hex: one allocation).
func (t *TileTable) Entry(i int) TileEntry {
	return TileEntry{Size: t.Size(i), SHA256: hex.EncodeToString(t.SHA256(i))}
}

// Get returns the record of the tile with this key.
func (t *TileTable) Get(key string) (TileEntry, bool) {
	if i, ok := t.Search(key); ok {
		return t.Entry(i), true
	}
	return TileEntry{}, false
}

// Has reports whether a tile has this key.
func (t *TileTable) Has(key string) bool { _, ok := t.Search(key); return ok }

// SizeOf returns the byte size of the tile with this key.
func (t *TileTable) SizeOf(key string) (int, bool) {
	if i, ok := t.Search(key); ok {
		return t.Size(i), true
	}
	return 0, false
}

// All yields every key and record in ascending key order.
func (t *TileTable) All() iter.Seq2[string, TileEntry] {
	return func(yield func(string, TileEntry) bool) {
		for i := range t.ends {
			if !yield(t.Key(i), t.Entry(i)) {
				return
			}
		}
	}
}

// Keys returns the keys in ascending order (a new slice of substrings of
// the table).
func (t *TileTable) Keys() []string {
	out := make([]string, len(t.ends))
	for i := range out {
		out[i] = t.Key(i)
	}
	return out
}

// MarshalJSON writes the manifest's "tiles" object, keys in order: the
// bytes encoding/json writes for a map[string]TileEntry of the same entries.
func (t TileTable) MarshalJSON() ([]byte, error) {
	out := make([]byte, 0, len(t.keys)+len(t.ends)*(64+len(`"":{"size":,"sha256":""},`)+8)+2)
	out = append(out, '{')
	for i := range t.ends {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, '"')
		out = append(out, t.Key(i)...) // a ValidKey needs no escape
		out = append(out, `":{"size":`...)
		out = strconv.AppendInt(out, int64(t.sizes[i]), 10)
		out = append(out, `,"sha256":"`...)
		out = hex.AppendEncode(out, t.SHA256(i))
		out = append(out, `"}`...)
	}
	return append(out, '}'), nil
}

// UnmarshalJSON reads the "tiles" object with encoding/json (ParseManifest
// reads the writer's own layout faster) into the entries t has (as
// encoding/json fills a map: a second "tiles" member adds to the first). A
// bad entry leaves the table empty and keeps the entries aside:
// ParseManifest reports it after the manifest's format and version, as
// SPEC.md §2 orders the checks.
func (t *TileTable) UnmarshalJSON(b []byte) error {
	m := t.bad
	if m == nil && t.Len() > 0 {
		m = make(map[string]TileEntry, t.Len())
		for k, e := range t.All() {
			m[k] = e
		}
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	nt, err := NewTileTable(m)
	if err != nil {
		nt.bad = m
	}
	*t = nt
	return nil
}

// err is the error of a bad entry met by UnmarshalJSON, or nil.
func (t *TileTable) err() error {
	if t.bad == nil {
		return nil
	}
	_, err := NewTileTable(t.bad)
	return err
}

// tableBuilder collects entries, in key order or not, into a TileTable.
type tableBuilder struct {
	keys        []byte
	ends, sizes []uint32
	sums        []byte
	sorted      bool // every key so far greater than the one before
}

func newTableBuilder(n int) *tableBuilder {
	return &tableBuilder{ends: make([]uint32, 0, n), sizes: make([]uint32, 0, n), sums: make([]byte, 0, 32*n), sorted: true}
}

// add appends one entry; false: the entry is bad (the builder is then
// unchanged).
func (b *tableBuilder) add(key []byte, size int, hexSum []byte) bool {
	var sum [32]byte
	if len(hexSum) != 64 || !decodeLowerHex(&sum, hexSum) {
		return false
	}
	return b.addSum(key, size, &sum)
}

// addSum is add with the hash decoded already.
func (b *tableBuilder) addSum(key []byte, size int, sum *[32]byte) bool {
	if size < 0 || size > math.MaxUint32 || !validKeyBytes(key) || len(b.keys)+len(key) > math.MaxUint32 {
		return false
	}
	if n := len(b.ends); n > 0 && b.sorted {
		b.sorted = bytes.Compare(b.keys[b.start(n-1):], key) < 0
	}
	b.keys = append(b.keys, key...)
	b.ends = append(b.ends, uint32(len(b.keys)))
	b.sizes = append(b.sizes, uint32(size))
	b.sums = append(b.sums, sum[:]...)
	return true
}

func (b *tableBuilder) start(i int) uint32 {
	if i == 0 {
		return 0
	}
	return b.ends[i-1]
}

func (b *tableBuilder) key(i int) []byte { return b.keys[b.start(i):b.ends[i]] }

// table returns the table of the entries added, sorting them when they
// came out of order; false: two have the same key.
func (b *tableBuilder) table() (TileTable, bool) {
	if !b.sorted {
		b.sort()
	}
	for i := 1; i < len(b.ends); i++ {
		if !b.sorted && bytes.Equal(b.key(i-1), b.key(i)) {
			return TileTable{}, false
		}
	}
	if len(b.ends) == 0 {
		return TileTable{}, true
	}
	return TileTable{keys: string(b.keys), ends: slices.Clip(b.ends), sizes: slices.Clip(b.sizes), sums: slices.Clip(b.sums)}, true
}

// sort puts the entries in key order (stable: a duplicate stays next to
// its twin for table to find).
func (b *tableBuilder) sort() {
	perm := make([]int, len(b.ends))
	for i := range perm {
		perm[i] = i
	}
	slices.SortStableFunc(perm, func(i, j int) int { return bytes.Compare(b.key(i), b.key(j)) })
	s := newTableBuilder(len(perm))
	s.keys = make([]byte, 0, len(b.keys))
	for _, i := range perm {
		s.keys = append(s.keys, b.key(i)...)
		s.ends = append(s.ends, uint32(len(s.keys)))
		s.sizes = append(s.sizes, b.sizes[i])
		s.sums = append(s.sums, b.sums[32*i:32*i+32]...)
	}
	*b = *s
	b.sorted = false // (the order is now right; table still checks for twins)
}

// hexVal: the value of a lower-case hex digit, 0xff for any other byte.
var hexVal = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xff
	}
	for i, c := range "0123456789abcdef" {
		t[c] = byte(i)
	}
	return t
}()

// decodeLowerHex decodes 64 lower-case hex digits into sum; false: src is
// anything else.
func decodeLowerHex(sum *[32]byte, src []byte) bool {
	if len(src) != 64 {
		return false
	}
	bad := byte(0)
	for i := range sum {
		hi, lo := hexVal[src[2*i]], hexVal[src[2*i+1]]
		bad |= hi | lo
		sum[i] = hi<<4 | lo
	}
	return bad&0xf0 == 0
}

// TableFromParts makes the table whose parts these are, the layout of
// TileTable: keys, every key in ascending byte order concatenated; ends,
// the end offset of each key in keys; sizes; sums, the 32-byte SHA-256 of
// each tile, in key order. It checks what the manifest's reader checks
// (every key a ValidKey, each once) and that the parts fit together, and
// fails with ErrCorrupt otherwise. The table keeps the slices: callers
// must not modify them. (The wasm engine is handed a manifest's table this
// way by js/bando.mjs, which parses the JSON itself: the JSON never enters
// Go memory, whose peak it would raise for good.)
func TableFromParts(keys string, ends, sizes []uint32, sums []byte) (TileTable, error) {
	n := len(ends)
	if len(sizes) != n || len(sums) != 32*n || uint64(len(keys)) > math.MaxUint32 {
		return TileTable{}, &corruptError{fmt.Sprintf("manifest: tile table of %d ends, %d sizes, %d hash bytes", n, len(sizes), len(sums))}
	}
	if n == 0 {
		if len(keys) != 0 {
			return TileTable{}, &corruptError{"manifest: tile table keys without ends"}
		}
		return TileTable{}, nil
	}
	prev := ""
	start := uint32(0)
	for i, end := range ends {
		if end < start || end > uint32(len(keys)) {
			return TileTable{}, &corruptError{fmt.Sprintf("manifest: tile table end %d of key %d", end, i)}
		}
		k := keys[start:end]
		if !ValidKey(k) {
			return TileTable{}, badEntry(k)
		}
		if i > 0 && k <= prev {
			return TileTable{}, &corruptError{fmt.Sprintf("manifest: tile table key %q after %q", k, prev)}
		}
		prev, start = k, end
	}
	if int(start) != len(keys) {
		return TileTable{}, &corruptError{fmt.Sprintf("manifest: tile table keys have %d bytes, the ends %d", len(keys), start)}
	}
	return TileTable{keys: keys, ends: slices.Clip(ends), sizes: slices.Clip(sizes), sums: slices.Clip(sums)}, nil
}
