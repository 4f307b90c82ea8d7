// Package text folds Vietnamese text for matching: lower case, tone marks
// and vowel marks removed, đ→d, punctuation to spaces, split into tokens.
package text
