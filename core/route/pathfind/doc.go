// Package pathfind finds exact least-cost routes on the graph for one
// costing: a contraction-hierarchy query whose answer is checked against
// turn restrictions and u-turns, with an exact edge-based Dijkstra
// fallback; several destinations as consecutive legs; matrices.
package pathfind
