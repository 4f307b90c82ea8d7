package google

import (
	"github.com/bando-vn/bando/core/shape"
)

// Geometry holds a result's location.
type Geometry struct {
	Location LatLng `json:"location"`
}

// GeocodeResult is one geocoding answer (API.md §3.4, §3.5): Address is the address without
// the name or house part; components in §3.5's order.
type GeocodeResult struct {
	Address           string             `json:"address"`
	AddressComponents []AddressComponent `json:"address_components"`
	FormattedAddress  string             `json:"formatted_address"`
	Geometry          Geometry           `json:"geometry"`
	Name              string             `json:"name"`
	PlaceID           string             `json:"place_id"`
	Types             []string           `json:"types"`
	DistanceMeters    *int               `json:"distance_meters"`
}

// Geocoded is the geocode envelope: status OK, or ZERO_RESULTS with no results.
type Geocoded struct {
	Results []GeocodeResult `json:"results"`
	Status  string          `json:"status"`
}

// AppendJSON writes the answer.
func (g Geocoded) AppendJSON(b []byte) []byte { return shape.AppendReflect(b, g) }

// GeocodeOf shapes enriched places: components name, house number, street, ward, district
// (old structure only: Admin.District is "" under admin_v2), province.
func GeocodeOf(rs []shape.Place) Geocoded {
	out := Geocoded{Results: []GeocodeResult{}, Status: "OK"}
	for i := range rs {
		r := &rs[i]
		full, _ := shape.Label(r.Place, r.Admin)
		house, street, _ := shape.AddressParts(r.Place)
		var comps []AddressComponent
		add := func(v string, types ...string) {
			if v != "" {
				comps = append(comps, AddressComponent{LongName: v, ShortName: v, Types: types})
			}
		}
		if r.Layer != "address" { // an address's name is its house number and street
			add(r.Name, "point_of_interest")
		}
		add(house, "street_number")
		add(street, "route")
		for _, u := range []struct{ name, kind string }{{r.Admin.Ward, "administrative_area_level_3"},
			{r.Admin.District, "administrative_area_level_2"}, {r.Admin.Province, "administrative_area_level_1"}} {
			if c, ok := UnitComponent(u.name, u.kind); ok {
				comps = append(comps, c)
			}
		}
		if comps == nil {
			comps = []AddressComponent{}
		}
		addr := joinNonEmpty(r.Admin.Ward, r.Admin.District, r.Admin.Province)
		if street != "" {
			addr = joinNonEmpty(street, addr)
		}
		types := append([]string{}, r.Category...)
		if len(types) == 0 {
			types = []string{r.Layer}
		}
		out.Results = append(out.Results, GeocodeResult{Address: addr, AddressComponents: comps, FormattedAddress: full,
			Geometry: Geometry{LatLng{shape.Deg(r.LatF()), shape.Deg(r.LngF())}}, Name: r.Name, PlaceID: r.ID,
			Types: types, DistanceMeters: r.DistanceM})
	}
	if len(rs) == 0 {
		out.Status = "ZERO_RESULTS"
	}
	return out
}

func joinNonEmpty(parts ...string) string {
	s := ""
	for _, p := range parts {
		if p == "" {
			continue
		}
		if s != "" {
			s += ", "
		}
		s += p
	}
	return s
}
