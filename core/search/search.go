package search

import (
	"context"
	"math"
	"sort"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/text"
)

// Source is what the engine reads: the size of a tile from the manifest
// (ok=false when the bundle has no such tile; no read happens), and a
// decoded search tile.
type Source interface {
	Size(key string) (int, bool)
	SearchTile(ctx context.Context, key string) (*place.SearchTile, error)
}

// Query is one autocomplete query.
type Query struct {
	Text string
	// Focus ranks nearer places higher; streets, addresses and POIs farther
	// than RadiusKm from it are left out (administrative units stay).
	Focus    *geo.LatLng
	RadiusKm float64 // 0: no radius
	Size     int     // results wanted (1..50)
}

// Hit is one ranked place.
type Hit struct {
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
func Search(ctx context.Context, src Source, req Query) ([]Hit, Stats, error) {
	if req.Focus != nil && !req.Focus.Valid() {
		req.Focus = nil
	}
	q := text.Analyze(req.Text)
	if len(q.Tokens) == 0 {
		return nil, Stats{}, nil
	}
	r := &run{src: src, q: &q, vs: q.Variants(), req: &req, size: max(req.Size, 1), read: map[string]bool{}, hit: map[string]bool{}}
	if err := r.readAll(ctx, plan(src, &q, r.vs, req.Focus)); err != nil {
		return nil, r.stats, err
	}
	if err := r.correct(ctx); err != nil {
		return nil, r.stats, err
	}
	res, err := results(r.top, r.size)
	return res, r.stats, err
}

// run is one query under way.
type run struct {
	src   Source
	q     *text.Query
	vs    []text.Variant
	req   *Query
	size  int
	stats Stats
	read  map[string]bool // tiles read
	hit   map[string]bool // tokens found as word prefixes in a tile
	top   []candidate
}

// budgetLeft: tiles and bytes this query may still read.
func (r *run) budgetLeft() (int, int) { return MaxTiles - r.stats.Tiles, MaxBytes - r.stats.Bytes }

// tile reads one index tile within the budget (nil when over it or absent).
func (r *run) tile(ctx context.Context, ref shardRef) (*place.SearchTile, error) {
	tl, bl := r.budgetLeft()
	if r.read[ref.key] || tl < 1 || ref.size > bl {
		return nil, nil
	}
	st, err := r.src.SearchTile(ctx, ref.key) // listed in the manifest: any error is the request's
	if err != nil {
		return nil, err
	}
	r.read[ref.key] = true
	r.stats.Tiles++
	r.stats.Bytes += ref.size
	r.stats.Keys = append(r.stats.Keys, ref.key)
	return st, nil
}

// readAll reads the tiles and scores their candidates.
func (r *run) readAll(ctx context.Context, refs []shardRef) error {
	for _, ref := range refs {
		st, err := r.tile(ctx, ref)
		if err != nil {
			return err
		}
		if st == nil {
			continue
		}
		for _, rec := range candidates(st, r.q, r.vs, r.hit) {
			if c, ok := score(st, rec, r.q, r.vs, r.req); ok {
				r.top = insertTop(r.top, c, 3*r.size+4)
			}
		}
	}
	return nil
}

// maxCorrections bounds the corrections tried per mistyped word.
const maxCorrections = 2

// correct handles words found nowhere (typos): it reads the tile of the
// word's first two letters, takes the tokens there within the word's typo
// budget as corrections, and reads the shards the corrected readings plan,
// within what is left of the budget. Scoring still matches the typed
// words (as typos), so a correction only chooses tiles.
func (r *run) correct(ctx context.Context) error {
	v0 := r.vs[0]
	var fixes []text.Variant
	for i, t := range v0.Tokens {
		if r.hit[t] || len(t) < 4 || isNumber(t) || place.IsGeneric(t) {
			continue
		}
		last := r.q.Prefix && i == len(v0.Tokens)-1
		fixed, err := r.corrections(ctx, t, last)
		if err != nil {
			return err
		}
		for _, c := range fixed {
			v := text.Variant{Tokens: append([]string(nil), v0.Tokens...), Owner: v0.Owner, Kind: text.Detyped}
			v.Tokens[i] = c
			fixes = append(fixes, v)
		}
	}
	if len(fixes) == 0 {
		return nil
	}
	return r.readAll(ctx, plan(r.src, r.q, fixes, r.req.Focus))
}

// corrections are the tokens within t's typo budget in the tile of t's
// first two letters, closest first, then most frequent.
func (r *run) corrections(ctx context.Context, t string, last bool) ([]string, error) {
	kt := place.KeyToken(t[:2])
	var ref shardRef
	for _, key := range []string{place.ShardKey(kt[:1]), place.ShardKey(kt), place.SummaryKey(kt)} {
		if sz, ok := r.src.Size(key); ok {
			ref = shardRef{key: key, size: sz}
			break
		}
	}
	if ref.key == "" {
		return nil, nil
	}
	st, err := r.tile(ctx, ref)
	if err != nil || st == nil {
		if err == nil && r.read[ref.key] {
			st, err = r.src.SearchTile(ctx, ref.key) // already read: decoded copy is cached
		}
		if err != nil || st == nil {
			return nil, err
		}
	}
	type fix struct {
		tok   string
		edits int
		freq  int
	}
	var fs []fix
	k := text.MaxEdits(len(t))
	for i := 0; i < st.TokenCount(); i++ {
		tok := string(st.Token(i))
		e := text.Edits(t, tok, k)
		if e > k && last {
			e = text.PrefixEdits(t, tok, k)
		}
		if e <= k && e > 0 {
			n := 0
			st.Postings(i, func(int) { n++ })
			fs = append(fs, fix{tok, e, n})
		}
	}
	sort.Slice(fs, func(a, b int) bool {
		if fs[a].edits != fs[b].edits {
			return fs[a].edits < fs[b].edits
		}
		if fs[a].freq != fs[b].freq {
			return fs[a].freq > fs[b].freq
		}
		return fs[a].tok < fs[b].tok
	})
	var out []string
	for _, f := range fs {
		if len(out) == maxCorrections {
			break
		}
		out = append(out, f.tok)
	}
	return out, nil
}

// candidates are the records of st with a word matching a token of some
// reading exactly as a prefix, or, for a token without any, within its
// typo budget. hit records the tokens found as prefixes.
func candidates(st *place.SearchTile, q *text.Query, vs []text.Variant, hit map[string]bool) []int {
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
			if len(hits) > 0 {
				hit[t] = true
			} else if v.Kind == text.AsTyped && text.MaxEdits(len(t)) > 0 && !isNumber(t) {
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
func score(st *place.SearchTile, rec int, q *text.Query, vs []text.Variant, req *Query) (candidate, bool) {
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
func results(top []candidate, size int) ([]Hit, error) {
	out := make([]Hit, 0, size)
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
		out = append(out, Hit{Place: p, Score: c.score, DistanceM: c.dist})
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
