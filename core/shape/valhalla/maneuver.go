package valhalla

import (
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/guidance"
	"github.com/bando-vn/bando/core/shape"
)

// SideOfStreet is a location's side_of_street: "left", "right", or ""
// (omitted) when the point is on the road.
func SideOfStreet(s guidance.Side) string {
	switch s {
	case guidance.SideLeft:
		return "left"
	case guidance.SideRight:
		return "right"
	}
	return ""
}

// Travel is a maneuver's travel_mode and travel_type.
type Travel struct{ Mode, Type string }

// travels maps Valhalla's costings to what Valhalla writes for them
// (tyr's travel_mode_type: a truck is a "tractor_trailer", the default
// bicycle a "hybrid"; a taxi drives as a car).
var travels = map[string]Travel{
	"auto": {"drive", "car"}, "taxi": {"drive", "car"}, "truck": {"drive", "tractor_trailer"},
	"motorcycle": {"drive", "motorcycle"}, "motor_scooter": {"drive", "motor_scooter"},
	"bicycle": {"bicycle", "hybrid"}, "pedestrian": {"pedestrian", "foot"},
}

// TravelOf returns the travel mode and type for a Valhalla costing name
// (a car for names it does not know).
func TravelOf(costing string) Travel {
	if t, ok := travels[costing]; ok {
		return t
	}
	return travels["auto"]
}

// Units are the request's units: the name Valhalla writes and the metres
// in one unit.
type Units struct {
	Name   string
	Metres float64
}

// Kilometres and Miles are the two units API.md §3.8 allows.
var (
	Kilometres = Units{"kilometers", 1000}
	Miles      = Units{"miles", 1609.344}
)

// Phrases are a maneuver's narrative in the requested language: the
// written instruction and Valhalla's four verbal phrasings (empty where it
// gives none), and whether it is spoken together with the next one.
type Phrases struct {
	Instruction, TransitionAlert, Succinct, Pre, Post string
	MultiCue                                          bool
}

// NewLeg shapes one leg from its maneuvers (core/route/guidance) and their
// phrases (ph[i] for ms[i]; missing ones are empty). The leg's shape joins
// the maneuvers' geometries (consecutive maneuvers share their joining
// point, written once), so each maneuver's begin/end_shape_index are the
// indexes of its first and last point there; the Arrive maneuver's point
// is the shape's last. Cost equals time (bando's weight is the duration).
func NewLeg(ms []guidance.Maneuver, ph []Phrases, u Units, tr Travel) Leg {
	pts := make([]geo.LatLng, 0, 64)
	leg := Leg{Maneuvers: make([]Maneuver, len(ms))}
	var t, d float64
	for i := range ms {
		m := &ms[i]
		begin := len(pts) - 1
		g := m.Geometry
		if len(g) > 0 && (len(pts) == 0 || g[0] != pts[len(pts)-1]) {
			begin = len(pts)
		} else if len(g) > 0 {
			g = g[1:]
		}
		pts = append(pts, g...)
		var p Phrases
		if i < len(ph) {
			p = ph[i]
		}
		leg.Maneuvers[i] = maneuverOf(m, p, u, tr, max(begin, 0), max(len(pts)-1, 0))
		s := &leg.Summary
		s.HasToll = s.HasToll || m.Toll
		s.HasHighway = s.HasHighway || m.Highway
		s.HasFerry = s.HasFerry || m.Ferry
		t += m.DurationS
		d += m.DistanceM
	}
	leg.Summary.Time, leg.Summary.Cost, leg.Summary.Length = Num3(t), Num3(t), Num3(d/u.Metres)
	leg.bounds = bounds(pts)
	leg.Summary.setBounds(leg.bounds)
	leg.Shape = geo.EncodePolyline(pts, 6)
	return leg
}

func maneuverOf(m *guidance.Maneuver, p Phrases, u Units, tr Travel, begin, end int) Maneuver {
	v := Maneuver{Type: m.Valhalla(), Instruction: p.Instruction,
		VerbalTransitionAlertInstruction: p.TransitionAlert, VerbalSuccinctTransitionInstruction: p.Succinct,
		VerbalPreTransitionInstruction: p.Pre, VerbalPostTransitionInstruction: p.Post,
		Time: Num3(m.DurationS), Length: Num3(m.DistanceM / u.Metres), Cost: Num3(m.DurationS),
		BeginShapeIndex: begin, EndShapeIndex: end,
		Toll: m.Toll, Highway: m.Highway, Ferry: m.Ferry, Rough: m.Unpaved,
		VerbalMultiCue: p.MultiCue, TravelMode: tr.Mode, TravelType: tr.Type}
	if m.Kind != guidance.Arrive {
		v.StreetNames = streetNames(m.Name, m.Ref)
	}
	if m.Kind == guidance.RoundaboutEnter && m.Exit > 0 {
		v.RoundaboutExitCount = m.Exit
	}
	return v
}

// streetNames lists the name and the ref that are not empty (nil when
// both are: the field is then omitted, as Valhalla does).
func streetNames(name, ref string) []string {
	var out []string
	for _, s := range [2]string{name, ref} {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

func bounds(pts []geo.LatLng) geo.BBox {
	var b geo.BBox
	for _, p := range pts {
		b = b.Extend(p)
	}
	return b
}

func (s *Summary) setBounds(b geo.BBox) {
	if b.Empty() {
		return
	}
	s.MinLat, s.MinLon, s.MaxLat, s.MaxLon = shape.Deg(b.MinLat), shape.Deg(b.MinLng), shape.Deg(b.MaxLat), shape.Deg(b.MaxLng)
}

// StatusFound is Valhalla's status_message for a route found.
const StatusFound = "Found route between points"

// NewTrip assembles the answer: the locations in visiting order, the legs,
// and the trip summary (sums of the legs' times, lengths and costs, their
// flags and the union of their bounds).
func NewTrip(locs []TripLocation, legs []Leg, u Units, language string) OptimizedRoute {
	t := Trip{Locations: locs, Legs: legs, StatusMessage: StatusFound, Units: u.Name, Language: language}
	var b geo.BBox
	for i := range legs {
		s := &legs[i].Summary
		t.Summary.HasTimeRestrictions = t.Summary.HasTimeRestrictions || s.HasTimeRestrictions
		t.Summary.HasToll = t.Summary.HasToll || s.HasToll
		t.Summary.HasHighway = t.Summary.HasHighway || s.HasHighway
		t.Summary.HasFerry = t.Summary.HasFerry || s.HasFerry
		t.Summary.Time += s.Time
		t.Summary.Length += s.Length
		t.Summary.Cost += s.Cost
		b = b.Union(legs[i].bounds)
	}
	t.Summary.setBounds(b)
	return OptimizedRoute{Trip: t}
}
