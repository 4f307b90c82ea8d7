// Package addr parses Vietnamese address text (venue, house number and alley chain, street,
// ward, district, province, in any order, accents or none, abbreviated unit words) into
// components, recognising administrative units of both structures with a Gazetteer built from
// the admin/units tile.
package addr
