// Package valhalla is the Valhalla response shape (API.md §3.8, §3.12):
// the optimized_route trip (locations, legs of maneuvers with Valhalla's
// type codes, summaries, polyline6 shapes), the distance matrix and the
// error body. Types write their own JSON (AppendJSON).
package valhalla
