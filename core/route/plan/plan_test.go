package plan_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/guidance"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/route/plan"
	"github.com/bando-vn/bando/core/tile"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

// gridOSM draws an n×n grid of residential streets 100 m apart with its
// south-west corner at (21, 105.8).
func gridOSM(n int) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<osm version=\"0.6\">\n")
	id := func(r, c int) int { return 1000 + r*n + c }
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			fmt.Fprintf(&b, "<node id=\"%d\" version=\"1\" lat=\"%.7f\" lon=\"%.7f\"/>\n", id(r, c), 21+float64(r)*step, 105.8+float64(c)*step)
		}
	}
	way := 1
	for r := 0; r < n; r++ {
		for c := 0; c+1 < n; c++ {
			fmt.Fprintf(&b, "<way id=\"%d\" version=\"1\"><nd ref=\"%d\"/><nd ref=\"%d\"/><tag k=\"highway\" v=\"residential\"/><tag k=\"name\" v=\"Ngang %d\"/></way>\n", way, id(r, c), id(r, c+1), r)
			way++
			fmt.Fprintf(&b, "<way id=\"%d\" version=\"1\"><nd ref=\"%d\"/><nd ref=\"%d\"/><tag k=\"highway\" v=\"residential\"/><tag k=\"name\" v=\"Doc %d\"/></way>\n", way, id(c, r), id(c+1, r), r)
			way++
		}
	}
	b.WriteString("</osm>\n")
	return b.String()
}

const step = 0.0009 // ≈ 100 m

// at is the point 20 m north of grid row r, column c, plus half a block east.
func at(r, c int) geo.LatLng {
	return geo.LatLng{Lat: 21 + float64(r)*step + 20.0/111320, Lng: 105.8 + (float64(c)+0.5)*step}
}

func engine(t *testing.T, n int) *pathfind.Engine {
	t.Helper()
	path := filepath.Join(t.TempDir(), "grid.osm")
	if err := os.WriteFile(path, []byte(gridOSM(n)), 0o644); err != nil {
		t.Fatal(err)
	}
	tiles, _, err := graphfix.FromFile(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := tile.OpenMap(tiles)
	if err != nil {
		t.Fatal(err)
	}
	g, err := graph.Open(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	return pathfind.New(g)
}

func carOptions() plan.Options {
	car, _ := costing.Get("car")
	return plan.Options{Costing: car}
}

// TestDirectionsLegs: a route through three points, free to turn back at
// the via point, has two legs, each the leg pathfind.Engine.Route gives for
// the same pair, with maneuvers from the first point's road to the last
// one's.
func TestDirectionsLegs(t *testing.T) {
	en, ctx, o := engine(t, 8), context.Background(), carOptions()
	locs := []geo.LatLng{at(0, 0), at(5, 3), at(2, 6)}
	d, err := plan.Directions(ctx, en, plan.DirectionsRequest{Locations: locs, UTurnAtVia: true, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Missing) != 0 || len(d.Routes) != 1 || len(d.Routes[0].Legs) != 2 {
		t.Fatalf("missing %v, %d routes; want one route of two legs", d.Missing, len(d.Routes))
	}
	want, err := en.Route(ctx, o.Costing, locs)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range d.Routes[0].Legs {
		w := want.Legs[i]
		if l.Desc.Cost != w.Cost || math.Abs(l.Desc.DistanceM-w.DistanceM) > 1e-9 || len(l.Desc.Steps) != len(w.Steps) {
			t.Errorf("leg %d: cost %d, %.1f m, %d steps; pathfind.Engine.Route: %d, %.1f m, %d steps",
				i, l.Desc.Cost, l.Desc.DistanceM, len(l.Desc.Steps), w.Cost, w.DistanceM, len(w.Steps))
		}
		if len(l.Maneuvers) < 2 || l.Path.From != d.Points[i] || l.Path.To != d.Points[i+1] {
			t.Errorf("leg %d: %d maneuvers, ends %v→%v", i, len(l.Maneuvers), l.Path.From.Snapped, l.Path.To.Snapped)
		}
	}
	if first := d.Routes[0].Legs[0].Maneuvers[0]; first.Kind != guidance.Depart || first.Name != "Ngang 0" {
		t.Errorf("first maneuver %v on %q, want a departure on Ngang 0", first.Kind, first.Name)
	}
}

// TestDirectionsAlternatives: with one destination and alternatives, each
// route is one leg between the same two points, the first the best.
func TestDirectionsAlternatives(t *testing.T) {
	en, ctx, o := engine(t, 8), context.Background(), carOptions()
	d, err := plan.Directions(ctx, en, plan.DirectionsRequest{Locations: []geo.LatLng{at(0, 0), at(6, 6)}, Alternatives: true, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Routes) < 1 || len(d.Routes) > plan.MaxAlternatives {
		t.Fatalf("%d routes", len(d.Routes))
	}
	best := d.Routes[0].Legs[0].Desc.Cost
	for i, r := range d.Routes {
		if len(r.Legs) != 1 || r.Legs[0].Desc.Cost < best {
			t.Errorf("route %d: %d legs, cost %d below the first's %d", i, len(r.Legs), r.Legs[0].Desc.Cost, best)
		}
	}
}

// TestMissing: a point 5 km from the grid is missing in directions and a
// *NoRoadError naming its list and index in matrices and trips.
func TestMissing(t *testing.T) {
	en, ctx, o := engine(t, 8), context.Background(), carOptions()
	far := geo.LatLng{Lat: 21.05, Lng: 105.8}
	d, err := plan.Directions(ctx, en, plan.DirectionsRequest{Locations: []geo.LatLng{at(0, 0), far, at(1, 1)}, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Missing) != 1 || d.Missing[0] != 1 || d.Routes != nil {
		t.Errorf("directions: missing %v, %d routes; want [1] and none", d.Missing, len(d.Routes))
	}
	_, err = plan.Matrix(ctx, en, o, []geo.LatLng{at(0, 0)}, []geo.LatLng{at(1, 1), at(2, 2), far})
	var nr *plan.NoRoadError
	if !errors.As(err, &nr) || nr.List != "targets" || nr.Index != 2 {
		t.Errorf("matrix: %v, want no road near targets[2]", err)
	}
	_, err = plan.Trip(ctx, en, o, []geo.LatLng{far, at(1, 1), at(2, 2)})
	if !errors.As(err, &nr) || nr.List != "locations" || nr.Index != 0 {
		t.Errorf("trip: %v, want no road near locations[0]", err)
	}
}

// TestTrip: the first location stays first and the last last, every
// location is visited once, one described leg joins each consecutive
// pair, and the legs' costs add up to no more than the given order's.
func TestTrip(t *testing.T) {
	en, ctx, o := engine(t, 8), context.Background(), carOptions()
	locs := []geo.LatLng{at(0, 0), at(6, 6), at(1, 1), at(5, 5), at(2, 2), at(7, 0)}
	tr, err := plan.Trip(ctx, en, o, locs)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Order) != len(locs) || tr.Order[0] != 0 || tr.Order[len(locs)-1] != len(locs)-1 || len(tr.Legs) != len(locs)-1 {
		t.Fatalf("order %v, %d legs", tr.Order, len(tr.Legs))
	}
	seen := map[int]bool{}
	var total uint32
	for _, i := range tr.Order {
		seen[i] = true
	}
	for _, l := range tr.Legs {
		total += l.Desc.Cost
		if len(l.Maneuvers) == 0 {
			t.Error("a leg without maneuvers")
		}
	}
	if len(seen) != len(locs) {
		t.Errorf("order %v repeats a location", tr.Order)
	}
	given, err := en.Route(ctx, o.Costing, locs)
	if err != nil {
		t.Fatal(err)
	}
	if float64(total)/10 > given.DurationS+1e-6 {
		t.Errorf("trip %.1f s, the given order %.1f s", float64(total)/10, given.DurationS)
	}
}

// TestContinueStraight: a route along Ngang 0 eastward through a via point
// to a destination behind it leaves the via point eastward (around a
// block) by default, and turns back there when allowed to.
func TestContinueStraight(t *testing.T) {
	en, ctx, o := engine(t, 8), context.Background(), carOptions()
	onRow0 := func(c float64) geo.LatLng { return geo.LatLng{Lat: 21 + 5.0/111320, Lng: 105.8 + c*step} }
	locs := []geo.LatLng{onRow0(0.5), onRow0(3.5), onRow0(1.5)}
	costs := map[bool]uint32{}
	for _, uturn := range []bool{false, true} {
		d, err := plan.Directions(ctx, en, plan.DirectionsRequest{Locations: locs, UTurnAtVia: uturn, Options: o})
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Routes) != 1 || len(d.Routes[0].Legs) != 2 {
			t.Fatalf("uturn=%v: %d routes", uturn, len(d.Routes))
		}
		legs := d.Routes[0].Legs
		in := legs[0].Path.Edges[len(legs[0].Path.Edges)-1]
		out := legs[1].Path.Edges[0]
		if in.Edge != out.Edge || (in.Forward == out.Forward) == uturn {
			t.Errorf("uturn=%v: arrived on edge %d forward=%v, left on %d forward=%v", uturn, in.Edge, in.Forward, out.Edge, out.Forward)
		}
		costs[uturn] = legs[1].Desc.Cost
	}
	if costs[false] <= costs[true] {
		t.Errorf("leg 2 costs %d going on, %d turning back: going on should cost more", costs[false], costs[true])
	}
}
