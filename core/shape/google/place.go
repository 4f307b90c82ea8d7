package google

import (
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/shape"
)

// LatLng is a Google-shape point.
type LatLng struct {
	Lat shape.Deg `json:"lat"`
	Lng shape.Deg `json:"lng"`
}

// Viewport is a Google-shape box.
type Viewport struct {
	Northeast LatLng `json:"northeast"`
	Southwest LatLng `json:"southwest"`
}

// PlaceGeometry is a place's location and viewport.
type PlaceGeometry struct {
	Location LatLng   `json:"location"`
	Viewport Viewport `json:"viewport"`
}

// PlaceResult is the /v1/place result in the Google shape (API.md §3.2).
type PlaceResult struct {
	PlaceID           string             `json:"place_id"`
	FormattedAddress  string             `json:"formatted_address"`
	Geometry          PlaceGeometry      `json:"geometry"`
	AddressComponents []AddressComponent `json:"address_components"`
	Name              string             `json:"name"`
	URL               string             `json:"url"`
	Types             []string           `json:"types"`
	HasChild          bool               `json:"has_child"`
	WardBasis         string             `json:"ward_basis"`      // as GeocodeResult's
	WardCandidates    []string           `json:"ward_candidates"` // as GeocodeResult's
}

// PlaceDetails is the /v1/place answer: status NOT_FOUND without result.
type PlaceDetails struct {
	Result *PlaceResult `json:"result,omitempty"`
	Status string       `json:"status"`
}

// AppendJSON writes the answer.
func (d PlaceDetails) AppendJSON(b []byte) []byte { return shape.AppendReflect(b, d) }

// viewportMargin pads a point's viewport (degrees, about 110 m).
const viewportMargin = 0.001

// PlaceDetailsOf shapes an enriched place; urlPrefix + id is its url.
// v2 leaves the district out (API.md §4).
func PlaceDetailsOf(r *shape.Place, urlPrefix string, v2 bool) PlaceDetails {
	p := r.Place
	full, _ := shape.Label(p, r.Admin)
	house, street, _ := shape.AddressParts(p)
	var comps []AddressComponent
	add := func(long, short, typ string) {
		if long != "" {
			comps = append(comps, AddressComponent{LongName: long, ShortName: short, Types: []string{typ}})
		}
	}
	add(house, house, "street_number")
	add(street, street, "route")
	add(r.Admin.Ward, ShortUnitName(r.Admin.Ward), "administrative_area_level_3")
	if !v2 {
		add(r.Admin.District, ShortUnitName(r.Admin.District), "administrative_area_level_2")
	}
	add(r.Admin.Province, ShortUnitName(r.Admin.Province), "administrative_area_level_1")
	add("Việt Nam", "VN", "country")
	box := geo.BBox{}.Extend(p.Point())
	if len(p.BBox) == 4 {
		box = box.Extend(geo.PointE7(p.BBox[0], p.BBox[1])).Extend(geo.PointE7(p.BBox[2], p.BBox[3]))
	}
	res := &PlaceResult{
		PlaceID: p.ID, FormattedAddress: full, Name: p.Name, URL: urlPrefix + p.ID, Types: types(p),
		AddressComponents: comps, HasChild: p.HasChild(),
		Geometry: PlaceGeometry{
			Location: LatLng{shape.Deg(p.LatF()), shape.Deg(p.LngF())},
			Viewport: Viewport{
				Northeast: LatLng{shape.Deg(box.MaxLat + viewportMargin), shape.Deg(box.MaxLng + viewportMargin)},
				Southwest: LatLng{shape.Deg(box.MinLat - viewportMargin), shape.Deg(box.MinLng - viewportMargin)},
			},
		},
	}
	res.WardBasis, res.WardCandidates = shape.WardBasisOf(r.Admin)
	return PlaceDetails{Result: res, Status: "OK"}
}
