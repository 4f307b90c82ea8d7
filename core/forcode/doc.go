// Package forcode is the forcodes engine (API.md §3.9): it writes and reads
// forcodes — a new-structure province code followed by an H3 cell in
// upper-case base 36 — and, with the admin lookup, encodes points
// (EncodePoint) and decodes strings whose province codes share prefixes
// (DecodeString).
package forcode
