// Package shape turns enriched engine results into the /v1 response
// shapes and is the only place that writes JSON: every response type has
// an AppendJSON method (Body), hand-written for the hot shapes and
// byte-identical to encoding/json with HTML escaping off. The families live
// in shape/google, shape/pelias and shape/valhalla (API.md §1); this package
// holds what they share: the JSON writers, Deg, the enriched Place and the
// address labels. Shaping does no I/O: the API layer enriches results
// (administrative names, distances) before it shapes them.
package shape
