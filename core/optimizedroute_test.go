package core

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/pathfind"
)

type orManeuver struct {
	Type            int      `json:"type"`
	Instruction     string   `json:"instruction"`
	VerbalPre       string   `json:"verbal_pre_transition_instruction"`
	StreetNames     []string `json:"street_names"`
	Time            float64  `json:"time"`
	Length          float64  `json:"length"`
	Cost            float64  `json:"cost"`
	BeginShapeIndex int      `json:"begin_shape_index"`
	EndShapeIndex   int      `json:"end_shape_index"`
	TravelMode      string   `json:"travel_mode"`
	TravelType      string   `json:"travel_type"`
}

type orSummary struct {
	HasHighway                     bool    `json:"has_highway"`
	MinLat, MinLon, MaxLat, MaxLon float64 `json:"-"`
	Time                           float64 `json:"time"`
	Length                         float64 `json:"length"`
	Cost                           float64 `json:"cost"`
}

type orResponse struct {
	Trip struct {
		Locations []struct {
			Type          string  `json:"type"`
			Lat           float64 `json:"lat"`
			Lon           float64 `json:"lon"`
			SideOfStreet  *string `json:"side_of_street"`
			OriginalIndex int     `json:"original_index"`
		} `json:"locations"`
		Legs []struct {
			Maneuvers []orManeuver `json:"maneuvers"`
			Summary   orSummary    `json:"summary"`
			Shape     string       `json:"shape"`
		} `json:"legs"`
		Summary       orSummary `json:"summary"`
		Status        *int      `json:"status"`
		StatusMessage string    `json:"status_message"`
		Units         string    `json:"units"`
		Language      string    `json:"language"`
	} `json:"trip"`
	ErrorCode  int    `json:"error_code"`
	Error      string `json:"error"`
	StatusCode int    `json:"status_code"`
}

// orRequest is the json parameter for the points, with extra members.
func orRequest(pts []geo.LatLng, extra string) string {
	var b strings.Builder
	b.WriteString(`{"locations":[`)
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"lat":%v,"lon":%v}`, p.Lat, p.Lng)
	}
	b.WriteString("]")
	b.WriteString(extra)
	b.WriteString("}")
	return b.String()
}

func getOR(t *testing.T, e *Engine, js string) (int, orResponse) {
	t.Helper()
	r := e.Get(context.Background(), "/v1/optimized-route", url.Values{"json": {js}})
	var out orResponse
	if err := json.Unmarshal(r.Body, &out); err != nil {
		t.Fatalf("%s: %v: %s", js, err, r.Body)
	}
	return r.Status, out
}

// The rules map of the sample bundle (testdata/route/rules.osm): a block
// between 21.003 and 21.004 whose south side (Phố Một Chiều) is one-way
// eastward, and, unconnected to it, a block at 21.000–21.001 along a
// motorway and a block at 21.009–21.010.
var (
	onewayW   = geo.LatLng{Lat: 21.0031, Lng: 105.8003} // just north of the one-way street, west end
	onewayMid = geo.LatLng{Lat: 21.0029, Lng: 105.8015} // just south of it, middle
	onewayE   = geo.LatLng{Lat: 21.0031, Lng: 105.8027} // north of it, east end
	loopNW    = geo.LatLng{Lat: 21.0040, Lng: 105.8008} // on Phố Vòng
	loopNE    = geo.LatLng{Lat: 21.0040, Lng: 105.8024}
	lowerW    = geo.LatLng{Lat: 21.0005, Lng: 105.8}    // Ngõ Tây, the other block
	upperMid  = geo.LatLng{Lat: 21.0090, Lng: 105.8005} // Phố Ngang, a third block
)

// bruteForce is the least total time (deciseconds) over every order with
// the first and last stops fixed, from the engine's own matrix.
func bruteForce(t *testing.T, e *Engine, profile string, pts []geo.LatLng) uint32 {
	t.Helper()
	ctx := context.Background()
	en, err := e.router(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := costing.Get(profile)
	sp, err := en.SnapAll(ctx, c, pts)
	if err != nil {
		t.Fatal(err)
	}
	cells, err := en.Matrix(ctx, c, sp, sp)
	if err != nil {
		t.Fatal(err)
	}
	return bruteForceCells(cells)
}

// orderCost is the total time of an order (deciseconds).
func orderCost(cells [][]pathfind.Cell, order []int) uint32 {
	var s uint32
	for k := 1; k < len(order); k++ {
		s += cells[order[k-1]][order[k]].Cost
	}
	return s
}

// bruteForceCells is the least total time over every order with the first
// and last stops fixed.
func bruteForceCells(cells [][]pathfind.Cell) uint32 {
	n := len(cells)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	best := uint32(math.MaxUint32)
	var rec func(k int)
	rec = func(k int) {
		if k == n-1 {
			best = min(best, orderCost(cells, order))
			return
		}
		for i := k; i < n-1; i++ {
			order[k], order[i] = order[i], order[k]
			rec(k + 1)
			order[k], order[i] = order[i], order[k]
		}
	}
	rec(1)
	return best
}

func TestOptimizedRouteOrder(t *testing.T) {
	e := fixtureEngine(t, Options{})
	pts := []geo.LatLng{onewayW, loopNE, onewayE, loopNW, onewayMid, onewayW}
	for _, c := range []struct{ costing, profile string }{{"auto", "car"}, {"pedestrian", "walking"}, {"motorcycle", "motor"}} {
		status, r := getOR(t, e, orRequest(pts, `,"costing":"`+c.costing+`"`))
		if status != 200 || r.Trip.Status == nil || *r.Trip.Status != 0 {
			t.Fatalf("%s: status %d: %+v", c.costing, status, r)
		}
		tr := r.Trip
		if len(tr.Locations) != len(pts) || len(tr.Legs) != len(pts)-1 {
			t.Fatalf("%s: %d locations, %d legs", c.costing, len(tr.Locations), len(tr.Legs))
		}
		seen := map[int]bool{}
		for _, l := range tr.Locations {
			seen[l.OriginalIndex] = true
			if in := pts[l.OriginalIndex]; l.Type != "break" || l.Lat != in.Lat || l.Lon != in.Lng {
				t.Errorf("%s: location %+v is not input %d %v", c.costing, l, l.OriginalIndex, in)
			}
		}
		if len(seen) != len(pts) || tr.Locations[0].OriginalIndex != 0 || tr.Locations[len(pts)-1].OriginalIndex != len(pts)-1 {
			t.Errorf("%s: order %+v is not a permutation with fixed ends", c.costing, tr.Locations)
		}
		want := float64(bruteForce(t, e, c.profile, pts)) / 10
		if math.Abs(tr.Summary.Time-want) > 0.001*float64(len(tr.Legs)) {
			t.Errorf("%s: trip time %v, brute force %v", c.costing, tr.Summary.Time, want)
		}
		var sum float64
		for _, l := range tr.Legs {
			sum += l.Summary.Time
		}
		if math.Abs(sum-tr.Summary.Time) > 0.001*float64(len(tr.Legs)) || tr.Summary.Cost != tr.Summary.Time {
			t.Errorf("%s: legs sum to %v, trip %v (cost %v)", c.costing, sum, tr.Summary.Time, tr.Summary.Cost)
		}
	}
}

// TestOptimizedRouteOneWay: with the first and last stop at the west end
// of the one-way street, a car visits the middle and east stops in the
// street's direction then loops back by the parallel street, whatever the
// order they are given in; on foot the one-way does not bind.
func TestOptimizedRouteOneWay(t *testing.T) {
	e := fixtureEngine(t, Options{})
	for _, pts := range [][]geo.LatLng{{onewayW, onewayE, onewayMid, loopNW}, {onewayW, onewayMid, onewayE, loopNW}} {
		_, r := getOR(t, e, orRequest(pts, ""))
		got := []int{}
		for _, l := range r.Trip.Locations {
			got = append(got, l.OriginalIndex)
		}
		mid, east := 1, 2
		if pts[1] == onewayE {
			mid, east = 2, 1
		}
		if fmt.Sprint(got) != fmt.Sprint([]int{0, mid, east, 3}) {
			t.Errorf("order %v, want west, middle, east, loop", got)
		}
	}
}

func TestOptimizedRouteLegs(t *testing.T) {
	e := fixtureEngine(t, Options{})
	pts := []geo.LatLng{onewayW, onewayE, loopNW}
	_, km := getOR(t, e, orRequest(pts, `,"costing":"auto"`))
	status, mi := getOR(t, e, orRequest(pts, `,"directions_options":{"units":"mi","language":"en-US"}`))
	if status != 200 {
		t.Fatalf("status %d", status)
	}
	if km.Trip.Units != "kilometers" || km.Trip.Language != "vi-VN" || mi.Trip.Units != "miles" || mi.Trip.Language != "en-US" {
		t.Errorf("units/language: %s %s, %s %s", km.Trip.Units, km.Trip.Language, mi.Trip.Units, mi.Trip.Language)
	}
	for _, c := range []struct {
		r         orResponse
		lang, say string
	}{{km, "vi", "Đi về hướng"}, {mi, "en", "Head "}} {
		for k, leg := range c.r.Trip.Legs {
			if first := leg.Maneuvers[0]; !strings.HasPrefix(first.Instruction, c.say) || !strings.HasPrefix(first.VerbalPre, c.say) {
				t.Errorf("%s leg %d: departure %q / %q, want %q…", c.lang, k, first.Instruction, first.VerbalPre, c.say)
			}
			for i, m := range leg.Maneuvers {
				if m.Instruction == "" || m.VerbalPre == "" {
					t.Errorf("%s leg %d maneuver %d: no instruction: %+v", c.lang, k, i, m)
				}
			}
		}
	}
	if math.Abs(mi.Trip.Summary.Length*1.609344-km.Trip.Summary.Length) > 0.002 {
		t.Errorf("%v mi is not %v km", mi.Trip.Summary.Length, km.Trip.Summary.Length)
	}
	for k, leg := range km.Trip.Legs {
		shp, err := geo.DecodePolyline(leg.Shape, 6)
		if err != nil || len(shp) < 2 {
			t.Fatalf("leg %d shape %q: %v", k, leg.Shape, err)
		}
		ms := leg.Maneuvers
		if len(ms) < 2 || ms[0].Type < 1 || ms[0].Type > 3 || ms[len(ms)-1].Type < 4 || ms[len(ms)-1].Type > 6 {
			t.Fatalf("leg %d: maneuvers %+v", k, ms)
		}
		if ms[0].BeginShapeIndex != 0 || ms[len(ms)-1].EndShapeIndex != len(shp)-1 || ms[len(ms)-1].BeginShapeIndex != len(shp)-1 {
			t.Errorf("leg %d: shape indexes %+v over %d points", k, ms, len(shp))
		}
		var length float64
		for i, m := range ms {
			length += m.Length
			if i > 0 && m.BeginShapeIndex != ms[i-1].EndShapeIndex {
				t.Errorf("leg %d maneuver %d begins at %d, the previous ends at %d", k, i, m.BeginShapeIndex, ms[i-1].EndShapeIndex)
			}
			if m.TravelMode != "drive" || m.TravelType != "car" || m.Cost != m.Time {
				t.Errorf("leg %d maneuver %d: %+v", k, i, m)
			}
		}
		if math.Abs(length-leg.Summary.Length) > 0.001*float64(len(ms)) {
			t.Errorf("leg %d: maneuvers sum to %v km, summary %v", k, length, leg.Summary.Length)
		}
		// The shape runs between the stops' snapped points (within the
		// metres between a location and its road).
		from, to := km.Trip.Locations[k], km.Trip.Locations[k+1]
		if d := geo.DistanceM(shp[0], geo.LatLng{Lat: from.Lat, Lng: from.Lon}); d > 25 {
			t.Errorf("leg %d starts %.0f m from its location", k, d)
		}
		if d := geo.DistanceM(shp[len(shp)-1], geo.LatLng{Lat: to.Lat, Lng: to.Lon}); d > 25 {
			t.Errorf("leg %d ends %.0f m from its location", k, d)
		}
	}
}

// TestOptimizedRouteSideOfStreet: the one-way street runs east; a stop
// north of it is on the left of the traffic, one south of it on the right,
// and a stop on a road has no side.
func TestOptimizedRouteSideOfStreet(t *testing.T) {
	e := fixtureEngine(t, Options{})
	pts := []geo.LatLng{onewayW, onewayMid, onewayE, {Lat: 21.004, Lng: 105.8016}}
	_, r := getOR(t, e, orRequest(pts, ""))
	want := map[int]string{0: "left", 1: "right", 2: "left", 3: ""}
	for _, l := range r.Trip.Locations {
		got := ""
		if l.SideOfStreet != nil {
			got = *l.SideOfStreet
		}
		if got != want[l.OriginalIndex] {
			t.Errorf("location %d: side %q, want %q", l.OriginalIndex, got, want[l.OriginalIndex])
		}
	}
	legs := r.Trip.Legs
	if first := legs[0].Maneuvers[0].Type; first != 3 {
		t.Errorf("start maneuver type %d, want 3 (start left)", first)
	}
	last := legs[len(legs)-1].Maneuvers
	if typ := last[len(last)-1].Type; typ != 4 {
		t.Errorf("destination maneuver type %d, want 4 (on the road)", typ)
	}
}

func TestOptimizedRouteCostings(t *testing.T) {
	e := fixtureEngine(t, Options{})
	want := map[string][2]string{"auto": {"drive", "car"}, "taxi": {"drive", "car"}, "truck": {"drive", "tractor_trailer"},
		"motorcycle": {"drive", "motorcycle"}, "motor_scooter": {"drive", "motor_scooter"}, "bicycle": {"bicycle", "hybrid"},
		"pedestrian": {"pedestrian", "foot"}}
	for name, tr := range want {
		status, r := getOR(t, e, orRequest([]geo.LatLng{loopNW, loopNE}, `,"costing":"`+name+`"`))
		if status != 200 {
			t.Errorf("%s: status %d %+v", name, status, r)
			continue
		}
		m := r.Trip.Legs[0].Maneuvers[0]
		if m.TravelMode != tr[0] || m.TravelType != tr[1] {
			t.Errorf("%s: travel %s/%s, want %v", name, m.TravelMode, m.TravelType, tr)
		}
	}
}

func TestOptimizedRouteErrors(t *testing.T) {
	e := fixtureEngine(t, Options{})
	many := make([]geo.LatLng, 51)
	for i := range many {
		many[i] = loopNW
	}
	for _, c := range []struct {
		name, js   string
		status     int
		code       int
		msgContain string
	}{
		{"unparsable", `{"locations":[`, 400, 100, "json"},
		{"missing", ``, 400, 100, "json"},
		{"no locations", `{"costing":"auto"}`, 400, 110, "locations"},
		{"one location", orRequest([]geo.LatLng{loopNW}, ""), 400, 120, "locations"},
		{"unknown costing", orRequest([]geo.LatLng{loopNW, loopNE}, `,"costing":"rocket"`), 400, 125, "costing"},
		{"bad location", `{"locations":[{"lat":91,"lon":105},{"lat":21,"lon":105}]}`, 400, 130, "locations[0]"},
		{"too many", orRequest(many, ""), 400, 150, "locations"},
		{"at sea", orRequest([]geo.LatLng{loopNW, {Lat: 16, Lng: 112}}, ""), 200, 171, "locations[1]"},
		{"disconnected", orRequest([]geo.LatLng{loopNW, lowerW}, ""), 200, 442, "No path"},
		{"disconnected middle", orRequest([]geo.LatLng{loopNW, upperMid, loopNE}, ""), 200, 442, "No path"},
		{"bad units", orRequest([]geo.LatLng{loopNW, loopNE}, `,"units":"furlongs"`), 400, 100, "units"},
	} {
		status, r := getOR(t, e, c.js)
		if status != c.status || r.ErrorCode != c.code || r.StatusCode != c.status || !strings.Contains(r.Error, c.msgContain) {
			t.Errorf("%s: status %d code %d %q, want %d %d containing %q", c.name, status, r.ErrorCode, r.Error, c.status, c.code, c.msgContain)
		}
	}
	r := e.Get(context.Background(), "/v1/optimized-route?admin_v2=maybe&json="+url.QueryEscape(orRequest([]geo.LatLng{loopNW, loopNE}, "")), nil)
	if r.Status != 400 || !strings.Contains(string(r.Body), "admin_v2") {
		t.Errorf("admin_v2=maybe: %d %s", r.Status, r.Body)
	}
}
