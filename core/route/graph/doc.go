// Package graph reads the routing graph layer (FORMAT.md): junction nodes,
// edges with their OSM attributes and geometry, turn restrictions and the
// per-profile contraction hierarchy, loaded tile by tile on demand.
package graph
