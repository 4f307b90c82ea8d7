// Package text folds Vietnamese text for matching: lower case, tone marks
// and vowel marks removed, đ→d, punctuation to spaces, split into tokens;
// FoldMapped maps matches back to UTF-16 offsets of the original.
package text
