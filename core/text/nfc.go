package text

import (
	"strings"
	"unicode/utf8"
)

// Vietnamese letters as data: each row is a base vowel followed by its five
// toned forms in the order of toneMarks (grave, acute, hook above, tilde,
// dot below). Upper-case rows mirror the lower-case ones.
var toneRows = [...]string{
	"aàáảãạ", "ăằắẳẵặ", "âầấẩẫậ", "eèéẻẽẹ", "êềếểễệ", "iìíỉĩị",
	"oòóỏõọ", "ôồốổỗộ", "ơờớởỡợ", "uùúủũụ", "ưừứửữự", "yỳýỷỹỵ",
	"AÀÁẢÃẠ", "ĂẰẮẲẴẶ", "ÂẦẤẨẪẬ", "EÈÉẺẼẸ", "ÊỀẾỂỄỆ", "IÌÍỈĨỊ",
	"OÒÓỎÕỌ", "ÔỒỐỔỖỘ", "ƠỜỚỞỠỢ", "UÙÚỦŨỤ", "ƯỪỨỬỮỰ", "YỲÝỶỸỴ",
}

// toneMarks are the combining tone marks, in the column order of toneRows.
var toneMarks = [...]rune{0x300, 0x301, 0x309, 0x303, 0x323}

// Vowel-quality marks: circumflex, breve, horn.
const (
	markCircumflex = 0x302
	markBreve      = 0x306
	markHorn       = 0x31B
)

// qualityRows: base letter, mark, result.
var qualityRows = [...]struct {
	base, mark, out rune
}{
	{'a', markBreve, 'ă'}, {'a', markCircumflex, 'â'}, {'e', markCircumflex, 'ê'},
	{'o', markCircumflex, 'ô'}, {'o', markHorn, 'ơ'}, {'u', markHorn, 'ư'},
	{'A', markBreve, 'Ă'}, {'A', markCircumflex, 'Â'}, {'E', markCircumflex, 'Ê'},
	{'O', markCircumflex, 'Ô'}, {'O', markHorn, 'Ơ'}, {'U', markHorn, 'Ư'},
}

type composeKey struct{ base, mark rune }

// composeTable maps (letter, combining mark) to the precomposed letter for
// every Vietnamese letter; decomposeTable is its inverse for toned letters
// (toned letter → untoned letter, tone index 1..5).
var composeTable, toneOf = buildTables()

func buildTables() (map[composeKey]rune, map[rune][2]rune) {
	c := map[composeKey]rune{}
	t := map[rune][2]rune{}
	for _, q := range qualityRows {
		c[composeKey{q.base, q.mark}] = q.out
	}
	for _, row := range toneRows {
		rs := []rune(row)
		for i, m := range toneMarks {
			c[composeKey{rs[0], m}] = rs[i+1]
			t[rs[i+1]] = [2]rune{rs[0], rune(i + 1)}
		}
	}
	return c, t
}

// NFC composes the decomposed Vietnamese letters of s (base letter followed
// by combining quality and tone marks, in either order) into precomposed
// letters, as Unicode NFC would. Text that has none is returned unchanged
// without allocating. Marks that do not combine are kept as they are.
func NFC(s string) string {
	if !hasMark(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	rs := []rune(s)
	for i := 0; i < len(rs); {
		r := rs[i]
		i++
		var tone rune
		for i < len(rs) && isMark(rs[i]) {
			m := rs[i]
			if isTone(m) && tone == 0 {
				tone = m // apply after the quality mark
				i++
				continue
			}
			if out, ok := composeTable[composeKey{r, m}]; ok {
				r = out
				i++
				continue
			}
			break
		}
		if tone != 0 {
			if out, ok := composeTable[composeKey{r, tone}]; ok {
				r = out
			} else {
				b.WriteRune(r)
				r = tone
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isTone(m rune) bool {
	for _, t := range toneMarks {
		if t == m {
			return true
		}
	}
	return false
}

func hasMark(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0xcc && s[i] <= 0xcd { // UTF-8 lead bytes of U+0300..U+036F
			r, _ := utf8.DecodeRuneInString(s[i:])
			if isMark(r) {
				return true
			}
		}
	}
	return false
}

// Lower returns s in NFC, lower-cased, marks kept: the form accent-exact
// comparisons use.
func Lower(s string) string { return strings.ToLower(NFC(s)) }

// StripTone returns the letter without its tone mark and the tone (0 none,
// 1 grave, 2 acute, 3 hook, 4 tilde, 5 dot below).
func StripTone(r rune) (rune, int) {
	if t, ok := toneOf[r]; ok {
		return t[0], int(t[1])
	}
	return r, 0
}

// WithTone puts tone (1..5, as StripTone reports) on vowel r; r unchanged
// if it cannot carry one.
func WithTone(r rune, tone int) rune {
	if tone < 1 || tone > len(toneMarks) {
		return r
	}
	if out, ok := composeTable[composeKey{r, toneMarks[tone-1]}]; ok {
		return out
	}
	return r
}
