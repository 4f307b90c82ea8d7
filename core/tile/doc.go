// Package tile defines bando's tile format v1 (see SPEC.md) and reads it: a
// Source yields a bundle's files by path, the Manifest says which tiles exist
// with their checksums, and a Store verifies tiles and keeps the one cache of
// decoded tiles (Decode) that every engine reads through.
package tile
