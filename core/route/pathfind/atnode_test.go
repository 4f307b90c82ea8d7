package pathfind_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

// miniMap writes an OSM XML map: nodes "name lat lng", ways "nodes
// k=v,k=v" (node names are letters), and builds its graph for car.
func miniMap(t *testing.T, nodes map[byte]geo.LatLng, ways ...string) map[string][]byte {
	t.Helper()
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n")
	for n, p := range nodes {
		fmt.Fprintf(&b, " <node id=\"%d\" version=\"1\" lat=\"%.7f\" lon=\"%.7f\"/>\n", n, p.Lat, p.Lng)
	}
	for i, w := range ways {
		ns, tags, _ := strings.Cut(w, " ")
		fmt.Fprintf(&b, " <way id=\"%d\" version=\"1\">\n", i+1)
		for _, n := range []byte(ns) {
			fmt.Fprintf(&b, "  <nd ref=\"%d\"/>\n", n)
		}
		fmt.Fprintf(&b, "  <tag k=\"name\" v=\"%s\"/>\n", ns)
		for _, kv := range strings.Split(tags, ",") {
			if k, v, ok := strings.Cut(kv, "="); ok {
				fmt.Fprintf(&b, "  <tag k=\"%s\" v=\"%s\"/>\n", k, v)
			}
		}
		b.WriteString(" </way>\n")
	}
	b.WriteString("</osm>\n")
	path := filepath.Join(t.TempDir(), "map.osm")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	tiles, _, err := graphfix.FromFile(path, "car")
	if err != nil {
		t.Fatal(err)
	}
	return tiles
}

// TestPointAtNode: a point at a node is that node, left and reached by
// any of its edges, even when the edge it snapped to is one-way the other
// way (a via point at the end of a dead-end street whose last piece is
// one-way): hierarchy and exact search agree and the leg has no
// zero-length or wrong-way piece.
func TestPointAtNode(t *testing.T) {
	//   a b c
	//     d
	//     e      abc, bd two-way; de one-way d→e (then e→d)
	at := func(r, c float64) geo.LatLng { return geo.LatLng{Lat: 21 - r*0.001, Lng: 105.8 + c*0.001} }
	nodes := map[byte]geo.LatLng{'a': at(0, 0), 'b': at(0, 1), 'c': at(0, 2), 'd': at(1, 1), 'e': at(2, 1)}
	car, _ := costing.Get("car")
	ctx := context.Background()
	for _, last := range []string{"de highway=residential,oneway=yes", "ed highway=residential,oneway=yes"} {
		tiles := miniMap(t, nodes, "abc highway=residential", "bd highway=residential", last)
		for _, exact := range []bool{false, true} {
			en := openEngine(t, tiles)
			en.NoHierarchy = exact
			r, err := en.Route(ctx, car, []geo.LatLng{nodes['a'], nodes['d'], nodes['c']})
			if err != nil {
				t.Fatalf("%s exact=%v: %v", last, exact, err)
			}
			for i, leg := range r.Legs {
				if got := stepNames(leg); got != "abc,bd" && got != "bd,abc" {
					t.Errorf("%s exact=%v leg %d: %s", last, exact, i, got)
				}
				if d := leg.DistanceM; d < 200 || d > 225 {
					t.Errorf("%s exact=%v leg %d: %.1f m, want about 211", last, exact, i, d)
				}
			}
		}
	}
}

func stepNames(l pathfind.Leg) string {
	var ns []string
	for _, s := range l.Steps {
		if s.DistanceM == 0 {
			ns = append(ns, "(empty "+s.Name+")")
		} else if len(ns) == 0 || ns[len(ns)-1] != s.Name {
			ns = append(ns, s.Name)
		}
	}
	return strings.Join(ns, ",")
}
