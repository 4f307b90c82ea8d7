package trip

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/geo"
)

// MaxLocations is the most locations an optimized_route request may give
// (API.md §3.8).
const MaxLocations = 50

// Valhalla's error codes for a bad optimized_route request, with its
// messages (valhalla/valhalla src/worker.cc error_codes). 171 (no road near
// a location) and 442 (no path) come from the routing engine.
const (
	CodeUnparsable   = 100 // "Failed to parse json request"
	CodeNoLocations  = 110 // "Insufficiently specified required parameter 'locations'"
	CodeTooFew       = 120 // "Insufficient number of locations provided"
	CodeUnknownCost  = 125 // "No costing method found"
	CodeBadLocation  = 130 // "Failed to parse location"
	CodeTooMany      = 150 // "Exceeded max locations"
	CodeNoRoad       = 171 // "No suitable edges near location"
	CodeNoPath       = 442 // "No path could be found for input"
	defaultCosting   = "auto"
	defaultUnits     = "km"
	defaultLanguage  = "vi-VN"
	requestParameter = "json"
)

// vehicles maps Valhalla's costings to bando's vehicle names (API.md §3.7:
// car, taxi, truck, motor, bike, walking).
var vehicles = map[string]string{
	"auto": "car", "taxi": "taxi", "truck": "truck", "bicycle": "bike",
	"pedestrian": "walking", "motorcycle": "motor", "motor_scooter": "motor",
}

// Request is a parsed Valhalla optimized_route request (API.md §3.8).
type Request struct {
	// Locations in the order given: the first stays first, the last last.
	Locations []geo.LatLng
	// Costing is the Valhalla costing named (default "auto"); Vehicle is
	// bando's vehicle for it.
	Costing, Vehicle string
	// Units is "km" (default) or "mi"; Language "vi-VN" (default) or
	// "en-US".
	Units, Language string
}

// rawRequest is the JSON as sent; members are kept raw so that each can be
// checked with Valhalla's error for it.
type rawRequest struct {
	Locations         json.RawMessage `json:"locations"`
	Costing           json.RawMessage `json:"costing"`
	Units             json.RawMessage `json:"units"`
	Language          json.RawMessage `json:"language"`
	DirectionsOptions json.RawMessage `json:"directions_options"`
}

type rawOptions struct {
	Units    json.RawMessage `json:"units"`
	Language json.RawMessage `json:"language"`
}

// ParseRequest parses the `json` query parameter of /v1/optimized-route.
// Errors are *errs.Error of kind Invalid carrying Valhalla's code: 100
// unparsable JSON (or a units/language value we do not serve), 110 no
// locations, 120 fewer than 2, 150 more than MaxLocations, 130 a location
// without a valid lat and lon (numbers or numeric strings), 125 an unknown
// costing. units and language are read from directions_options, else from
// the top level (both are Valhalla's).
func ParseRequest(js string) (Request, error) {
	var raw rawRequest
	if err := strictUnmarshal([]byte(js), &raw); err != nil {
		return Request{}, invalid(requestParameter, CodeUnparsable, "Failed to parse json request: %s", jsonProblem(err))
	}
	var req Request
	var err error
	if req.Locations, err = parseLocations(raw.Locations); err != nil {
		return Request{}, err
	}
	if req.Costing, req.Vehicle, err = parseCosting(raw.Costing); err != nil {
		return Request{}, err
	}
	units, language := raw.Units, raw.Language
	if !isNull(raw.DirectionsOptions) {
		var o rawOptions
		if err := strictUnmarshal(raw.DirectionsOptions, &o); err != nil {
			return Request{}, invalid("directions_options", CodeUnparsable, "Failed to parse json request: directions_options must be an object")
		}
		units, language = firstSet(o.Units, units), firstSet(o.Language, language)
	}
	if req.Units, err = parseChoice("units", units, defaultUnits, unitNames); err != nil {
		return Request{}, err
	}
	if req.Language, err = parseChoice("language", language, defaultLanguage, languageNames); err != nil {
		return Request{}, err
	}
	return req, nil
}

// strictUnmarshal decodes one JSON object into v; anything else (another
// JSON type, trailing data) is an error.
func strictUnmarshal(b []byte, v any) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' {
		return errors.New("not a JSON object")
	}
	return json.Unmarshal(b, v)
}

// jsonProblem is a short public description of a JSON error (no Go type
// names).
func jsonProblem(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("syntax error at byte %d", se.Offset)
	case errors.As(err, &te):
		return "a member has the wrong type"
	}
	return err.Error()
}

func invalid(param string, code int, format string, args ...any) *errs.Error {
	return errs.InvalidParam(param, format, args...).WithCode(code)
}

func isNull(b json.RawMessage) bool {
	b = bytes.TrimSpace(b)
	return len(b) == 0 || string(b) == "null"
}

func firstSet(a, b json.RawMessage) json.RawMessage {
	if !isNull(a) {
		return a
	}
	return b
}

func parseLocations(b json.RawMessage) ([]geo.LatLng, error) {
	var list []json.RawMessage
	if isNull(b) || json.Unmarshal(b, &list) != nil || len(list) == 0 {
		return nil, invalid("locations", CodeNoLocations, "Insufficiently specified required parameter 'locations'")
	}
	if len(list) < 2 {
		return nil, invalid("locations", CodeTooFew, "Insufficient number of locations provided")
	}
	if len(list) > MaxLocations {
		return nil, invalid("locations", CodeTooMany, "Exceeded max locations: %d", MaxLocations)
	}
	pts := make([]geo.LatLng, len(list))
	for i, l := range list {
		var loc struct{ Lat, Lon json.RawMessage }
		if strictUnmarshal(l, &loc) != nil {
			return nil, invalid(fmt.Sprintf("locations[%d]", i), CodeBadLocation, "Failed to parse location: not an object")
		}
		lat, okLat := number(loc.Lat)
		lon, okLon := number(loc.Lon)
		p := geo.LatLng{Lat: lat, Lng: lon}
		if !okLat || !okLon || !p.Valid() {
			return nil, invalid(fmt.Sprintf("locations[%d]", i), CodeBadLocation,
				"Failed to parse location: lat in [-90, 90] and lon in [-180, 180] required, as numbers or numeric strings")
		}
		pts[i] = p
	}
	return pts, nil
}

// number reads a JSON number, or a string holding one (JSON number syntax).
func number(b json.RawMessage) (float64, bool) {
	var s string
	if json.Unmarshal(b, &s) == nil {
		b = json.RawMessage(strings.TrimSpace(s))
	}
	var f float64
	if isNull(b) || json.Unmarshal(b, &f) != nil {
		return 0, false
	}
	return f, true
}

func parseCosting(b json.RawMessage) (costing, vehicle string, err error) {
	if isNull(b) {
		return defaultCosting, vehicles[defaultCosting], nil
	}
	if json.Unmarshal(b, &costing) == nil {
		if v, ok := vehicles[costing]; ok {
			return costing, v, nil
		}
	}
	shown := string(b)
	if len(shown) > 40 {
		shown = shown[:40] + "…"
	}
	return "", "", invalid("costing", CodeUnknownCost,
		"No costing method found: %s (auto, bicycle, pedestrian, motorcycle, motor_scooter, truck or taxi)", strings.ToValidUTF8(shown, "?"))
}

var (
	unitNames     = map[string]string{"km": "km", "kilometers": "km", "mi": "mi", "miles": "mi"}
	languageNames = map[string]string{"vi-vn": "vi-VN", "vi": "vi-VN", "en-us": "en-US", "en": "en-US"}
)

// parseChoice reads an optional string member among names (matched without
// case), giving def when it is absent.
func parseChoice(param string, b json.RawMessage, def string, names map[string]string) (string, error) {
	if isNull(b) {
		return def, nil
	}
	var s string
	if json.Unmarshal(b, &s) == nil {
		if v, ok := names[strings.ToLower(strings.TrimSpace(s))]; ok {
			return v, nil
		}
	}
	want := "km or mi"
	if param == "language" {
		want = "vi-VN or en-US"
	}
	return "", invalid(param, CodeUnparsable, "Failed to parse json request: %s must be %s", param, want)
}
