package place

import (
	"slices"
	"sort"
	"strings"

	"github.com/bando-vn/bando/core/text"
	"github.com/vmihailenco/msgpack/v5"
)

// IndexPrefix is the key prefix of the sharded search index (FORMAT.md).
const IndexPrefix = "sx/"

// ShardBudget is the most bytes (estimated before encoding) a shard of the
// index may hold; four shards stay under 256 KB.
const ShardBudget = 56 << 10

// Quad grid of area shards: a square of quadSpan degrees from
// (quadLat0, quadLng0) halved quadLevels times at most.
const (
	quadLat0, quadLng0 = 4.0, 100.0
	quadSpan           = 24.0
	quadLevels         = 14
)

// KeyToken maps a folded token to its key form: bytes outside [a-z0-9]
// become '_'.
func KeyToken(tok string) string {
	b := []byte(tok)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			b[i] = '_'
		}
	}
	return string(b)
}

// Index keys (FORMAT.md §Keys) for the key form p of a token prefix, w of
// a whole word (or a pair of words, PairWord). Key forms never hold '-',
// so the suffixes cannot collide with a token.
func ShardKey(p string) string       { return IndexPrefix + p }         // every token starting with p
func SummaryKey(p string) string     { return IndexPrefix + p + "-s" }  // the most important of them
func WordKey(w string) string        { return IndexPrefix + w + "-w" }  // every place with the word w
func WordSummaryKey(w string) string { return IndexPrefix + w + "-ws" } // the most important of them
func AreaKey(w, quad string) string  { return IndexPrefix + w + "-w/" + quad }
func LexiconKey(c byte) string       { return IndexPrefix + string(c) + "-t" } // the words starting with c

// QuadPath returns the quad digits ('0'..'3') of the cell holding (lat,
// lng) at each level 1..quadLevels; "" outside the grid.
func QuadPath(lat, lng float64) string {
	if !(lat >= quadLat0 && lat < quadLat0+quadSpan && lng >= quadLng0 && lng < quadLng0+quadSpan) {
		return ""
	}
	var b [quadLevels]byte
	y0, x0, span := quadLat0, quadLng0, quadSpan
	for l := 0; l < quadLevels; l++ {
		span /= 2
		d := byte('0')
		if lat >= y0+span {
			d += 2
			y0 += span
		}
		if lng >= x0+span {
			d++
			x0 += span
		}
		b[l] = d
	}
	return string(b[:])
}

// Generic words are not index keys of a place that has another word:
// unit, street and alley words. A query made only of them is answered
// from summaries (FORMAT.md §Keys).
var genericWords = map[string]bool{
	"pho": true, "duong": true, "ngo": true, "ngach": true, "hem": true, "kiet": true, "so": true,
	"quan": true, "huyen": true, "phuong": true, "xa": true, "thi": true, "tran": false, "thanh": false,
	"tinh": true, "khu": true, "to": true, "ap": true, "thon": true, "xom": true, "tp": true, "q": true, "p": true,
}

// IsGeneric reports whether a folded token is a generic word (above).
func IsGeneric(tok string) bool { return genericWords[tok] }

// PrefixOfGeneric reports whether some generic word starts with the
// folded prefix p ("duo", "phuon"): a word being typed may become one.
func PrefixOfGeneric(p string) bool {
	for g, ok := range genericWords {
		if ok && strings.HasPrefix(g, p) {
			return true
		}
	}
	return false
}

// keyTokens drops the generic words, unless nothing else is left.
func keyTokens(toks []string) []string {
	var out []string
	for _, t := range toks {
		if genericWords[t] {
			continue
		}
		out = append(out, t)
	}
	if len(out) == 0 {
		return toks
	}
	return out
}

// indexEntry is one place prepared for the index.
type indexEntry struct {
	place  Place
	tokens []string   // distinct folded tokens of all its names
	seqs   [][]string // per name, its key tokens in order (for pairs)
	size   int        // estimated bytes the place adds to a shard
	quad   string
}

// BuildIndex returns the sharded search index of places (FORMAT.md):
// a prefix tree of shards, each at most ShardBudget, with summaries of the
// most important places where a prefix is split, and area shards where a
// single word is too common for one shard.
func BuildIndex(places []Place) (map[string][]byte, error) {
	return BuildIndexWith(places, ShardBudget)
}

// BuildIndexWith is BuildIndex with another shard budget (tests use small
// ones to exercise every kind of split on little data).
func BuildIndexWith(places []Place, budget int) (map[string][]byte, error) {
	entries := make([]indexEntry, len(places))
	byTok := map[string][]int{}
	generic := map[string][]int{} // generic word → places that have it but not as a key
	for _, pi := range rankOrder(places) {
		p := places[pi]
		p.Tags = searchTags(p.Tags)
		rec, err := msgpack.Marshal(&p)
		if err != nil {
			return nil, err
		}
		folded, lower := indexNames(&p)
		toks := keyTokens(uniqueTokens(strings.Join(folded, " ")))
		seqs := make([][]string, len(folded))
		for i, f := range folded {
			seqs[i] = strings.Fields(f)
		}
		entries[pi] = indexEntry{place: p, tokens: toks, seqs: seqs, quad: QuadPath(p.LatF(), p.LngF()),
			size: len(rec) + len(strings.Join(folded, "\n")) + len(strings.Join(lower, "\n")) + 40 + 8*len(toks)}
		for _, t := range toks {
			byTok[t] = append(byTok[t], pi) // in rank order
		}
		for _, t := range uniqueTokens(strings.Join(folded, " ")) {
			if genericWords[t] && !slices.Contains(toks, t) {
				generic[t] = append(generic[t], pi)
			}
		}
	}
	b := &indexBuilder{entries: entries, byTok: byTok, out: map[string][]byte{}, places: make([]Place, len(entries)), budget: budget,
		generic: generic, order: make([]int, len(entries))}
	for i, pi := range rankOrder(places) {
		b.order[pi] = i
	}
	for i := range entries {
		b.places[i] = entries[i].place
	}
	toks := make([]string, 0, len(byTok))
	for t := range byTok {
		toks = append(toks, t)
	}
	sort.Strings(toks)
	groups := map[string][]string{}
	for _, t := range toks {
		k := KeyToken(t[:1])
		groups[k] = append(groups[k], t)
	}
	if err := b.children("", groups); err != nil {
		return nil, err
	}
	for _, g := range sortedKeys(generic) {
		// a generic word alone: its most important places only
		if _, done := b.out[WordSummaryKey(g)]; !done {
			if err := b.emit(WordSummaryKey(g), b.fit(generic[g]), []string{g}); err != nil {
				return nil, err
			}
		}
	}
	if err := b.pairs(); err != nil {
		return nil, err
	}
	if err := b.lexicons(generic); err != nil {
		return nil, err
	}
	return b.out, nil
}

// lexicons writes, per first letter, the words of the names starting with
// it (keys and generic words; not numbers) with the number of places
// having each: where a mistyped word's corrections come from.
func (b *indexBuilder) lexicons(generic map[string][]int) error {
	by := map[byte]map[string]int{}
	add := func(t string, n int) {
		if c := KeyToken(t[:1])[0]; c >= 'a' && c <= 'z' {
			if by[c] == nil {
				by[c] = map[string]int{}
			}
			by[c][t] = max(by[c][t], n)
		}
	}
	for t, pis := range b.byTok {
		add(t, len(pis))
	}
	for t, pis := range generic {
		add(t, len(pis)+len(b.byTok[t]))
	}
	for c := byte('a'); c <= 'z'; c++ {
		if by[c] == nil {
			continue
		}
		enc, err := encodeLexicon(by[c])
		if err != nil {
			return err
		}
		b.out[LexiconKey(c)] = enc
	}
	return nil
}

// PairWord is the pseudo-word of two adjacent common words (key forms):
// "ngoc" + "lam" → "ngoc-lam" (FORMAT.md §Pairs).
func PairWord(w1, w2 string) string { return w1 + "-" + w2 }

// PairKey is the key of the pair shard of first word w1 (key form) and
// second words starting with p ("" for all of them).
func PairKey(w1, p string) string {
	if p == "" {
		return IndexPrefix + w1 + "-p"
	}
	return IndexPrefix + w1 + "-p/" + p
}

// isPairWord: a word that takes part in pairs, being too common for a
// shard of its own (common) or not an index key at all (generic).
func isPairWord(k string, common map[string]bool) bool { return common[k] || genericWords[k] }

// namePairs calls fn for the pairs of a name's words (FORMAT.md §Pairs):
// adjacent words that are each pair words, not both generic; and a
// non-generic pair word with the next pair word after one or more generic
// words ("12 Phố Hàng Bạc" pairs "12" with "hang" too, so "12 hàng bạc"
// finds it).
func namePairs(seq []string, common map[string]bool, fn func(a, b string)) {
	ks := make([]string, len(seq))
	for i, w := range seq {
		ks[i] = KeyToken(w)
	}
	for i := 0; i+1 < len(ks); i++ {
		if !isPairWord(ks[i], common) {
			continue
		}
		if isPairWord(ks[i+1], common) && !(genericWords[ks[i]] && genericWords[ks[i+1]]) {
			fn(seq[i], seq[i+1])
		}
		if genericWords[ks[i]] || !genericWords[ks[i+1]] {
			continue
		}
		j := i + 1
		for j < len(ks) && genericWords[ks[j]] {
			j++
		}
		if j < len(ks) && isPairWord(ks[j], common) {
			fn(seq[i], seq[j])
		}
	}
}

// pairs writes the shards of pairs of words that are each common, generic
// or numbers (namePairs): a pair is selective where each word alone is
// not. Pairs are grouped by first word, then split by the prefix of the
// second word until each shard fits (FORMAT.md §Pairs).
func (b *indexBuilder) pairs() error {
	byKey := map[string][]string{} // key form → tokens
	for t := range b.byTok {
		k := KeyToken(t)
		byKey[k] = append(byKey[k], t)
	}
	common := map[string]bool{}
	for k, toks := range byKey {
		if b.size(b.placesOf(toks)) > b.budget {
			common[k] = true
		}
	}
	type pairSet struct {
		pis  map[string][]int    // second word (key form) → places by rank
		toks map[string][]string // second word → tokens of both words
	}
	first := map[string]*pairSet{}
	for _, pi := range rankOrder(b.places) {
		for _, seq := range b.entries[pi].seqs {
			namePairs(seq, common, func(w1, w2 string) {
				k1, k2 := KeyToken(w1), KeyToken(w2)
				ps := first[k1]
				if ps == nil {
					ps = &pairSet{pis: map[string][]int{}, toks: map[string][]string{}}
					first[k1] = ps
				}
				if l := ps.pis[k2]; len(l) == 0 || l[len(l)-1] != pi {
					ps.pis[k2] = append(l, pi)
				}
				ps.toks[k2] = appendNew(appendNew(ps.toks[k2], w1), w2)
			})
		}
	}
	for _, k1 := range sortedKeys(first) {
		ps := first[k1]
		if err := b.pairPrefix(k1, "", sortedKeys(ps.pis), ps.pis, ps.toks); err != nil {
			return err
		}
	}
	return nil
}

// pairPrefix writes the pair shards of first word k1 and the second words
// seconds (all starting with p).
func (b *indexBuilder) pairPrefix(k1, p string, seconds []string, pis map[string][]int, toks map[string][]string) error {
	var all []int
	var allToks []string
	seen := map[int]bool{}
	for _, k2 := range seconds {
		for _, pi := range pis[k2] {
			if !seen[pi] {
				seen[pi] = true
				all = append(all, pi)
			}
		}
		for _, t := range toks[k2] {
			allToks = appendNew(allToks, t)
		}
	}
	if b.size(all) <= b.budget {
		return b.emit(PairKey(k1, p), all, allToks)
	}
	next := map[string][]string{}
	for _, k2 := range seconds {
		if len(k2) == len(p) {
			// one pair too common for a shard: summary and area shards
			if err := b.wordPlaces(PairWord(k1, k2), toks[k2], pis[k2]); err != nil {
				return err
			}
			continue
		}
		c := k2[:len(p)+1]
		next[c] = append(next[c], k2)
	}
	var kids []kid
	for _, c := range sortedKeys(next) {
		k := kid{c: c[len(c)-1]}
		k.pis, k.toks = b.union(pairKids(next[c], pis, toks))
		kids = append(kids, k)
	}
	big, err := b.packKids(IndexPrefix+k1+"-p/"+p, kids)
	if err != nil {
		return err
	}
	for _, k := range big {
		c := p + string(k.c)
		if err := b.pairPrefix(k1, c, next[c], pis, toks); err != nil {
			return err
		}
	}
	return nil
}

// pairKids turns second words into kids for union.
func pairKids(seconds []string, pis map[string][]int, toks map[string][]string) []kid {
	out := make([]kid, len(seconds))
	for i, k2 := range seconds {
		out[i] = kid{pis: pis[k2], toks: toks[k2]}
	}
	return out
}

func appendNew(l []string, s string) []string {
	for _, x := range l {
		if x == s {
			return l
		}
	}
	return append(l, s)
}

type indexBuilder struct {
	entries []indexEntry
	places  []Place          // entries[i].place
	generic map[string][]int // generic word → places having it not as a key
	order   []int            // place index → position in rank order
	budget  int
	byTok   map[string][]int
	out     map[string][]byte
}

// placesOf returns the places of the tokens, each once, by rank.
func (b *indexBuilder) placesOf(toks []string) []int {
	seen := map[int]bool{}
	var out []int
	for _, t := range toks {
		for _, pi := range b.byTok[t] {
			if !seen[pi] {
				seen[pi] = true
				out = append(out, pi)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return rankLess(&b.entries[out[i]].place, &b.entries[out[j]].place) })
	return out
}

func rankLess(a, b *Place) bool {
	if a.Rank != b.Rank {
		return a.Rank > b.Rank
	}
	return a.ID < b.ID
}

func (b *indexBuilder) size(pis []int) int {
	n := 0
	for _, pi := range pis {
		n += b.entries[pi].size
	}
	return n
}

// prefix writes the shards of the tokens toks, which all start with the
// key form p (len(p) ≥ 1).
func (b *indexBuilder) prefix(p string, toks []string) error {
	pis := b.placesOf(toks)
	if b.size(pis) <= b.budget {
		return b.emit(ShardKey(p), pis, toks)
	}
	if err := b.emit(SummaryKey(p), b.fit(pis), toks); err != nil {
		return err
	}
	var exact []string
	next := map[string][]string{}
	for _, t := range toks {
		kt := KeyToken(t)
		if len(kt) == len(p) {
			exact = append(exact, t)
		} else {
			c := kt[:len(p)+1]
			next[c] = append(next[c], t)
		}
	}
	if len(exact) > 0 {
		if err := b.word(p, exact); err != nil {
			return err
		}
	}
	return b.children(p, next)
}

// children packs the children of prefix p (child prefix → tokens) and
// splits those too big for a tile.
func (b *indexBuilder) children(p string, next map[string][]string) error {
	var kids []kid
	for _, c := range sortedKeys(next) {
		kids = append(kids, kid{c: c[len(c)-1], pis: b.placesOf(next[c]), toks: next[c]})
	}
	big, err := b.packKids(IndexPrefix+p, kids)
	if err != nil {
		return err
	}
	for _, k := range big {
		if err := b.prefix(p+string(k.c), k.toks); err != nil {
			return err
		}
	}
	return nil
}

// kid is one child of a split node: its last key byte, its places (by
// rank) and its tokens.
type kid struct {
	c    byte
	pis  []int
	toks []string
}

// PackKey is the key of the tile holding the children c1..c2 of base
// (FORMAT.md §2 "runs"): base+c1 for one child, base+c1+"."+c2 for a run.
func PackKey(base string, c1, c2 byte) string {
	if c1 == c2 {
		return base + string(c1)
	}
	return base + string(c1) + "." + string(c2)
}

// RunCovers reports whether key, found as the greatest key below
// base+(c+1), is the tile of child c of base: base+c itself, or a run
// base+c1+"."+c2 with c1 ≤ c ≤ c2.
func RunCovers(key, base string, c byte) bool {
	if len(key) <= len(base) || key[:len(base)] != base {
		return false
	}
	rem := key[len(base):]
	switch {
	case len(rem) == 1:
		return rem[0] == c
	case len(rem) == 3 && rem[1] == '.':
		return rem[0] <= c && c <= rem[2]
	}
	return false
}

// packKids writes runs of consecutive children that fit one tile together
// at PackKey(base, first, last), and returns the children too big for a
// tile of their own (a run never spans one), for the caller to split.
func (b *indexBuilder) packKids(base string, kids []kid) ([]kid, error) {
	var big, run []kid
	flush := func() error {
		if len(run) == 0 {
			return nil
		}
		pis, toks := b.union(run)
		key := PackKey(base, run[0].c, run[len(run)-1].c)
		run = nil
		return b.emit(key, pis, toks)
	}
	for _, k := range kids {
		if b.size(k.pis) > b.budget {
			if err := flush(); err != nil {
				return nil, err
			}
			big = append(big, k)
			continue
		}
		if len(run) > 0 {
			if pis, _ := b.union(append(run[:len(run):len(run)], k)); b.size(pis) > b.budget {
				if err := flush(); err != nil {
					return nil, err
				}
			}
		}
		run = append(run, k)
	}
	return big, flush()
}

// union is the places (by rank, each once) and tokens of children.
func (b *indexBuilder) union(kids []kid) ([]int, []string) {
	seen := map[int]bool{}
	var pis []int
	var toks []string
	for _, k := range kids {
		for _, pi := range k.pis {
			if !seen[pi] {
				seen[pi] = true
				pis = append(pis, pi)
			}
		}
		for _, t := range k.toks {
			toks = appendNew(toks, t)
		}
	}
	sort.SliceStable(pis, func(i, j int) bool { return rankLess(&b.entries[pis[i]].place, &b.entries[pis[j]].place) })
	return pis, toks
}

// word writes the shards of the whole word w (its exact tokens): one shard,
// or a summary plus area shards by quad cell.
func (b *indexBuilder) word(w string, toks []string) error {
	return b.wordPlaces(w, toks, b.placesOf(toks))
}

// wordPlaces writes the shards of word (or pair) w holding places pis
// (by rank) with the postings of toks.
func (b *indexBuilder) wordPlaces(w string, toks []string, pis []int) error {
	if b.size(pis) <= b.budget {
		return b.emit(WordKey(w), pis, toks)
	}
	if err := b.emit(WordSummaryKey(w), b.fit(pis), toks); err != nil {
		return err
	}
	return b.area(w, toks, pis, "")
}

// area splits pis by quad digit, packing the cells that fit (FORMAT.md
// §4); at the deepest level a cell keeps its most important places.
func (b *indexBuilder) area(w string, toks []string, pis []int, quad string) error {
	cells := map[byte][]int{}
	for _, pi := range pis {
		q := b.entries[pi].quad
		if len(q) > len(quad) && strings.HasPrefix(q, quad) {
			cells[q[len(quad)]] = append(cells[q[len(quad)]], pi)
		}
	}
	var kids []kid
	for d := byte('0'); d <= '3'; d++ {
		if len(cells[d]) > 0 {
			kids = append(kids, kid{c: d, pis: cells[d], toks: toks})
		}
	}
	big, err := b.packKids(AreaKey(w, quad), kids)
	if err != nil {
		return err
	}
	for _, k := range big {
		sub := quad + string(k.c)
		if len(sub) == quadLevels {
			if err := b.emit(AreaKey(w, sub), b.fit(k.pis), toks); err != nil {
				return err
			}
			continue
		}
		if err := b.area(w, toks, k.pis, sub); err != nil {
			return err
		}
	}
	return nil
}

// fit keeps the leading (most important) places that fit the budget.
func (b *indexBuilder) fit(pis []int) []int {
	n := 0
	for i, pi := range pis {
		n += b.entries[pi].size
		if n > b.budget {
			return pis[:i]
		}
	}
	return pis
}

// emit encodes one shard: the places pis with the postings of toks.
func (b *indexBuilder) emit(key string, pis []int, toks []string) error {
	in := make(map[int]bool, len(pis))
	for _, pi := range pis {
		in[pi] = true
	}
	post := map[string][]int{}
	for _, t := range toks {
		if l := b.postings(t, in); len(l) > 0 {
			post[t] = l
		}
	}
	enc, err := encodeSearchTile(b.places, post)
	if err != nil {
		return err
	}
	b.out[key] = enc
	return nil
}

// postings are the places of the shard (in) having word t, as a key or
// not, each once, by rank.
func (b *indexBuilder) postings(t string, in map[int]bool) []int {
	var out []int
	seen := map[int]bool{}
	for _, list := range [...][]int{b.byTok[t], b.generic[t]} {
		for _, pi := range list {
			if in[pi] && !seen[pi] {
				seen[pi] = true
				out = append(out, pi)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return b.order[out[i]] < b.order[out[j]] })
	return out
}

// indexNames are the folded and lower-cased names a place is found by: its
// names, then their forms with short forms spelled out.
func indexNames(p *Place) (folded, lower []string) {
	seen := map[string]bool{}
	for _, n := range p.Names() {
		f := text.Fold(n)
		if f == "" || seen[f] {
			continue
		}
		seen[f] = true
		folded, lower = append(folded, f), append(lower, text.Lower(n))
	}
	for _, f := range append([]string(nil), folded...) {
		for _, e := range text.ExpandName(f) {
			if !seen[e] {
				seen[e] = true
				folded, lower = append(folded, e), append(lower, e)
			}
		}
	}
	return folded, lower
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// NationalRegion names the national index among the regions of a
// regional index (FORMAT.md §2.1): the administrative units of both
// structures and the places of national importance.
const NationalRegion = "vn"

// RegionRoot is the key prefix of a region's index: "sx/vn/" for the
// national one, "sx/<code>/" for a province of the new structure.
func RegionRoot(region string) string { return IndexPrefix + region + "/" }

// BuildRegionalIndex returns one index per region (FORMAT.md §2.1): the
// places whose region[i] is r indexed under RegionRoot(r), each region's
// shards split on its own places only. region[i] is a new province's code
// or NationalRegion.
func BuildRegionalIndex(places []Place, region []string) (map[string][]byte, error) {
	return buildRegional(places, region, ShardBudget)
}

func buildRegional(places []Place, region []string, budget int) (map[string][]byte, error) {
	by := map[string][]Place{}
	for i := range places {
		by[region[i]] = append(by[region[i]], places[i])
	}
	out := map[string][]byte{}
	for _, r := range sortedKeys(by) {
		idx, err := BuildIndexWith(by[r], budget)
		if err != nil {
			return nil, err
		}
		root := RegionRoot(r)
		for k, b := range idx {
			out[root+k[len(IndexPrefix):]] = b
		}
	}
	return out, nil
}
