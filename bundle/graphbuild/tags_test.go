package graphbuild

import (
	"fmt"
	"os"
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

func TestRulesFixtureGraph(t *testing.T) {
	_, g, err := FromFile("../../testdata/route/rules.osm")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Restr) != 1 || g.Restr[0].Only {
		t.Fatalf("restrictions %+v", g.Restr)
	}
	signals := 0
	for _, f := range g.NodeFlags {
		if f&graph.NodeSignals != 0 {
			signals++
		}
	}
	if signals != 1 {
		t.Errorf("%d signal nodes, want 1", signals)
	}
	// junctions and way ends: a d e h, i l m n(signals) p, s t u x,
	// x1 x2 x3 y1, and 4 per toll, ferry and island cluster (both way ends
	// and both ends of the tolled or ferry piece); edges: one per way piece
	// between them (4 per cluster with a detour, 3 on the island's)
	if g.NumNodes() != 29 || len(g.Edges) != 28 {
		t.Errorf("%d nodes, %d edges", g.NumNodes(), len(g.Edges))
	}
	tolls, ferries := 0, 0
	for _, e := range g.Edges {
		if e.Has(graph.FlagToll) {
			tolls++
		}
		if e.Has(graph.FlagFerry) {
			ferries++
		}
	}
	if tolls != 1 || ferries != 2 {
		t.Errorf("%d toll edges, %d ferry edges; want 1 and 2", tolls, ferries)
	}
}

// TestParallelNames: parallel edges between the same two nodes are
// numbered with a non-empty name first, then bytewise smallest, so the
// engine's lowest-id tie-break shows that name (OSRM's rule).
func TestParallelNames(t *testing.T) {
	osm := `<?xml version="1.0"?><osm version="0.6">
<node id="1" version="1" lat="21" lon="105.8"/><node id="2" version="1" lat="21" lon="105.801"/>`
	for i, name := range []string{"", "Αβγ", "", "Abc", "Абв"} {
		osm += fmt.Sprintf(`<way id="%d" version="1"><nd ref="%d"/><nd ref="%d"/><tag k="highway" v="primary"/><tag k="name" v="%s"/></way>`,
			i+1, 1+i%2, 2-i%2, name)
	}
	path := t.TempDir() + "/par.osm"
	if err := os.WriteFile(path, []byte(osm+"</osm>"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, g, err := FromFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range g.Edges {
		got = append(got, g.Strings[e.Name])
	}
	if want := []string{"Abc", "Αβγ", "Абв", "", ""}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("edge names in id order %q, want %q", got, want)
	}
}
