// Package adminbuild builds the admin/ tiles of a bundle (format v1, core/admin/FORMAT.md) from the administrative data directory (both structures and the official old→new table) or from an OSM file's boundary relations, deterministically: same input, byte-identical tiles.
package adminbuild
