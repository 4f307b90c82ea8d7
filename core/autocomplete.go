package core

import (
	"context"
	"errors"
	"math"
	"sort"
	"strings"

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

// hit is a candidate place with its score.
type hit struct {
	p        place.Place
	accent   bool    // the typed text (with its accents) starts a word of the name
	words    int     // query tokens that equal a whole name word
	distM    float64 // from the focus point, or 0
	hasFocus bool
}

// searchPlaces runs the prefix search of the search layer: every query
// token must start a distinct word of the name.
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
	typed := text.Lower(q.text)
	var hits []hit
	for _, ri := range st.Prefix(primary, 5000) {
		p, err := st.Place(ri)
		if err != nil {
			return nil, err
		}
		h, ok := matchPlace(&p, toks, typed)
		if !ok {
			continue
		}
		if q.focus != nil {
			h.hasFocus = true
			h.distM = distanceM(*q.focus, LatLng{p.LatF(), p.LngF()})
			if h.distM > q.radiusKm*1000 && p.Layer == "venue" {
				continue
			}
		}
		hits = append(hits, h)
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].better(&hits[j]) })
	return hits, nil
}

// matchPlace matches the query against each name of the place and keeps
// the best.
func matchPlace(p *place.Place, toks []string, typed string) (hit, bool) {
	best, found := hit{p: *p}, false
	for _, name := range p.Names() {
		words, ok := matchTokens(text.Tokens(name), toks)
		if !ok {
			continue
		}
		h := hit{p: *p, words: words, accent: accentMatch(name, typed)}
		if !found || h.better(&best) {
			best, found = h, true
		}
	}
	return best, found
}

// matchTokens reports whether every query token starts a distinct name
// word, and how many equal a whole word.
func matchTokens(name, query []string) (whole int, ok bool) {
	used := make([]bool, len(name))
	for _, qt := range query {
		found := -1
		for i, nt := range name {
			if !used[i] && strings.HasPrefix(nt, qt) && (found < 0 || nt == qt) {
				found = i
				if nt == qt {
					break
				}
			}
		}
		if found < 0 {
			return 0, false
		}
		used[found] = true
		if name[found] == qt {
			whole++
		}
	}
	return whole, true
}

// accentMatch: the typed text, accents included, starts a word of the name.
func accentMatch(name, typedLower string) bool {
	n := text.Lower(name)
	for i := 0; ; {
		j := strings.Index(n[i:], typedLower)
		if j < 0 {
			return false
		}
		at := i + j
		if at == 0 || n[at-1] == ' ' {
			return true
		}
		i = at + 1
		if i >= len(n) {
			return false
		}
	}
}

// better orders hits: accent-exact first, then more whole words, then rank
// plus nearness, then shorter names, then id.
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
	if len(h.p.Name) != len(o.p.Name) {
		return len(h.p.Name) < len(o.p.Name)
	}
	return h.p.ID < o.p.ID
}

// score mixes importance with nearness to the focus point: every halving
// of the distance is worth as much as 10 rank points.
func (h *hit) score() float64 {
	s := float64(h.p.Rank)
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
	if len(hits) > q.size {
		hits = hits[:q.size]
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
