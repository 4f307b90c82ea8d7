package place

import (
	"fmt"
	"sort"

	"github.com/bando-vn/bando/core/tile"
)

// SearchTile is a decoded search tile: a sorted token table with postings
// into place records, all read in place from the tile's bin fields.
type SearchTile struct {
	toks records
	poff u32s
	post u32s
	recs records
}

// DecodeSearchTile checks a search tile's tables without decoding records.
func DecodeSearchTile(b []byte) (*SearchTile, error) {
	t, err := decodePacked(b)
	if err != nil {
		return nil, err
	}
	st := &SearchTile{toks: records{t.TOff, t.Tok}, poff: u32s(t.POff), post: u32s(t.Post), recs: records{t.ROff, t.Recs}}
	if err := st.toks.check("tokens"); err != nil {
		return nil, err
	}
	if err := st.recs.check("records"); err != nil {
		return nil, err
	}
	if err := st.checkPostings(); err != nil {
		return nil, err
	}
	return st, nil
}

func (s *SearchTile) checkPostings() error {
	n := s.toks.Len()
	if len(s.poff)%4 != 0 || len(s.post)%4 != 0 || s.poff.Len() != n+1 || s.poff.At(0) != 0 || int(s.poff.At(n)) != s.post.Len() {
		return fmt.Errorf("%w: search postings table", tile.ErrCorrupt)
	}
	for i := 1; i <= n; i++ {
		if s.poff.At(i) < s.poff.At(i-1) {
			return fmt.Errorf("%w: search postings decrease", tile.ErrCorrupt)
		}
	}
	nr := uint32(s.recs.Len())
	for i := 0; i < s.post.Len(); i++ {
		if s.post.At(i) >= nr {
			return fmt.Errorf("%w: posting out of range", tile.ErrCorrupt)
		}
	}
	return nil
}

// Prefix returns the record indexes of places having a token that starts
// with prefix, each once, in the order of the token table then rank, at
// most limit of them.
func (s *SearchTile) Prefix(prefix string, limit int) []int {
	n := s.toks.Len()
	lo := sort.Search(n, func(i int) bool { return string(s.toks.At(i)) >= prefix })
	seen := map[uint32]bool{}
	var out []int
	for i := lo; i < n && len(out) < limit; i++ {
		t := s.toks.At(i)
		if len(t) < len(prefix) || string(t[:len(prefix)]) != prefix {
			break
		}
		for j := s.poff.At(i); j < s.poff.At(i+1) && len(out) < limit; j++ {
			r := s.post.At(int(j))
			if !seen[r] {
				seen[r] = true
				out = append(out, int(r))
			}
		}
	}
	return out
}

// Place decodes record i.
func (s *SearchTile) Place(i int) (Place, error) { return decodePlace(s.recs.At(i)) }
