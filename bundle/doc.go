// Package bundle turns OpenStreetMap files (.osm.pbf, .osm XML, Overpass
// JSON) and administrative layers into a tile bundle (core/tile/SPEC.md):
// deterministic, written atomically, with its manifest.
package bundle
