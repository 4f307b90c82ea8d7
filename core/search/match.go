package search

import (
	"bytes"

	"github.com/bando-vn/bando/core/text"
)

// Points of one query token's match against a word of a name, in the
// order ISSUE 9 ranks text matches: exact > prefix > abbreviation > typo.
// (Typed accents add accentPoints on top; abbreviations and Telex readings
// pay variantCost.)
const (
	pointsWhole      = 10.0 // the word itself
	pointsLastPrefix = 8.0  // the word being typed is a prefix of the name's word
	pointsPrefix     = 6.0  // a word typed short ("ng tr")
	pointsTypoWhole  = 5.0  // minus one per edit
	pointsTypoPrefix = 4.0  // minus one per edit
	costOptional     = 4.0  // a house number or street word the name lacks
	accentPoints     = 8.0  // per typed accented word found with its marks
	orderPoints      = 2.0  // the words matched in the typed order
	phrasePoints     = 3.0  // the words typed are the name's first words (street words aside)
	coveragePoints   = 6.0  // times the share of the name's words matched
	fullPoints       = 3.0  // every word of the name matched
	altNameCost      = 5.0  // matched an alternative name, not the name
	optionalShare    = 0.25 // of a word in coverage, for a street word left out
)

// variantCost is what a reading of the query pays.
var variantCost = [...]float64{text.AsTyped: 0, text.Expanded: 4, text.Detyped: 5}

// optionalWord: a typed word a name may lack (street-type words, alley
// words, "số"); numbers are optional too (a house number of an address
// that is not in the data still finds the street). A switch, not a map:
// it runs for every word of every candidate name, and a map's string hash
// is several times slower in wasm (no AES hash there).
func optionalWord[T string | []byte](s T) bool {
	switch string(s) {
	case "pho", "duong", "ngo", "ngach", "hem", "kiet", "so", "d":
		return true
	}
	return false
}

func isNumber[T string | []byte](t T) bool { return len(t) > 0 && t[0] >= '0' && t[0] <= '9' }

// maxWords bounds the words of a name the matcher looks at.
const maxWords = 32

// words splits a folded name into word spans without allocating.
func words(name []byte, out *[maxWords][2]int) int {
	n := 0
	for i := 0; i < len(name) && n < maxWords; {
		for i < len(name) && name[i] == ' ' {
			i++
		}
		j := i
		for j < len(name) && name[j] != ' ' {
			j++
		}
		if j > i {
			out[n] = [2]int{i, j}
			n++
		}
		i = j
	}
	return n
}

// matchWords scores one reading's tokens against one folded name, split
// into its nw words ws (once per name, for all the readings): every token
// must match a distinct word (whole, prefix, or within its typo budget)
// unless it is optional; ok=false otherwise.
func matchWords(name []byte, ws *[maxWords][2]int, nw int, v *text.Variant, prefixLast bool) (score float64, ok, all bool) {
	var used uint64
	last, inOrder, matched, whole := -1, true, 0, 0
	phrase := true // every typed word matched, each the name's next word but optional ones
	for i, t := range v.Tokens {
		isLast := prefixLast && i == len(v.Tokens)-1
		bestW, bestP, bestWhole := bestWord(name, ws, nw, used, t, isLast, false)
		if bestW < 0 && len(t) >= 3 && !isNumber(t) {
			bestW, bestP, bestWhole = bestWord(name, ws, nw, used, t, isLast, true)
		}
		if bestW < 0 {
			if isNumber(t) || optionalWord(t) {
				score -= costOptional
				phrase = false
				continue
			}
			return 0, false, false
		}
		used |= 1 << bestW
		if bestW < last {
			inOrder = false
		}
		phrase = phrase && bestW > last && onlyStreetWords(name, ws, last+1, bestW)
		last = bestW
		matched++
		if bestWhole {
			whole++
		}
		score += bestP
	}
	if matched == 0 {
		return 0, false, false
	}
	if inOrder {
		score += orderPoints
	}
	if phrase {
		score += phrasePoints
	}
	// a street or unit word the user left out ("Lê Quát" for "Đường Lê
	// Quát") does not count against the coverage
	left := 0
	for w := 0; w < nw; w++ {
		if used&(1<<w) == 0 && optionalNameWord(name, ws, nw, w) {
			left++
		}
	}
	if d := nw - left; d > 0 {
		// a street word left out counts a quarter: of "162 Trường Chinh"
		// and "162 Đường Trường Chinh", the name typed whole ranks first
		score += coveragePoints * float64(matched) / (float64(d) + optionalShare*float64(left))
		if matched >= d && whole >= d-1 {
			score += fullPoints
		}
	}
	return score, true, matched == len(v.Tokens)
}

// streetWord: the words a user leaves out of a street name ("Lê Quát"
// for "Đường Lê Quát", "12 Hàng Bạc" for "12 Phố Hàng Bạc").
func streetWord(s []byte) bool {
	return string(s) == "pho" || string(s) == "duong" || string(s) == "d"
}

// onlyStreetWords: the name's words from..to-1 (to < the name's word
// count) are all street words or "số" before a number ("Đường số 9").
func onlyStreetWords(name []byte, ws *[maxWords][2]int, from, to int) bool {
	for w := from; w < to; w++ {
		if s := name[ws[w][0]:ws[w][1]]; !streetWord(s) && !(string(s) == "so" && isNumber(name[ws[w+1][0]:ws[w+1][1]])) {
			return false
		}
	}
	return true
}

// optionalNameWord: word w of the name (of nw words) is one a user may
// leave out: a street or alley word, or "số" before a number.
func optionalNameWord(name []byte, ws *[maxWords][2]int, nw, w int) bool {
	s := name[ws[w][0]:ws[w][1]]
	if string(s) == "so" {
		return w+1 < nw && isNumber(name[ws[w+1][0]:ws[w+1][1]])
	}
	return optionalWord(s)
}

// bestWord is the unused word of the name token t matches best: whole or
// as a prefix, or with typos=true within its typo budget (tried only when
// nothing matched without: a typo ranks below every other match).
func bestWord(name []byte, ws *[maxWords][2]int, nw int, used uint64, t string, last, typos bool) (best int, points float64, whole bool) {
	best = -1
	for w := 0; w < nw; w++ {
		if used&(1<<w) != 0 {
			continue
		}
		word := name[ws[w][0]:ws[w][1]]
		var p float64
		var isWhole bool
		if typos {
			p, isWhole = typoPoints(t, word, last)
		} else {
			p, isWhole = tokenPoints(t, word, last)
		}
		if p > points {
			best, points, whole = w, p, isWhole
		}
	}
	return best, points, whole
}

// tokenPoints scores typed token t against a name's word, whole or as a
// prefix.
func tokenPoints(t string, word []byte, last bool) (float64, bool) {
	if len(word) == len(t) && string(word) == t {
		return pointsWhole, true
	}
	if len(word) > len(t) && string(word[:len(t)]) == t {
		if last {
			return pointsLastPrefix, false
		}
		if len(t) >= 2 || len(word) <= 2 {
			return pointsPrefix, false
		}
		return pointsPrefix - 2, false // one letter standing for a word
	}
	return 0, false
}

// typoPoints scores typed token t against a name's word within its typo
// budget.
func typoPoints(t string, word []byte, last bool) (float64, bool) {
	if e, ok := wholeTypo(t, word); ok {
		return pointsTypoWhole - float64(e), true
	}
	if last {
		if e, ok := prefixTypo(t, word); ok {
			return pointsTypoPrefix - float64(e), false
		}
	}
	return 0, false
}

// wholeTypo: typed t is word with at most its typo budget of edits
// (text.MaxEditsFor).
func wholeTypo(t string, word []byte) (int, bool) {
	k := text.MaxEditsFor(len(t), len(word))
	if k == 0 {
		return 0, false
	}
	e := text.EditsBytes(t, word, k)
	return e, e <= k
}

// prefixTypo: t, being typed, is a prefix of word with at most t's own
// typo budget of edits.
func prefixTypo(t string, word []byte) (int, bool) {
	k := text.MaxEdits(len(t))
	if k == 0 || len(word) <= len(t)-k {
		return k + 1, false
	}
	e := text.PrefixEditsBytes(t, word, k)
	return e, e <= k
}

// accentMatches counts the typed words carrying marks that occur with
// exactly those marks at a word start of the lower-cased names.
func accentMatches(q *text.Query, lower []byte) int {
	n := 0
	for _, t := range q.Typed {
		if !hasNonASCII(t) {
			continue
		}
		if wordStartIndex(lower, t) {
			n++
		}
	}
	return n
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

// wordStartIndex: typed occurs in names at the start of a word.
func wordStartIndex(names []byte, typed string) bool {
	for off := 0; off < len(names); {
		i := bytes.Index(names[off:], []byte(typed))
		if i < 0 {
			return false
		}
		at := off + i
		if at == 0 || names[at-1] == ' ' || names[at-1] == '\n' {
			return true
		}
		off = at + 1
	}
	return false
}

// bestNameScore matches every reading against every folded name of a
// record and keeps the best score; all: some reading matched every one of
// its words (none left out as optional).
func bestNameScore(folded []byte, vs []text.Variant, prefixLast bool) (best float64, found, all bool) {
	var ws [maxWords][2]int
	for ni := 0; len(folded) > 0; ni++ {
		name := folded
		if i := bytes.IndexByte(folded, '\n'); i >= 0 {
			name, folded = folded[:i], folded[i+1:]
		} else {
			folded = nil
		}
		nw := words(name, &ws)
		for vi := range vs {
			s, ok, a := matchWords(name, &ws, nw, &vs[vi], prefixLast)
			if !ok {
				continue
			}
			all = all || a
			s -= variantCost[vs[vi].Kind]
			if ni > 0 {
				s -= altNameCost
			}
			if !found || s > best {
				best, found = s, true
			}
		}
	}
	return best, found, all
}
