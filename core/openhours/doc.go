// Package openhours parses the weekly part of OSM opening_hours values into API.md §3.10's
// periods [[day,hour,minute],[day,hour,minute]] (day 0 = Sunday); anything it cannot read
// exactly makes the whole value unparsable (the API then answers null).
package openhours
