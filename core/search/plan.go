package search

import (
	"sort"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/text"
)

// Budgets of one query (ISSUE 9: ≤ 4 tiles, ≤ 256 KB read cold).
const (
	MaxTiles = 4
	MaxBytes = 256 << 10
)

// shardRef is a search-index tile a token can be answered from.
type shardRef struct {
	key      string
	size     int
	complete bool // holds every place with the token (in its area, for an area shard)
}

// shardsFor finds the index tiles for a folded token: the complete shard
// of the shortest prefix that has one; for a word too common for one
// shard, its summary and the area shard around the focus; for a prefix
// that is split further, the summary of its most important places.
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
		refs = append(refs, shardRef{place.WordSummaryKey(kt), sz, false})
	}
	return refs
}

// treeShards resolves a token through the prefix tree (shardsFor).
func treeShards(src Source, tok string, word bool, focus *geo.LatLng) []shardRef {
	kt := place.KeyToken(tok)
	for l := 1; l <= len(kt); l++ {
		p := kt[:l]
		if sz, ok := src.Size(place.ShardKey(p)); ok {
			return []shardRef{{place.ShardKey(p), sz, true}}
		}
		if _, ok := src.Size(place.SummaryKey(p)); !ok {
			return nil // no token starts with p
		}
	}
	if sz, ok := src.Size(place.WordKey(kt)); ok && word {
		return []shardRef{{place.WordKey(kt), sz, true}}
	}
	var refs []shardRef
	if sz, ok := src.Size(place.WordSummaryKey(kt)); ok && word {
		refs = append(refs, shardRef{place.WordSummaryKey(kt), sz, false})
	} else if sz, ok := src.Size(place.SummaryKey(kt)); ok {
		refs = append(refs, shardRef{place.SummaryKey(kt), sz, false})
	}
	if focus != nil {
		if sz, ok := src.Size(place.WordKey(kt)); ok && !word {
			refs = append(refs, shardRef{place.WordKey(kt), sz, true})
		} else if ref, ok := areaShard(src, kt, *focus); ok {
			refs = append(refs, ref)
		}
	}
	return refs
}

// areaShard is the area shard of word kt holding the focus point.
func areaShard(src Source, kt string, focus geo.LatLng) (shardRef, bool) {
	qp := place.QuadPath(focus.Lat, focus.Lng)
	for l := 1; l <= len(qp); l++ {
		if sz, ok := src.Size(place.AreaKey(kt, qp[:l])); ok {
			return shardRef{place.AreaKey(kt, qp[:l]), sz, true}, true
		}
	}
	return shardRef{}, false
}

// tokenRefs is the shards of one token of one variant.
type tokenRefs struct {
	refs     []shardRef
	cost     int
	complete bool
	short    bool // one byte: a weak key
}

// plan picks the tiles to read: for the typed reading, the tokens with a
// complete shard first, then the cheapest; a second token of the typed
// reading (a typo in one word leaves the other); then one token of each
// other reading. Never more than MaxTiles tiles or MaxBytes bytes.
func plan(src Source, q *text.Query, vs []text.Variant, focus *geo.LatLng) []shardRef {
	var out []shardRef
	bytes := 0
	have := map[string]bool{}
	take := func(t tokenRefs) {
		for _, r := range t.refs {
			if have[r.key] || len(out) >= MaxTiles || bytes+r.size > MaxBytes {
				continue
			}
			have[r.key] = true
			out = append(out, r)
			bytes += r.size
		}
	}
	for _, vi := range planOrder(vs) {
		ts := variantRefs(src, q, vs[vi], focus)
		if len(ts) == 0 {
			continue
		}
		take(ts[0])
		if vi == 0 && len(ts) > 1 {
			take(ts[1])
		}
	}
	return out
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

// variantRefs lists the shards of each token of a variant, best first.
func variantRefs(src Source, q *text.Query, v text.Variant, focus *geo.LatLng) []tokenRefs {
	var ts []tokenRefs
	seen := map[string]bool{}
	for i, tok := range v.Tokens {
		if seen[tok] {
			continue
		}
		seen[tok] = true
		word := !(q.Prefix && i == len(v.Tokens)-1)
		refs := shardsFor(src, tok, word, focus)
		if len(refs) == 0 {
			continue
		}
		t := tokenRefs{refs: refs, short: len(tok) < 2 || place.IsGeneric(tok) || isNumber(tok)}
		for _, r := range refs {
			t.cost += r.size
			t.complete = t.complete || r.complete
		}
		ts = append(ts, t)
	}
	ts = append(ts, pairRefs(src, q, v, focus)...)
	sort.SliceStable(ts, func(a, b int) bool {
		if ts[a].short != ts[b].short {
			return !ts[a].short
		}
		if ts[a].complete != ts[b].complete {
			return ts[a].complete
		}
		return ts[a].cost < ts[b].cost
	})
	return ts
}

// pairRefs gives the shards of adjacent pairs of the reading whose words
// are each common (too common for a shard of their own) or generic, not
// both generic; the last word counts as whole here even while typed.
func pairRefs(src Source, q *text.Query, v text.Variant, focus *geo.LatLng) []tokenRefs {
	seq := make([]string, len(v.Tokens))
	for i, t := range v.Tokens {
		seq[i] = place.KeyToken(t)
	}
	var out []tokenRefs
	for i := 0; i+1 < len(seq); i++ {
		a, b := seq[i], seq[i+1]
		if !pairable(src, a) || !pairable(src, b) || place.IsGeneric(a) && place.IsGeneric(b) {
			continue
		}
		t := tokenRefs{refs: pairShards(src, a, b, focus)}
		for _, r := range t.refs {
			t.cost += r.size
			t.complete = t.complete || r.complete
		}
		if len(t.refs) > 0 {
			out = append(out, t)
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
// any, its summary and area shard.
func pairShards(src Source, a, b string, focus *geo.LatLng) []shardRef {
	for l := 0; l <= len(b); l++ {
		if sz, ok := src.Size(place.PairKey(a, b[:l])); ok {
			return []shardRef{{place.PairKey(a, b[:l]), sz, true}}
		}
	}
	w := place.PairWord(a, b)
	if sz, ok := src.Size(place.WordKey(w)); ok {
		return []shardRef{{place.WordKey(w), sz, true}}
	}
	sz, ok := src.Size(place.WordSummaryKey(w))
	if !ok {
		return nil
	}
	refs := []shardRef{{place.WordSummaryKey(w), sz, false}}
	if focus != nil {
		if ref, ok := areaShard(src, w, *focus); ok {
			refs = append(refs, ref)
		}
	}
	return refs
}
