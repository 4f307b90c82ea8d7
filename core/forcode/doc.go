// Package forcode writes and reads forcodes (API.md §3.9): a new-structure
// province code followed by an H3 cell in upper-case base 36.
package forcode
