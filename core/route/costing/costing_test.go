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
	otherYes := edge(rg.ClassOther, 0, 100)
	otherYes.SetAccess(rg.ModeCar, rg.AccessYes)
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
		{"testbot", edge(rg.ClassOther, 0, 100), true, true},
		{"car", edge(rg.ClassOther, 0, 100), true, false},
		{"car", otherYes, true, false}, // an unknown highway value stays closed to road profiles
		{"walking", edge(rg.ClassRiver, 0, 100), true, false},
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
	capped.MaxSpeed, capped.MaxSpeedB = 18, 18
	fwdOnly := edge(rg.ClassPrimary, 0, 100)
	fwdOnly.MaxSpeed = 18 // maxspeed:forward=18
	ferry := edge(rg.ClassFerry, rg.FlagFerry, 5000)
	ferry.Duration = 3600
	for _, c := range []struct {
		e       *rg.Edge
		forward bool
		want    uint32 // deciseconds
	}{
		{edge(rg.ClassPrimary, 0, 100), true, 100},
		{edge(rg.ClassSecondary, 0, 100), true, 200},
		{edge(rg.ClassTertiary, 0, 100), true, 300},
		{edge(rg.ClassSteps, 0, 100), true, 600},
		{edge(rg.ClassResidential, 0, 100), true, 150},
		{edge(rg.ClassOther, 0, 100), true, 150},
		{edge(rg.ClassRiver, 0, 100), true, 100},  // downstream 36 km/h
		{edge(rg.ClassRiver, 0, 100), false, 225}, // upstream 16 km/h
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
