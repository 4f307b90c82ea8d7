package addr

import (
	"strings"
	"unicode"

	"github.com/bando-vn/bando/core/text"
)

// MaxTokens bounds the work on long input: only the last MaxTokens words are parsed (the
// administrative part of an address is at its end).
const MaxTokens = 64

// token is one word of the input.
type token struct {
	f          string // folded: lower-case ASCII, marks removed; '/' and '-' kept inside
	raw        string // as written
	start, end int    // byte span in the input
	seg        int    // index of the comma-separated segment (commas, semicolons, brackets, " - ")
}

// hardBreak reports runes that end a segment.
func hardBreak(r rune) bool {
	switch r {
	case ',', ';', '(', ')', '[', ']', '{', '}', '|', '\n', '\r', '\t':
		return true
	}
	return false
}

// wordRune reports runes that belong to a word.
func wordRune(r rune) bool {
	return r == '/' || r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// tokenize splits s into words and segments.
func tokenize(s string) []token {
	var toks []token
	seg := 0
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		toks = appendWord(toks, s, start, end, &seg)
		start = -1
	}
	for i, r := range s {
		switch {
		case wordRune(r):
			if start < 0 {
				start = i
			}
		case hardBreak(r):
			flush(i)
			seg++
		default:
			flush(i)
		}
	}
	flush(len(s))
	if len(toks) > MaxTokens {
		toks = toks[len(toks)-MaxTokens:]
	}
	return toks
}

// appendWord adds the word s[start:end]: runs of two or more dashes split words
// ("104---chung cư"); leading and trailing dashes and a lone dash go.
func appendWord(toks []token, s string, start, end int, seg *int) []token {
	w := s[start:end]
	for {
		i := strings.Index(w, "--")
		if i < 0 {
			break
		}
		toks = appendWord(toks, s, start, start+i, seg)
		j := i
		for j < len(w) && w[j] == '-' {
			j++
		}
		start += j
		w = w[j:]
	}
	lead := len(w) - len(strings.TrimLeft(w, "-_/"))
	w = strings.TrimRight(w[lead:], "-_")
	start += lead
	if w == "" {
		return toks
	}
	return append(toks, token{f: foldWord(w), raw: w, start: start, end: start + len(w), seg: *seg})
}

// foldWord folds a word keeping '/' and '-' between its parts.
func foldWord(w string) string {
	if !strings.ContainsAny(w, "/-_") {
		return strings.ReplaceAll(text.Fold(w), " ", "")
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(w); i++ {
		if c := w[i]; c == '/' || c == '-' || c == '_' {
			b.WriteString(strings.ReplaceAll(text.Fold(w[last:i]), " ", ""))
			if c == '_' {
				c = '-'
			}
			b.WriteByte(c)
			last = i + 1
		}
	}
	b.WriteString(strings.ReplaceAll(text.Fold(w[last:]), " ", ""))
	return b.String()
}
