// Package tile defines bando's tile format v1 (see SPEC.md) and reads it: a
// Source yields a tile's bytes by key, a Cache keeps verified tiles within a
// byte budget, and the Manifest says which tiles exist with their checksums.
package tile
