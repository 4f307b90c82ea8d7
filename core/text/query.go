package text

import (
	"strings"
	"unicode/utf8"
)

// Query is a typed search text analysed for matching.
type Query struct {
	// Lower is the text in NFC, lower-cased, marks kept.
	Lower string
	// Accented: the user typed at least one Vietnamese mark or đ, so names
	// carrying exactly those marks should rank first.
	Accented bool
	// Tokens are the folded words; Typed[i] is Tokens[i] as typed (lower
	// case, marks kept), for the accent-exact comparison.
	Tokens []string
	Typed  []string
	// Prefix: the last token may be incomplete (no space or punctuation
	// after it), so it matches word prefixes.
	Prefix bool
	// House is the leading house number and alleys, if any.
	House House
}

// MaxQueryTokens bounds the tokens a query keeps (the rest is ignored).
const MaxQueryTokens = 12

// Analyze prepares a typed text for matching.
func Analyze(s string) Query {
	low := Lower(s)
	q := Query{Lower: low, House: ParseHouse(s)}
	for _, w := range strings.Fields(low) {
		f := Fold(w)
		if f == "" {
			continue
		}
		for _, t := range strings.Fields(f) {
			q.Tokens = append(q.Tokens, t)
			if f == t {
				q.Typed = append(q.Typed, strings.Trim(w, ".,;:!?()\"'"))
			} else {
				q.Typed = append(q.Typed, t)
			}
		}
	}
	if len(q.Tokens) > MaxQueryTokens {
		q.Tokens, q.Typed = q.Tokens[:MaxQueryTokens], q.Typed[:MaxQueryTokens]
	}
	for i := 0; i < len(low); {
		r, n := utf8.DecodeRuneInString(low[i:])
		if c, ok := foldByte(r); r >= 0x80 && ok && c != byte(r) {
			q.Accented = true
			break
		}
		i += n
	}
	if t := strings.TrimRight(s, " "); t != "" {
		last, _ := utf8.DecodeLastRuneInString(t)
		q.Prefix = len(t) == len(s) && (isLetterOrDigit(last) || isMark(last))
	}
	return q
}

func isLetterOrDigit(r rune) bool {
	_, ok := foldRune(r)
	return ok
}

// VariantKind says how a token list was derived from the typed tokens; a
// matcher ranks matches of later kinds lower.
type VariantKind uint8

const (
	AsTyped  VariantKind = iota // the folded tokens themselves
	Expanded                    // abbreviations spelled out, "q1" split
	Detyped                     // Telex / VNI keystrokes undone
)

// Variant is one reading of the query's tokens. Owner[i] is the index of
// the typed token that produced Tokens[i] (expansions share their short
// form's index), so a matcher can tell which typed word a match covers.
type Variant struct {
	Tokens []string
	Owner  []int
	Kind   VariantKind
}

// MaxVariants bounds the readings Variants returns.
const MaxVariants = 8

// Variants returns the readings of q's tokens a matcher should try, the
// typed one first: the tokens as typed; with every short form spelled out
// (each alternative phrase gives a reading, "q1" splits to "quan 1");
// with Telex/VNI leftovers undone. At most MaxVariants, no duplicates.
func (q *Query) Variants() []Variant {
	out := []Variant{{Tokens: q.Tokens, Owner: identity(len(q.Tokens)), Kind: AsTyped}}
	seen := map[string]bool{strings.Join(q.Tokens, " "): true}
	push := func(v Variant) {
		k := strings.Join(v.Tokens, " ")
		if len(out) < MaxVariants && !seen[k] && len(v.Tokens) > 0 {
			seen[k] = true
			out = append(out, v)
		}
	}
	for _, v := range expandVariants(q.Tokens) {
		push(v)
	}
	if d, ok := detelexAll(q.Tokens); ok {
		push(Variant{Tokens: d, Owner: identity(len(d)), Kind: Detyped})
		for _, v := range expandVariants(d) {
			v.Kind = Detyped
			push(v)
		}
	}
	return out
}

func identity(n int) []int {
	o := make([]int, n)
	for i := range o {
		o[i] = i
	}
	return o
}

// numberOnly are the short forms spelled out only before a number: "ng 34"
// is ngõ 34, while "ng tr" is Nguyễn Trãi typed short.
var numberOnly = map[string]bool{"ng": true}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// expandVariants spells out short forms: one reading with the first
// expansion of every short form, then one per further alternative (the
// typed reading stays first, so "ng" being typed still finds "Nguyễn").
func expandVariants(toks []string) []Variant {
	var all Variant
	all.Kind = Expanded
	changed := false
	var alts []Variant
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if u, n, ok := SplitUnitNumber(t); ok {
			if exp := Expansions(u); len(exp) > 0 { // "to", "kp", "tdp" have no spelled-out form yet
				all.Tokens, all.Owner = appendPhrase(all.Tokens, all.Owner, exp[0]+" "+n, i)
				changed = true
				continue
			}
		}
		if i+1 < len(toks) { // two-word short forms ("sai gon")
			if exp := Expansions(t + " " + toks[i+1]); exp != nil {
				all.Tokens, all.Owner = appendPhrase(all.Tokens, all.Owner, exp[0], i)
				changed = true
				i++
				continue
			}
		}
		exp := Expansions(t)
		if exp == nil || numberOnly[t] && !(i+1 < len(toks) && isDigit(toks[i+1][0])) {
			all.Tokens, all.Owner = append(all.Tokens, t), append(all.Owner, i)
			continue
		}
		for _, e := range exp[1:] {
			v := Variant{Kind: Expanded}
			v.Tokens, v.Owner = appendPhrase(append([]string(nil), toks[:i]...), identity(i), e, i)
			for j := i + 1; j < len(toks); j++ {
				v.Tokens, v.Owner = append(v.Tokens, toks[j]), append(v.Owner, j)
			}
			alts = append(alts, v)
		}
		all.Tokens, all.Owner = appendPhrase(all.Tokens, all.Owner, exp[0], i)
		changed = true
	}
	if !changed {
		return alts
	}
	return append([]Variant{all}, alts...)
}

func appendPhrase(toks []string, owner []int, phrase string, i int) ([]string, []int) {
	for _, w := range strings.Fields(phrase) {
		toks, owner = append(toks, w), append(owner, i)
	}
	return toks, owner
}

func detelexAll(toks []string) ([]string, bool) {
	out := make([]string, len(toks))
	changed := false
	for i, t := range toks {
		d, ok := Detelex(t)
		out[i] = d
		changed = changed || ok
	}
	return out, changed
}

// ExpandName returns the alternative folded forms of a folded name with its
// short forms spelled out ("bv bach mai" → ["benh vien bach mai"]), for the
// index side of "abbreviations both ways". Single-letter short forms are
// only spelled out before a number ("q 1" → "quan 1").
func ExpandName(folded string) []string {
	toks := strings.Fields(folded)
	var out []string
	changed := false
	var b []string
	for i, t := range toks {
		exp := Expansions(t)
		if exp == nil || len(t) == 1 && !(i+1 < len(toks) && toks[i+1][0] >= '0' && toks[i+1][0] <= '9') {
			b = append(b, t)
			continue
		}
		b = append(b, exp[0])
		changed = true
	}
	if changed {
		out = append(out, strings.Join(b, " "))
	}
	return out
}
