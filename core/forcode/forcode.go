package forcode

import (
	"errors"
	"strconv"
	"strings"
)

// ErrInvalid: the string is not a forcode of any known province.
var ErrInvalid = errors.New("invalid forcode")

// Body returns the base-36 body of an H3 cell: its 15-digit hex form with
// trailing "ff" pairs dropped, read as a hex integer, written in upper-case
// base 36.
func Body(cell uint64) string {
	h := strconv.FormatUint(cell, 16)
	for len(h) > 2 && strings.HasSuffix(h, "ff") {
		h = h[:len(h)-2]
	}
	n, _ := strconv.ParseUint(h, 16, 64) // h is hex by construction
	return strings.ToUpper(strconv.FormatUint(n, 36))
}

// Encode returns code followed by the body of cell.
func Encode(code string, cell uint64) string { return code + Body(cell) }

// ParseBody reverses Body: read base 36 (any case), write in hex, pad on the
// right with "f" to 15 digits. ok is false when s is empty, not base 36, or
// too long for an H3 index; the result still has to be checked as a cell.
func ParseBody(s string) (cell uint64, ok bool) {
	if s == "" || len(s) > 13 { // 36^13 > 16^15: no body is longer
		return 0, false
	}
	for i := 0; i < len(s); i++ { // ParseUint would accept "_" separators
		if c := s[i] | 0x20; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z') {
			return 0, false
		}
	}
	n, err := strconv.ParseUint(strings.ToLower(s), 36, 64)
	if err != nil || n == 0 {
		return 0, false
	}
	h := strconv.FormatUint(n, 16)
	if len(h) > 15 {
		return 0, false
	}
	h += strings.Repeat("f", 15-len(h))
	v, err := strconv.ParseUint(h, 16, 64)
	return v, err == nil
}

// Candidate is one way to read a forcode: a province code that prefixes it
// and the cell its remainder gives.
type Candidate struct {
	Code string
	Cell uint64
}

// Candidates returns every reading of s, one per code in codes that
// prefixes s (case-insensitive) and whose remainder parses, longest code
// first. The caller keeps those whose cell is valid and prefers the one whose
// centre lies in its province (API.md §3.9).
func Candidates(s string, codes []string) []Candidate {
	s = strings.ToUpper(strings.TrimSpace(s))
	var out []Candidate
	for _, c := range codes {
		if !strings.HasPrefix(s, c) {
			continue
		}
		if cell, ok := ParseBody(s[len(c):]); ok {
			out = append(out, Candidate{Code: c, Cell: cell})
		}
	}
	for i := 1; i < len(out); i++ { // insertion sort: longest code first, stable
		for j := i; j > 0 && len(out[j].Code) > len(out[j-1].Code); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// Codes are the province short codes of the new structure (API.md §5).
var Codes = []string{
	"TQ", "CB", "LCU", "LCI", "TN", "DB", "LS", "SL", "PT", "BN", "QNH", "HN", "HP", "HY", "NB", "TH", "NA",
	"HT", "QT", "HUE", "DNG", "QNG", "GL", "DLK", "KH", "LD", "DN", "TNH", "HCM", "DT", "AG", "VL", "CT", "CM",
}
