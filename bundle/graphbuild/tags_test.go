package graphbuild

import (
	"testing"

	"github.com/bando-vn/bando/core/route/graph"
	"github.com/paulmach/osm"
)

func tags(kv ...string) osm.Tags {
	var t osm.Tags
	for i := 0; i < len(kv); i += 2 {
		t = append(t, osm.Tag{Key: kv[i], Value: kv[i+1]})
	}
	return t
}

func TestParseDuration(t *testing.T) {
	for in, want := range map[string]uint32{"01:30": 5400, "00:05:30": 330, "45": 2700, "PT1H30M": 5400, "": 0, "x": 0,
		"1:2:3:4": 0, "24:00": 86400, "96:00": 345600, "P1D": 86400, "P1DT2H": 93600, "P1W": MaxDurationS, "PT100H": 360000,
		"PT0,5H": 1800, "P5D": MaxDurationS, "P1Y": 0, "P1M": 0, "PT": 0, "P": 0, "PT5": 0, "P1DT": 86400, "PTT1H": 0,
		"P1H": 0, "PT1D": 0, "0:00": 0, "00:00:30": 30} {
		if got := parseDuration(in); got != want {
			t.Errorf("parseDuration(%q) = %d, want %d", in, got, want)
		}
	}
}

func TestEdgeTemplate(t *testing.T) {
	e, ok := edgeTemplate(tags("highway", "residential", "oneway", "yes", "oneway:motorcycle", "no", "maxspeed", "30 mph",
		"maxweight", "10 t", "maxheight", "4.5", "hgv", "no", "toll", "yes"))
	if !ok || !e.Has(graph.FlagOneway|graph.FlagMotoTwoWay|graph.FlagToll) || e.MaxSpeed != 48 || e.MaxWeight != 1000 || e.MaxHeight != 450 {
		t.Fatalf("%+v", e)
	}
	if e.AccessFor(graph.ModeHGV) != graph.AccessNo || e.AccessFor(graph.ModeCar) != graph.AccessDefault {
		t.Errorf("access %#x", e.Access)
	}
	s, _ := edgeTemplate(tags("highway", "primary", "maxspeed", "50", "maxspeed:backward", "30"))
	if s.MaxSpeed != 50 || s.MaxSpeedB != 30 || s.SpeedLimit(true) != 50 || s.SpeedLimit(false) != 30 {
		t.Errorf("directional maxspeed %d/%d", s.MaxSpeed, s.MaxSpeedB)
	}
	if u, ok := edgeTemplate(tags("highway", "unknown")); !ok || u.Class != graph.ClassOther {
		t.Errorf("an unknown highway value is a way of class other: %v %v", ok, u.Class)
	}
	if r, ok := edgeTemplate(tags("highway", "river")); !ok || r.Class != graph.ClassRiver {
		t.Errorf("river: %v %v", ok, r.Class)
	}
	for _, v := range []string{"proposed", "platform", "traffic_signals", ""} {
		if _, ok := edgeTemplate(tags("highway", v)); ok {
			t.Errorf("highway=%q is not a way", v)
		}
	}
	m, _ := edgeTemplate(tags("highway", "motorway"))
	if !m.Has(graph.FlagOneway) {
		t.Error("motorway should be one-way by implication")
	}
	r, _ := edgeTemplate(tags("highway", "primary", "junction", "roundabout"))
	if !r.Has(graph.FlagRoundabout) {
		t.Error("roundabout flag")
	}
	f, ok := edgeTemplate(tags("route", "ferry", "duration", "00:20"))
	if !ok || !f.Has(graph.FlagFerry) || f.Duration != 1200 {
		t.Errorf("ferry %+v", f)
	}
	if _, ok := edgeTemplate(tags("highway", "construction")); ok {
		t.Error("construction is not routable")
	}
	a, _ := edgeTemplate(tags("highway", "service", "service", "alley", "motor_vehicle", "no", "motorcycle", "yes"))
	if !a.Has(graph.FlagAlley) || a.AccessFor(graph.ModeCar) != graph.AccessNo || a.AccessFor(graph.ModeMotorcycle) != graph.AccessYes {
		t.Errorf("alley %+v", a)
	}
}
