// Package valhalla is the Valhalla response shape (API.md §3.8, §3.12):
// for now its error body; the trip and matrix answers come with the routing
// engines. Types write their own JSON (AppendJSON).
package valhalla
