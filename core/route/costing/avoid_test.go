package costing

import (
	"testing"

	"github.com/bando-vn/bando/core/route/graph"
)

func TestParseAvoid(t *testing.T) {
	for in, want := range map[string]Avoid{
		"": 0, "tolls": AvoidTolls, "highways|ferries": AvoidHighways | AvoidFerries,
		"Ferries,tolls|tolls": AvoidTolls | AvoidFerries, "tolls|highways|ferries": AvoidTolls | AvoidHighways | AvoidFerries,
	} {
		got, err := ParseAvoid(in)
		if err != nil || got != want {
			t.Errorf("ParseAvoid(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"indoor", "tolls|motorways"} {
		if a, err := ParseAvoid(bad); err == nil {
			t.Errorf("ParseAvoid(%q) = %v, want an error", bad, a)
		}
	}
}

func TestWithAvoid(t *testing.T) {
	car, _ := Get("car")
	if WithAvoid(car, 0) != Costing(car) {
		t.Fatal("an empty avoid set must return the costing itself")
	}
	road := graph.Edge{Class: graph.ClassPrimary, LengthCM: 10000}
	toll := road
	toll.Flags = graph.FlagToll
	mw := graph.Edge{Class: graph.ClassMotorway, LengthCM: 10000, Flags: graph.FlagOneway}
	expressway := road
	expressway.Flags = graph.FlagMotorroad
	ferry := graph.Edge{Class: graph.ClassFerry, LengthCM: 10000, Flags: graph.FlagFerry}
	cases := []struct {
		a    Avoid
		e    graph.Edge
		open bool
	}{
		{AvoidTolls, toll, false}, {AvoidTolls, road, true}, {AvoidTolls, mw, true},
		{AvoidHighways, mw, false}, {AvoidHighways, expressway, false}, {AvoidHighways, toll, true},
		{AvoidFerries, ferry, false}, {AvoidFerries, mw, true},
	}
	for _, c := range cases {
		v := WithAvoid(car, c.a)
		_, ok := v.EdgeCost(&c.e, true)
		if ok != c.open {
			t.Errorf("avoid %s, class %s flags %d: open %v, want %v", c.a, c.e.Class, c.e.Flags, ok, c.open)
		}
		if want, _ := car.EdgeCost(&c.e, true); ok {
			if got, _ := v.EdgeCost(&c.e, true); got != want {
				t.Errorf("avoid %s changes an open edge's cost: %d, want %d", c.a, got, want)
			}
		}
		if Avoiding(v) != c.a || v.Fingerprint() == car.Fingerprint() || v.Name() != "car" {
			t.Errorf("avoid %s: Avoiding %v, fingerprint %q, name %q", c.a, Avoiding(v), v.Fingerprint(), v.Name())
		}
	}
}
