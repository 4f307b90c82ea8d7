package costing

import (
	"testing"

	rg "github.com/bando-vn/bando/core/route/graph"
)

func edge(c rg.Class, flags uint16, lengthM float64) *rg.Edge {
	return &rg.Edge{Class: c, Flags: flags, LengthCM: uint32(lengthM * 100)}
}

func TestRules(t *testing.T) {
	motoNo := edge(rg.ClassResidential, rg.FlagOneway|rg.FlagMotoTwoWay, 100)
	heavy := edge(rg.ClassPrimary, 0, 100)
	heavy.MaxWeight = 500 // 5 t
	hgvNo := edge(rg.ClassPrimary, 0, 100)
	hgvNo.SetAccess(rg.ModeHGV, rg.AccessNo)
	motoYesFootway := edge(rg.ClassFootway, 0, 100)
	motoYesFootway.SetAccess(rg.ModeMotorcycle, rg.AccessYes)
	motoYesMotorway := edge(rg.ClassMotorway, 0, 100)
	motoYesMotorway.SetAccess(rg.ModeMotorcycle, rg.AccessYes)
	cases := []struct {
		profile string
		e       *rg.Edge
		forward bool
		ok      bool
	}{
		{"motor", edge(rg.ClassMotorway, rg.FlagOneway, 100), true, false},
		{"motor", edge(rg.ClassMotorwayLink, 0, 100), true, false},
		{"motor", motoYesMotorway, true, false}, // no tag opens a motorway to motorbikes
		{"car", edge(rg.ClassMotorway, rg.FlagOneway, 100), true, true},
		{"car", edge(rg.ClassMotorway, rg.FlagOneway, 100), false, false},
		{"motor", motoNo, false, true},
		{"car", motoNo, false, false},
		{"walking", edge(rg.ClassResidential, rg.FlagOneway, 100), false, true},
		{"car", edge(rg.ClassResidential, rg.FlagOnewayRev, 100), true, false},
		{"car", edge(rg.ClassResidential, rg.FlagRoundabout, 100), false, false},
		{"truck", heavy, true, false},
		{"car", heavy, true, true},
		{"truck", hgvNo, true, false},
		{"car", edge(rg.ClassService, rg.FlagAlley, 100), true, false},
		{"motor", edge(rg.ClassService, rg.FlagAlley, 100), true, true},
		{"motor", motoYesFootway, true, true},
		{"car", edge(rg.ClassFootway, 0, 100), true, false},
		{"taxi", edge(rg.ClassPrimary, 0, 100), true, true},
		{"testbot", edge(rg.ClassFootway, 0, 100), true, true},
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
	capped := edge(rg.ClassPrimary, 0, 100)
	capped.MaxSpeed = 18
	ferry := edge(rg.ClassFerry, rg.FlagFerry, 5000)
	ferry.Duration = 3600
	for _, c := range []struct {
		e    *rg.Edge
		want uint32 // deciseconds
	}{
		{edge(rg.ClassPrimary, 0, 100), 100},
		{edge(rg.ClassSecondary, 0, 100), 200},
		{edge(rg.ClassTertiary, 0, 100), 300},
		{edge(rg.ClassSteps, 0, 100), 600},
		{edge(rg.ClassResidential, 0, 100), 150},
		{capped, 200},
		{ferry, 36000},
	} {
		if got, ok := p.EdgeCost(c.e, true); !ok || got != c.want {
			t.Errorf("%s %.0f m: %d ds (ok=%v), want %d", c.e.Class, float64(c.e.LengthCM)/100, got, ok, c.want)
		}
	}
	if nc, _ := p.NodeCost(rg.NodeSignals); nc != 70 {
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
