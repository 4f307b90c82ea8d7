// Package geo holds the geographic basics every engine shares: points in
// degrees and in 1e-7° integers, bounding boxes, great-circle distance and
// bearing, and encoded polylines (precision 5 for Google shapes, 6 for
// Valhalla). No engine declares its own.
package geo
