package google

import (
	"slices"

	"github.com/bando-vn/bando/core/place"
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
	// WardBasis and WardCandidates: how the ward component is known, as the
	// Pelias properties of the same names say (API.md §3.10).
	WardBasis      string   `json:"ward_basis"`
	WardCandidates []string `json:"ward_candidates"`
	// PartialMatch: forward geocoding did not find the address or place itself, only its
	// street or its administrative unit (omitted otherwise, as Google does).
	PartialMatch bool `json:"partial_match,omitempty"`
}

// Geocoded is the geocode envelope: status OK, or ZERO_RESULTS with no results.
type Geocoded struct {
	Results []GeocodeResult `json:"results"`
	Status  string          `json:"status"`
}

// AppendJSON writes the answer without reflection (byte-identical to encoding/json;
// TestAppendJSONMatchesReflection and FuzzAppendJSON check it).
func (g Geocoded) AppendJSON(b []byte) []byte {
	b = slices.Grow(b, 64+700*len(g.Results))
	b = append(b, `{"results":`...)
	b = shape.AppendList(b, g.Results, appendGeocodeResult)
	b = append(b, `,"status":`...)
	b = shape.AppendString(b, g.Status)
	return append(b, '}')
}

func appendGeocodeResult(b []byte, r *GeocodeResult) []byte {
	b = append(b, `{"address":`...)
	b = shape.AppendString(b, r.Address)
	b = append(b, `,"address_components":`...)
	b = shape.AppendList(b, r.AddressComponents, appendComponent)
	b = append(b, `,"formatted_address":`...)
	b = shape.AppendString(b, r.FormattedAddress)
	b = append(b, `,"geometry":{"location":{"lat":`...)
	b = shape.AppendDeg(b, r.Geometry.Location.Lat)
	b = append(b, `,"lng":`...)
	b = shape.AppendDeg(b, r.Geometry.Location.Lng)
	b = append(b, `}},"name":`...)
	b = shape.AppendString(b, r.Name)
	b = append(b, `,"place_id":`...)
	b = shape.AppendString(b, r.PlaceID)
	b = append(b, `,"types":`...)
	b = shape.AppendStrings(b, r.Types)
	b = append(b, `,"distance_meters":`...)
	b = shape.AppendIntPtr(b, r.DistanceMeters)
	b = append(b, `,"ward_basis":`...)
	b = shape.AppendString(b, r.WardBasis)
	b = append(b, `,"ward_candidates":`...)
	b = shape.AppendStrings(b, r.WardCandidates)
	if r.PartialMatch {
		b = append(b, `,"partial_match":true`...)
	}
	return append(b, '}')
}

func appendComponent(b []byte, c *AddressComponent) []byte {
	b = append(b, `{"long_name":`...)
	b = shape.AppendString(b, c.LongName)
	b = append(b, `,"short_name":`...)
	b = shape.AppendString(b, c.ShortName)
	b = append(b, `,"types":`...)
	b = shape.AppendStrings(b, c.Types)
	return append(b, '}')
}

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
		if c, ok := nameComponent(r.Place); ok && c.LongName != r.Admin.Ward && c.LongName != r.Admin.District && c.LongName != r.Admin.Province {
			comps = append(comps, c) // (a unit's name is among the units already when its polygon names it)
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
		basis, cands := shape.WardBasisOf(r.Admin)
		out.Results = append(out.Results, GeocodeResult{Address: addr, AddressComponents: comps, FormattedAddress: full,
			Geometry: Geometry{LatLng{shape.Deg(r.LatF()), shape.Deg(r.LngF())}}, Name: r.Name, PlaceID: r.ID,
			Types: types, DistanceMeters: r.DistanceM, WardBasis: basis, WardCandidates: cands})
	}
	if len(rs) == 0 {
		out.Status = "ZERO_RESULTS"
	}
	return out
}

// unitLevels: the component type of an administrative unit's own name, by its level.
var unitLevels = map[string]string{"new_ward": "administrative_area_level_3", "old_ward": "administrative_area_level_3",
	"old_district": "administrative_area_level_2", "new_province": "administrative_area_level_1", "old_province": "administrative_area_level_1"}

// nameComponent is the component a result's name makes: a POI's name, a street's route, an
// administrative unit at its level; none for an address (its name is its number and street).
func nameComponent(p *place.Place) (AddressComponent, bool) {
	switch {
	case p.Layer == "address" || p.Name == "":
		return AddressComponent{}, false
	case p.Layer == "street":
		return AddressComponent{LongName: p.Name, ShortName: p.Name, Types: []string{"route"}}, true
	}
	if lv, ok := unitLevels[p.Tag("admin_level")]; ok {
		return UnitComponent(p.Name, lv)
	}
	return AddressComponent{LongName: p.Name, ShortName: p.Name, Types: []string{"point_of_interest"}}, true
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
