package pelias

import (
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/shape"
)

// Feature is the shared Pelias-shape feature of API.md §3.10.
type Feature struct {
	Type       string     `json:"type"`
	Geometry   Geometry   `json:"geometry"`
	Properties Properties `json:"properties"`
}

// Geometry is a GeoJSON point, coordinates [lon, lat].
type Geometry struct {
	Type        string       `json:"type"`
	Coordinates [2]shape.Deg `json:"coordinates"`
}

// Properties of a Pelias-shape feature, in API.md §3.10 order. The text
// properties the seed types as strings (name, label, short_address,
// region, county, locality) are "" when unknown, the others null; County is
// "" under admin_v2.
type Properties struct {
	Name           string   `json:"name"`
	HouseNumber    *string  `json:"housenumber"`
	Street         *string  `json:"street"`
	ShortAddress   string   `json:"short_address"`
	PostalCode     *string  `json:"postalcode"`
	Label          string   `json:"label"`
	Country        string   `json:"country"`
	CountryCode    string   `json:"country_code"`
	Continent      string   `json:"continent"`
	Category       []string `json:"category"`
	Website        *string  `json:"website"`
	OpeningHours   any      `json:"opening_hours"`
	OpeningHoursV2 *string  `json:"opening_hours_v2"`
	Phone          *string  `json:"phone"`
	Region         string   `json:"region"`
	County         string   `json:"county"`
	Locality       string   `json:"locality"`
	Distance       *int     `json:"distance"`
	ID             string   `json:"id"`
	HasChild       bool     `json:"has_child"`
	SID            string   `json:"sid"`
	Source         string   `json:"source"`
	Layer          string   `json:"layer"`
	// WardBasis says how locality is known: "known" (a polygon, or the only
	// old ward of its district the official table puts in the new ward),
	// "inferred" (several old wards possible; the nearest evidence names it),
	// "unknown" (locality "": no evidence decides); WardCandidates then lists
	// the old wards possible, [] otherwise (API.md §3.10).
	WardBasis      string   `json:"ward_basis"`
	WardCandidates []string `json:"ward_candidates"`
	// MatchType is set by forward geocoding: "exact" (the address or place itself),
	// "fallback" (its street or its administrative unit), as Pelias says; and by
	// autocomplete on partial results only: "partial" (the place holds only some of
	// the words typed, no place held them all).
	MatchType string `json:"match_type,omitempty"`
}

// Collection is a Pelias-shape FeatureCollection (API.md §3.10); Errors is
// nil on success.
type Collection struct {
	Type     string      `json:"type"`
	Features []Feature   `json:"features"`
	BBox     []shape.Deg `json:"bbox"`
	Errors   []string    `json:"errors"`
}

func strOrNil(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// FeatureOf shapes an enriched place; v2 selects the new structure (county
// is "" there, API.md §4).
func FeatureOf(r *shape.Place, v2 bool) Feature {
	var f Feature
	fillFeature(&f, r, v2)
	return f
}

// fillFeature writes the feature of r into f in place (a Feature is a few
// hundred bytes: Features fills its slice without copying one).
func fillFeature(f *Feature, r *shape.Place, v2 bool) {
	p := r.Place
	full, _ := shape.Label(p, r.Admin)
	house, street, hs := shape.AddressParts(p)
	f.Type = "Feature"
	f.Geometry = Geometry{Type: "Point", Coordinates: [2]shape.Deg{shape.Deg(p.LngF()), shape.Deg(p.LatF())}}
	pr := &f.Properties
	pr.Name, pr.ShortAddress, pr.Label = p.Name, hs, full
	pr.HouseNumber, pr.Street = tagOr(p, "addr:housenumber", house), tagOr(p, "addr:street", street)
	pr.PostalCode = p.TagPtr("addr:postcode")
	pr.Country, pr.CountryCode, pr.Continent = "Việt Nam", "VN", "Asia"
	pr.Category = p.Category
	if pr.Category == nil {
		pr.Category = []string{}
	}
	pr.Website, pr.OpeningHoursV2, pr.Phone = p.TagPtr("website"), p.TagPtr("opening_hours"), p.TagPtr("phone")
	pr.Region, pr.County, pr.Locality = r.Admin.Province, r.Admin.District, r.Admin.Ward
	if r.OpeningHours != nil {
		pr.OpeningHours = r.OpeningHours
	}
	if v2 {
		pr.County = ""
	}
	pr.WardBasis, pr.WardCandidates = shape.WardBasisOf(r.Admin)
	pr.Distance = r.DistanceM
	pr.ID, pr.SID, pr.Source, pr.Layer, pr.HasChild = p.ID, place.SID(p.ID), "openstreetmap", p.Layer, p.HasChild()
}

// tagOr is v as a JSON string or null: a pointer into p's tags when tag k
// holds v (no copy), else to a copy of v.
func tagOr(p *place.Place, k, v string) *string {
	if v == "" {
		return nil
	}
	if t := p.TagPtr(k); t != nil && *t == v {
		return t
	}
	return &v
}

// Features shapes enriched places into a collection.
func Features(rs []shape.Place, v2 bool) Collection {
	fs := make([]Feature, len(rs))
	for i := range rs {
		fillFeature(&fs[i], &rs[i], v2)
	}
	return CollectionOf(fs)
}

// CollectionOf wraps features with their bbox ([] when empty).
func CollectionOf(fs []Feature) Collection {
	c := Collection{Type: "FeatureCollection", Features: fs, BBox: []shape.Deg{}}
	if len(fs) == 0 {
		c.Features = []Feature{}
		return c
	}
	minLon, minLat := fs[0].Geometry.Coordinates[0], fs[0].Geometry.Coordinates[1]
	maxLon, maxLat := minLon, minLat
	for _, f := range fs[1:] {
		lon, lat := f.Geometry.Coordinates[0], f.Geometry.Coordinates[1]
		minLon, maxLon = min(minLon, lon), max(maxLon, lon)
		minLat, maxLat = min(minLat, lat), max(maxLat, lat)
	}
	c.BBox = []shape.Deg{minLon, minLat, maxLon, maxLat}
	return c
}

// ErrorBody is the Pelias-shape error body: an empty collection carrying
// the message in errors, plus the Google status word and the message that
// every error body carries (API.md §1).
type ErrorBody struct {
	Collection
	Status  string `json:"status"`
	Message string `json:"message"`
}

// Error returns the error body of status word and message msg.
func Error(status, msg string) ErrorBody {
	return ErrorBody{Collection{Type: "FeatureCollection", Features: []Feature{}, BBox: []shape.Deg{}, Errors: []string{msg}}, status, msg}
}
