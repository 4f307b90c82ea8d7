// Package mapkit makes what a MapLibre style needs besides tiles, so a map
// draws text and icons offline: SDF glyph ranges (the protobuf MapLibre
// reads) from a TrueType font, and a sprite (PNG + JSON index) from SVG
// icons (FORMAT.md).
package mapkit
