// Package place is the codec of the place and search tile layers
// (core/tile/SPEC.md §4–5): places (named POIs and settlements) by grid
// cell, and a folded-token prefix index the search engine reads from one
// tile. Its decoders bound every length by the tile's size.
package place
