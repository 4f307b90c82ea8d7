package google

import (
	"math"
	"slices"
	"sort"
	"strconv"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/guidance"
	"github.com/bando-vn/bando/core/route/guidance/narrative"
	"github.com/bando-vn/bando/core/shape"
)

// Directions is the /v1/direction answer (API.md §3.7), Google Directions
// REST form: status OK with routes; ZERO_RESULTS (no route) or NOT_FOUND
// (a waypoint with no road near: its geocoder_status is ZERO_RESULTS)
// with routes [].
type Directions struct {
	GeocodedWaypoints []GeocodedWaypoint `json:"geocoded_waypoints"`
	Routes            []DirRoute         `json:"routes"`
	Status            string             `json:"status"`
}

// GeocodedWaypoint says whether a waypoint was placed on a road: "OK" or
// "ZERO_RESULTS".
type GeocodedWaypoint struct {
	GeocoderStatus string `json:"geocoder_status"`
}

// DirRoute is one route through all waypoints.
type DirRoute struct {
	Bounds           Viewport `json:"bounds"`
	Copyrights       string   `json:"copyrights"`
	Legs             []DirLeg `json:"legs"`
	OverviewPolyline Polyline `json:"overview_polyline"`
	Summary          string   `json:"summary"`
	Warnings         []string `json:"warnings"`
	WaypointOrder    []int    `json:"waypoint_order"`
}

// TextValue is a distance (value in metres) or duration (seconds) with its
// text in the request's language.
type TextValue struct {
	Text  string `json:"text"`
	Value int    `json:"value"`
}

// Polyline is an encoded polyline, precision 5.
type Polyline struct {
	Points string `json:"points"`
}

// DirLeg is the route between two consecutive waypoints.
type DirLeg struct {
	Distance          TextValue `json:"distance"`
	Duration          TextValue `json:"duration"`
	EndAddress        string    `json:"end_address"`
	EndLocation       LatLng    `json:"end_location"`
	StartAddress      string    `json:"start_address"`
	StartLocation     LatLng    `json:"start_location"`
	Steps             []DirStep `json:"steps"`
	TrafficSpeedEntry []int     `json:"traffic_speed_entry"`
	ViaWaypoint       []LatLng  `json:"via_waypoint"`
}

// DirStep is one instruction; the last of a leg is the arrival (distance
// and duration 0).
type DirStep struct {
	Distance         TextValue `json:"distance"`
	Duration         TextValue `json:"duration"`
	EndLocation      LatLng    `json:"end_location"`
	HTMLInstructions string    `json:"html_instructions"`
	Maneuver         string    `json:"maneuver"`
	Polyline         Polyline  `json:"polyline"`
	StartLocation    LatLng    `json:"start_location"`
	TravelMode       string    `json:"travel_mode"`
}

// LegIn is what shaping one leg needs: its maneuvers (guidance.Build),
// totals and the addresses of its ends.
type LegIn struct {
	Maneuvers                []guidance.Maneuver
	DistanceM, DurationS     float64
	StartAddress, EndAddress string
}

// RouteIn is one route to shape.
type RouteIn struct {
	Legs []LegIn
	// Warnings are already phrased (see DirectionWarnings).
	Warnings []string
}

// Copyright is every route's copyrights line.
const Copyright = "© OpenStreetMap contributors"

// DirectionsOf shapes routes for travel mode mode ("DRIVING",
// "TWO_WHEELER", "BICYCLING", "WALKING") in language l. Roundabout exits
// are folded into their entries (guidance.FoldRoundaboutExits). Step
// distances and durations are rounded cumulatively, so over a leg they sum
// exactly to the leg's rounded totals.
func DirectionsOf(routes []RouteIn, waypoints int, mode string, l narrative.Lang) Directions {
	d := Directions{GeocodedWaypoints: make([]GeocodedWaypoint, waypoints), Routes: make([]DirRoute, 0, len(routes)), Status: "OK"}
	for i := range d.GeocodedWaypoints {
		d.GeocodedWaypoints[i].GeocoderStatus = "OK"
	}
	for _, r := range routes {
		d.Routes = append(d.Routes, routeOf(r, waypoints, mode, l))
	}
	if len(d.Routes) == 0 {
		d.Status = "ZERO_RESULTS"
	}
	return d
}

// DirectionsNotFound is the answer when waypoints (by index) have no road
// near them.
func DirectionsNotFound(waypoints int, missing []int) Directions {
	d := Directions{GeocodedWaypoints: make([]GeocodedWaypoint, waypoints), Routes: []DirRoute{}, Status: "NOT_FOUND"}
	for i := range d.GeocodedWaypoints {
		d.GeocodedWaypoints[i].GeocoderStatus = "OK"
	}
	for _, i := range missing {
		d.GeocodedWaypoints[i].GeocoderStatus = "ZERO_RESULTS"
	}
	return d
}

func routeOf(r RouteIn, waypoints int, mode string, l narrative.Lang) DirRoute {
	out := DirRoute{Copyrights: Copyright, Legs: make([]DirLeg, 0, len(r.Legs)), Warnings: r.Warnings,
		WaypointOrder: make([]int, max(0, waypoints-2))}
	if out.Warnings == nil {
		out.Warnings = []string{}
	}
	for i := range out.WaypointOrder {
		out.WaypointOrder[i] = i
	}
	var box geo.BBox
	n := 0
	for _, lg := range r.Legs {
		for k := range lg.Maneuvers {
			n += len(lg.Maneuvers[k].Geometry)
		}
	}
	all := make([]geo.LatLng, 0, n)
	for _, lg := range r.Legs {
		ms := guidance.FoldRoundaboutExits(lg.Maneuvers)
		out.Legs = append(out.Legs, legOf(lg, ms, mode, l))
		for k := range ms {
			g := ms[k].Geometry
			if len(all) > 0 && len(g) > 0 && all[len(all)-1] == g[0] {
				g = g[1:]
			}
			all = append(all, g...)
		}
	}
	for _, p := range all {
		box = box.Extend(p)
	}
	out.Bounds = Viewport{Northeast: latLng(geo.LatLng{Lat: box.MaxLat, Lng: box.MaxLng}),
		Southwest: latLng(geo.LatLng{Lat: box.MinLat, Lng: box.MinLng})}
	out.OverviewPolyline.Points = geo.EncodePolyline(all, 5)
	out.Summary = Summary(r.Legs, l)
	return out
}

func latLng(p geo.LatLng) LatLng { return LatLng{shape.Deg(p.Lat), shape.Deg(p.Lng)} }

func legOf(lg LegIn, ms []guidance.Maneuver, mode string, l narrative.Lang) DirLeg {
	out := DirLeg{Distance: distance(lg.DistanceM, l), Duration: duration(lg.DurationS, l),
		StartAddress: lg.StartAddress, EndAddress: lg.EndAddress,
		Steps: make([]DirStep, 0, len(ms)), TrafficSpeedEntry: []int{}, ViaWaypoint: []LatLng{}}
	var cumD, cumT float64
	for k := range ms {
		m := &ms[k]
		var next *guidance.Maneuver
		if k+1 < len(ms) {
			next = &ms[k+1]
		}
		d0, t0 := math.Round(cumD), math.Round(cumT)
		cumD += m.DistanceM
		cumT += m.DurationS
		if k == len(ms)-2 { // the last stretch ends at the leg's totals, whatever the float sums say
			cumD, cumT = lg.DistanceM, lg.DurationS
		}
		dv, tv := math.Round(cumD)-d0, math.Round(cumT)-t0
		st := DirStep{Distance: TextValue{narrative.Distance(dv, l, narrative.Km), int(dv)},
			Duration:         TextValue{narrative.Duration(tv, l), int(tv)},
			HTMLInstructions: narrative.HTML(m, next, l), Maneuver: m.Google(),
			Polyline: Polyline{geo.EncodePolyline(m.Geometry, 5)}, TravelMode: mode}
		if len(m.Geometry) > 0 {
			st.StartLocation, st.EndLocation = latLng(m.Geometry[0]), latLng(m.Geometry[len(m.Geometry)-1])
		}
		out.Steps = append(out.Steps, st)
	}
	if n := len(out.Steps); n > 0 {
		out.StartLocation, out.EndLocation = out.Steps[0].StartLocation, out.Steps[n-1].EndLocation
	}
	return out
}

func distance(m float64, l narrative.Lang) TextValue {
	v := math.Round(m)
	return TextValue{narrative.Distance(v, l, narrative.Km), int(v)}
}

func duration(s float64, l narrative.Lang) TextValue {
	v := math.Round(s)
	return TextValue{narrative.Duration(v, l), int(v)}
}

// Summary names a route by its main roads: the (at most two) named roads
// it follows longest, in travel order, joined by "và" / "and".
func Summary(legs []LegIn, l narrative.Lang) string {
	type road struct {
		label string
		m     float64
		first int
	}
	byLabel := map[string]*road{}
	var roads []*road
	k := 0
	for _, lg := range legs {
		for i := range lg.Maneuvers {
			m := &lg.Maneuvers[i]
			label := m.Name
			if label == "" {
				label = m.Ref
			}
			if label == "" || m.Kind == guidance.Arrive {
				continue
			}
			r, ok := byLabel[label]
			if !ok {
				r = &road{label: label, first: k}
				byLabel[label] = r
				roads = append(roads, r)
			}
			r.m += m.DistanceM
			k++
		}
	}
	sort.SliceStable(roads, func(i, j int) bool { return roads[i].m > roads[j].m })
	roads = roads[:min(2, len(roads))]
	sort.Slice(roads, func(i, j int) bool { return roads[i].first < roads[j].first })
	switch len(roads) {
	case 0:
		return ""
	case 1:
		return roads[0].label
	}
	return narrative.And(roads[0].label, roads[1].label, l)
}

// AppendJSON writes the answer without reflection (byte-identical to
// encoding/json; TestDirectionsMatchReflection checks it).
func (d Directions) AppendJSON(b []byte) []byte {
	b = slices.Grow(b, 512)
	b = append(b, `{"geocoded_waypoints":`...)
	b = shape.AppendList(b, d.GeocodedWaypoints, func(b []byte, w *GeocodedWaypoint) []byte {
		b = append(b, `{"geocoder_status":`...)
		return append(shape.AppendString(b, w.GeocoderStatus), '}')
	})
	b = append(b, `,"routes":`...)
	b = shape.AppendList(b, d.Routes, appendRoute)
	b = append(b, `,"status":`...)
	b = shape.AppendString(b, d.Status)
	return append(b, '}')
}

func appendRoute(b []byte, r *DirRoute) []byte {
	b = append(b, `{"bounds":`...)
	b = appendViewport(b, &r.Bounds)
	b = append(b, `,"copyrights":`...)
	b = shape.AppendString(b, r.Copyrights)
	b = append(b, `,"legs":`...)
	b = shape.AppendList(b, r.Legs, appendLeg)
	b = append(b, `,"overview_polyline":`...)
	b = appendPolyline(b, r.OverviewPolyline)
	b = append(b, `,"summary":`...)
	b = shape.AppendString(b, r.Summary)
	b = append(b, `,"warnings":`...)
	b = shape.AppendStrings(b, r.Warnings)
	b = append(b, `,"waypoint_order":`...)
	b = shape.AppendList(b, r.WaypointOrder, func(b []byte, i *int) []byte { return shape.AppendInt(b, *i) })
	return append(b, '}')
}

func appendLeg(b []byte, l *DirLeg) []byte {
	b = slices.Grow(b, 256+400*len(l.Steps))
	b = append(b, `{"distance":`...)
	b = appendTextValue(b, l.Distance)
	b = append(b, `,"duration":`...)
	b = appendTextValue(b, l.Duration)
	b = append(b, `,"end_address":`...)
	b = shape.AppendString(b, l.EndAddress)
	b = append(b, `,"end_location":`...)
	b = appendLatLng(b, l.EndLocation)
	b = append(b, `,"start_address":`...)
	b = shape.AppendString(b, l.StartAddress)
	b = append(b, `,"start_location":`...)
	b = appendLatLng(b, l.StartLocation)
	b = append(b, `,"steps":`...)
	b = shape.AppendList(b, l.Steps, appendStep)
	b = append(b, `,"traffic_speed_entry":`...)
	b = shape.AppendList(b, l.TrafficSpeedEntry, func(b []byte, i *int) []byte { return shape.AppendInt(b, *i) })
	b = append(b, `,"via_waypoint":`...)
	b = shape.AppendList(b, l.ViaWaypoint, func(b []byte, p *LatLng) []byte { return appendLatLng(b, *p) })
	return append(b, '}')
}

func appendStep(b []byte, s *DirStep) []byte {
	b = append(b, `{"distance":`...)
	b = appendTextValue(b, s.Distance)
	b = append(b, `,"duration":`...)
	b = appendTextValue(b, s.Duration)
	b = append(b, `,"end_location":`...)
	b = appendLatLng(b, s.EndLocation)
	b = append(b, `,"html_instructions":`...)
	b = shape.AppendString(b, s.HTMLInstructions)
	b = append(b, `,"maneuver":`...)
	b = shape.AppendString(b, s.Maneuver)
	b = append(b, `,"polyline":`...)
	b = appendPolyline(b, s.Polyline)
	b = append(b, `,"start_location":`...)
	b = appendLatLng(b, s.StartLocation)
	b = append(b, `,"travel_mode":`...)
	b = shape.AppendString(b, s.TravelMode)
	return append(b, '}')
}

func appendTextValue(b []byte, t TextValue) []byte {
	b = append(b, `{"text":`...)
	b = shape.AppendString(b, t.Text)
	b = append(b, `,"value":`...)
	b = strconv.AppendInt(b, int64(t.Value), 10)
	return append(b, '}')
}

func appendPolyline(b []byte, p Polyline) []byte {
	b = append(b, `{"points":`...)
	b = shape.AppendString(b, p.Points)
	return append(b, '}')
}

func appendLatLng(b []byte, p LatLng) []byte {
	b = append(b, `{"lat":`...)
	b = shape.AppendDeg(b, p.Lat)
	b = append(b, `,"lng":`...)
	b = shape.AppendDeg(b, p.Lng)
	return append(b, '}')
}

func appendViewport(b []byte, v *Viewport) []byte {
	b = append(b, `{"northeast":`...)
	b = appendLatLng(b, v.Northeast)
	b = append(b, `,"southwest":`...)
	b = appendLatLng(b, v.Southwest)
	return append(b, '}')
}
