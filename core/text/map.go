package text

import (
	"math/bits"
	"unicode"
	"unicode/utf8"
)

// Folded is a folded string with, for every byte of it, the UTF-16 offset
// (as JavaScript indexes strings) of the original character it came from.
type Folded struct {
	S      string
	Start  []int // Start[i]: UTF-16 offset of the character that produced S[i]
	End    []int // End[i]: UTF-16 offset just past that character
	Source string
}

// FoldMapped folds s like Fold and keeps the offset map, so a match in the
// folded form can be reported as a span of the original.
func FoldMapped(s string) Folded {
	f := Folded{Source: s, Start: make([]int, 0, len(s)), End: make([]int, 0, len(s))}
	buf := make([]byte, 0, len(s))
	u16 := 0
	space := true
	for _, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		n := len(buf)
		var ok bool
		buf, ok = appendFold(buf, r)
		switch {
		case ok && len(buf) > n:
			for range len(buf) - n {
				f.Start = append(f.Start, u16)
				f.End = append(f.End, u16+w)
			}
			space = false
		case !ok && !space:
			buf = append(buf, ' ')
			f.Start = append(f.Start, u16)
			f.End = append(f.End, u16+w)
			space = true
		}
		u16 += w
	}
	for len(buf) > 0 && buf[len(buf)-1] == ' ' {
		buf = buf[:len(buf)-1]
		f.Start = f.Start[:len(buf)]
		f.End = f.End[:len(buf)]
	}
	f.S = string(buf)
	return f
}

// foldRune gives the folded form of one rune; ok=false for a separator,
// ok=true with "" for a combining mark.
func foldRune(r rune) (string, bool) {
	b, ok := appendFold(nil, r)
	return string(b), ok
}

// appendFold appends the folded form of one rune to b (nothing for a
// combining mark); ok=false for a separator (b unchanged).
func appendFold(b []byte, r rune) ([]byte, bool) {
	switch {
	case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9'):
		return append(b, byte(r)), true
	case r < utf8.RuneSelf && r >= 'A' && r <= 'Z':
		return append(b, byte(r+'a'-'A')), true
	case isMark(r):
		return b, true
	}
	if c, ok := foldByte(r); ok {
		return append(b, c), true
	}
	if unicode.IsLetter(r) || unicode.IsDigit(r) {
		return utf8.AppendRune(b, unicode.ToLower(r)), true
	}
	return b, false
}

// Span is a matched range in UTF-16 units of the original string.
type Span struct {
	Length int `json:"length"`
	Offset int `json:"offset"`
}

// MatchSpans marks the words of f that the query's words match, the way
// the search engine matches them: in the reading of the query (Variants)
// that marks the most typed words, each word marks the unused word of f
// it equals or starts (the part typed), else one within its typo budget
// (MaxEditsFor; the whole word, or the part typed of the word being
// typed); a short form marks every word it stands for ("bv" → "Bệnh
// viện"), a Telex leftover the word meant ("nguyeenx" → "Nguyễn"). Spans
// are in UTF-16 units of f's source, sorted by offset.
func (f Folded) MatchSpans(q *Query) []Span { return f.MatchVariants(q.Variants(), q.Prefix) }

// MatchVariants is MatchSpans with the query's readings already made
// (vs = q.Variants(), prefix = q.Prefix): for marking many texts with one
// query.
func (f Folded) MatchVariants(vs []Variant, prefix bool) []Span {
	starts := wordStarts(f.S)
	best, bestN, bestLen := []Span{}, 0, 0
	used := make([]bool, len(starts))
	for _, v := range vs {
		clear(used)
		spans := []Span{}
		var covered uint64 // the typed words marked (Owner < MaxQueryTokens)
		length, next := 0, 0
		for i, t := range v.Tokens {
			w, n := f.matchWord(starts, used, next, t, prefix && i == len(v.Tokens)-1)
			if w < 0 {
				continue
			}
			used[w], next = true, w+1
			st := starts[w]
			spans = append(spans, Span{Offset: f.Start[st], Length: f.End[st+n-1] - f.Start[st]})
			covered |= 1 << uint(v.Owner[i])
			length += n
		}
		if c := bits.OnesCount64(covered); c > bestN || c == bestN && length > bestLen {
			best, bestN, bestLen = spans, c, length
		}
	}
	sortSpans(best)
	return best
}

// matchWord finds the unused word of f (by index into starts, trying from
// from onwards first, so words typed in order mark words in order) token t
// matches, and the folded bytes of it to mark; -1 if none.
func (f Folded) matchWord(starts []int, used []bool, from int, t string, last bool) (int, int) {
	n := len(starts)
	for k := 0; k < n; k++ {
		wi := (from + k) % n
		if w := f.word(starts[wi]); !used[wi] && len(w) >= len(t) && w[:len(t)] == t {
			return wi, len(t)
		}
	}
	if len(t) < 3 || isDigit(t[0]) {
		return -1, 0
	}
	for k := 0; k < n; k++ {
		wi := (from + k) % n
		if used[wi] {
			continue
		}
		w := f.word(starts[wi])
		if k := MaxEditsFor(len(t), len(w)); k > 0 && Edits(t, w, k) <= k {
			return wi, len(w)
		}
		if k := MaxEdits(len(t)); last && k > 0 && PrefixEdits(t, w, k) <= k {
			return wi, min(len(t), len(w))
		}
	}
	return -1, 0
}

// word is the folded word of f starting at byte st.
func (f Folded) word(st int) string {
	end := st
	for end < len(f.S) && f.S[end] != ' ' {
		end++
	}
	return f.S[st:end]
}

func wordStarts(s string) []int {
	var out []int
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' && (i == 0 || s[i-1] == ' ') {
			out = append(out, i)
		}
	}
	return out
}

func sortSpans(s []Span) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].Offset < s[j-1].Offset; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
