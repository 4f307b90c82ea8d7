// Package search is bando's place search engine: a typed text (+ focus
// point, radius, size) → ranked places, read from at most MaxTiles tiles
// of the sharded search index (core/place FORMAT.md) through the store's
// one cache, matching Vietnamese as users type it through core/text
// (accents or none, prefixes, short forms, Telex/VNI leftovers, typos,
// house numbers). It never imports the API layer.
package search
