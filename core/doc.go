// Package core is bando's API layer (docs/API.md): for each /v1 request it
// parses and validates the parameters, checks the API key, calls an engine
// (core/search, core/admin, core/forcode, …), enriches the results
// (administrative names, distances), shapes them (core/shape/…) and writes
// the JSON — one file per endpoint family, the error table in errors.go.
// Engines never import it (imports_test.go). It has no dependency on
// net/http, so it runs the same natively, in wasm and in a Worker; see
// docs/ARCHITECTURE.md.
package core
