package pelias

import "github.com/bando-vn/bando/core/shape"

// ConvertProperties are a converted address's properties: the shared ones that apply (the
// target structure's units in region/county/locality, county "" in the new one) plus API.md
// §3.13's from, to and exact.
type ConvertProperties struct {
	HouseNumber *string `json:"housenumber"`
	Street      *string `json:"street"`
	Label       string  `json:"label"`
	Country     string  `json:"country"`
	CountryCode string  `json:"country_code"`
	Continent   string  `json:"continent"`
	Region      string  `json:"region"`
	County      string  `json:"county"`
	Locality    string  `json:"locality"`
	From        any     `json:"from"`
	To          any     `json:"to"`
	Exact       bool    `json:"exact"`
}

// ConvertFeature is one candidate; Geometry is the point given with the request, else null.
type ConvertFeature struct {
	Type       string            `json:"type"`
	Geometry   *Geometry         `json:"geometry"`
	Properties ConvertProperties `json:"properties"`
}

// ConvertCollection is the Pelias-shape /v1/address/convert answer.
type ConvertCollection struct {
	Type     string           `json:"type"`
	Features []ConvertFeature `json:"features"`
	BBox     []shape.Deg      `json:"bbox"`
	Errors   []string         `json:"errors"`
}

// AppendJSON writes the answer.
func (c ConvertCollection) AppendJSON(b []byte) []byte { return shape.AppendReflect(b, c) }

// NewConvertFeature fills the fixed properties.
func NewConvertFeature(g *Geometry, p ConvertProperties) ConvertFeature {
	p.Country, p.CountryCode, p.Continent = "Việt Nam", "VN", "Asia"
	return ConvertFeature{Type: "Feature", Geometry: g, Properties: p}
}

// StrOrNil is nil for "".
func StrOrNil(s string) *string { return strOrNil(s) }
