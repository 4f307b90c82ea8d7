// Package convert rewrites a Vietnamese address between the administrative structures (old:
// province, district, ward until 30 June 2025; new: province, ward since 1 July 2025) by the
// official ward correspondence of the admin/units tile, keeping house number, alley and street;
// a point settles a ward that was split.
package convert
