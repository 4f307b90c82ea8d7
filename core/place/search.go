package place

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/bando-vn/bando/core/tile"
)

// SearchTile is a decoded search tile: a sorted token table with postings
// into place records, all read in place from the tile's bin fields.
type SearchTile struct {
	toks records
	poff u32s
	post u32s
	recs records
	fold records // folded names of each record, "\n"-separated
	low  records // lower-cased names of each record
	rank u32s
	lat  u32s
	lng  u32s
	kind []byte
	cnt  u32s // lexicon tiles: places per token
}

// DecodeSearchTile checks a search tile's tables without decoding records.
func DecodeSearchTile(b []byte) (*SearchTile, error) {
	t, err := decodePacked(b)
	if err != nil {
		return nil, err
	}
	st := &SearchTile{toks: records{t.TOff, t.Tok}, poff: u32s(t.POff), post: u32s(t.Post), recs: records{t.ROff, t.Recs},
		fold: records{t.FOff, t.Fold}, low: records{t.LOff, t.Low}, rank: u32s(t.Rank), lat: u32s(t.LatE), lng: u32s(t.LngE), kind: t.Kind,
		cnt: u32s(t.Cnt)}
	for _, r := range []struct {
		name string
		r    records
	}{{"tokens", st.toks}, {"records", st.recs}, {"folded names", st.fold}, {"lower names", st.low}} {
		if err := r.r.check(r.name); err != nil {
			return nil, err
		}
	}
	n := st.recs.Len()
	if st.fold.Len() != n || st.low.Len() != n || len(st.rank) != 4*n || len(st.lat) != 4*n || len(st.lng) != 4*n || len(st.kind) != n {
		return nil, fmt.Errorf("%w: search columns disagree on the record count", tile.ErrCorrupt)
	}
	if err := st.checkPostings(); err != nil {
		return nil, err
	}
	if len(st.cnt) != 0 && len(st.cnt) != 4*st.toks.Len() {
		return nil, fmt.Errorf("%w: search token counts disagree on the token count", tile.ErrCorrupt)
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
	seen := make([]uint64, (s.recs.Len()+63)/64)
	var out []int
	s.EachPrefix(prefix, limit, func(r int) {
		if seen[r/64]&(1<<(r%64)) == 0 {
			seen[r/64] |= 1 << (r % 64)
			out = append(out, r)
		}
	})
	return out
}

// EachPrefix calls fn with the record index of every posting of the
// tokens starting with prefix (a record once per token), in the order of
// the token table then rank, at most limit postings; it returns how many.
func (s *SearchTile) EachPrefix(prefix string, limit int, fn func(rec int)) int {
	n := s.toks.Len()
	lo := sort.Search(n, func(i int) bool { return string(s.toks.At(i)) >= prefix })
	seen := 0
	for i := lo; i < n && seen < limit; i++ {
		t := s.toks.At(i)
		if len(t) < len(prefix) || string(t[:len(prefix)]) != prefix {
			break
		}
		for j := s.poff.At(i); j < s.poff.At(i+1) && seen < limit; j++ {
			fn(int(s.post.At(int(j))))
			seen++
		}
	}
	return seen
}

// Has reports whether the tile has the token tok, or with prefix=true a
// token starting with tok.
func (s *SearchTile) Has(tok string, prefix bool) bool {
	n := s.toks.Len()
	i := sort.Search(n, func(i int) bool { return string(s.toks.At(i)) >= tok })
	if i == n {
		return false
	}
	t := s.toks.At(i)
	if prefix {
		return len(t) >= len(tok) && string(t[:len(tok)]) == tok
	}
	return string(t) == tok
}

// Count returns the number of places having token i, as a lexicon tile
// records it (FORMAT.md §2); 0 in other tiles.
func (s *SearchTile) Count(i int) int {
	if len(s.cnt) == 0 {
		return 0
	}
	return int(s.cnt.At(i))
}

// Place decodes record i.
func (s *SearchTile) Place(i int) (Place, error) { return decodePlace(s.recs.At(i)) }

// Len is the number of place records in the tile.
func (s *SearchTile) Len() int { return s.recs.Len() }

// Folded returns record i's folded names, separated by '\n'.
func (s *SearchTile) Folded(i int) []byte { return s.fold.At(i) }

// Lower returns record i's lower-cased names, separated by '\n'.
func (s *SearchTile) Lower(i int) []byte { return s.low.At(i) }

// Rank returns record i's rank.
func (s *SearchTile) Rank(i int) int { return int(s.rank.At(i)) }

// LatLngE7 returns record i's position in 1e-7 degrees.
func (s *SearchTile) LatLngE7(i int) (lat, lng int32) { return int32(s.lat.At(i)), int32(s.lng.At(i)) }

// IsVenue reports whether record i is a POI (layer venue).
func (s *SearchTile) IsVenue(i int) bool { return s.kind[i] == KindVenue }

// Kind returns record i's kind byte (Kind* constants).
func (s *SearchTile) Kind(i int) byte { return s.kind[i] }

// TokenCount is the number of tokens of the tile.
func (s *SearchTile) TokenCount() int { return s.toks.Len() }

// Token returns token i (folded, sorted ascending).
func (s *SearchTile) Token(i int) []byte { return s.toks.At(i) }

// Postings returns the record indexes of token i.
func (s *SearchTile) Postings(i int, fn func(rec int)) {
	for j := s.poff.At(i); j < s.poff.At(i+1); j++ {
		fn(int(s.post.At(int(j))))
	}
}

// Admin returns record i's administrative codes (Place.Admin: new ward,
// old ward, old district) without decoding the rest of the record; nil
// when it has none.
func (s *SearchTile) Admin(i int) ([]string, error) {
	b := s.recs.At(i)
	if err := tile.CheckMsgpack(b); err != nil {
		return nil, fmt.Errorf("place record: %w", err)
	}
	d := msgpack.GetDecoder()
	defer msgpack.PutDecoder(d)
	d.Reset(bytes.NewReader(b))
	n, err := d.DecodeArrayLen()
	if err != nil || n <= adminField {
		return nil, corrupt(err)
	}
	for k := 0; k < adminField; k++ {
		if err := d.Skip(); err != nil {
			return nil, corrupt(err)
		}
	}
	var codes []string
	if err := d.Decode(&codes); err != nil {
		return nil, corrupt(err)
	}
	return codes, nil
}

// adminField is the index of Admin in a place record (SPEC.md §4).
const adminField = 8

func corrupt(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%w: place record: %v", tile.ErrCorrupt, err)
}
