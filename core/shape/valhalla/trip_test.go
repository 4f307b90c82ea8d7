package valhalla

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/guidance"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/shapetest"
)

func randomNum(r *rand.Rand) Num3 {
	switch r.Intn(5) {
	case 0:
		return 0
	case 1:
		return Num3(-r.Float64() * 1e-3) // rounds to -0
	case 2:
		return Num3(r.Float64() * 1e7)
	}
	return Num3(math.Round(r.Float64()*1e6) / 1e3)
}

func randomSummary(r *rand.Rand) Summary {
	d := func() shape.Deg { return shape.Deg(r.Float64()*360 - 180) }
	return Summary{HasTimeRestrictions: r.Intn(2) == 0, HasToll: r.Intn(2) == 0, HasHighway: r.Intn(2) == 0, HasFerry: r.Intn(2) == 0,
		MinLat: d(), MinLon: d(), MaxLat: d(), MaxLon: d(), Time: randomNum(r), Length: randomNum(r), Cost: randomNum(r)}
}

func randomManeuver(r *rand.Rand) Maneuver {
	opt := func() string {
		if r.Intn(2) == 0 {
			return ""
		}
		return shapetest.String(r)
	}
	var names []string
	for i := r.Intn(3); i > 0; i-- {
		names = append(names, shapetest.String(r))
	}
	return Maneuver{Type: r.Intn(40), Instruction: shapetest.String(r), VerbalTransitionAlertInstruction: opt(),
		VerbalSuccinctTransitionInstruction: opt(), VerbalPreTransitionInstruction: opt(), VerbalPostTransitionInstruction: opt(),
		StreetNames: names, Time: randomNum(r), Length: randomNum(r), Cost: randomNum(r),
		BeginShapeIndex: r.Intn(1000), EndShapeIndex: r.Intn(1000), Toll: r.Intn(2) == 0, Highway: r.Intn(2) == 0,
		Ferry: r.Intn(2) == 0, Rough: r.Intn(2) == 0, RoundaboutExitCount: r.Intn(3), VerbalMultiCue: r.Intn(2) == 0,
		TravelMode: shapetest.String(r), TravelType: shapetest.String(r)}
}

func randomTrip(r *rand.Rand, i int) OptimizedRoute {
	var t Trip
	if i%7 != 0 {
		for j := r.Intn(4); j > 0; j-- {
			t.Locations = append(t.Locations, TripLocation{Type: "break", Lat: shape.Deg(r.Float64()*180 - 90),
				Lon: shape.Deg(r.Float64()*360 - 180), SideOfStreet: []string{"", "left", "right"}[r.Intn(3)], OriginalIndex: r.Intn(50)})
		}
		for j := r.Intn(3); j > 0; j-- {
			var ms []Maneuver
			if r.Intn(5) > 0 {
				for k := r.Intn(4); k > 0; k-- {
					ms = append(ms, randomManeuver(r))
				}
			}
			t.Legs = append(t.Legs, Leg{Maneuvers: ms, Summary: randomSummary(r), Shape: shapetest.String(r)})
		}
	}
	t.Summary = randomSummary(r)
	t.StatusMessage, t.Status, t.Units, t.Language = shapetest.String(r), r.Intn(3), shapetest.String(r), shapetest.String(r)
	return OptimizedRoute{Trip: t}
}

// TestTripJSONMatchesReflection is the differential test of the
// hand-written trip writer against encoding/json on seeded random answers.
func TestTripJSONMatchesReflection(t *testing.T) {
	shapetest.Differential(t, 3000, func(r *rand.Rand, i int) shapetest.Body { return randomTrip(r, i) })
}

func FuzzAppendJSON(f *testing.F) {
	f.Add("Rẽ phải vào \"Phố Huế\"\n\u2028\xff", 21.5, 105.8, 12.3456, 3)
	f.Fuzz(func(t *testing.T, s string, lat, lon, x float64, n int) {
		m := Maneuver{Type: n, Instruction: s, VerbalPreTransitionInstruction: s, StreetNames: []string{s}, Time: Num3(x),
			Length: Num3(x / 7), Cost: Num3(-x), BeginShapeIndex: n, EndShapeIndex: n + 1, RoundaboutExitCount: n, TravelMode: s, TravelType: s}
		sum := Summary{MinLat: shape.Deg(lat), MinLon: shape.Deg(lon), MaxLat: shape.Deg(lon), MaxLon: shape.Deg(lat), Time: Num3(x), Length: Num3(x), Cost: Num3(x)}
		o := OptimizedRoute{Trip: Trip{Locations: []TripLocation{{Type: s, Lat: shape.Deg(lat), Lon: shape.Deg(lon), SideOfStreet: s, OriginalIndex: n}},
			Legs: []Leg{{Maneuvers: []Maneuver{m}, Summary: sum, Shape: s}}, Summary: sum, StatusMessage: s, Units: s, Language: s}}
		if _, err := json.Marshal(o); err != nil {
			return // NaN or Inf: not representable either way
		}
		if got, want := o.AppendJSON(nil), shapetest.Reflect(t, o); !bytes.Equal(got, want) {
			t.Fatalf("got %s\nwant %s", got, want)
		}
	})
}

func TestNum3(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{{0, "0"}, {-0.0004, "0"}, {1.0005, "1.001"}, {-1.0005, "-1.001"}, {12.3, "12.3"}, {2.5e-4, "0"}, {1234567.8914, "1234567.891"}, {7, "7"}} {
		if got := string(AppendNum3(nil, Num3(c.in))); got != c.want {
			t.Errorf("AppendNum3(%v) = %s, want %s", c.in, got, c.want)
		}
	}
}

func pt(lat, lng float64) geo.LatLng { return geo.LatLng{Lat: lat, Lng: lng} }

// handLeg is a leg of four maneuvers made by hand: depart on Phố Huế,
// turn right onto QL1A (a toll highway), enter a roundabout taking the 2nd
// exit, arrive on the left.
func handLeg() []guidance.Maneuver {
	return []guidance.Maneuver{
		{Kind: guidance.Depart, Side: guidance.SideRight, Name: "Phố Huế", DistanceM: 200, DurationS: 20,
			Geometry: []geo.LatLng{pt(21.0, 105.8), pt(21.001, 105.8), pt(21.002, 105.8)}},
		{Kind: guidance.Turn, Modifier: guidance.Right, Name: "Giải Phóng", Ref: "QL1A", Toll: true, Highway: true, DistanceM: 1000, DurationS: 60.25,
			Geometry: []geo.LatLng{pt(21.002, 105.8), pt(21.002, 105.81)}},
		{Kind: guidance.RoundaboutEnter, Exit: 2, Unpaved: true, DistanceM: 50.5, DurationS: 9.1,
			Geometry: []geo.LatLng{pt(21.002, 105.81), pt(21.0025, 105.8105), pt(20.999, 105.811)}},
		{Kind: guidance.Arrive, Side: guidance.SideLeft, Name: "Phố Huế", Geometry: []geo.LatLng{pt(20.999, 105.811)}},
	}
}

func TestNewLeg(t *testing.T) {
	ms := handLeg()
	ph := []Phrases{{Instruction: "Đi về hướng bắc trên Phố Huế.", Pre: "Đi về hướng bắc trên Phố Huế."}, {Instruction: "Rẽ phải vào Giải Phóng.", MultiCue: true}}
	leg := NewLeg(ms, ph, Kilometres, TravelOf("truck"))
	pts, err := geo.DecodePolyline(leg.Shape, 6)
	if err != nil {
		t.Fatal(err)
	}
	if len(pts) != 6 {
		t.Fatalf("shape has %d points, want 6 (shared joining points once): %v", len(pts), pts)
	}
	wantIdx := [][2]int{{0, 2}, {2, 3}, {3, 5}, {5, 5}}
	for i, m := range leg.Maneuvers {
		if m.BeginShapeIndex != wantIdx[i][0] || m.EndShapeIndex != wantIdx[i][1] {
			t.Errorf("maneuver %d: shape indexes %d..%d, want %v", i, m.BeginShapeIndex, m.EndShapeIndex, wantIdx[i])
		}
		// Every maneuver's geometry is the shape's points between its indexes.
		for k, g := range ms[i].Geometry {
			if p := pts[m.BeginShapeIndex+k]; geo.DistanceM(p, g) > 0.2 {
				t.Errorf("maneuver %d point %d: shape has %v, geometry %v", i, k, p, g)
			}
		}
	}
	types := []int{2, 10, 26, 6} // start right, right, roundabout enter, destination left
	for i, m := range leg.Maneuvers {
		if m.Type != types[i] || m.TravelMode != "drive" || m.TravelType != "tractor_trailer" {
			t.Errorf("maneuver %d: type %d mode %s/%s", i, m.Type, m.TravelMode, m.TravelType)
		}
	}
	m1 := leg.Maneuvers[1]
	if len(m1.StreetNames) != 2 || m1.StreetNames[0] != "Giải Phóng" || m1.StreetNames[1] != "QL1A" || !m1.Toll || !m1.Highway || !m1.VerbalMultiCue {
		t.Errorf("turn maneuver: %+v", m1)
	}
	if m1.Length != 1 || m1.Time != 60.25 || m1.Cost != m1.Time {
		t.Errorf("turn maneuver: length %v time %v cost %v", m1.Length, m1.Time, m1.Cost)
	}
	if leg.Maneuvers[2].RoundaboutExitCount != 2 || !leg.Maneuvers[2].Rough || leg.Maneuvers[2].StreetNames != nil {
		t.Errorf("roundabout maneuver: %+v", leg.Maneuvers[2])
	}
	if leg.Maneuvers[3].StreetNames != nil || leg.Maneuvers[3].Instruction != "" {
		t.Errorf("arrive maneuver: %+v", leg.Maneuvers[3])
	}
	s := leg.Summary
	if !s.HasToll || !s.HasHighway || s.HasFerry || s.HasTimeRestrictions {
		t.Errorf("summary flags: %+v", s)
	}
	if math.Abs(float64(s.Time)-89.35) > 1e-9 || math.Abs(float64(s.Length)-1.2505) > 1e-9 || s.Cost != s.Time {
		t.Errorf("summary time %v length %v cost %v", s.Time, s.Length, s.Cost)
	}
	if s.MinLat != 20.999 || s.MaxLat != 21.0025 || s.MinLon != 105.8 || s.MaxLon != 105.811 {
		t.Errorf("summary bounds: %+v", s)
	}
	if mi := NewLeg(ms, nil, Miles, TravelOf("bicycle")); math.Abs(float64(mi.Summary.Length)-1250.5/1609.344) > 1e-12 ||
		mi.Maneuvers[0].TravelMode != "bicycle" || mi.Maneuvers[0].TravelType != "hybrid" {
		t.Errorf("miles leg: %+v", mi.Summary)
	}
}

// TestNewLegGaps: a geometry that does not start where the previous one
// ended is kept whole, and an empty one covers no point.
func TestNewLegGaps(t *testing.T) {
	ms := []guidance.Maneuver{
		{Kind: guidance.Depart, Geometry: []geo.LatLng{pt(21, 105), pt(21.001, 105)}},
		{Kind: guidance.Continue, Geometry: []geo.LatLng{pt(21.002, 105), pt(21.003, 105)}},
		{Kind: guidance.Continue},
		{Kind: guidance.Arrive, Geometry: []geo.LatLng{pt(21.003, 105)}},
	}
	leg := NewLeg(ms, nil, Kilometres, TravelOf("auto"))
	want := [][2]int{{0, 1}, {2, 3}, {3, 3}, {3, 3}}
	for i, m := range leg.Maneuvers {
		if m.BeginShapeIndex != want[i][0] || m.EndShapeIndex != want[i][1] {
			t.Errorf("maneuver %d: %d..%d, want %v", i, m.BeginShapeIndex, m.EndShapeIndex, want[i])
		}
	}
	if empty := NewLeg(nil, nil, Kilometres, TravelOf("auto")); empty.Shape != "" || len(empty.Maneuvers) != 0 || empty.Summary.MaxLat != 0 {
		t.Errorf("empty leg: %+v", empty)
	}
}

func TestNewTrip(t *testing.T) {
	a := NewLeg(handLeg(), nil, Kilometres, TravelOf("auto"))
	b := NewLeg([]guidance.Maneuver{
		{Kind: guidance.Depart, DistanceM: 500, DurationS: 30, Ferry: true, Geometry: []geo.LatLng{pt(20.999, 105.811), pt(20.99, 105.82)}},
		{Kind: guidance.Arrive, Geometry: []geo.LatLng{pt(20.99, 105.82)}},
	}, nil, Kilometres, TravelOf("auto"))
	locs := []TripLocation{{Type: "break", Lat: 21, Lon: 105.8, SideOfStreet: "right"}, {Type: "break", Lat: 21, Lon: 105.8, OriginalIndex: 2}}
	o := NewTrip(locs, []Leg{a, b}, Kilometres, "vi-VN")
	s := o.Trip.Summary
	if !s.HasToll || !s.HasFerry || !s.HasHighway || math.Abs(float64(s.Time)-119.35) > 1e-9 || math.Abs(float64(s.Length)-1.7505) > 1e-9 {
		t.Errorf("trip summary: %+v", s)
	}
	if s.MinLat != 20.99 || s.MaxLat != 21.0025 || s.MinLon != 105.8 || s.MaxLon != 105.82 {
		t.Errorf("trip bounds: %+v", s)
	}
	tr := o.Trip
	if tr.Status != 0 || tr.StatusMessage != StatusFound || tr.Units != "kilometers" || tr.Language != "vi-VN" {
		t.Errorf("trip: %+v", tr)
	}
	var back struct {
		Trip struct {
			Locations []map[string]any `json:"locations"`
		} `json:"trip"`
	}
	if err := json.Unmarshal(o.AppendJSON(nil), &back); err != nil {
		t.Fatal(err)
	}
	if _, ok := back.Trip.Locations[1]["side_of_street"]; ok {
		t.Errorf("side_of_street written for a point on the road: %v", back.Trip.Locations[1])
	}
}
