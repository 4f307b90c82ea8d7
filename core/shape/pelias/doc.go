// Package pelias is the Pelias response shape (API.md §3.10): GeoJSON
// feature collections of places, and its error body. Types write their own
// JSON (AppendJSON).
package pelias
