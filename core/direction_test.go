package core

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/shape/google"
	"github.com/bando-vn/bando/core/tile"
	"github.com/bando-vn/bando/internal/fixture"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

// googleManeuvers are the maneuver strings API.md §3.7 allows.
var googleManeuvers = map[string]bool{"": true, "turn-left": true, "turn-right": true, "turn-slight-left": true,
	"turn-slight-right": true, "turn-sharp-left": true, "turn-sharp-right": true, "uturn-left": true, "uturn-right": true,
	"keep-left": true, "keep-right": true, "fork-left": true, "fork-right": true, "ramp-left": true, "ramp-right": true,
	"merge": true, "roundabout-left": true, "roundabout-right": true, "straight": true, "ferry": true}

// checkDirections checks one OK answer as a client would read it: per leg
// the step values sum exactly to the leg's, the first and last steps have
// no maneuver and the last is the arrival (0 m, 0 s, one point); step
// polylines decode, join end to start and together are the overview
// polyline; locations are the polylines' ends; bounds hold every point;
// html_instructions has balanced <b>; maneuvers are Google's strings.
func checkDirections(d *google.Directions, waypoints int) error {
	if d.Status != "OK" || len(d.Routes) == 0 || len(d.GeocodedWaypoints) != waypoints {
		return fmt.Errorf("status %s, %d routes, %d waypoints", d.Status, len(d.Routes), len(d.GeocodedWaypoints))
	}
	for ri, r := range d.Routes {
		if len(r.Legs) != waypoints-1 {
			return fmt.Errorf("route %d: %d legs for %d waypoints", ri, len(r.Legs), waypoints)
		}
		var all []geo.LatLng
		for li, lg := range r.Legs {
			pts, err := checkLeg(&lg)
			if err != nil {
				return fmt.Errorf("route %d leg %d: %v", ri, li, err)
			}
			if len(all) > 0 && len(pts) > 0 && all[len(all)-1] == pts[0] {
				pts = pts[1:]
			}
			all = append(all, pts...)
		}
		over, err := geo.DecodePolyline(r.OverviewPolyline.Points, 5)
		if err != nil || !samePoints(over, all) {
			return fmt.Errorf("route %d: overview polyline (%d points, %v) is not its steps' (%d points)", ri, len(over), err, len(all))
		}
		for _, p := range all {
			if p.Lat > float64(r.Bounds.Northeast.Lat)+1e-5 || p.Lat < float64(r.Bounds.Southwest.Lat)-1e-5 ||
				p.Lng > float64(r.Bounds.Northeast.Lng)+1e-5 || p.Lng < float64(r.Bounds.Southwest.Lng)-1e-5 {
				return fmt.Errorf("route %d: point %v outside the bounds", ri, p)
			}
		}
	}
	return nil
}

func checkLeg(lg *google.DirLeg) ([]geo.LatLng, error) {
	n := len(lg.Steps)
	if n < 2 || lg.Steps[0].Maneuver != "" || lg.Steps[n-1].Maneuver != "" {
		return nil, fmt.Errorf("%d steps; the first and last must have no maneuver", n)
	}
	last := lg.Steps[n-1]
	if last.Distance.Value != 0 || last.Duration.Value != 0 {
		return nil, fmt.Errorf("the arrival step has %d m, %d s", last.Distance.Value, last.Duration.Value)
	}
	dist, dur := 0, 0
	var all []geo.LatLng
	for k, st := range lg.Steps {
		dist += st.Distance.Value
		dur += st.Duration.Value
		if !googleManeuvers[st.Maneuver] || strings.Count(st.HTMLInstructions, "<b>") != strings.Count(st.HTMLInstructions, "</b>") || st.HTMLInstructions == "" {
			return nil, fmt.Errorf("step %d: maneuver %q, instructions %q", k, st.Maneuver, st.HTMLInstructions)
		}
		pts, err := geo.DecodePolyline(st.Polyline.Points, 5)
		if err != nil || len(pts) == 0 {
			return nil, fmt.Errorf("step %d: polyline %q: %v", k, st.Polyline.Points, err)
		}
		if !near(pts[0], st.StartLocation) || !near(pts[len(pts)-1], st.EndLocation) {
			return nil, fmt.Errorf("step %d: locations are not its polyline's ends", k)
		}
		if k > 0 {
			if !near(pts[0], lg.Steps[k-1].EndLocation) {
				return nil, fmt.Errorf("step %d does not start where step %d ends", k, k-1)
			}
			pts = pts[1:]
		}
		all = append(all, pts...)
	}
	if k := n - 1; len(all) == 0 || !near(all[0], lg.StartLocation) || !near(all[len(all)-1], lg.EndLocation) || k < 0 {
		return nil, fmt.Errorf("leg locations are not its steps' ends")
	}
	if dist != lg.Distance.Value || dur != lg.Duration.Value {
		return nil, fmt.Errorf("steps sum to %d m, %d s; the leg says %d m, %d s", dist, dur, lg.Distance.Value, lg.Duration.Value)
	}
	return all, nil
}

func near(p geo.LatLng, q google.LatLng) bool {
	return math.Abs(p.Lat-float64(q.Lat)) <= 1e-5 && math.Abs(p.Lng-float64(q.Lng)) <= 1e-5
}

func samePoints(a, b []geo.LatLng) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i].Lat-b[i].Lat) > 1e-5 || math.Abs(a[i].Lng-b[i].Lng) > 1e-5 {
			return false
		}
	}
	return true
}

func getDirections(t *testing.T, e *Engine, q url.Values) (*google.Directions, int) {
	t.Helper()
	r := e.Get(context.Background(), "/v1/direction", q)
	var d google.Directions
	if r.Status == 200 {
		if err := json.Unmarshal(r.Body, &d); err != nil {
			t.Fatalf("%v: %v\n%s", q, err, r.Body)
		}
	}
	return &d, r.Status
}

// TestDirectionFixture: answers on the sample bundle's routing fixture
// hold checkDirections, for every vehicle and both languages, with one
// and several destinations; errors name their parameter.
func TestDirectionFixture(t *testing.T) {
	e := fixtureEngine(t, Options{})
	for _, c := range []struct {
		origin, dest, vehicle, lang string
		waypoints                   int
		must                        string
	}{
		{"21.0009,105.8005", "21.0002,105.8025", "car", "vi", 2, "Rẽ <b>trái</b> vào <b>Cao tốc</b>/<b>CT.01</b>"},
		{"21.0009,105.8005", "21.0002,105.8025", "taxi", "en", 2, "Turn <b>left</b> onto <b>Cao tốc</b>/<b>CT.01</b>"},
		{"21.006,105.8003", "21.006,105.8027", "truck", "vi", 2, "Đường Vòng"},
		{"21.006,105.8003", "21.006,105.8027", "car", "vi", 2, "Cầu Yếu"},
		{"21.009,105.8003", "21.0097,105.8011", "motor", "en", 2, "Ngõ Vòng"},
		{"21.0031,105.8005", "21.0039,105.8025;21.0031,105.8015", "walking", "vi", 3, `"travel_mode":"WALKING"`},
		{"21.0031,105.8005", "21.0039,105.8025;21.0031,105.8015;21.0031,105.8005", "bike", "en", 4, `"travel_mode":"BICYCLING"`},
	} {
		q := url.Values{"origin": {c.origin}, "destination": {c.dest}, "vehicle": {c.vehicle}, "language": {c.lang}}
		r := e.Get(context.Background(), "/v1/direction", q)
		if !strings.Contains(string(r.Body), c.must) {
			t.Errorf("%v: the answer lacks %s:\n%s", q, c.must, r.Body)
		}
		d, status := getDirections(t, e, q)
		if status != 200 {
			t.Fatalf("%v: status %d", q, status)
		}
		if err := checkDirections(d, c.waypoints); err != nil {
			t.Errorf("%v: %v", q, err)
		}
	}
	for q, param := range map[string]string{
		"origin=1,2,3&destination=21,105":                       "origin",
		"origin=21.0009,105.8005":                               "destination",
		"origin=21.0009,105.8005&destination=21,105;x":          "destination[1]",
		"origin=21.0009,105.8005&destination=21,105&vehicle=x":  "vehicle",
		"origin=21.0009,105.8005&destination=21,105&language=x": "language",
		"origin=21.0009,105.8005&destination=91,105":            "destination",
	} {
		r := e.Serve(context.Background(), &Request{Method: "GET", Target: "/v1/direction?" + q})
		if r.Status != 400 || !strings.Contains(string(r.Body), `"error_message":"`+param+":") {
			t.Errorf("%s: want a 400 naming %s, got %d %s", q, param, r.Status, r.Body)
		}
	}
}

// TestDirectionHoanKiem: seeded random routes over Hoàn Kiếm (the vn2021
// cut) for car and motorbike, with alternatives, hold checkDirections.
func TestDirectionHoanKiem(t *testing.T) {
	tiles, _, err := graphfix.FromFile(fixture.Shared(t, fixture.HoanKiemPBF), "car", "motor")
	if err != nil {
		t.Fatalf("Hoàn Kiếm graph (shared data required): %v", err)
	}
	e, err := New(context.Background(), tile.MapBundle(tiles), Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(17, 12))
	pt := func() string {
		return fmt.Sprintf("%.6f,%.6f", 21.020+0.02*rng.Float64(), 105.840+0.02*rng.Float64())
	}
	ok, alts := 0, 0
	for i := 0; i < 100; i++ {
		q := url.Values{"origin": {pt()}, "destination": {pt()}, "vehicle": {[]string{"car", "motor"}[i%2]}}
		d, status := getDirections(t, e, q)
		if status != 200 {
			t.Fatalf("%v: status %d", q, status)
		}
		if d.Status != "OK" {
			continue
		}
		ok++
		alts += len(d.Routes) - 1
		if err := checkDirections(d, 2); err != nil {
			t.Fatalf("%v: %v", q, err)
		}
	}
	t.Logf("%d of 100 routed, %d alternatives", ok, alts)
	if ok < 80 {
		t.Fatalf("only %d of 100 routed", ok)
	}
}
