package pathfind_test

import (
	"context"
	"errors"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/internal/fixture"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

func rulesTiles(t *testing.T) map[string][]byte {
	path := fixture.Repo(t, "testdata/route/rules.osm")
	tiles, err := fixture.Once("pathfind/rules", func() (map[string][]byte, error) {
		tiles, _, err := graphfix.FromFile(path, "car", "motor", "truck", "walking")
		return tiles, err
	})
	if err != nil {
		t.Fatal(err)
	}
	return tiles
}

// fixture node position: row r, column c of testdata/route/rules.osm.
func at(r, c float64) geo.LatLng { return geo.LatLng{Lat: 21.0 + r*0.001, Lng: 105.8 + c*0.001} }

// routeBoth routes with the hierarchy and with the exact search and
// requires the same cost.
func routeBoth(t *testing.T, profile string, from, to geo.LatLng) *pathfind.Route {
	t.Helper()
	tiles := rulesTiles(t)
	fast, ref := openEngine(t, tiles), openEngine(t, tiles)
	ref.NoHierarchy = true
	c, _ := costing.Get(profile)
	ctx := context.Background()
	a, err := fast.Route(ctx, c, []geo.LatLng{from, to})
	if err != nil {
		t.Fatalf("%s: %v", profile, err)
	}
	b, err := ref.Route(ctx, c, []geo.LatLng{from, to})
	if err != nil {
		t.Fatalf("%s exact: %v", profile, err)
	}
	if a.Legs[0].Cost != b.Legs[0].Cost {
		t.Fatalf("%s: hierarchy cost %d, exact %d", profile, a.Legs[0].Cost, b.Legs[0].Cost)
	}
	return a
}

func classes(r *pathfind.Route) map[graph.Class]bool {
	m := map[graph.Class]bool{}
	for _, l := range r.Legs {
		for _, s := range l.Steps {
			m[s.Class] = true
		}
	}
	return m
}

func names(r *pathfind.Route) []string {
	var ns []string
	for _, l := range r.Legs {
		for _, s := range l.Steps {
			if len(ns) == 0 || ns[len(ns)-1] != s.Name {
				ns = append(ns, s.Name)
			}
		}
	}
	return ns
}

func TestMotorbikeNeverOnMotorway(t *testing.T) {
	from, to := at(0.5, 0), at(0.5, 3) // on the two connectors
	car := routeBoth(t, "car", from, to)
	if !classes(car)[graph.ClassMotorway] {
		t.Errorf("car should take the motorway: %v", names(car))
	}
	for _, p := range []string{"motor", "bike", "walking"} {
		if r := routeBoth(t, p, from, to); classes(r)[graph.ClassMotorway] {
			t.Errorf("%s routed over the motorway: %v", p, names(r))
		}
	}
}

func TestWalkingAgainstOneway(t *testing.T) {
	from, to := at(3, 2.5), at(3, 0.5) // on the one-way street, against it
	walk := routeBoth(t, "walking", from, to)
	car := routeBoth(t, "car", from, to)
	if walk.DistanceM > 250 {
		t.Errorf("walking should go straight back along the one-way: %.0f m %v", walk.DistanceM, names(walk))
	}
	against := false
	for _, s := range walk.Legs[0].Steps {
		against = against || !s.Forward
	}
	if !against {
		t.Errorf("walking route never goes against the one-way: %v", names(walk))
	}
	if car.DistanceM < 500 {
		t.Errorf("car must go round the block: %.0f m %v", car.DistanceM, names(car))
	}
}

func TestTruckAvoidsWeightLimit(t *testing.T) {
	from, to := at(6, 0.5), at(6, 2.5)
	car := routeBoth(t, "car", from, to)
	truck := routeBoth(t, "truck", from, to)
	uses := func(r *pathfind.Route) bool {
		for _, n := range names(r) {
			if n == "Cầu Yếu" {
				return true
			}
		}
		return false
	}
	if !uses(car) {
		t.Errorf("car should cross the bridge: %v", names(car))
	}
	if uses(truck) {
		t.Errorf("a 15 t truck crossed a 5 t bridge: %v", names(truck))
	}
}

func TestTurnRestriction(t *testing.T) {
	from, to := at(9, 0.5), at(9.5, 1) // no left turn from Phố Ngang into Phố Dọc
	car := routeBoth(t, "car", from, to)
	ns := names(car)
	t.Logf("car: %v (%.0f m); fallback %v", ns, car.DistanceM, car.Legs[0].Fallback)
	if len(ns) < 3 || ns[1] == "Phố Dọc" {
		t.Errorf("car turned where it may not: %v", ns)
	}
	walk := routeBoth(t, "walking", from, to) // restrictions do not bind walkers
	if got := names(walk); len(got) != 2 || got[1] != "Phố Dọc" {
		t.Errorf("walking should turn directly: %v", got)
	}
}

func TestLegsAndTotals(t *testing.T) {
	tiles := rulesTiles(t)
	en := openEngine(t, tiles)
	c, _ := costing.Get("car")
	r, err := en.Route(context.Background(), c, []geo.LatLng{at(0.5, 0), at(1, 1.5), at(0.5, 3)})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Legs) != 2 {
		t.Fatalf("%d legs, want 2", len(r.Legs))
	}
	var d, s float64
	for _, l := range r.Legs {
		var ld, ls float64
		for _, st := range l.Steps {
			ld += st.DistanceM
			ls += st.DurationS
		}
		if diff := ls - l.DurationS; diff > 1e-6 || diff < -1e-6 {
			t.Errorf("leg steps sum to %.1f s, leg says %.1f s", ls, l.DurationS)
		}
		d, s = d+ld, s+ls
	}
	if r.DistanceM != d || r.DistanceM < 300 || r.DistanceM > 800 {
		t.Errorf("total distance %.1f m (steps %.1f m)", r.DistanceM, d)
	}
}

func TestNoRoadNear(t *testing.T) {
	en := openEngine(t, rulesTiles(t))
	c, _ := costing.Get("car")
	_, err := en.Route(context.Background(), c, []geo.LatLng{at(0, 0), {Lat: 21.1, Lng: 105.9}})
	var le *pathfind.LocationError
	if !errorsAs(err, &le) || le.Index != 1 {
		t.Fatalf("want a LocationError for location 1, got %v", err)
	}
}

func errorsAs(err error, target any) bool { return errors.As(err, target) }
