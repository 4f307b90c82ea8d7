package core

import (
	"context"
	"strings"
	"unicode/utf16"

	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/text"
)

// adminNames are the official names of the units containing a place in
// the requested structure; District is "" under admin_v2.
type adminNames struct {
	Ward, District, Province string
}

// addressParts returns a place's house number, street, and the two joined
// ("12 Hàng Bạc", the short address).
func addressParts(p *place.Place) (house, street, short string) {
	house, street = p.Tag("addr:housenumber"), p.Tag("addr:street")
	return house, street, strings.TrimSpace(house + " " + street)
}

// label joins the display address: name, house and street, ward,
// district (old structure only), province, skipping empty parts and a
// street part equal to the name.
func label(p *place.Place, a adminNames) (full, secondary string) {
	_, _, hs := addressParts(p)
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

// feature renders a place as a Pelias-shape feature; focus, when given,
// fills distance.
func (e *Engine) feature(ctx context.Context, p *place.Place, focus *LatLng, v2 bool) (Feature, error) {
	a, err := e.adminOf(ctx, p, v2)
	if err != nil {
		return Feature{}, err
	}
	full, _ := label(p, a)
	house, street, hs := addressParts(p)
	props := Properties{
		Name: p.Name, HouseNumber: strOrNil(house), Street: strOrNil(street), ShortAddress: strOrNil(hs),
		PostalCode: strOrNil(p.Tag("addr:postcode")), Label: full,
		Country: "Việt Nam", CountryCode: "VN", Continent: "Asia",
		Category: p.Category, Website: strOrNil(p.Tag("website")),
		OpeningHoursV2: strOrNil(p.Tag("opening_hours")), Phone: strOrNil(p.Tag("phone")),
		Region: strOrNil(a.Province), County: strOrNil(a.District), Locality: strOrNil(a.Ward),
		ID: p.ID, SID: place.SID(p.ID), Source: "openstreetmap", Layer: p.Layer,
	}
	if props.Category == nil {
		props.Category = []string{}
	}
	if v2 {
		empty := ""
		props.County = &empty
	}
	if focus != nil {
		d := int(distanceM(*focus, LatLng{p.LatF(), p.LngF()}) + 0.5)
		props.Distance = &d
	}
	return Feature{Type: "Feature", Geometry: Geometry{Type: "Point", Coordinates: [2]Deg{Deg(p.LngF()), Deg(p.LatF())}}, Properties: props}, nil
}

// adminOf names the administrative units containing a place, from the
// bundle's administrative polygons (API.md §4): new ward and province under
// admin_v2, else old ward, district and province. Without an admin layer,
// or outside every unit, the names are empty (rendered as null).
func (e *Engine) adminOf(ctx context.Context, p *place.Place, v2 bool) (adminNames, error) {
	al := e.adminLookup()
	if al == nil {
		return adminNames{}, nil
	}
	res, err := al.Lookup(ctx, p.LatF(), p.LngF())
	if err != nil {
		return adminNames{}, err
	}
	if v2 {
		return adminNames{Ward: res.New.Ward.Name, Province: res.New.Province.Name}, nil
	}
	return adminNames{Ward: res.Old.Ward.Name, District: res.Old.District.Name, Province: res.Old.Province.Name}, nil
}

// Prediction is a Google-shape autocomplete prediction (API.md §3.1).
type Prediction struct {
	Description          string           `json:"description"`
	DistanceMeters       *int             `json:"distance_meters"`
	MatchedSubstrings    []text.Span      `json:"matched_substrings"`
	PlaceID              string           `json:"place_id"`
	StructuredFormatting StructuredFormat `json:"structured_formatting"`
	Terms                []Term           `json:"terms"`
	Types                []string         `json:"types"`
	HasChild             bool             `json:"has_child"`
}

// StructuredFormat splits a prediction into its name and the rest.
type StructuredFormat struct {
	MainText                       string      `json:"main_text"`
	MainTextMatchedSubstrings      []text.Span `json:"main_text_matched_substrings"`
	SecondaryText                  string      `json:"secondary_text"`
	SecondaryTextMatchedSubstrings []text.Span `json:"secondary_text_matched_substrings"`
}

// Term is one comma-separated part of a description with its UTF-16 offset.
type Term struct {
	Offset int    `json:"offset"`
	Value  string `json:"value"`
}

type predictionsBody struct {
	Predictions []Prediction `json:"predictions"`
	Status      string       `json:"status"`
}

func (e *Engine) googlePredictions(ctx context.Context, q acQuery, hits []hit) (predictionsBody, error) {
	body := predictionsBody{Predictions: []Prediction{}, Status: "OK"}
	toks := text.Tokens(q.text)
	for i := range hits {
		p := &hits[i].p
		a, err := e.adminOf(ctx, p, q.adminV2)
		if err != nil {
			return body, err
		}
		full, secondary := label(p, a)
		spans := text.FoldMapped(full).MatchSpans(toks)
		main := text.FoldMapped(p.Name).MatchSpans(toks)
		pr := Prediction{
			Description: full, MatchedSubstrings: spans, PlaceID: p.ID,
			StructuredFormatting: StructuredFormat{MainText: p.Name, MainTextMatchedSubstrings: main, SecondaryText: secondary, SecondaryTextMatchedSubstrings: []text.Span{}},
			Terms:                terms(full), Types: types(p),
		}
		if q.origin != nil {
			d := int(distanceM(*q.origin, LatLng{p.LatF(), p.LngF()}) + 0.5)
			pr.DistanceMeters = &d
		}
		body.Predictions = append(body.Predictions, pr)
	}
	if len(body.Predictions) == 0 {
		body.Status = "ZERO_RESULTS"
	}
	return body, nil
}

// terms splits a description on ", " with UTF-16 offsets.
func terms(desc string) []Term {
	out := []Term{}
	off := 0
	for i, part := range strings.Split(desc, ", ") {
		if i > 0 {
			off += 2
		}
		out = append(out, Term{Offset: off, Value: part})
		off += len(utf16.Encode([]rune(part)))
	}
	return out
}

func types(p *place.Place) []string {
	out := append([]string{}, p.Category...)
	if p.Layer == "venue" {
		out = append(out, "point_of_interest")
	} else {
		out = append(out, p.Layer)
	}
	return out
}
