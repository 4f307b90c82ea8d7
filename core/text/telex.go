package text

import "strings"

// Detelex undoes Telex or VNI keystrokes typed with the input method off, on
// a folded token (lower-case ASCII), returning the folded word the user
// meant and whether anything was undone:
//
//	Telex: aa→a ee→e oo→o dd→d, w after a/o/u dropped (aw ă, ow ơ, uw ư),
//	       a lone w→u (ư), and tone keys s f r x j (and z, "remove tone")
//	       dropped anywhere but at the start of the word ("tr" keeps its r);
//	VNI:   digits 1–9 typed inside or at the end of a word of letters
//	       dropped ("nguye61n", "pho73").
//
// Vietnamese never writes f, j, w, z, nor s/r/x after the first letter, so
// these are safe signals (a token starting with a digit is a house number
// and stays); doubled vowels are only taken when the token also
// decodes to something else or has no other reading ("xoong" stays an
// alternative, never a replacement: callers keep the original token too).
func Detelex(tok string) (string, bool) {
	if tok == "" || !isLowerASCIIWord(tok) || tok[0] >= '0' && tok[0] <= '9' {
		return tok, false // a house number ("1f", "12a") has no keystrokes to undo
	}
	if hasLetter(tok) && hasDigit(tok) {
		if out, ok := deVNI(tok); ok {
			return out, true
		}
	}
	var b strings.Builder
	b.Grow(len(tok))
	changed := false
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		var prev byte
		if b.Len() > 0 {
			prev = b.String()[b.Len()-1]
		}
		switch {
		case i > 0 && isToneKey(c) && !(c == 'r' && i == 1 && tok[0] == 't'):
			changed = true // a tone key
		case c == 'w':
			changed = true
			if prev != 'a' && prev != 'o' && prev != 'u' {
				b.WriteByte('u') // lone w = ư
			}
		case i > 0 && c == prev && (c == 'a' || c == 'e' || c == 'o' || c == 'd') && !doubledBefore(tok, i):
			changed = true // aa ee oo dd: the second key adds a mark
		default:
			b.WriteByte(c)
		}
	}
	if !changed {
		return tok, false
	}
	return b.String(), true
}

// doubledBefore: tok[i-1] was itself the second of a pair (aaa → aa).
func doubledBefore(tok string, i int) bool { return i >= 2 && tok[i-2] == tok[i-1] }

func isToneKey(c byte) bool {
	return c == 's' || c == 'f' || c == 'r' || c == 'x' || c == 'j' || c == 'z'
}

// deVNI drops VNI digits: a digit 1–9 that follows a letter, when the word
// has at least two letters and the digits are not a trailing number of
// their own ("q12", "a1" stay: a unit or house reading is likelier).
func deVNI(tok string) (string, bool) {
	if tok[0] < 'a' || tok[0] > 'z' {
		return tok, false // starts with a digit: a house number like "12a"
	}
	letters := 0
	for i := 0; i < len(tok); i++ {
		if tok[i] >= 'a' && tok[i] <= 'z' {
			letters++
		}
	}
	if letters < 2 {
		return tok, false
	}
	var b strings.Builder
	changed, letterAfterDigit := false, false
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if c >= '1' && c <= '9' && i > 0 {
			changed = true
			continue
		}
		if c >= 'a' && c <= 'z' && i > 0 && tok[i-1] >= '0' && tok[i-1] <= '9' {
			letterAfterDigit = true
		}
		b.WriteByte(c)
	}
	// "pho6" or "hue61": digits at the end count only after a vowel.
	if !letterAfterDigit {
		j := len(tok)
		for j > 0 && tok[j-1] >= '0' && tok[j-1] <= '9' {
			j--
		}
		if j == 0 || !isVowel(tok[j-1]) || letters < 3 {
			return tok, false
		}
	}
	return b.String(), changed
}

func isVowel(c byte) bool {
	return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'y'
}

func isLowerASCIIWord(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 'a' && s[i] <= 'z' {
			return true
		}
	}
	return false
}

func hasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			return true
		}
	}
	return false
}
