//go:build !js

package graphbuild_test

import (
	"fmt"
	"os"
	"syscall"
	"testing"

	"github.com/bando-vn/bando/bundle/graphbuild"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/internal/fixture"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

// hanoiGraph builds the Hà Nội graph once (fails when the shared data is
// missing).
func hanoiGraph(tb testing.TB) *graphbuild.Graph {
	path := fixture.Shared(tb, fixture.HanoiPBF)
	g, err := fixture.Once("graphbuild/hanoi", func() (*graphbuild.Graph, error) {
		_, g, err := graphfix.FromFile(path)
		return g, err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// BenchmarkContractHanoi contracts the Hà Nội graph for car: the build's
// dominant cost at country scale.
func BenchmarkContractHanoi(b *testing.B) {
	g := hanoiGraph(b)
	car, _ := costing.Get("car")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := cpuSeconds()
		h := graphbuild.BuildHierarchy(g, car)
		b.ReportMetric(cpuSeconds()-t0, "cpu-s")
		arcs := 0
		for _, a := range h.Arcs {
			arcs += len(a)
		}
		b.ReportMetric(float64(arcs), "arcs")
	}
}

// cpuSeconds is the process's user+system CPU time: under a loaded
// machine's contention it measures the work where wall time does not.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

func TestRulesFixtureGraph(t *testing.T) {
	_, g, err := graphfix.FromFile("../../testdata/route/rules.osm")
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
	_, g, err := graphfix.FromFile(path)
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
