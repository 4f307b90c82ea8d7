package search

import (
	"context"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/text"
)

// Source is what the engine reads: the size of a tile from the manifest
// (ok=false when the bundle has no such tile; no read happens), the
// manifest's keys in order, and a decoded search tile.
type Source interface {
	Size(key string) (int, bool)
	// Floor is the greatest key of the bundle below key (ok=false: none).
	Floor(key string) (string, bool)
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
	DistanceM float64    // from the focus; 0 without one
	Highlight *Highlight // marks the query's words in a label of the place
	// Partial: the place holds only some of the words (SearchPartial).
	Partial bool
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
	all   bool // matched every word of a reading
	// outside: matched only by a form whose administrative part the place
	// does not lie in; kept only when nothing else matched
	outside bool
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
	size := max(req.Size, 1)
	forms, err := queryForms(src, req.Text, &q)
	if err != nil {
		return nil, Stats{}, err
	}
	roots := Regions(src)
	if roots == nil {
		r, err := searchIn(ctx, src, &q, forms, &req, size)
		if err != nil {
			return nil, r.stats, err
		}
		res, err := results(r.top, r.size)
		return highlight(res, forms[0].vs, q.Prefix), r.stats, err
	}
	var top []candidate
	var stats Stats
	for _, root := range roots {
		r, err := searchIn(ctx, rooted{src, root}, &q, forms, &req, size)
		stats.Tiles += r.stats.Tiles
		stats.Bytes += r.stats.Bytes
		for _, k := range r.stats.Keys {
			stats.Keys = append(stats.Keys, root+strings.TrimPrefix(k, place.IndexPrefix))
		}
		if err != nil {
			return nil, stats, err
		}
		top = append(top, r.top...)
	}
	slices.SortStableFunc(top, func(a, b candidate) int { // best first, as insertTop keeps each region's
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
	res, err := results(top, size)
	return highlight(res, forms[0].vs, q.Prefix), stats, err
}

// highlight gives the hits the Highlight of the query's readings vs.
func highlight(res []Hit, vs []text.Variant, prefix bool) []Hit {
	hl := &Highlight{vs: vs, prefix: prefix}
	for i := range res {
		res[i].Highlight = hl
	}
	return res
}

// searchIn plans and reads the query in one index (a whole bundle's, or
// one region's) within the tile budget.
func searchIn(ctx context.Context, src Source, q *text.Query, forms []form, req *Query, size int) (*run, error) {
	r := &run{src: src, q: q, vs: forms[0].vs, forms: forms, req: req, size: size, read: map[string]bool{}, hit: map[string]bool{},
		found: map[string]bool{}, absent: map[string]bool{}, top: make([]candidate, 0, 3*size+5)}
	// the forms with an administrative part first: their words are the
	// whole text's but the part's, so their shards hold the answers of both
	var lead map[string]bool // the words of names answered by complete shards
	for fi := range forms {
		f := &forms[(fi+1)%len(forms)]
		for _, vi := range planOrder(f.vs) {
			if f.area == nil && vi == 0 {
				r.typed = len(r.readings)
			}
			ns := needs(src, f.q, f.vs[vi], req.Focus)
			if f.area != nil {
				lead = leadWords(lead, ns)
			} else {
				markLate(ns, lead)
			}
			r.addReading(ns)
		}
	}
	return r, r.readTiles(ctx)
}

// run is one query under way.
type run struct {
	src      Source
	q        *text.Query
	vs       []text.Variant // the whole text's readings (forms[0])
	forms    []form
	req      *Query
	size     int
	stats    Stats
	read     map[string]bool // tiles read
	hit      map[string]bool // tokens found as word prefixes in a tile
	found    map[string]bool // needs found in a complete shard of theirs
	absent   map[string]bool // needs whose complete shard holds none
	readings []reading       // in plan order; corrected readings appended
	typed    int             // the index in readings of the typed reading
	top      []candidate
	cands    []int    // candidates' scratch
	seen     []uint64 // candidates' scratch
}

// reading is one reading of the query (a variant, or a typo correction
// of the typed one) with what its words can be answered from.
type reading struct {
	needs []need
}

// addReading adds a reading to plan from; a word without shards is absent.
func (r *run) addReading(ns []need) {
	for _, n := range ns {
		if len(n.refs) == 0 {
			r.absent[n.tok] = true
		}
	}
	r.readings = append(r.readings, reading{needs: ns})
}

// resolved: a complete shard of one of the reading's resolving needs was
// read and holds it, so every answer of the reading was read.
func (r *run) resolved(rd *reading) bool {
	for _, n := range rd.needs {
		if n.resolving && r.found[n.tok] {
			return true
		}
	}
	return false
}

// dead: a complete shard of one of the reading's resolving needs holds
// none of it, so the reading has no answer without a typo (those come
// from the typed reading's corrections).
func (r *run) dead(rd *reading) bool {
	for _, n := range rd.needs {
		if n.resolving && r.absent[n.tok] {
			return true
		}
	}
	return false
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

// pick is the next tile to read: over the readings not yet resolved, the
// live ones before the dead, the best tier first; within it a resolving
// need before others, a word typed right before a likely typo, the
// earlier reading, the smaller tile. ok=false when nothing left fits the
// budget.
func (r *run) pick() (best shardRef, of need, ok bool) {
	tl, bl := r.budgetLeft()
	if tl < 1 {
		return best, of, false
	}
	type rankKey struct {
		dead, late    bool
		tier          tier
		other, weak   bool
		reading, size int
	}
	less := func(a, b rankKey) bool {
		switch {
		case a.dead != b.dead:
			return !a.dead
		case a.late != b.late:
			return !a.late
		case a.tier != b.tier:
			return a.tier < b.tier
		case a.other != b.other:
			return !a.other
		case a.weak != b.weak:
			return !a.weak
		case a.reading != b.reading:
			return a.reading < b.reading
		}
		return a.size < b.size
	}
	var bk rankKey
	for ri := range r.readings {
		rd := &r.readings[ri]
		if r.resolved(rd) {
			continue
		}
		dead := r.dead(rd)
		for _, n := range rd.needs {
			if r.absent[n.tok] {
				continue
			}
			for _, ref := range n.refs {
				if r.read[ref.key] || ref.size > bl {
					continue
				}
				k := rankKey{dead, n.late, ref.tier, !n.resolving, n.weak, ri, ref.size}
				if !ok || less(k, bk) {
					best, of, bk, ok = ref, n, k, true
				}
			}
		}
	}
	return best, of, ok
}

// readTiles reads tiles one at a time, each chosen by what the ones
// before held (pick), until every reading is resolved or the budget is
// spent; before the first summary, words found nowhere get their typo
// corrections (correct).
func (r *run) readTiles(ctx context.Context) error {
	corrected := false
	for {
		ref, n, ok := r.pick()
		if !ok && corrected {
			return nil
		}
		if (!ok || ref.tier >= tierWhole) && !corrected {
			corrected = true
			if err := r.correct(ctx); err != nil {
				return err
			}
			continue
		}
		st, err := r.tile(ctx, ref)
		if err != nil {
			return err
		}
		if st == nil {
			return nil
		}
		took, err := r.score(st)
		if err != nil {
			return err
		}
		if ref.complete() {
			r.note(st, n, took)
		}
	}
}

// note records whether a complete shard of need n holds it (its word, both
// words of a pair, as typed; the one being typed as a prefix) and gave
// answers matching every word (took): then every answer without
// a typo was read.
func (r *run) note(st *place.SearchTile, n need, took bool) {
	a, b, pair := strings.Cut(n.tok, " ")
	if took && (pair && st.Has(a, false) && st.Has(b, n.prefix) || !pair && st.Has(a, n.prefix)) {
		r.found[n.tok] = true
	} else {
		r.absent[n.tok] = true
	}
}

// score scores the candidates of a tile read and says whether one matched
// every word of a reading (within the radius).
func (r *run) score(st *place.SearchTile) (took bool, err error) {
	k := 3*r.size + 4
	for _, rec := range candidates(st, r.forms, r.hit, &r.cands, &r.seen) {
		floor := math.Inf(-1) // a full top's last score: no lower candidate gets in
		if len(r.top) >= k {
			floor = r.top[k-1].score
		}
		c, ok, err := score(st, rec, r.forms, r.req, floor, !took)
		if err != nil {
			return took, err
		}
		if ok {
			r.top = insertTop(r.top, c, k)
			took = took || c.all
		}
	}
	return took, nil
}

// maxCorrections bounds the corrections tried per mistyped word.
const maxCorrections = 4

// correct handles words known absent (typos: their complete shard does not
// hold them, or no word starts with them) while the typed reading is not
// resolved: it takes the words of the lexicon of the word's first
// letter within its typo budget as corrections, and adds the readings
// with them to plan from. Scoring still matches the typed words (as
// typos), so a correction only chooses tiles. A word a Telex/VNI reading
// rewrote is left to that reading.
func (r *run) correct(ctx context.Context) error {
	v0 := r.vs[0]
	if r.resolved(&r.readings[r.typed]) {
		return nil
	}
	for i, t := range v0.Tokens {
		if !r.absent[t] || len(t) < 3 || !required(t) || r.detyped(i) {
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
			r.addReading(needs(r.src, r.q, v, r.req.Focus))
		}
	}
	return nil
}

// detyped: a Telex/VNI reading rewrote typed token i into a word not known
// absent.
func (r *run) detyped(i int) bool {
	for _, v := range r.vs {
		if v.Kind == text.Detyped && len(v.Tokens) == len(r.vs[0].Tokens) && v.Tokens[i] != r.vs[0].Tokens[i] && !r.absent[v.Tokens[i]] {
			return true
		}
	}
	return false
}

// corrections are the words of the lexicon of t's first letter (FORMAT.md
// §2; in a bundle without lexicons, the tile of t's first two letters)
// within t's typo budget, closest first, then those of most places.
func (r *run) corrections(ctx context.Context, t string, last bool) ([]string, error) {
	st, err := r.lexicon(ctx, t)
	if err != nil || st == nil {
		return nil, err
	}
	type fix struct {
		tok   string
		edits int
		freq  int
	}
	var fs []fix
	for i := 0; i < st.TokenCount(); i++ {
		tok := st.Token(i)
		e, ok := wholeTypo(t, tok)
		if !ok && last {
			e, ok = prefixTypo(t, tok)
		}
		if ok && e > 0 {
			n := st.Count(i)
			if n == 0 {
				st.Postings(i, func(int) { n++ })
			}
			fs = append(fs, fix{string(tok), e, n})
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

// lexicon reads the tile the corrections of t come from: the lexicon of
// its first letter, else (an older bundle) the tile of its first two
// letters, whose records are scored too. nil when over the budget.
func (r *run) lexicon(ctx context.Context, t string) (*place.SearchTile, error) {
	ref, lex := shardRef{key: place.LexiconKey(place.KeyToken(t[:1])[0])}, true
	if sz, ok := r.src.Size(ref.key); ok {
		ref.size = sz
	} else if refs := treeShards(r.src, t[:2], false, nil); len(refs) > 0 {
		ref, lex = refs[0], false
	} else {
		return nil, nil
	}
	if r.read[ref.key] {
		return r.src.SearchTile(ctx, ref.key) // read before: its decoded copy is cached
	}
	st, err := r.tile(ctx, ref)
	if st != nil && !lex {
		if _, err := r.score(st); err != nil {
			return nil, err
		}
	}
	return st, err
}

// candidates are the records of st with a word matching a token of some
// reading exactly as a prefix, or, for a token without any, within its
// typo budget. hit records the tokens found as prefixes.
func candidates(st *place.SearchTile, forms []form, hit map[string]bool, buf *[]int, bits *[]uint64) []int {
	n := (st.Len() + 63) / 64
	if cap(*bits) < n {
		*bits = make([]uint64, n)
	}
	seen := (*bits)[:n]
	clear(seen)
	out := (*buf)[:0]
	defer func() { *buf = out }()
	add := func(r int) {
		if seen[r/64]&(1<<(r%64)) == 0 {
			seen[r/64] |= 1 << (r % 64)
			out = append(out, r)
		}
	}
	done := map[string]bool{}
	for _, f := range forms {
		for _, v := range f.vs {
			for i, t := range v.Tokens {
				if done[t] {
					continue
				}
				done[t] = true
				if st.EachPrefix(t, maxPostings, add) > 0 {
					hit[t] = true
				} else if v.Kind == text.AsTyped && len(t) >= 3 && !isNumber(t) {
					fuzzyTokens(st, t, f.q.Prefix && i == len(v.Tokens)-1, add)
				}
			}
		}
	}
	return out
}

// fuzzyTokens adds the records of the tile's tokens within t's typo budget.
func fuzzyTokens(st *place.SearchTile, t string, prefix bool, add func(int)) {
	for i := 0; i < st.TokenCount(); i++ {
		tok := st.Token(i)
		if _, ok := wholeTypo(t, tok); ok {
			st.Postings(i, add)
		} else if prefix {
			if _, ok := prefixTypo(t, tok); ok {
				st.Postings(i, add)
			}
		}
	}
}

// score rates record rec for the query; ok=false when it does not match
// or lies outside the radius, or when it could not enter the full top
// whose last score is floor and its ok is not needed (count: the caller
// counts a match of every word, and this is one). A distance only lowers
// a score, so such a record is dropped on its score before the distance,
// or on a cheap bound of the distance's cost (distanceCostBelow) before
// the distance itself.
func score(st *place.SearchTile, rec int, forms []form, req *Query, floor float64, count bool) (candidate, bool, error) {
	c := candidate{st: st, rec: rec}
	s, ok, err := formsScore(st, rec, forms, &c)
	if !ok || err != nil {
		return candidate{}, false, err
	}
	s += rankWeight * float64(st.Rank(rec))
	if st.Kind(rec) == place.KindStreet && leadingNumberAbsent(forms, st.Folded(rec)) {
		s += costOptional // "30 hang bac": the number is a house on the street, not a word it lacks
	}
	prune := pruneOutOfTop && !(count && c.all)
	if prune && s <= floor {
		return candidate{}, false, nil
	}
	if req.Focus != nil {
		lat, lng := st.LatLngE7(rec)
		p := geo.PointE7(lat, lng)
		if prune && s-distanceCostBelow(*req.Focus, p) <= floor-1e-9 {
			return candidate{}, false, nil
		}
		c.dist = geo.DistanceM(*req.Focus, p)
		if req.RadiusKm > 0 && c.dist > req.RadiusKm*1000 && st.Kind(rec) != place.KindAdmin {
			return candidate{}, false, nil
		}
		s -= distanceWeight * math.Log2(1+c.dist/1000)
	}
	c.score = s
	return c, true, nil
}

// leadingNumberAbsent: the text starts with a number (a house number) that
// the folded name does not hold as a word.
func leadingNumberAbsent(forms []form, name []byte) bool {
	toks := forms[0].q.Tokens
	if len(toks) < 2 || !isNumber(toks[0]) {
		return false
	}
	n := toks[0]
	for i := 0; i+len(n) <= len(name); i++ {
		if string(name[i:i+len(n)]) == n && (i == 0 || name[i-1] == ' ') && (i+len(n) == len(name) || name[i+len(n)] == ' ') {
			return false
		}
	}
	return true
}

// pruneOutOfTop lets score drop the records the top would refuse (off in
// TestPruneSameAnswers, which compares the answers both ways).
var pruneOutOfTop = true

// distanceCostBelow is a lower bound of what the distance from a to b
// takes off a score (distanceWeight × log2(1 + km)), cheap to compute:
// the distance is at least the meridian arc between their latitudes, and
// log2 y ≥ e + 2f − 2 for y = f·2^e, f in [0.5, 1) (the chord under the
// concave log2 between 0.5 and 1). The caller keeps a margin for rounding.
func distanceCostBelow(a, b geo.LatLng) float64 {
	km := geo.EarthRadiusM * math.Abs(b.Lat-a.Lat) * (math.Pi / 180) / 1000
	f, e := math.Frexp(1 + km)
	return distanceWeight * (float64(e) + 2*f - 2)
}

// formsScore is the best text score of record rec over the query's forms
// (a form with an administrative part adds its points when the place lies
// in it, and marks c outside when it does not); it sets c.all and
// c.outside.
func formsScore(st *place.SearchTile, rec int, forms []form, c *candidate) (best float64, found bool, err error) {
	cs := codes{st: st, rec: rec}
	for fi := range forms {
		f := &forms[fi]
		s, ok, all := bestNameScore(st.Folded(rec), f.vs, f.q.Prefix)
		if !ok {
			continue
		}
		if f.q.Accented {
			s += accentPoints * float64(accentMatches(f.q, st.Lower(rec)))
		}
		outside := false
		if f.area != nil {
			ac, err := cs.get()
			if err != nil {
				return 0, false, err
			}
			if outside = !f.area.contains(ac); outside {
				s -= f.area.points()
			} else {
				s += f.area.points()
			}
		}
		c.all = c.all || all && !outside // a place outside the area answers no reading in full
		if !found || betterForm(s, outside, best, c.outside) {
			best, found, c.outside = s, true, outside
		}
	}
	return best, found, nil
}

// betterForm: a form's score s (outside its area or not) beats the best so
// far; a match inside (or without) an area beats one outside.
func betterForm(s float64, outside bool, best float64, bestOutside bool) bool {
	if outside != bestOutside {
		return !outside
	}
	return s > best
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
// several tiles and the places outside the area a query names when any
// other matched, and keeps size of them; equal scores go by id.
func results(top []candidate, size int) ([]Hit, error) {
	out := make([]Hit, 0, size)
	seen := map[string]bool{}
	inside := false
	for _, c := range top {
		inside = inside || !c.outside
	}
	for _, c := range top { // best first: past size places, only ties matter
		if len(out) >= size && c.score < out[len(out)-1].Score {
			break
		}
		if inside && c.outside {
			continue
		}
		p, err := c.st.Place(c.rec)
		if err != nil {
			return nil, err
		}
		if seen[p.ID] || duplicate(out, &p) {
			continue
		}
		seen[p.ID] = true
		out = append(out, Hit{Place: p, Score: c.score, DistanceM: c.dist})
	}
	// not sort.SliceStable (its reflective swapper allocates); the same
	// stable algorithm, and "a before b" exactly when the old less said so
	slices.SortStableFunc(out, func(a, b Hit) int {
		if a.Score > b.Score || a.Score == b.Score && a.Place.ID < b.Place.ID {
			return -1
		}
		return 1
	})
	if len(out) > size {
		out = out[:size]
	}
	return out, nil
}

// duplicateM is how near two places with the same description are taken
// for one: two address points of the same number on the same street, a
// street mapped twice.
const duplicateM = 250

// duplicate: a place already in out has p's layer, categories, name and
// administrative units (so an answer describes and types both alike) and
// lies within duplicateM. A unit of the new structure and its namesake of
// the old one differ by category.
func duplicate(out []Hit, p *place.Place) bool {
	for i := range out {
		o := &out[i].Place
		if o.Layer == p.Layer && o.Name == p.Name && slices.Equal(o.Category, p.Category) && slices.Equal(o.Admin, p.Admin) &&
			geo.DistanceM(o.Point(), p.Point()) <= duplicateM {
			return true
		}
	}
	return false
}
