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

// A text ends with an administrative part Tails reads only if its last
// word (before a country or postcode) ends a name the gazetteer indexes
// or is a fused unit number ("q1"): the span covering the part's end is
// a name (a core name, another spelling, a province's short form) or a
// fused number. MayEndWithArea tests that word without the gazetteer:
// the words ending unit names come from tile admin/tails (TailWords), the
// endings the code defines (numbers, fused numbers, provinceAliases) from
// endsInCode.

// endsInCode reports the last words of names the code, not the units,
// makes: numbers (numbered units, after trimZeros), fused numbers and the
// province short forms.
func endsInCode(w string) bool {
	if text.AllDigits(w) {
		return true
	}
	if m, _ := fusedNumber(w); m != 0 {
		return true
	}
	return aliasEnds[w]
}

// aliasEnds is the last word of every province short form.
var aliasEnds = func() map[string]bool {
	m := map[string]bool{}
	for _, as := range provinceAliases {
		for _, a := range as {
			m[lastWord(a)] = true
		}
	}
	return m
}()

func lastWord(name string) string { return name[strings.LastIndexByte(name, ' ')+1:] }

// TailWords lists, sorted and distinct, the last word of every unit's
// name as the gazetteer indexes it (name without its unit word, and each
// other spelling, both structures), but for those endsInCode accepts: the
// content of tile admin/tails.
func TailWords(u *admin.Units) []string {
	set := map[string]bool{}
	add := func(name string, alt []string) {
		for _, n := range append([]string{name}, alt...) {
			if w := lastWord(coreName(text.Fold(strings.TrimSpace(n)))); w != "" && !endsInCode(w) {
				set[w] = true
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
// postcode, or its last one ends no name). ends nil: always true.
func MayEndWithArea(s string, ends *admin.Tails) bool {
	if ends == nil {
		return true
	}
	toks := tokenize(s)
	tail := markCountryAndPostcode(s, toks, make([]bool, len(toks)), &Address{})
	if tail < 2 { // Tails wants a word before the part
		return false
	}
	w := toks[tail-1].f
	return endsInCode(w) || ends.Has(w)
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
