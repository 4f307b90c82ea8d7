package core

// Feature is the shared Pelias-shape feature of API.md §3.10.
type Feature struct {
	Type       string     `json:"type"`
	Geometry   Geometry   `json:"geometry"`
	Properties Properties `json:"properties"`
}

// Geometry is a GeoJSON point, coordinates [lon, lat].
type Geometry struct {
	Type        string `json:"type"`
	Coordinates [2]Deg `json:"coordinates"`
}

// Properties of a Pelias-shape feature, in API.md §3.10 order. Unknown
// strings are null; County is "" under admin_v2.
type Properties struct {
	Name           string   `json:"name"`
	HouseNumber    *string  `json:"housenumber"`
	Street         *string  `json:"street"`
	ShortAddress   *string  `json:"short_address"`
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
	Region         *string  `json:"region"`
	County         *string  `json:"county"`
	Locality       *string  `json:"locality"`
	Distance       *int     `json:"distance"`
	ID             string   `json:"id"`
	HasChild       bool     `json:"has_child"`
	SID            string   `json:"sid"`
	Source         string   `json:"source"`
	Layer          string   `json:"layer"`
}

func strOrNil(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// collection wraps features with their bbox ([] when empty).
func collection(fs []Feature) peliasCollection {
	c := peliasCollection{Type: "FeatureCollection", Features: fs, BBox: []Deg{}}
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
	c.BBox = []Deg{minLon, minLat, maxLon, maxLat}
	return c
}
