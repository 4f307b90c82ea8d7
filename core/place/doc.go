// Package place encodes and reads the place and search tile layers: places
// (named POIs and settlements) by grid cell, and a folded-token prefix index
// that autocomplete answers from one tile.
package place
