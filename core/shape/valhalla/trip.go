package valhalla

import (
	"math"
	"strconv"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/shape"
)

// OptimizedRoute is the /optimized-route answer (API.md §3.8): Valhalla's
// `{"trip": …}` with its fields in Valhalla's order (tyr's
// route_serializer_valhalla).
type OptimizedRoute struct {
	Trip Trip `json:"trip"`
}

// Trip is a route through the locations in visiting order.
type Trip struct {
	Locations     []TripLocation `json:"locations"`
	Legs          []Leg          `json:"legs"`
	Summary       Summary        `json:"summary"`
	StatusMessage string         `json:"status_message"`
	Status        int            `json:"status"`
	Units         string         `json:"units"`
	Language      string         `json:"language"`
}

// TripLocation is one input location in visiting order: type is always
// "break", lat/lon echo the input, SideOfStreet is "left", "right" or ""
// (omitted: on the road), OriginalIndex its index in the request.
type TripLocation struct {
	Type          string    `json:"type"`
	Lat           shape.Deg `json:"lat"`
	Lon           shape.Deg `json:"lon"`
	SideOfStreet  string    `json:"side_of_street,omitempty"`
	OriginalIndex int       `json:"original_index"`
}

// Leg is the route between two consecutive locations: its maneuvers, its
// summary and its geometry as a polyline of precision 6 whose point
// indexes the maneuvers' begin/end_shape_index refer to.
type Leg struct {
	Maneuvers []Maneuver `json:"maneuvers"`
	Summary   Summary    `json:"summary"`
	Shape     string     `json:"shape"`

	bounds geo.BBox // of the shape's points, for the trip summary
}

// Summary sums a leg or the whole trip: flags for what the route uses, its
// bounding box, time (s), length (in the units) and cost.
type Summary struct {
	HasTimeRestrictions bool      `json:"has_time_restrictions"`
	HasToll             bool      `json:"has_toll"`
	HasHighway          bool      `json:"has_highway"`
	HasFerry            bool      `json:"has_ferry"`
	MinLat              shape.Deg `json:"min_lat"`
	MinLon              shape.Deg `json:"min_lon"`
	MaxLat              shape.Deg `json:"max_lat"`
	MaxLon              shape.Deg `json:"max_lon"`
	Time                Num3      `json:"time"`
	Length              Num3      `json:"length"`
	Cost                Num3      `json:"cost"`
}

// Maneuver is one instruction of a leg, as Valhalla writes it: the four
// verbal phrasings, street names and the portion flags (toll, highway,
// ferry, rough) only when present, roundabout_exit_count only on entering
// a roundabout, verbal_multi_cue only when true.
type Maneuver struct {
	Type                                int      `json:"type"`
	Instruction                         string   `json:"instruction"`
	VerbalTransitionAlertInstruction    string   `json:"verbal_transition_alert_instruction,omitempty"`
	VerbalSuccinctTransitionInstruction string   `json:"verbal_succinct_transition_instruction,omitempty"`
	VerbalPreTransitionInstruction      string   `json:"verbal_pre_transition_instruction,omitempty"`
	VerbalPostTransitionInstruction     string   `json:"verbal_post_transition_instruction,omitempty"`
	StreetNames                         []string `json:"street_names,omitempty"`
	Time                                Num3     `json:"time"`
	Length                              Num3     `json:"length"`
	Cost                                Num3     `json:"cost"`
	BeginShapeIndex                     int      `json:"begin_shape_index"`
	EndShapeIndex                       int      `json:"end_shape_index"`
	Toll                                bool     `json:"toll,omitempty"`
	Highway                             bool     `json:"highway,omitempty"`
	Ferry                               bool     `json:"ferry,omitempty"`
	Rough                               bool     `json:"rough,omitempty"`
	RoundaboutExitCount                 int      `json:"roundabout_exit_count,omitempty"`
	VerbalMultiCue                      bool     `json:"verbal_multi_cue,omitempty"`
	TravelMode                          string   `json:"travel_mode"`
	TravelType                          string   `json:"travel_type"`
}

// Num3 is a time, length or cost: written rounded half away from zero to
// 3 decimals (Valhalla's precision for them), shortest form.
type Num3 float64

// MarshalJSON writes n as AppendNum3 does.
func (n Num3) MarshalJSON() ([]byte, error) { return AppendNum3(nil, n), nil }

// AppendNum3 writes n rounded to 3 decimals ("-0" written as "0").
func AppendNum3(b []byte, n Num3) []byte {
	r := math.Round(float64(n)*1000) / 1000
	if r == 0 {
		r = 0
	}
	return strconv.AppendFloat(b, r, 'f', -1, 64)
}

var _ shape.Body = OptimizedRoute{}

// AppendJSON writes the answer. Hand-written (a 50-stop trip has hundreds
// of maneuvers); byte-identical to encoding/json with HTML escaping off
// (TestTripJSONMatchesReflection, FuzzAppendJSON).
func (o OptimizedRoute) AppendJSON(b []byte) []byte {
	t := &o.Trip
	b = append(b, `{"trip":{"locations":`...)
	b = shape.AppendList(b, t.Locations, appendLocation)
	b = append(b, `,"legs":`...)
	b = shape.AppendList(b, t.Legs, appendLeg)
	b = append(b, `,"summary":`...)
	b = appendSummary(b, &t.Summary)
	b = append(b, `,"status_message":`...)
	b = shape.AppendString(b, t.StatusMessage)
	b = append(b, `,"status":`...)
	b = shape.AppendInt(b, t.Status)
	b = append(b, `,"units":`...)
	b = shape.AppendString(b, t.Units)
	b = append(b, `,"language":`...)
	b = shape.AppendString(b, t.Language)
	return append(b, "}}"...)
}

func appendLocation(b []byte, l *TripLocation) []byte {
	b = append(b, `{"type":`...)
	b = shape.AppendString(b, l.Type)
	b = append(b, `,"lat":`...)
	b = shape.AppendDeg(b, l.Lat)
	b = append(b, `,"lon":`...)
	b = shape.AppendDeg(b, l.Lon)
	if l.SideOfStreet != "" {
		b = append(b, `,"side_of_street":`...)
		b = shape.AppendString(b, l.SideOfStreet)
	}
	b = append(b, `,"original_index":`...)
	b = shape.AppendInt(b, l.OriginalIndex)
	return append(b, '}')
}

func appendLeg(b []byte, l *Leg) []byte {
	b = append(b, `{"maneuvers":`...)
	b = shape.AppendList(b, l.Maneuvers, appendManeuver)
	b = append(b, `,"summary":`...)
	b = appendSummary(b, &l.Summary)
	b = append(b, `,"shape":`...)
	b = shape.AppendString(b, l.Shape)
	return append(b, '}')
}

func appendSummary(b []byte, s *Summary) []byte {
	b = append(b, `{"has_time_restrictions":`...)
	b = shape.AppendBool(b, s.HasTimeRestrictions)
	b = append(b, `,"has_toll":`...)
	b = shape.AppendBool(b, s.HasToll)
	b = append(b, `,"has_highway":`...)
	b = shape.AppendBool(b, s.HasHighway)
	b = append(b, `,"has_ferry":`...)
	b = shape.AppendBool(b, s.HasFerry)
	b = appendDegField(b, `,"min_lat":`, s.MinLat)
	b = appendDegField(b, `,"min_lon":`, s.MinLon)
	b = appendDegField(b, `,"max_lat":`, s.MaxLat)
	b = appendDegField(b, `,"max_lon":`, s.MaxLon)
	b = appendNumField(b, `,"time":`, s.Time)
	b = appendNumField(b, `,"length":`, s.Length)
	b = appendNumField(b, `,"cost":`, s.Cost)
	return append(b, '}')
}

func appendManeuver(b []byte, m *Maneuver) []byte {
	b = append(b, `{"type":`...)
	b = shape.AppendInt(b, m.Type)
	b = append(b, `,"instruction":`...)
	b = shape.AppendString(b, m.Instruction)
	b = appendOptString(b, `,"verbal_transition_alert_instruction":`, m.VerbalTransitionAlertInstruction)
	b = appendOptString(b, `,"verbal_succinct_transition_instruction":`, m.VerbalSuccinctTransitionInstruction)
	b = appendOptString(b, `,"verbal_pre_transition_instruction":`, m.VerbalPreTransitionInstruction)
	b = appendOptString(b, `,"verbal_post_transition_instruction":`, m.VerbalPostTransitionInstruction)
	if len(m.StreetNames) > 0 {
		b = append(b, `,"street_names":`...)
		b = shape.AppendStrings(b, m.StreetNames)
	}
	b = appendNumField(b, `,"time":`, m.Time)
	b = appendNumField(b, `,"length":`, m.Length)
	b = appendNumField(b, `,"cost":`, m.Cost)
	b = append(b, `,"begin_shape_index":`...)
	b = shape.AppendInt(b, m.BeginShapeIndex)
	b = append(b, `,"end_shape_index":`...)
	b = shape.AppendInt(b, m.EndShapeIndex)
	b = appendOptTrue(b, `,"toll":true`, m.Toll)
	b = appendOptTrue(b, `,"highway":true`, m.Highway)
	b = appendOptTrue(b, `,"ferry":true`, m.Ferry)
	b = appendOptTrue(b, `,"rough":true`, m.Rough)
	if m.RoundaboutExitCount != 0 {
		b = append(b, `,"roundabout_exit_count":`...)
		b = shape.AppendInt(b, m.RoundaboutExitCount)
	}
	b = appendOptTrue(b, `,"verbal_multi_cue":true`, m.VerbalMultiCue)
	b = append(b, `,"travel_mode":`...)
	b = shape.AppendString(b, m.TravelMode)
	b = append(b, `,"travel_type":`...)
	b = shape.AppendString(b, m.TravelType)
	return append(b, '}')
}

func appendDegField(b []byte, key string, d shape.Deg) []byte {
	return shape.AppendDeg(append(b, key...), d)
}

func appendNumField(b []byte, key string, n Num3) []byte {
	return AppendNum3(append(b, key...), n)
}

// appendOptString writes key and s when s is not empty (omitempty).
func appendOptString(b []byte, key, s string) []byte {
	if s == "" {
		return b
	}
	return shape.AppendString(append(b, key...), s)
}

// appendOptTrue writes field (key and value) when v is true (omitempty).
func appendOptTrue(b []byte, field string, v bool) []byte {
	if !v {
		return b
	}
	return append(b, field...)
}
