// Package basemapbuild builds the basemap layer of a bundle: Mapbox Vector Tiles
// of roads, water, land use, buildings, places and administrative
// boundaries, packed into archives (core/basemap/FORMAT.md).
package basemapbuild
