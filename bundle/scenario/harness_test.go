package scenario

import (
	"bytes"
	"context"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmxml"
)

// fakeEngine reads the OSM XML the harness wrote and routes only along a
// single way between two of its nodes at 10 m/s (oneway=yes forward
// only): enough to drive every step of the harness, not a router.
type fakeEngine struct{ opened int }

type fakeRouter struct {
	ways  []*osm.Way
	nodes map[osm.NodeID]geo.LatLng
}

func (e *fakeEngine) Open(ctx context.Context, osmFile, dir, profile string) (Router, error) {
	e.opened++
	b, err := os.ReadFile(osmFile)
	if err != nil {
		return nil, err
	}
	r := &fakeRouter{nodes: map[osm.NodeID]geo.LatLng{}}
	sc := osmxml.New(ctx, bytes.NewReader(b))
	defer sc.Close()
	for sc.Scan() {
		switch o := sc.Object().(type) {
		case *osm.Node:
			r.nodes[o.ID] = geo.LatLng{Lat: o.Lat, Lng: o.Lon}
		case *osm.Way:
			r.ways = append(r.ways, o)
		}
	}
	return r, sc.Err()
}

func (r *fakeRouter) leg(a, b geo.LatLng) (Leg, bool) {
	for _, w := range r.ways {
		ia, ib := -1, -1
		for i, n := range w.Nodes {
			if geo.GeodesicM(r.nodes[n.ID], a) < 0.5 {
				ia = i
			}
			if geo.GeodesicM(r.nodes[n.ID], b) < 0.5 {
				ib = i
			}
		}
		if ia < 0 || ib < 0 || ia == ib || (ia > ib && w.Tags.Find("oneway") == "yes") {
			continue
		}
		step := 1
		if ib < ia {
			step = -1
		}
		seg := Segment{Name: w.Tags.Find("name"), Mode: "driving"}
		for i := ia; ; i += step {
			p := r.nodes[w.Nodes[i].ID]
			if len(seg.Points) > 0 {
				seg.Distance += geo.GeodesicM(seg.Points[len(seg.Points)-1], p)
			}
			seg.Points = append(seg.Points, p)
			if i == ib {
				break
			}
		}
		seg.Duration, seg.Weight = seg.Distance/10, seg.Distance/10
		return Leg{Segments: []Segment{seg}}, true
	}
	return Leg{}, false
}

func (r *fakeRouter) Route(_ context.Context, pts []geo.LatLng, _ bool) (*Route, error) {
	rt := &Route{}
	for i := 1; i < len(pts); i++ {
		l, ok := r.leg(pts[i-1], pts[i])
		if !ok {
			return nil, ErrNoRoute
		}
		rt.Legs = append(rt.Legs, l)
	}
	return rt, nil
}

func (r *fakeRouter) Nearest(_ context.Context, p geo.LatLng) (geo.LatLng, error) {
	best, bestD := geo.LatLng{}, math.Inf(1)
	for _, q := range r.nodes {
		if d := geo.GeodesicM(p, q); d < bestD {
			best, bestD = q, d
		}
	}
	return best, nil
}

func (r *fakeRouter) Matrix(ctx context.Context, src, dst []geo.LatLng) (dur, dist [][]float64, err error) {
	for _, s := range src {
		var dr, ds []float64
		for _, d := range dst {
			if s == d {
				dr, ds = append(dr, 0), append(ds, 0)
				continue
			}
			rt, err := r.Route(ctx, []geo.LatLng{s, d}, false)
			if err != nil {
				dr, ds = append(dr, math.NaN()), append(ds, math.NaN())
				continue
			}
			l, t, _ := rt.Totals()
			dr, ds = append(dr, t), append(ds, l)
		}
		dur, dist = append(dur, dr), append(dist, ds)
	}
	return dur, dist, nil
}

const harnessFeature = `@routing @testbot
Feature: Harness self-test
    Background:
        Given the profile "testbot"
        Given a grid size of 100 meters

    Scenario: Routes along one way
        Given the node map
            """
            a b c
                d
            """
        And the ways
            | nodes | oneway |
            | abc   |        |
            | cd    | yes    |
        When I route I should get
            | from | to | route   | time    | distance | speed   | turns          | modes           | weight |
            | a    | c  | abc,abc | 20s     | 200m     | 36 km/h | depart,arrive  | driving,driving | 20     |
            | c    | a  | abc,abc | 20s +-1 | 199.9m   | 36 km/h | depart,arrive  | driving,driving | 20     |
            | c    | d  | cd,cd   | 10s     |          |         | depart,arrive  | driving,driving |        |
            | d    | c  |         |         |          |         |                |                 |        |
            | a    | d  |         |         |          |         |                |                 |        |
        When I route I should get
            | waypoints | route         | times    |
            | a,b,c     | abc,abc,abc,abc | 10s,0s,10s,0s |
        When I request a travel time matrix I should get
            |   | a  | c  | d  |
            | a | 0  | 20 |    |
            | d |    |    | 0  |
        When I request a travel distance matrix I should get
            |   | a   | c   |
            | a | 0   | 200 |
            | c | 200 | 0   |
        When I request nearest I should get
            | in | out |
            | a  | a   |
        When I plan a trip I should get
            | waypoints | source | destination | roundtrip | trips | durations |
            | a,b,c     | first  | last        | false     | abc   | 20        |
            | a,b,c     | first  | last        | true      | abca  | 40        |

    Scenario: Wrong expectations fail with reasons
        Given the node map
            """
            a b
            """
        And the ways
            | nodes |
            | ab    |
        When I route I should get
            | from | to | route | time |
            | a    | b  | ba,ba | 10s  |
            | b    | a  | ab,ab | 99s  |
        When I request a travel time matrix I should get
            |   | a | b |
            | a | 0 | 5 |

    Scenario: Oneways are routable one way
        Then routability should be
            | oneway | forw | backw | bothw   |
            | yes    | x    |       | diff    |
            |        | x    | x     | 36 km/h |
            | yes    | x    | x     |         |

    @todo
    Scenario: Upstream todo
        Given the node map
            """
            a b
            """

    Scenario: Uses OSRM options
        Given the extract extra arguments "--small-component-size 4"
        When I route I should get
            | from | to | route |

    Scenario: Round trips are not ours
        Given the node map
            """
            a b
            """
        And the ways
            | nodes |
            | ab    |
        When I plan a trip I should get
            | waypoints | trips |
            | a,b       | ab    |
`

func TestRunFeatureWithFake(t *testing.T) {
	f, err := Parse("self.feature", harnessFeature)
	if err != nil {
		t.Fatal(err)
	}
	eng := &fakeEngine{}
	res := RunFeature(context.Background(), f, eng, t.TempDir())
	want := []Outcome{Pass, Fail, Fail, Skip, Skip, Skip}
	if len(res) != len(want) {
		t.Fatalf("%d results", len(res))
	}
	for i, r := range res {
		if r.Outcome != want[i] {
			t.Errorf("%q: %v %q, want %v", r.Scenario, r.Outcome, r.Reasons, want[i])
		}
	}
	wrong := strings.Join(res[1].Reasons, "\n")
	for _, s := range []string{`a → b: route: want "ba,ba", got "ab,ab"`, `b → a: time: want "99s", got "10s"`, `a→b: want "5", got "10"`} {
		if !strings.Contains(wrong, s) {
			t.Errorf("reasons %q lack %q", wrong, s)
		}
	}
	if len(res[2].Reasons) != 1 || !strings.Contains(res[2].Reasons[0], "routability row 3") {
		t.Errorf("routability reasons %q", res[2].Reasons)
	}
	if !strings.Contains(res[4].Reasons[0], "extract extra arguments") || !strings.Contains(res[5].Reasons[0], "roundtrip") {
		t.Errorf("skip reasons %q %q", res[4].Reasons, res[5].Reasons)
	}
	rep := &Report{Results: res}
	var buf bytes.Buffer
	rep.WriteText(&buf)
	if !strings.HasSuffix(buf.String(), "1 passed, 2 failed, 3 skipped\n") {
		t.Errorf("report ends %q", buf.String()[max(0, buf.Len()-60):])
	}
	buf.Reset()
	rep.WriteMarkdown(&buf)
	if !strings.Contains(buf.String(), "| self.feature | 1 | 2 | 3 |") {
		t.Errorf("markdown %s", buf.String())
	}
	if eng.opened != 3 { // one build per scenario run, the map unchanged between queries
		t.Errorf("%d builds", eng.opened)
	}
}

func TestLegSteps(t *testing.T) {
	w := NewWorld()
	if err := w.NodeMap("a b c\n    d\n  e"); err != nil {
		t.Fatal(err)
	}
	p := func(n string) geo.LatLng { q, _ := w.Point(n); return q }
	seg := func(name string, pts ...string) Segment {
		s := Segment{Name: name, Mode: "driving", Distance: 1, Duration: 1, Branches: 1}
		for _, n := range pts {
			s.Points = append(s.Points, p(n))
		}
		return s
	}
	l := Leg{Segments: []Segment{seg("x", "a", "b"), seg("x", "b", "c"), seg("y", "c", "d"), seg("y", "d", "c"), seg("z", "c", "b")}}
	var turns, names []string
	for _, st := range legSteps(l) {
		turns, names = append(turns, st.Turn), append(names, st.Name)
	}
	if got := strings.Join(names, ","); got != "x,y,y,z,z" {
		t.Errorf("names %s", got)
	}
	if got := strings.Join(turns, ","); got != "depart,turn right,continue uturn,turn left,arrive" {
		t.Errorf("turns %s", got)
	}
	for _, c := range []struct {
		in, out float64
		want    string
	}{{0, 0, "straight"}, {0, 90, "right"}, {0, 270, "left"}, {0, 180, "uturn"}, {90, 120, "slight right"}, {0, 330, "slight left"}, {0, 150, "sharp right"}, {0, 210, "sharp left"}} {
		if got := turnModifier(c.in, c.out); got != c.want {
			t.Errorf("turn %v→%v = %s, want %s", c.in, c.out, got, c.want)
		}
	}
}

func TestRunDir(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(dir+"/sub", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir+"/sub/self.feature", []byte(harnessFeature), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir+"/broken.feature", []byte("Scenario: no feature\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := RunDir(context.Background(), dir, &fakeEngine{}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	p, f, s := rep.Counts()
	if p != 1 || f != 3 || s != 3 {
		t.Errorf("%d passed %d failed %d skipped", p, f, s)
	}
	if r := rep.Results[0]; r.File != "broken.feature" || r.Outcome != Fail || !strings.Contains(r.Reasons[0], "broken.feature:1") {
		t.Errorf("broken file result %+v", r)
	}
	if _, err := RunDir(context.Background(), t.TempDir(), &fakeEngine{}, t.TempDir()); err == nil {
		t.Error("no error for a directory without features")
	}
}

// TestStepsOSRMRules checks the trimming of ≤ 1 m end steps and the
// folding of new names shorter than 105 m, on the cases of the suite.
func TestStepsOSRMRules(t *testing.T) {
	w := NewWorld()
	if err := w.NodeMap("a b c d e\n    f"); err != nil {
		t.Fatal(err)
	}
	seg := func(name string, m float64, branches int, pts ...string) Segment {
		s := Segment{Name: name, Mode: "driving", Distance: m, Duration: m / 10, Branches: branches}
		for _, n := range pts {
			p, err := w.Point(n)
			if err != nil {
				t.Fatal(err)
			}
			s.Points = append(s.Points, p)
		}
		return s
	}
	for _, c := range []struct {
		name  string
		segs  []Segment
		names string
	}{
		{"short final new name folds", []Segment{seg("ab", 100, 0, "a", "b"), seg("bcd", 200, 0, "b", "c", "d"), seg("de", 100, 0, "d", "e")}, "ab,bcd,de"},
		{"long new name stays", []Segment{seg("ab", 100, 0, "a", "b"), seg("be", 300, 0, "b", "e")}, "ab,be,be"},
		{"short turn at a junction stays", []Segment{seg("ac", 200, 0, "a", "b", "c"), seg("cf", 100, 1, "c", "f")}, "ac,cf,cf"},
		{"short corner without a junction folds", []Segment{seg("ac", 200, 0, "a", "b", "c"), seg("cf", 100, 0, "c", "f")}, "ac,cf"},
		{"zero-length start trimmed", []Segment{seg("ab", 0, 0, "b", "b"), seg("bc", 100, 2, "b", "c"), seg("cd", 200, 0, "c", "d")}, "bc,cd,cd"},
		{"zero-length end trimmed", []Segment{seg("ab", 200, 0, "a", "b", "c"), seg("cf", 0, 1, "c", "c")}, "ab,ab"},
		{"two steps are never trimmed", []Segment{seg("ab", 0, 0, "a", "a")}, "ab,ab"},
	} {
		rt := &Route{Legs: []Leg{{Segments: c.segs}}}
		var names []string
		total := 0.0
		for _, st := range rt.Steps()[0] {
			names = append(names, st.Name)
			total += st.Distance
		}
		if got := strings.Join(names, ","); got != c.names {
			t.Errorf("%s: names %s, want %s", c.name, got, c.names)
		}
		if d, _, _ := rt.Totals(); math.Abs(d-total) > 1e-9 {
			t.Errorf("%s: steps add up to %v m, route %v m", c.name, total, d)
		}
	}
}
