package search

import (
	"context"
	"errors"
	"math"
	"sort"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/text"
	"github.com/bando-vn/bando/core/tile"
)

// Source is what the engine reads: the size of a tile from the manifest
// (ok=false when the bundle has no such tile; no read happens), and a
// decoded search tile.
type Source interface {
	Size(key string) (int, bool)
	SearchTile(ctx context.Context, key string) (*place.SearchTile, error)
}

// Request is one autocomplete query.
type Request struct {
	Text string
	// Focus ranks nearer places higher; streets, addresses and POIs farther
	// than RadiusKm from it are left out (administrative units stay).
	Focus    *geo.LatLng
	RadiusKm float64 // 0: no radius
	Size     int     // results wanted (1..50)
}

// Result is one ranked place.
type Result struct {
	Place     place.Place
	Score     float64
	DistanceM float64 // from the focus; 0 without one
}

// Stats say what a query read.
type Stats struct {
	Tiles int      // index tiles planned and read
	Bytes int      // their total size
	Keys  []string // their keys
}

// Weights of importance and distance in the score (text points: match.go).
const (
	rankWeight     = 0.15 // per rank point (ranks run 5..60)
	distanceWeight = 3.0  // per doubling of (1 + distance in km)
)

// maxPostings bounds the candidates one token brings from one tile.
const maxPostings = 3000

// candidate is a scored record of a tile.
type candidate struct {
	st    *place.SearchTile
	rec   int
	score float64
	dist  float64
}

// Search answers an autocomplete query from the search index.
func Search(ctx context.Context, src Source, req Request) ([]Result, Stats, error) {
	var stats Stats
	q := text.Analyze(req.Text)
	if len(q.Tokens) == 0 {
		return nil, stats, nil
	}
	vs := q.Variants()
	refs := plan(src, &q, vs, req.Focus)
	size := max(req.Size, 1)
	var top []candidate
	for _, r := range refs {
		st, err := src.SearchTile(ctx, r.key)
		if errors.Is(err, tile.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, stats, err
		}
		stats.Tiles++
		stats.Bytes += r.size
		stats.Keys = append(stats.Keys, r.key)
		for _, rec := range candidates(st, &q, vs) {
			c, ok := score(st, rec, &q, vs, &req)
			if ok {
				top = insertTop(top, c, 3*size+4)
			}
		}
	}
	res, err := results(top, size)
	return res, stats, err
}

// candidates are the records of st with a word matching a token of some
// reading exactly as a prefix, or, for a token without any, within its
// typo budget.
func candidates(st *place.SearchTile, q *text.Query, vs []text.Variant) []int {
	seen := make([]uint64, (st.Len()+63)/64)
	var out []int
	add := func(r int) {
		if seen[r/64]&(1<<(r%64)) == 0 {
			seen[r/64] |= 1 << (r % 64)
			out = append(out, r)
		}
	}
	done := map[string]bool{}
	for _, v := range vs {
		for i, t := range v.Tokens {
			if done[t] {
				continue
			}
			done[t] = true
			hits := st.Prefix(t, maxPostings)
			for _, r := range hits {
				add(r)
			}
			if len(hits) == 0 && v.Kind == text.AsTyped && text.MaxEdits(len(t)) > 0 && !isNumber(t) {
				fuzzyTokens(st, t, q.Prefix && i == len(v.Tokens)-1, add)
			}
		}
	}
	return out
}

// fuzzyTokens adds the records of the tile's tokens within t's typo budget.
func fuzzyTokens(st *place.SearchTile, t string, prefix bool, add func(int)) {
	k := text.MaxEdits(len(t))
	for i := 0; i < st.TokenCount(); i++ {
		tok := string(st.Token(i))
		e := text.Edits(t, tok, k)
		if e > k && prefix {
			e = text.PrefixEdits(t, tok, k)
		}
		if e <= k {
			st.Postings(i, add)
		}
	}
}

// score rates record rec for the query; ok=false when it does not match
// or lies outside the radius.
func score(st *place.SearchTile, rec int, q *text.Query, vs []text.Variant, req *Request) (candidate, bool) {
	s, ok := bestNameScore(st.Folded(rec), vs, q.Prefix)
	if !ok {
		return candidate{}, false
	}
	if q.Accented {
		s += accentPoints * float64(accentMatches(q, st.Lower(rec)))
	}
	s += rankWeight * float64(st.Rank(rec))
	c := candidate{st: st, rec: rec}
	if req.Focus != nil {
		lat, lng := st.LatLngE7(rec)
		c.dist = geo.DistanceM(*req.Focus, geo.PointE7(lat, lng))
		if req.RadiusKm > 0 && c.dist > req.RadiusKm*1000 && st.Kind(rec) != place.KindAdmin {
			return candidate{}, false
		}
		s -= distanceWeight * math.Log2(1+c.dist/1000)
	}
	c.score = s
	return c, true
}

// insertTop keeps the best k candidates, best first.
func insertTop(top []candidate, c candidate, k int) []candidate {
	i := sort.Search(len(top), func(i int) bool { return top[i].score < c.score })
	if i >= k {
		return top
	}
	top = append(top, candidate{})
	copy(top[i+1:], top[i:])
	top[i] = c
	if len(top) > k {
		top = top[:k]
	}
	return top
}

// results decodes the winners, drops the copies of a place found in
// several tiles, and keeps size of them; equal scores go by id.
func results(top []candidate, size int) ([]Result, error) {
	out := make([]Result, 0, size)
	seen := map[string]bool{}
	for _, c := range top {
		p, err := c.st.Place(c.rec)
		if err != nil {
			return nil, err
		}
		if seen[p.ID] {
			continue
		}
		seen[p.ID] = true
		out = append(out, Result{Place: p, Score: c.score, DistanceM: c.dist})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].Place.ID < out[j].Place.ID
	})
	if len(out) > size {
		out = out[:size]
	}
	return out, nil
}
