package search

import (
	"context"
	"slices"
	"strings"
)

// maxPartialRuns bounds the searches a partial answer may take.
const maxPartialRuns = 6

// SearchPartial is Search, and when no place holds every word of the text
// (no result), the best places holding all words but one, or failing that
// all but two (never fewer than one word): each search leaves out a
// different word, the results are merged by score and marked Partial. Stats add
// up the reads.
func SearchPartial(ctx context.Context, src Source, req Query) ([]Hit, Stats, error) {
	hits, st, err := Search(ctx, src, req)
	if err != nil || len(hits) > 0 {
		return hits, st, err
	}
	words := strings.Fields(req.Text)
	if len(words) < 2 {
		return hits, st, nil
	}
	size := max(req.Size, 1)
	runs := 0
	for drop := 1; drop <= 2 && drop < len(words); drop++ {
		var out []Hit
		for _, sub := range without(words, drop) {
			if runs == maxPartialRuns {
				break
			}
			runs++
			r := req
			r.Text = strings.Join(sub, " ")
			if sub[len(sub)-1] != words[len(words)-1] || strings.HasSuffix(req.Text, " ") {
				r.Text += " " // its last word was followed by another: typed whole, not a prefix
			}
			hs, s, err := Search(ctx, src, r)
			st.Tiles += s.Tiles
			st.Bytes += s.Bytes
			st.Keys = append(st.Keys, s.Keys...)
			if err != nil {
				return nil, st, err
			}
			for _, h := range hs {
				if !slices.ContainsFunc(out, func(o Hit) bool { return o.Place.ID == h.Place.ID }) {
					h.Partial = true
					out = append(out, h)
				}
			}
		}
		if len(out) > 0 {
			slices.SortStableFunc(out, func(a, b Hit) int {
				if a.Score > b.Score || a.Score == b.Score && a.Place.ID < b.Place.ID {
					return -1
				}
				return 1
			})
			return out[:min(len(out), size)], st, nil
		}
	}
	return nil, st, nil
}

// without lists the texts left when drop words are left out of words: the
// last word first (it is being typed, the least sure), then the others from
// the last to the first; at most maxPartialRuns.
func without(words []string, drop int) [][]string {
	n := len(words)
	var out [][]string
	keep := func(skip ...int) []string {
		var k []string
		for i, w := range words {
			if !slices.Contains(skip, i) {
				k = append(k, w)
			}
		}
		return k
	}
	for i := n - 1; i >= 0 && len(out) < maxPartialRuns; i-- {
		if drop == 1 {
			out = append(out, keep(i))
			continue
		}
		for j := i - 1; j >= 0 && len(out) < maxPartialRuns; j-- {
			out = append(out, keep(i, j))
		}
	}
	return out
}
