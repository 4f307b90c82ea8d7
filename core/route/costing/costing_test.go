package costing

import (
	"testing"

	"github.com/bando-vn/bando/core/route/graph"
)

func edge(c graph.Class, flags uint16, lengthM float64) *graph.Edge {
	return &graph.Edge{Class: c, Flags: flags, LengthCM: uint32(lengthM * 100)}
}

func TestRules(t *testing.T) {
	motoNo := edge(graph.ClassResidential, graph.FlagOneway|graph.FlagMotoTwoWay, 100)
	heavy := edge(graph.ClassPrimary, 0, 100)
	heavy.MaxWeight = 500 // 5 t
	hgvNo := edge(graph.ClassPrimary, 0, 100)
	hgvNo.SetAccess(graph.ModeHGV, graph.AccessNo)
	motoYesFootway := edge(graph.ClassFootway, 0, 100)
	motoYesFootway.SetAccess(graph.ModeMotorcycle, graph.AccessYes)
	motoYesMotorway := edge(graph.ClassMotorway, 0, 100)
	motoYesMotorway.SetAccess(graph.ModeMotorcycle, graph.AccessYes)
	otherYes := edge(graph.ClassOther, 0, 100)
	otherYes.SetAccess(graph.ModeCar, graph.AccessYes)
	cases := []struct {
		profile string
		e       *graph.Edge
		forward bool
		ok      bool
	}{
		{"motor", edge(graph.ClassMotorway, graph.FlagOneway, 100), true, false},
		{"motor", edge(graph.ClassMotorwayLink, 0, 100), true, false},
		{"motor", motoYesMotorway, true, false}, // no tag opens a motorway to motorbikes
		{"car", edge(graph.ClassMotorway, graph.FlagOneway, 100), true, true},
		{"car", edge(graph.ClassMotorway, graph.FlagOneway, 100), false, false},
		{"motor", motoNo, false, true},
		{"car", motoNo, false, false},
		{"walking", edge(graph.ClassResidential, graph.FlagOneway, 100), false, true},
		{"car", edge(graph.ClassResidential, graph.FlagOnewayRev, 100), true, false},
		{"car", edge(graph.ClassResidential, graph.FlagRoundabout, 100), false, false},
		{"truck", heavy, true, false},
		{"car", heavy, true, true},
		{"truck", hgvNo, true, false},
		{"car", edge(graph.ClassService, graph.FlagAlley, 100), true, false},
		{"motor", edge(graph.ClassService, graph.FlagAlley, 100), true, true},
		{"motor", motoYesFootway, true, true},
		{"car", edge(graph.ClassFootway, 0, 100), true, false},
		{"taxi", edge(graph.ClassPrimary, 0, 100), true, true},
		{"testbot", edge(graph.ClassFootway, 0, 100), true, true},
		{"testbot", edge(graph.ClassOther, 0, 100), true, true},
		{"car", edge(graph.ClassOther, 0, 100), true, false},
		{"car", otherYes, true, false}, // an unknown highway value stays closed to road profiles
		{"walking", edge(graph.ClassRiver, 0, 100), true, false},
	}
	for _, c := range cases {
		p, ok := Get(c.profile)
		if !ok {
			t.Fatalf("no profile %s", c.profile)
		}
		if _, got := p.EdgeCost(c.e, c.forward); got != c.ok {
			t.Errorf("%s on %s flags %#x forward=%v: ok=%v, want %v", c.profile, c.e.Class, c.e.Flags, c.forward, got, c.ok)
		}
	}
}

// TestTestbotSpeeds: the OSRM testbot's round numbers (peer README):
// primary 36 km/h → 100 m in 10 s, secondary 18, tertiary 12, steps 6,
// else 24; maxspeed caps; a duration tag wins; signals 7 s; u-turn 20 s.
func TestTestbotSpeeds(t *testing.T) {
	p, _ := Get("testbot")
	capped := edge(graph.ClassPrimary, 0, 100)
	capped.MaxSpeed, capped.MaxSpeedB = 18, 18
	fwdOnly := edge(graph.ClassPrimary, 0, 100)
	fwdOnly.MaxSpeed = 18 // maxspeed:forward=18
	ferry := edge(graph.ClassFerry, graph.FlagFerry, 5000)
	ferry.Duration = 3600
	for _, c := range []struct {
		e       *graph.Edge
		forward bool
		want    uint32 // deciseconds
	}{
		{edge(graph.ClassPrimary, 0, 100), true, 100},
		{edge(graph.ClassSecondary, 0, 100), true, 200},
		{edge(graph.ClassTertiary, 0, 100), true, 300},
		{edge(graph.ClassSteps, 0, 100), true, 600},
		{edge(graph.ClassResidential, 0, 100), true, 150},
		{edge(graph.ClassOther, 0, 100), true, 150},
		{edge(graph.ClassRiver, 0, 100), true, 100},  // downstream 36 km/h
		{edge(graph.ClassRiver, 0, 100), false, 225}, // upstream 16 km/h
		{capped, true, 200},
		{capped, false, 200},
		{fwdOnly, true, 200},
		{fwdOnly, false, 100},
		{ferry, true, 36000},
	} {
		if got, ok := p.EdgeCost(c.e, c.forward); !ok || got != c.want {
			t.Errorf("%s %.0f m forward=%v: %d ds (ok=%v), want %d", c.e.Class, float64(c.e.LengthCM)/100, c.forward, got, ok, c.want)
		}
	}
	if nc, _ := p.NodeCost(graph.NodeSignals); nc != 70 {
		t.Errorf("signal %d ds, want 70", nc)
	}
	if p.UTurnCost() != 200 {
		t.Errorf("u-turn %d ds, want 200", p.UTurnCost())
	}
}

func TestTaxiIsCar(t *testing.T) {
	car, _ := Get("car")
	taxi, _ := Get("taxi")
	if car.Fingerprint() != taxi.Fingerprint() {
		t.Error("taxi should share car's rules and hierarchy")
	}
	if p, ok := ForValhalla("motor_scooter"); !ok || p.Name() != "motor" {
		t.Error("motor_scooter should map to motor")
	}
	if _, ok := ForValhalla("rocket"); ok {
		t.Error("unknown costing accepted")
	}
}
