package pelias

import (
	"slices"

	"github.com/bando-vn/bando/core/shape"
)

// Hand-written JSON: encoding/json's reflection is the largest cost of an
// autocomplete answer under wasm. The output is byte-identical to
// encoding/json with HTML escaping off (TestAppendJSONMatchesReflection and
// FuzzAppendJSON check it).

var (
	_ shape.Body = Collection{}
	_ shape.Body = ErrorBody{}
)

// AppendJSON writes the error body: the collection's fields, then status
// and message.
func (e ErrorBody) AppendJSON(b []byte) []byte {
	b = e.Collection.AppendJSON(b)
	b = append(b[:len(b)-1], `,"status":`...)
	b = shape.AppendString(b, e.Status)
	b = append(b, `,"message":`...)
	b = shape.AppendString(b, e.Message)
	return append(b, '}')
}

// AppendJSON writes the collection.
func (c Collection) AppendJSON(b []byte) []byte {
	b = slices.Grow(b, 512+700*len(c.Features))
	b = append(b, `{"type":`...)
	b = shape.AppendString(b, c.Type)
	b = append(b, `,"features":`...)
	b = shape.AppendList(b, c.Features, appendFeature)
	b = append(b, `,"bbox":`...)
	b = shape.AppendDegs(b, c.BBox)
	b = append(b, `,"errors":`...)
	b = shape.AppendStrings(b, c.Errors)
	return append(b, '}')
}

// appendFeature writes a Feature with its fields in declaration order.
func appendFeature(b []byte, f *Feature) []byte {
	b = append(b, `{"type":`...)
	b = shape.AppendString(b, f.Type)
	b = append(b, `,"geometry":{"type":`...)
	b = shape.AppendString(b, f.Geometry.Type)
	b = append(b, `,"coordinates":[`...)
	b = shape.AppendDeg(b, f.Geometry.Coordinates[0])
	b = append(b, ',')
	b = shape.AppendDeg(b, f.Geometry.Coordinates[1])
	b = append(b, `]},"properties":`...)
	return append(appendProperties(b, &f.Properties), '}')
}

func appendProperties(b []byte, p *Properties) []byte {
	b = append(b, `{"name":`...)
	b = shape.AppendString(b, p.Name)
	b = append(b, `,"housenumber":`...)
	b = shape.AppendStrPtr(b, p.HouseNumber)
	b = append(b, `,"street":`...)
	b = shape.AppendStrPtr(b, p.Street)
	b = append(b, `,"short_address":`...)
	b = shape.AppendString(b, p.ShortAddress)
	b = append(b, `,"postalcode":`...)
	b = shape.AppendStrPtr(b, p.PostalCode)
	b = append(b, `,"label":`...)
	b = shape.AppendString(b, p.Label)
	b = append(b, `,"country":`...)
	b = shape.AppendString(b, p.Country)
	b = append(b, `,"country_code":`...)
	b = shape.AppendString(b, p.CountryCode)
	b = append(b, `,"continent":`...)
	b = shape.AppendString(b, p.Continent)
	b = append(b, `,"category":`...)
	b = shape.AppendStrings(b, p.Category)
	b = append(b, `,"website":`...)
	b = shape.AppendStrPtr(b, p.Website)
	b = append(b, `,"opening_hours":`...)
	b = shape.AppendAny(b, p.OpeningHours)
	b = append(b, `,"opening_hours_v2":`...)
	b = shape.AppendStrPtr(b, p.OpeningHoursV2)
	b = append(b, `,"phone":`...)
	b = shape.AppendStrPtr(b, p.Phone)
	b = append(b, `,"region":`...)
	b = shape.AppendString(b, p.Region)
	b = append(b, `,"county":`...)
	b = shape.AppendString(b, p.County)
	b = append(b, `,"locality":`...)
	b = shape.AppendString(b, p.Locality)
	b = append(b, `,"distance":`...)
	b = shape.AppendIntPtr(b, p.Distance)
	b = append(b, `,"id":`...)
	b = shape.AppendString(b, p.ID)
	b = append(b, `,"has_child":`...)
	b = shape.AppendBool(b, p.HasChild)
	b = append(b, `,"sid":`...)
	b = shape.AppendString(b, p.SID)
	b = append(b, `,"source":`...)
	b = shape.AppendString(b, p.Source)
	b = append(b, `,"layer":`...)
	b = shape.AppendString(b, p.Layer)
	b = append(b, `,"ward_basis":`...)
	b = shape.AppendString(b, p.WardBasis)
	b = append(b, `,"ward_candidates":`...)
	b = shape.AppendStrings(b, p.WardCandidates)
	if p.MatchType != "" {
		b = append(b, `,"match_type":`...)
		b = shape.AppendString(b, p.MatchType)
	}
	return append(b, '}')
}
