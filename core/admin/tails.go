package admin

import (
	"fmt"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/bando-vn/bando/core/tile"
)

// TailsKey is the key of the tile holding the ends of the units' names
// (FORMAT.md §6.1): a search reads it to skip the gazetteer for a text
// that ends no name.
const TailsKey = "admin/tails"

// Tails is the set of tile admin/tails, a Bloom filter: Has answers true
// for every entry written and, rarely, for others (never false for an
// entry). Reading it decodes nothing: the filter's bits are the tile's.
type Tails struct {
	bits []byte
	m    uint64 // bits used, ≤ 8·len(bits)
	k    int    // probes per entry
	n    int    // entries written
}

// Bloom filter sizing: tailsBitsPerEntry bits and tailsProbes probes per
// entry give about 0.05 % false positives.
const (
	tailsBitsPerEntry = 16
	tailsProbes       = 11
	maxTailsProbes    = 32
)

// Len is the number of entries written.
func (t *Tails) Len() int { return t.n }

// Has reports whether w may be an entry: true for every entry, false for
// most other strings.
func (t *Tails) Has(w string) bool {
	if t.m == 0 {
		return false
	}
	h1, h2 := tailsHash(w)
	for i := 0; i < t.k; i++ {
		b := (h1 + uint64(i)*h2) % t.m
		if t.bits[b>>3]&(1<<(b&7)) == 0 {
			return false
		}
	}
	return true
}

// tailsHash is FNV-1a 64 of w, its halves the two hashes of the probes
// (double hashing; the second made odd).
func tailsHash(w string) (uint64, uint64) {
	h := uint64(14695981039346656037)
	for i := 0; i < len(w); i++ {
		h ^= uint64(w[i])
		h *= 1099511628211
	}
	return h & 0xffffffff, h>>32 | 1
}

// EncodeTails writes the entries as the admin/tails tile.
func EncodeTails(entries []string) ([]byte, error) {
	m := uint64(max(len(entries), 1) * tailsBitsPerEntry)
	t := &Tails{bits: make([]byte, (m+7)/8), m: m, k: tailsProbes, n: len(entries)}
	for _, w := range entries {
		h1, h2 := tailsHash(w)
		for i := 0; i < t.k; i++ {
			b := (h1 + uint64(i)*h2) % t.m
			t.bits[b>>3] |= 1 << (b & 7)
		}
	}
	var buf bytesBuffer
	e := msgpack.NewEncoder(&buf)
	err := firstErr(e.EncodeMapLen(5), e.EncodeString("v"), e.EncodeInt(FormatVersion),
		e.EncodeString("n"), e.EncodeInt(int64(t.n)), e.EncodeString("m"), e.EncodeInt(int64(t.m)),
		e.EncodeString("k"), e.EncodeInt(int64(t.k)), e.EncodeString("b"), e.EncodeBytes(t.bits))
	return buf.b, err
}

// DecodeTails reads the admin/tails tile without copying its bits; errors
// wrap tile.ErrCorrupt.
func DecodeTails(b []byte) (*Tails, error) {
	r := &mpReader{b: b}
	t := &Tails{}
	version, m := int64(-1), int64(0)
	n := r.mapLen()
	for i := 0; i < n && r.err == nil; i++ {
		switch r.str() {
		case "v":
			version = r.int()
		case "n":
			t.n = int(r.intIn(0, int64(len(b))*8))
		case "m":
			m = r.intIn(0, int64(len(b))*8)
		case "k":
			t.k = int(r.intIn(1, maxTailsProbes))
		case "b":
			t.bits = r.raw()
		default:
			r.skip(0)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if err := tile.CheckLayerVersion("admin tails", version); err != nil {
		return nil, err
	}
	if m == 0 || m > int64(len(t.bits))*8 || t.k == 0 {
		return nil, fmt.Errorf("%w: admin: tails: %d bits, %d probes in %d bytes", tile.ErrCorrupt, m, t.k, len(t.bits))
	}
	t.m = uint64(m)
	return t, nil
}
