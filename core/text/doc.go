// Package text is bando's Vietnamese text toolkit, shared by the search
// engine, the address parser and the bundle builder:
//
//   - NFC composes decomposed Vietnamese letters; Lower keeps marks (for
//     accent-exact scoring); Fold removes case, tones, vowel marks and đ→d
//     and turns everything else into single spaces; Tokens splits folded text;
//     FoldMapped keeps UTF-16 offsets back to the original for highlighting.
//   - Expansions: abbreviations and synonyms
//     (q ↔ quan, tp ↔ thanh pho, bv ↔ benh vien, hcm ↔ ho chi minh …),
//     on folded tokens; SplitUnitNumber splits "q1" into "q 1".
//   - Detelex: Telex and VNI keystroke leftovers ("nguyeenx" → "nguyen",
//     "nguye61n" → "nguyen") on folded tokens.
//   - MaxEdits / MaxEditsFor / Edits / PrefixEdits: typo budgets (one edit
//     on words of ≥ 4 letters, two on ≥ 8, a transposition counts as one).
//   - ParseHouse: a leading house number and alleys ("12A", "113/34",
//     "ngõ 34", "ngách 5", "hẻm 45/6", "kiệt 7") split from the street.
//   - Analyze: all of the above applied to a typed query, giving the token
//     alternatives a matcher tries.
//
// Every function is total (no panic on any input) and allocation-light.
package text
