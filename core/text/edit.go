package text

// MaxEdits is the typo budget of a typed word of n bytes (folded): none
// below 4 letters, one from 4, two from 8 (as Meilisearch and Typesense do).
func MaxEdits(n int) int {
	switch {
	case n >= 8:
		return 2
	case n >= 4:
		return 1
	}
	return 0
}

// MaxEditsFor is the typo budget of a typed word of n bytes against a
// word of m bytes: that of the longer of the two, so a dropped letter
// still gets the budget of the word meant ("trn" for "tran": one edit on
// a word of four); none for fewer than 3 typed.
func MaxEditsFor(n, m int) int {
	if n < 3 {
		return 0
	}
	return MaxEdits(max(n, m))
}

// maxEditLen bounds the words the edit functions compare (longer inputs
// are compared on their first maxEditLen bytes), so the work per call is
// bounded whatever the input.
const maxEditLen = 48

// editRows is the scratch of osaLastRow: three rows of cells, bytes since
// no cell exceeds maxEditLen (the table's rows are zeroed on every call,
// and most calls compare short words: a smaller table is cheaper to clear).
type editRows [3][maxEditLen + 1]uint8

// Edits returns the optimal-string-alignment distance between a and b
// (insertions, deletions, substitutions, and transpositions of two adjacent
// bytes, each costing 1), or k+1 if it exceeds k. Bytes are compared, so
// call it on folded (ASCII) text.
func Edits(a, b string, k int) int { return edits(a, b, k) }

// EditsBytes is Edits of a string and a byte slice (no copy).
func EditsBytes(a string, b []byte, k int) int { return edits(a, b, k) }

func edits[B ~string | ~[]byte](a string, b B, k int) int {
	a, b = clip(a), clip(b)
	if d := len(a) - len(b); d > k || -d > k {
		return k + 1
	}
	var rows editRows
	last := osaLastRow(a, b, k, &rows)
	if last == nil || int(last[len(b)]) > k {
		return k + 1
	}
	return int(last[len(b)])
}

// PrefixEdits returns the smallest Edits(q, p, k) over the prefixes p of
// word: how far a partly typed word q is from being a prefix of word, or
// k+1 if more than k.
func PrefixEdits(q, word string, k int) int { return prefixEdits(q, word, k) }

// PrefixEditsBytes is PrefixEdits of a string and a byte slice (no copy).
func PrefixEditsBytes(q string, word []byte, k int) int { return prefixEdits(q, word, k) }

func prefixEdits[B ~string | ~[]byte](q string, word B, k int) int {
	q, word = clip(q), clip(word)
	// Rows run over q, columns over word; any prefix of word may end the
	// match, so the answer is the best of the last row.
	var rows editRows
	last := osaLastRow(q, word, k, &rows)
	if last == nil {
		return k + 1
	}
	best := k + 1
	for j := 0; j <= len(word); j++ {
		best = min(best, int(last[j]))
	}
	return best
}

// osaLastRow fills the optimal-string-alignment table of a (rows) against
// b (columns), keeping three rows, and returns its last row; nil as soon as
// a whole row exceeds k (no later row can come back under it). a and b are
// at most maxEditLen bytes (clipped by the callers); rows is the caller's
// scratch (on its stack: nothing allocates).
func osaLastRow[B ~string | ~[]byte](a string, b B, k int, rows *editRows) *[maxEditLen + 1]uint8 {
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(b); j++ {
		prev[j] = uint8(j)
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = uint8(i)
		best := int(cur[0])
		for j := 1; j <= len(b); j++ {
			cost := uint8(1)
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			best = min(best, int(v))
		}
		if best > k {
			return nil
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev
}

func clip[S ~string | ~[]byte](s S) S {
	if len(s) > maxEditLen {
		return s[:maxEditLen]
	}
	return s
}
