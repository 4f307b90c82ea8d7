// Package geocode answers point queries over the place layer: the places nearest a point
// (reverse geocoding) and the places of some categories around it (nearby), reading the
// 0.1° place cells the circle touches. Forward geocoding comes with the search index.
package geocode
