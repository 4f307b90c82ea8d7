package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// foldGroups lists, for each base letter, every precomposed Vietnamese (and
// common Latin) lower- and upper-case letter that folds to it.
var foldGroups = [...]struct {
	base    byte
	letters string
}{
	{'a', "aàáảãạăằắẳẵặâầấẩẫậäåāAÀÁẢÃẠĂẰẮẲẴẶÂẦẤẨẪẬÄÅĀ"},
	{'e', "eèéẻẽẹêềếểễệëēEÈÉẺẼẸÊỀẾỂỄỆËĒ"},
	{'i', "iìíỉĩịïīIÌÍỈĨỊÏĪ"},
	{'o', "oòóỏõọôồốổỗộơờớởỡợöōøOÒÓỎÕỌÔỒỐỔỖỘƠỜỚỞỠỢÖŌØ"},
	{'u', "uùúủũụưừứửữựüūUÙÚỦŨỤƯỪỨỬỮỰÜŪ"},
	{'y', "yỳýỷỹỵYỲÝỶỸỴ"},
	{'d', "dđDĐ"},
	{'c', "cçCÇ"},
	{'n', "nñNÑ"},
}

// foldTable maps the letters of foldGroups (all below U+1F00) to their
// base letter, 0 for any other rune: an array, not a map, as it is read
// for every non-ASCII rune folded (a map's hash costs several times more
// in wasm).
var foldTable = buildFoldTable()

func buildFoldTable() *[0x1f00]byte {
	t := new([0x1f00]byte)
	for _, g := range foldGroups {
		for _, r := range g.letters {
			t[r] = g.base
		}
	}
	return t
}

// foldByte is the base letter of r when foldTable has it.
func foldByte(r rune) (byte, bool) {
	if r < 0 || int(r) >= len(foldTable) || foldTable[r] == 0 {
		return 0, false
	}
	return foldTable[r], true
}

// isMark reports combining marks (decomposed input), which fold to nothing.
func isMark(r rune) bool { return r >= 0x300 && r <= 0x36f }

// Fold returns s lower-cased with every mark removed and đ→d; characters
// that are neither letters nor digits become single spaces; the result is
// trimmed. "Phố Huế" → "pho hue", "Q.1" → "q 1".
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := true
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9'):
			b.WriteByte(byte(r))
			space = false
		case r < utf8.RuneSelf && r >= 'A' && r <= 'Z':
			b.WriteByte(byte(r) + 'a' - 'A')
			space = false
		case isMark(r):
		default:
			if c, ok := foldByte(r); ok {
				b.WriteByte(c)
				space = false
			} else if unicode.IsLetter(r) || unicode.IsDigit(r) {
				b.WriteRune(unicode.ToLower(r))
				space = false
			} else if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// Tokens folds s and splits it into words.
func Tokens(s string) []string { return strings.Fields(Fold(s)) }
