package admin

import (
	"fmt"
	"strings"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/bando-vn/bando/core/tile"
)

// TailsKey is the key of the tile listing the words that can end a unit's
// name (FORMAT.md §6.1): a search reads it to skip the gazetteer for a text
// whose last word ends no name.
const TailsKey = "admin/tails"

// Tails is the sorted, distinct folded words of tile admin/tails, kept as
// the tile's one string and searched by bisection: reading it decodes
// nothing but that string.
type Tails struct {
	words string // the words joined by '\n', ascending, none empty
	n     int
}

// Len is the number of words.
func (t *Tails) Len() int { return t.n }

// Has reports whether w is one of the words.
func (t *Tails) Has(w string) bool {
	s := t.words
	for len(s) > 0 {
		m := len(s) / 2
		a := strings.LastIndexByte(s[:m], '\n') + 1 // the word around m starts at a
		b := strings.IndexByte(s[a:], '\n')
		if b < 0 {
			b = len(s) - a
		}
		word := s[a : a+b]
		switch {
		case w == word:
			return true
		case w < word:
			s = s[:max(a-1, 0)]
		default:
			s = s[min(a+b+1, len(s)):]
		}
	}
	return false
}

// EncodeTails writes words (sorted, distinct, non-empty, without '\n') as
// the admin/tails tile.
func EncodeTails(words []string) ([]byte, error) {
	joined := strings.Join(words, "\n")
	if _, err := checkTails(joined); err != nil {
		return nil, err
	}
	var buf bytesBuffer
	e := msgpack.NewEncoder(&buf)
	err := firstErr(e.EncodeMapLen(2), e.EncodeString("v"), e.EncodeInt(FormatVersion), e.EncodeString("w"), e.EncodeString(joined))
	return buf.b, err
}

// DecodeTails reads the admin/tails tile; errors wrap tile.ErrCorrupt.
func DecodeTails(b []byte) (*Tails, error) {
	r := &mpReader{b: b}
	t := &Tails{}
	version := int64(-1)
	n := r.mapLen()
	for i := 0; i < n && r.err == nil; i++ {
		switch r.str() {
		case "v":
			version = r.int()
		case "w":
			t.words = r.str()
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
	var err error
	if t.n, err = checkTails(t.words); err != nil {
		return nil, err
	}
	return t, nil
}

// checkTails counts the words of a joined list, which must be ascending and
// without empty words (bisection relies on it).
func checkTails(joined string) (int, error) {
	if joined == "" {
		return 0, nil
	}
	n, prev := 0, ""
	for w := range strings.SplitSeq(joined, "\n") {
		if w == "" || n > 0 && w <= prev {
			return 0, fmt.Errorf("%w: admin: tails: word %d %q empty or not after %q", tile.ErrCorrupt, n, w, prev)
		}
		n, prev = n+1, w
	}
	return n, nil
}
