// Package graphbuild builds the routing graph layer (core/route/graph/FORMAT.md)
// from OSM ways, nodes and turn-restriction relations: junction nodes,
// edges with attributes and geometry, restrictions, and a contraction
// hierarchy per built-in profile.
package graphbuild
