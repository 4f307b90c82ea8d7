// Package basemap reads the basemap layer of a bundle: archives of Mapbox
// Vector Tiles addressed by zoom/x/y and read by byte range (FORMAT.md).
package basemap
