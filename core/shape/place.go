package shape

import (
	"strings"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/openhours"
	"github.com/bando-vn/bando/core/place"
)

// Place is one result ready for shaping: the place, the names of the
// administrative units containing it in the requested structure, and its
// distance in metres from the request's reference point (nil without one),
// and its OSM opening_hours parsed (nil when it has none or it does not
// parse: API.md §3.10). Matched marks the typed words in its Label (an
// autocomplete hit's; nil elsewhere).
type Place struct {
	*place.Place
	Admin        admin.Names
	DistanceM    *int
	OpeningHours []openhours.Period
	Matched      []Span
}

// Span is a matched range of a text in UTF-16 units (as JavaScript counts).
type Span struct {
	Length int `json:"length"`
	Offset int `json:"offset"`
}

// Meters is the distance from a to b rounded to whole metres, nil without
// a reference point a.
func Meters(a *geo.LatLng, b geo.LatLng) *int {
	if a == nil {
		return nil
	}
	d := int(geo.DistanceM(*a, b) + 0.5)
	return &d
}

// AddressParts returns a place's house number, street, and the two joined
// ("12 Hàng Bạc", the short address).
func AddressParts(p *place.Place) (house, street, short string) {
	house, street = p.Tag("addr:housenumber"), p.Tag("addr:street")
	return house, street, strings.TrimSpace(house + " " + street)
}

// Label joins the display address: name, house and street, ward,
// district (old structure only), province, skipping empty parts and a
// part equal to the name; secondary is the label without the name.
func Label(p *place.Place, a admin.Names) (full, secondary string) {
	_, _, hs := AddressParts(p)
	parts := []string{}
	for _, s := range []string{hs, a.Ward, a.District, a.Province} {
		if s != "" && s != p.Name {
			parts = append(parts, s)
		}
	}
	secondary = strings.Join(parts, ", ")
	if secondary == "" {
		return p.Name, ""
	}
	return p.Name + ", " + secondary, secondary
}

// WardBasisOf is the ward_basis and ward_candidates of a place's units
// ("unknown" and [] when no ward of either structure is known).
func WardBasisOf(n admin.Names) (string, []string) {
	c := n.Candidates
	if c == nil {
		c = []string{}
	}
	return n.Basis.String(), c
}
