// Package snap finds the nearest edge a vehicle may use to a point (within
// 1 km), with the projected point, the fraction along the edge and the
// side of the street the point lies on.
package snap
