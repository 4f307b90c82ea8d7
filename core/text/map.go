package text

import (
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
	f := Folded{Source: s}
	buf := make([]byte, 0, len(s))
	u16 := 0
	space := true
	for _, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		out, ok := foldRune(r)
		switch {
		case ok && out != "":
			for i := 0; i < len(out); i++ {
				buf = append(buf, out[i])
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
	switch {
	case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9'):
		return string(rune(r)), true
	case r < utf8.RuneSelf && r >= 'A' && r <= 'Z':
		return string(r + 'a' - 'A'), true
	case isMark(r):
		return "", true
	}
	if c, ok := foldTable[r]; ok {
		return string(rune(c)), true
	}
	if unicode.IsLetter(r) || unicode.IsDigit(r) {
		return string(unicode.ToLower(r)), true
	}
	return "", false
}

// Span is a matched range in UTF-16 units of the original string.
type Span struct {
	Length int `json:"length"`
	Offset int `json:"offset"`
}

// MatchSpans returns, for each query token, the first word of f that starts
// with it (each word used once), as spans over the original string, sorted
// by offset.
func (f Folded) MatchSpans(tokens []string) []Span {
	starts := wordStarts(f.S)
	used := make([]bool, len(starts))
	spans := []Span{}
	for _, tok := range tokens {
		for wi, st := range starts {
			if used[wi] || len(f.S)-st < len(tok) || f.S[st:st+len(tok)] != tok {
				continue
			}
			used[wi] = true
			end := st + len(tok) - 1
			spans = append(spans, Span{Offset: f.Start[st], Length: f.End[end] - f.Start[st]})
			break
		}
	}
	sortSpans(spans)
	return spans
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
