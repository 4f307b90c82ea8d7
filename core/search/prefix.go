package search

import (
	"bytes"
	"context"
	"errors"
	"math"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/text"
	"github.com/bando-vn/bando/core/tile"
)

// Hit is one result: the place, and (unexported) what ranked it.
type Hit struct {
	Place place.Place // decoded only for the results

	rec      int     // record index in the search tile
	accent   bool    // typed accents match a word start of a name exactly
	words    int     // query tokens that equal a whole name word
	rank     int     // the place's importance
	nameLen  int     // length of the matched (folded) name
	distM    float64 // from the focus point, or 0
	hasFocus bool
}

// maxCandidates bounds the records one query scores (postings are ordered
// by rank, so the cut keeps the most important places of each token).
const maxCandidates = 1500

// Query is a validated search request.
type Query struct {
	Text     string
	Focus    *geo.LatLng // ranks nearer places higher; RadiusKm applies from it
	RadiusKm float64     // POIs farther than this from Focus are left out
	Size     int         // at most this many results
}

// Prefix runs the prefix search of the search layer: every query token must
// start a distinct word of one of the place's names. Only the packed
// columns of the tile are read while scoring; the winners' records are
// decoded at the end. Results come best first.
func Prefix(ctx context.Context, st *tile.Store, q Query) ([]Hit, error) {
	toks := text.Tokens(q.Text)
	if len(toks) == 0 {
		return nil, nil
	}
	primary := toks[0]
	for _, t := range toks[1:] {
		if len(t) > len(primary) {
			primary = t // the longest token narrows the candidates most
		}
	}
	sk, err := tile.Decode(ctx, st, place.SearchKey(primary), place.DecodeSearchTile)
	if errors.Is(err, tile.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	typed := []byte(text.Lower(q.Text))
	accented := hasNonASCII(typed)
	top := make([]Hit, 0, q.Size+1)
	for _, r := range sk.Prefix(primary, maxCandidates) {
		words, nameLen, ok := matchNames(sk.Folded(r), toks)
		if !ok {
			continue
		}
		h := Hit{rec: r, words: words, nameLen: nameLen, rank: sk.Rank(r)}
		if accented {
			h.accent = wordStartIndex(sk.Lower(r), typed)
		}
		if q.Focus != nil {
			h.hasFocus = true
			h.distM = geo.DistanceM(*q.Focus, geo.PointE7(sk.LatLngE7(r)))
			if h.distM > q.RadiusKm*1000 && sk.IsVenue(r) {
				continue
			}
		}
		top = insertTop(top, h, q.Size)
	}
	for i := range top {
		if top[i].Place, err = sk.Place(top[i].rec); err != nil {
			return nil, err
		}
	}
	return top, nil
}

// insertTop keeps the best k hits in order.
func insertTop(top []Hit, h Hit, k int) []Hit {
	i := len(top)
	for i > 0 && h.better(&top[i-1]) {
		i--
	}
	if i >= k {
		return top
	}
	top = append(top, Hit{})
	copy(top[i+1:], top[i:])
	top[i] = h
	if len(top) > k {
		top = top[:k]
	}
	return top
}

func hasNonASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return true
		}
	}
	return false
}

// matchNames matches the query tokens against each '\n'-separated folded
// name and keeps the best: every token must start a distinct word.
func matchNames(names []byte, toks []string) (whole, nameLen int, ok bool) {
	best := -1
	for len(names) > 0 {
		name := names
		if i := bytes.IndexByte(names, '\n'); i >= 0 {
			name, names = names[:i], names[i+1:]
		} else {
			names = nil
		}
		if w, good := matchWords(name, toks); good && w > best {
			best, nameLen = w, len(name)
		}
	}
	return best, nameLen, best >= 0
}

// matchWords: every query token starts a distinct word of the folded name
// (preferring a whole-word match); whole counts the whole-word matches.
// It scans the name once per token and allocates nothing (words past the
// 64th are not matched).
func matchWords(name []byte, toks []string) (whole int, ok bool) {
	var used uint64
	for _, qt := range toks {
		found, isWhole := -1, false
		for i, w := 0, 0; i < len(name) && w < 64; w++ {
			for i < len(name) && name[i] == ' ' {
				i++
			}
			j := i
			for j < len(name) && name[j] != ' ' {
				j++
			}
			if used&(1<<w) == 0 && j-i >= len(qt) && string(name[i:i+len(qt)]) == qt {
				if j-i == len(qt) {
					found, isWhole = w, true
					break
				}
				if found < 0 {
					found = w
				}
			}
			i = j
		}
		if found < 0 {
			return 0, false
		}
		used |= 1 << found
		if isWhole {
			whole++
		}
	}
	return whole, true
}

// wordStartIndex: typed occurs in names at the start of a word.
func wordStartIndex(names, typed []byte) bool {
	for off := 0; off < len(names); {
		i := bytes.Index(names[off:], typed)
		if i < 0 {
			return false
		}
		at := off + i
		if at == 0 || names[at-1] == ' ' || names[at-1] == '\n' {
			return true
		}
		off = at + 1
	}
	return false
}

// better orders hits: typed accents matched first, then more whole words,
// then rank plus nearness, then shorter names, then tile order.
func (h *Hit) better(o *Hit) bool {
	if h.accent != o.accent {
		return h.accent
	}
	if h.words != o.words {
		return h.words > o.words
	}
	if a, b := h.score(), o.score(); a != b {
		return a > b
	}
	if h.nameLen != o.nameLen {
		return h.nameLen < o.nameLen
	}
	return h.rec < o.rec
}

// score mixes importance with nearness to the focus point: every doubling
// of the distance costs as much as 10 rank points.
func (h *Hit) score() float64 {
	s := float64(h.rank)
	if h.hasFocus {
		s -= 10 * math.Log2(1+h.distM/1000)
	}
	return s
}
