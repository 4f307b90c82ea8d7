// Package errs holds the typed errors engines return: a kind (what went
// wrong, in API.md §1's terms), the parameter at fault, a message and, when
// the endpoint answers in the Valhalla shape, Valhalla's integer code. The
// API layer (package core) maps them to HTTP status and body once, in its
// error table; engines import this package, never the API layer.
package errs
