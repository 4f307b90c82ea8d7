// Package geocode answers geocoding over the place layers: the places nearest a point
// (reverse geocoding) and the places of some categories around it (nearby), reading the 0.1°
// place cells the circle touches; and Vietnamese address text → places (forward geocoding:
// forward.go), from the address parser, the address layer (FORMAT.md) and the search index,
// in the area the text's administrative part names in either structure.
package geocode
