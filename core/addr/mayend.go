package addr

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/text"
	"github.com/bando-vn/bando/core/tile"
)

// A text ends with an administrative part Tails reads only if the span
// covering the part's end is a fused unit number ("q1") or a name the
// gazetteer indexes (a core name, another spelling, a province's short
// form): then the text's last two words are the name's last two, or its
// last word is the whole name; a name of digits only ("1" of "Phường 1")
// counts only after a unit word (nameSpans). MayEndWithArea tests that
// without the gazetteer: the ends of the units' names come from tile
// admin/tails (TailWords), the ends the code defines (numbers after a unit
// word, fused numbers, provinceAliases) from the code.

// nameEnd is the last two words of a folded name, or the name itself when
// it is one word.
func nameEnd(name string) string {
	i := strings.LastIndexByte(name, ' ')
	if i < 0 {
		return name
	}
	return name[strings.LastIndexByte(name[:i], ' ')+1:]
}

// aliasEnds is nameEnd of every province short form.
var aliasEnds = func() map[string]bool {
	m := map[string]bool{}
	for _, as := range provinceAliases {
		for _, a := range as {
			m[nameEnd(a)] = true
		}
	}
	return m
}()

// TailWords lists, sorted and distinct, nameEnd of every unit's name as
// the gazetteer indexes it (name without its unit word, and each other
// spelling, both structures), but for names of digits only (the code
// accepts a number after a unit word): the content of tile admin/tails.
func TailWords(u *admin.Units) []string {
	set := map[string]bool{}
	add := func(name string, alt []string) {
		for _, n := range append([]string{name}, alt...) {
			if c := coreName(text.Fold(strings.TrimSpace(n))); c != "" && !text.AllDigits(c) {
				set[nameEnd(c)] = true
			}
		}
	}
	for _, p := range u.NewProvinces {
		add(p.Name, nil)
	}
	for _, w := range u.NewWards {
		add(w.Name, w.Alt)
	}
	for _, p := range u.OldProvinces {
		add(p.Name, nil)
	}
	for _, d := range u.OldDistricts {
		add(d.Name, nil)
	}
	for _, w := range u.OldWards {
		add(w.Name, w.Alt)
	}
	out := make([]string, 0, len(set))
	for w := range set {
		out = append(out, w)
	}
	sort.Strings(out)
	return out
}

// MayEndWithArea reports whether Tails may read an administrative part at
// the end of s with a gazetteer of the units whose TailWords ends holds:
// false only when it cannot (s has no two words before a country or
// postcode, or its end ends no name). ends nil: always true.
func MayEndWithArea(s string, ends *admin.Tails) bool {
	if ends == nil {
		return true
	}
	toks := tokenize(s)
	tail := markCountryAndPostcode(s, toks, make([]bool, len(toks)), &Address{})
	if tail < 2 { // Tails wants a word before the part
		return false
	}
	w, pair := toks[tail-1].f, toks[tail-2].f+" "+toks[tail-1].f
	if m, _ := fusedNumber(w); m != 0 {
		return true
	}
	if text.AllDigits(w) {
		return unitWordBefore(toks, tail-1) || ends.Has(pair) || aliasEnds[pair]
	}
	return ends.Has(w) || ends.Has(pair) || aliasEnds[w] || aliasEnds[pair]
}

// unitWordBefore: a unit word of one or two words ends just before token k.
func unitWordBefore(toks []token, k int) bool {
	if _, ok := unitPrefixes[toks[k-1].f]; ok {
		return true
	}
	if k < 2 {
		return false
	}
	_, ok := unitPrefixes[toks[k-2].f+" "+toks[k-1].f]
	return ok
}

// MayEndFor returns MayEndWithArea over the store's tile admin/tails; nil
// (every text may end with an administrative part) when the bundle has
// none, as bundles built before it.
func MayEndFor(ctx context.Context, st *tile.Store) (func(s string) bool, error) {
	if !st.Has(admin.TailsKey) {
		return nil, nil
	}
	ends, err := tile.Decode(ctx, st, admin.TailsKey, admin.DecodeTails)
	if err != nil {
		return nil, fmt.Errorf("admin: %s: %w", admin.TailsKey, err)
	}
	return func(s string) bool { return MayEndWithArea(s, ends) }, nil
}
