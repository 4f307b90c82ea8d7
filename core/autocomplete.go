package core

import (
	"bytes"
	"context"
	"errors"
	"math"

	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/text"
	"github.com/bando-vn/bando/core/tile"
)

// autocompleteShape: Google when `input` is present, else Pelias (API.md
// §3.1). A request with neither gets the Pelias-shape 400, since `text` is
// the parameter it most likely forgot.
func autocompleteShape(p params) Shape {
	if p.has("input") {
		return ShapeGoogle
	}
	return ShapePelias
}

// acQuery is a validated autocomplete request.
type acQuery struct {
	text     string
	focus    *LatLng // ranks nearer places higher; radius applies from it
	radiusKm float64
	origin   *LatLng // Google: fills distance_meters
	size     int
	common
}

func parseAutocomplete(p params) (acQuery, error) {
	var q acQuery
	var err error
	if q.common, err = p.common(); err != nil {
		return q, err
	}
	if q.size, err = p.size(5); err != nil {
		return q, err
	}
	if autocompleteShape(p) == ShapeGoogle {
		return parseAutocompleteGoogle(p, q)
	}
	if q.text, err = p.text("text"); err != nil {
		return q, err
	}
	if ll, ok, err := p.latLon("boundary.circle"); err != nil {
		return q, err
	} else if ok {
		q.focus = &ll
	}
	q.radiusKm, err = p.radiusKm("boundary.circle.radius", 50)
	return q, err
}

func parseAutocompleteGoogle(p params, q acQuery) (acQuery, error) {
	var err error
	if q.text, err = p.text("input"); err != nil {
		return q, err
	}
	if ll, ok, err := p.latLng("location"); err != nil {
		return q, err
	} else if ok {
		q.focus = &ll
	}
	if ll, ok, err := p.latLng("origin"); err != nil {
		return q, err
	} else if ok {
		q.origin = &ll
	}
	q.radiusKm, err = p.radiusKm("radius", 50)
	return q, err
}

// hit is a candidate record of a search tile with what ranks it.
type hit struct {
	rec      int     // record index in the search tile
	accent   bool    // typed accents match a word start of a name exactly
	words    int     // query tokens that equal a whole name word
	rank     int     // the place's importance
	nameLen  int     // length of the matched (folded) name
	distM    float64 // from the focus point, or 0
	hasFocus bool
	p        place.Place // decoded only for the results
}

// maxCandidates bounds the records one query scores (postings are ordered
// by rank, so the cut keeps the most important places of each token).
const maxCandidates = 1500

// searchPlaces runs the prefix search of the search layer: every query
// token must start a distinct word of one of the place's names. Only the
// packed columns of the tile are read while scoring; the winners' records
// are decoded at the end.
func (e *Engine) searchPlaces(ctx context.Context, q acQuery) ([]hit, error) {
	toks := text.Tokens(q.text)
	if len(toks) == 0 {
		return nil, nil
	}
	primary := toks[0]
	for _, t := range toks[1:] {
		if len(t) > len(primary) {
			primary = t // the longest token narrows the candidates most
		}
	}
	st, err := decodedTile(ctx, e, place.SearchKey(primary), place.DecodeSearchTile)
	if errors.Is(err, tile.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	typed := []byte(text.Lower(q.text))
	accented := hasNonASCII(typed)
	top := make([]hit, 0, q.size+1)
	for _, r := range st.Prefix(primary, maxCandidates) {
		words, nameLen, ok := matchNames(st.Folded(r), toks)
		if !ok {
			continue
		}
		h := hit{rec: r, words: words, nameLen: nameLen, rank: st.Rank(r)}
		if accented {
			h.accent = wordStartIndex(st.Lower(r), typed)
		}
		if q.focus != nil {
			lat, lng := st.LatLngE7(r)
			h.hasFocus = true
			h.distM = distanceM(*q.focus, LatLng{float64(lat) / 1e7, float64(lng) / 1e7})
			if h.distM > q.radiusKm*1000 && st.IsVenue(r) {
				continue
			}
		}
		top = insertTop(top, h, q.size)
	}
	for i := range top {
		if top[i].p, err = st.Place(top[i].rec); err != nil {
			return nil, err
		}
	}
	return top, nil
}

// insertTop keeps the best k hits in order.
func insertTop(top []hit, h hit, k int) []hit {
	i := len(top)
	for i > 0 && h.better(&top[i-1]) {
		i--
	}
	if i >= k {
		return top
	}
	top = append(top, hit{})
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
func (h *hit) better(o *hit) bool {
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
func (h *hit) score() float64 {
	s := float64(h.rank)
	if h.hasFocus {
		s -= 10 * math.Log2(1+h.distM/1000)
	}
	return s
}

func serveAutocomplete(ctx context.Context, e *Engine, p params, _ *Request) (any, error) {
	q, err := parseAutocomplete(p)
	if err != nil {
		return nil, err
	}
	hits, err := e.searchPlaces(ctx, q)
	if err != nil {
		return nil, err
	}
	if autocompleteShape(p) == ShapeGoogle {
		return e.googlePredictions(ctx, q, hits)
	}
	fs := make([]Feature, len(hits))
	for i := range hits {
		if fs[i], err = e.feature(ctx, &hits[i].p, q.focus, q.adminV2); err != nil {
			return nil, err
		}
	}
	return collection(fs), nil
}
