package scenario

import (
	"bytes"
	"context"
	"math"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmxml"
)

func mustTable(t *testing.T, rows ...[]string) *table {
	t.Helper()
	tb, err := newTable(Step{Table: rows})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func TestNodeMapGeometry(t *testing.T) {
	w := NewWorld()
	w.Grid = 100
	if err := w.NodeMap("a b\n\n  c   1\nd"); err != nil {
		t.Fatal(err)
	}
	pt := func(n string) geo.LatLng {
		p, err := w.Point(n)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		x, y string
		m    float64
	}{
		{"a", "b", 100},                  // two characters east = one grid
		{"b", "c", 200},                  // two rows south
		{"c", "1", 200},                  // four characters east
		{"a", "d", 300},                  // three rows south
		{"a", "c", math.Hypot(100, 200)}, // diagonal
	} {
		if d := geo.GeodesicM(pt(c.x), pt(c.y)); math.Abs(d-c.m) > 0.01 {
			t.Errorf("%s–%s = %.3f m, want %.3f", c.x, c.y, d, c.m)
		}
	}
	if a := pt("a"); a != DefaultOrigin {
		t.Errorf("a at %v, want the origin", a)
	}
	if err := w.NodeMap("a"); err == nil {
		t.Error("duplicate node accepted")
	}
	if w.NodeAt(pt("c"), 1) != "c" || w.NodeAt(pt("1"), 1) != "_" {
		t.Error("NodeAt")
	}
}

func TestOSMXML(t *testing.T) {
	w := NewWorld()
	if err := w.NodeMap("a b c\n  d"); err != nil {
		t.Fatal(err)
	}
	if err := w.Ways(mustTable(t,
		[]string{"nodes", "highway", "name", "oneway"},
		[]string{"abc", "", "", "yes"},
		[]string{"bd", "river", `""`, ""},
		[]string{"cd", "secondary", "Phố Huế", "(nil)"},
	)); err != nil {
		t.Fatal(err)
	}
	if err := w.Ways(mustTable(t, []string{"nodes"}, []string{"ad"})); err != nil {
		t.Fatal(err)
	}
	if err := w.Nodes(mustTable(t, []string{"node", "highway"}, []string{"b", "traffic_signals"})); err != nil {
		t.Fatal(err)
	}
	if err := w.Relations(mustTable(t,
		[]string{"type", "way:from", "way:to", "node:via", "restriction"},
		[]string{"restriction", "cba", "bd", "b", "no_right_turn"},
	)); err != nil {
		t.Fatal(err)
	}
	doc, err := w.OSMXML()
	if err != nil {
		t.Fatal(err)
	}
	sc := osmxml.New(context.Background(), bytes.NewReader(doc))
	defer sc.Close()
	var nodes []*osm.Node
	var ways []*osm.Way
	var rels []*osm.Relation
	for sc.Scan() {
		switch o := sc.Object().(type) {
		case *osm.Node:
			nodes = append(nodes, o)
		case *osm.Way:
			ways = append(ways, o)
		case *osm.Relation:
			rels = append(rels, o)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(nodes) != 4 || len(ways) != 4 || len(rels) != 1 {
		t.Fatalf("%d nodes %d ways %d relations", len(nodes), len(ways), len(rels))
	}
	want := []map[string]string{
		{"oneway": "yes"},                // empty highway and name cells: no tags
		{"highway": "river", "name": ""}, // "" is an empty name
		{"highway": "secondary", "name": "Phố Huế"},
		{"highway": "primary", "name": "ad"}, // defaults
	}
	for i, wy := range ways {
		got := wy.Tags.Map()
		if len(got) != len(want[i]) {
			t.Errorf("way %d tags %v, want %v", i, got, want[i])
		}
		for k, v := range want[i] {
			if got[k] != v {
				t.Errorf("way %d tag %s=%q, want %q", i, k, got[k], v)
			}
		}
	}
	if nodes[1].Tags.Find("highway") != "traffic_signals" {
		t.Errorf("node b tags %v", nodes[1].Tags)
	}
	r := rels[0]
	if len(r.Members) != 3 || r.Members[0].Ref != int64(ways[0].ID) || r.Members[0].Role != "from" ||
		r.Members[2].Type != osm.TypeNode || r.Members[2].Role != "via" || r.Tags.Find("restriction") != "no_right_turn" {
		t.Errorf("relation %+v", r)
	}
	if err := w.Relations(mustTable(t, []string{"way:from"}, []string{"zz"})); err == nil {
		t.Error("unknown way member accepted")
	}
}

func TestNodeTable(t *testing.T) {
	w := NewWorld()
	if err := w.NodeTable([][]string{{"a", "", "b"}, {"", "1", ""}}); err != nil {
		t.Fatal(err)
	}
	a, _ := w.Point("a")
	b, _ := w.Point("b")
	one, _ := w.Point("1")
	if d := geo.GeodesicM(a, b); math.Abs(d-200) > 0.01 {
		t.Errorf("a–b %.3f m, want 200", d)
	}
	if d := geo.GeodesicM(a, one); math.Abs(d-math.Hypot(100, 100)) > 0.01 {
		t.Errorf("a–1 %.3f m", d)
	}
	if err := w.NodeTable([][]string{{"ab"}}); err == nil {
		t.Error("two-character cell accepted")
	}
}

func TestExplicitNodeIDs(t *testing.T) {
	w := NewWorld()
	if err := w.NodeLocations(mustTable(t, []string{"node", "lat", "lon", "id"},
		[]string{"a", "21", "105.8", "4294967297"}, []string{"b", "21", "105.801", ""}, []string{"c", "21", "105.802", "2"})); err != nil {
		t.Fatal(err)
	}
	if err := w.Ways(mustTable(t, []string{"nodes"}, []string{"abc"})); err != nil {
		t.Fatal(err)
	}
	ids := map[int64]bool{}
	for _, n := range w.nodes {
		ids[n.id] = true
	}
	if !ids[4294967297] || !ids[2] || len(ids) != 3 {
		t.Errorf("node ids %v", ids)
	}
	doc, err := w.OSMXML()
	if err != nil || !bytes.Contains(doc, []byte(`id="4294967297"`)) {
		t.Errorf("64-bit id not written: %v", err)
	}
	if err := w.Nodes(mustTable(t, []string{"node", "id"}, []string{"b", "4294967297"})); err == nil {
		t.Error("duplicate node id accepted")
	}
}
