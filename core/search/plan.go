package search

import (
	"strings"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/text"
)

// Budgets of one query (ISSUE 9: ≤ 4 tiles, ≤ 256 KB read cold).
const (
	MaxTiles = 4
	MaxBytes = 256 << 10
)

// tier orders the tiles a query may read, most useful first.
type tier uint8

const (
	tierComplete tier = iota // every place having the token (or pair)
	tierArea                 // every place having the word in the focus's quad cell
	tierWhole                // every place having the word being typed, as a whole word
	tierSummary              // the most important places having the word
)

// shardRef is a search-index tile a token can be answered from.
type shardRef struct {
	key  string
	size int
	tier tier
}

// complete: the tile holds every place having the token (or pair).
func (r shardRef) complete() bool { return r.tier == tierComplete }

// shardsFor finds the index tiles for a folded token: the complete shard
// of the shortest prefix that has one; for a word too common for one
// shard, its summary and the area shard around the focus; for a prefix
// that is split further, the summary of its most important places and
// the shard of the word typed so far as a whole word.
// word says the token was typed whole (followed by a space).
func shardsFor(src Source, tok string, word bool, focus *geo.LatLng) []shardRef {
	refs := treeShards(src, tok, word, focus)
	kt := place.KeyToken(tok)
	if sz, ok := src.Size(place.WordSummaryKey(kt)); ok && place.IsGeneric(kt) {
		// a generic word is a key only of names made of generic words (the
		// tree's shard); the most important others are in its summary
		for _, r := range refs {
			if r.key == place.WordSummaryKey(kt) {
				return refs
			}
		}
		refs = append(refs, shardRef{place.WordSummaryKey(kt), sz, tierSummary})
	}
	return refs
}

// treeShards resolves a token through the prefix tree (shardsFor).
func treeShards(src Source, tok string, word bool, focus *geo.LatLng) []shardRef {
	kt := place.KeyToken(tok)
	for l := 1; l <= len(kt); l++ {
		if _, split := src.Size(place.SummaryKey(kt[:l])); split {
			continue
		}
		if ref, ok := packed(src, place.IndexPrefix+kt[:l-1], kt[l-1]); ok {
			return []shardRef{ref}
		}
		return nil // no token starts with kt[:l]
	}
	if word && short(tok) { // "ng tr": a word typed short, its own shard holds it whole only
		refs := treeShards(src, tok, false, focus)
		if sz, ok := src.Size(place.WordKey(kt)); ok {
			refs = append(refs, shardRef{place.WordKey(kt), sz, tierWhole})
		}
		return append(refs, completionShards(src, kt, focus)...)
	}
	if sz, ok := src.Size(place.WordKey(kt)); ok && word {
		return []shardRef{{place.WordKey(kt), sz, tierComplete}}
	}
	var refs []shardRef
	if sz, ok := src.Size(place.WordSummaryKey(kt)); ok && word {
		refs = append(refs, shardRef{place.WordSummaryKey(kt), sz, tierSummary})
	} else if sz, ok := src.Size(place.SummaryKey(kt)); ok {
		refs = append(refs, shardRef{place.SummaryKey(kt), sz, tierSummary})
	}
	if sz, ok := src.Size(place.WordKey(kt)); ok && !word {
		refs = append(refs, shardRef{place.WordKey(kt), sz, tierWhole})
	} else if focus != nil {
		if ref, ok := areaShard(src, kt, *focus); ok {
			refs = append(refs, ref)
		}
	}
	return refs
}

// packed finds the tile holding child c of base: base+c, or the run
// base+c1+"."+c2 covering it (FORMAT.md §2 "runs"), walking down the
// sorted keys from base+(c+1) one child at a time: other keys of a child
// (its split descendants, its word, pair and summary keys) are stepped
// over; a split sibling (one with a summary) ends the walk, as no run
// spans it.
func packed(src Source, base string, c byte) (shardRef, bool) {
	bound := base + string(c+1)
	for {
		key, ok := src.Floor(bound)
		if !ok || len(key) <= len(base) || key[:len(base)] != base {
			return shardRef{}, false
		}
		rem := key[len(base):]
		if len(rem) == 1 || len(rem) == 3 && rem[1] == '.' {
			if !place.RunCovers(key, base, c) {
				return shardRef{}, false
			}
			sz, _ := src.Size(key)
			return shardRef{key, sz, tierComplete}, true
		}
		c1 := rem[0]
		if _, split := src.Size(base + string(c1) + "-s"); split && c1 != c {
			return shardRef{}, false
		}
		// step over c1's split descendants (sorting after base+c1+"/") and
		// its own word, pair and summary keys (base+c1+"-…", before its runs)
		next := base + string(c1) + "/"
		if rem[1] == '-' {
			next = base + string(c1) + "-"
		}
		if next >= bound {
			return shardRef{}, false
		}
		bound = next
	}
}

// areaShard is the area shard of word kt holding the focus point.
func areaShard(src Source, kt string, focus geo.LatLng) (shardRef, bool) {
	qp := place.QuadPath(focus.Lat, focus.Lng)
	for l := 1; l <= len(qp); l++ {
		if ref, ok := packed(src, place.AreaKey(kt, qp[:l-1]), qp[l-1]); ok {
			ref.tier = tierArea
			return ref, true
		}
	}
	return shardRef{}, false
}

// need is what one word (or pair of words) of a reading can be answered
// from.
type need struct {
	tok       string // the folded token, or "a b" for a pair
	prefix    bool   // the (second) word is being typed: found as a prefix
	refs      []shardRef
	resolving bool // a complete shard of it holding it holds every answer of the reading
	weak      bool // likely a typo or a keystroke leftover: its shards come last
	late      bool // of the administrative part's words only, while the name's have complete shards
}

// needs lists the words and pairs of a reading with their shards (none
// for a word no place has a word starting with).
func needs(src Source, q *text.Query, v text.Variant, focus *geo.LatLng) []need {
	var out []need
	seen := map[string]bool{}
	for i, tok := range v.Tokens {
		if seen[tok] {
			continue
		}
		seen[tok] = true
		word := !(q.Prefix && i == len(v.Tokens)-1)
		refs := shardsFor(src, tok, word, focus)
		if place.IsGeneric(place.KeyToken(tok)) {
			// its own shards hold the names made of generic words only, or
			// the most important others: read last
			for i := range refs {
				refs[i].tier = tierSummary
			}
		}
		res := required(tok) && (word || !place.PrefixOfGeneric(place.KeyToken(tok)))
		out = append(out, need{tok: tok, prefix: !word, refs: refs, resolving: res, weak: likelyTypo(tok)})
	}
	return append(out, pairNeeds(src, v, q.Prefix, focus)...)
}

// required: a typed word every answer has as an index key (not a number,
// which a name may lack, nor a generic or optional word).
func required(tok string) bool {
	return !isNumber(tok) && !place.IsGeneric(place.KeyToken(tok)) && !optionalWord(tok)
}

// typoOfGeneric: tok may be a generic word mistyped ("duon", "dung"; the
// first letter typed right).
func typoOfGeneric(tok string) bool {
	for _, g := range nearGeneric {
		if _, ok := wholeTypo(tok, []byte(g)); ok && tok != g && tok[0] == g[0] {
			return true
		}
	}
	return false
}

// skippable: a generic word, or one mistyped: pairs span it.
func skippable(k string) bool { return place.IsGeneric(k) || typoOfGeneric(k) }

// nearGeneric are the generic words long enough to be mistyped.
var nearGeneric = []string{"pho", "duong", "ngo", "ngach", "kiet", "quan", "huyen", "phuong", "tinh", "thon"}

// pairNeeds gives the shards of the pairs of the reading whose words are
// each common (too common for a shard of their own) or generic,
// not both generic, adjacent or with generic words between them
// (FORMAT.md §Pairs; a word that may be a generic one mistyped is spanned
// too); the last word counts as whole here even while typed.
func pairNeeds(src Source, v text.Variant, prefix bool, focus *geo.LatLng) []need {
	seq := make([]string, len(v.Tokens))
	for i, t := range v.Tokens {
		seq[i] = place.KeyToken(t)
	}
	var out []need
	add := func(i, j int, res bool) {
		typing := prefix && j == len(seq)-1
		if refs := pairShards(src, seq[i], seq[j], typing, focus); len(refs) > 0 {
			// a second word being typed may become a word too rare to pair
			out = append(out, need{tok: v.Tokens[i] + " " + v.Tokens[j], prefix: typing, refs: refs, resolving: res && !typing})
		}
	}
	for i := 0; i+1 < len(seq); i++ {
		a, b := seq[i], seq[i+1]
		if !pairable(src, a) {
			continue
		}
		// a second word being typed may be the start of a common one
		typing := prefix && i+1 == len(seq)-1
		if (typing || pairable(src, b)) && !(place.IsGeneric(a) && place.IsGeneric(b)) {
			add(i, i+1, true)
		}
		if place.IsGeneric(a) || !skippable(b) {
			continue
		}
		j, typo := i+1, false
		for j < len(seq) && skippable(seq[j]) {
			typo = typo || !place.IsGeneric(seq[j])
			j++
		}
		if j < len(seq) && pairable(src, seq[j]) {
			add(i, j, !typo) // the index spans generic words only
		}
	}
	return out
}

// pairable: generic, or common (a word summary exists).
func pairable(src Source, k string) bool {
	if place.IsGeneric(k) {
		return true
	}
	_, ok := src.Size(place.WordSummaryKey(k))
	return ok
}

// pairShards finds the shard of pair (a, b): the pair shard of a whose
// second-word prefix is the longest present, or for a pair too common for
// any, its own shard, or its summary and area shard. typing says b is
// being typed: the pair's own shards hold b as a whole word only.
func pairShards(src Source, a, b string, typing bool, focus *geo.LatLng) []shardRef {
	if sz, ok := src.Size(place.PairKey(a, "")); ok {
		return []shardRef{{place.PairKey(a, ""), sz, tierComplete}}
	}
	for l := 1; l <= len(b); l++ {
		if ref, ok := packed(src, place.IndexPrefix+a+"-p/"+b[:l-1], b[l-1]); ok {
			return []shardRef{ref}
		}
	}
	w := place.PairWord(a, b)
	if sz, ok := src.Size(place.WordKey(w)); ok {
		if typing {
			return []shardRef{{place.WordKey(w), sz, tierWhole}}
		}
		return []shardRef{{place.WordKey(w), sz, tierComplete}}
	}
	sz, ok := src.Size(place.WordSummaryKey(w))
	if !ok {
		return nil
	}
	refs := []shardRef{{place.WordSummaryKey(w), sz, tierSummary}}
	if focus != nil {
		if ref, ok := areaShard(src, w, *focus); ok {
			refs = append(refs, ref)
		}
	}
	return refs
}

// planOrder: Telex/VNI readings first (a word with keystroke leftovers
// rarely exists as typed, so its shards would be wasted), then the typed
// reading, then the others.
func planOrder(vs []text.Variant) []int {
	var first, rest []int
	for i, v := range vs {
		if v.Kind == text.Detyped {
			first = append(first, i)
		} else {
			rest = append(rest, i)
		}
	}
	return append(first, rest...)
}

// short: a typed word of at most 3 letters that is no syllable ("ng",
// "tr"): the start of a word typed short, as much as a word.
func short(tok string) bool {
	return len(tok) <= 3 && !isNumber(tok) && !text.IsSyllable(tok)
}

// likelyTypo: a word of letters long enough to carry a typo that cannot be
// a Vietnamese syllable ("thyu", "nwguu"): its shard is planned last, so
// the budget goes to the words typed right and to the corrections.
func likelyTypo(tok string) bool {
	if text.MaxEdits(len(tok)) == 0 || text.IsSyllable(tok) {
		return false
	}
	for i := 0; i < len(tok); i++ {
		if tok[i] < 'a' || tok[i] > 'z' {
			return false
		}
	}
	return true
}

// completionShards are, for a word typed short ("ng" of "ng tr"), the
// shards of the common word it most likely stands for: of the words
// starting with it that have a word summary (FORMAT.md §2: too common for
// one shard), the one with the most index keys (its area and pair shards
// grow with its places: "nguyen" for "ng"). They are its summary, the
// best-known places having it, and with a focus its area shard there.
// None when the source cannot list its keys.
func completionShards(src Source, kt string, focus *geo.LatLng) []shardRef {
	kl, ok := src.(keyLister)
	if !ok || len(kt) < 2 { // one letter is rather a unit word ("H. Mai Sơn")
		return nil
	}
	best, most, w, n := "", 0, "", 0
	count := func() {
		if n > most && w != kt {
			if _, ok := src.Size(place.WordSummaryKey(w)); ok {
				best, most = w, n
			}
		}
	}
	kl.eachKeyWithPrefix(place.IndexPrefix+kt, func(k string) {
		word, _, _ := strings.Cut(k[len(place.IndexPrefix):], "-")
		if word != w {
			count()
			w, n = word, 0
		}
		n++
	})
	count()
	if best == "" {
		return nil
	}
	sz, _ := src.Size(place.WordSummaryKey(best))
	refs := []shardRef{{place.WordSummaryKey(best), sz, tierWhole}}
	if focus != nil {
		if ref, ok := areaShard(src, best, *focus); ok {
			refs = append(refs, ref)
		}
	}
	return refs
}
