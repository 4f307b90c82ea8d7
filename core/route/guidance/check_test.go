package guidance_test

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/guidance"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/tile"
	"github.com/bando-vn/bando/internal/fixture"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

var (
	seedFlag   = flag.Uint64("seed", 0, "seed of the random routes (0: time-based)")
	routesFlag = flag.Int("routes", 500, "random Hà Nội routes the invariants test checks")
	dumpFlag   = flag.Bool("dump", false, "log every checked route's maneuvers")
)

// hanoiPBF: under wasm the Hoàn Kiếm cut stands in (building Hà Nội's
// hierarchies inside wasm outlasts the test timeout).
var hanoiPBF = map[bool]string{
	false: fixture.HanoiPBF,
	true:  fixture.HoanKiemPBF,
}[runtime.GOOS == "js"]

// hanoiEngine builds the Hà Nội graph (car and motor hierarchies) once.
func hanoiEngine(tb testing.TB) *pathfind.Engine {
	path := fixture.Shared(tb, hanoiPBF)
	en, err := fixture.Once("guidance/hanoi", func() (*pathfind.Engine, error) {
		t0 := time.Now()
		en, err := graphfix.EngineFromFile(path, "car", "motor")
		tb.Logf("Hà Nội graph built in %s", time.Since(t0))
		return en, err
	})
	if err != nil {
		tb.Fatalf("Hà Nội graph: %v", err)
	}
	return en
}

func seed(t *testing.T) uint64 {
	s := *seedFlag
	if s == 0 {
		s = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d (rerun with -seed=%d)", s, s)
	return s
}

// TestHanoiInvariants: on seeded random Hà Nội routes (car and motorbike),
// every leg's maneuvers start with Depart and end with Arrive (distance 0,
// one point); distances and durations sum to the leg's (±1 m, ±1 s);
// consecutive geometries join and together are the leg's geometry; every
// maneuver's bearings are those of its geometry and its angle class agrees
// with them; every geometry survives a precision-5 polyline (±1e-5°).
func TestHanoiInvariants(t *testing.T) {
	en := hanoiEngine(t)
	n := *routesFlag
	if testing.Short() {
		n = 100
	}
	rng := rand.New(rand.NewPCG(seed(t), 7))
	pts := graphfix.RandomPoints(t, en.G, rng, 2*n)
	ctx := context.Background()
	counts := map[guidance.Kind]int{}
	routed := 0
	for i := 0; i < n; i++ {
		c, _ := costing.Get([]string{"car", "motor"}[i%2])
		r, err := en.Route(ctx, c, pts[2*i:2*i+2])
		if err != nil {
			continue
		}
		routed++
		ms, err := guidance.Build(ctx, en.G, c, &r.Legs[0], r.Points[0], r.Points[1])
		if err != nil {
			t.Fatalf("route %d: %v", i, err)
		}
		if *dumpFlag {
			t.Logf("route %d %s %v:\n%s", i, c.Name(), pts[2*i:2*i+2], dump(ms))
		}
		if err := checkLeg(&r.Legs[0], ms); err != nil {
			t.Fatalf("route %d (%s, %v): %v\n%s", i, c.Name(), pts[2*i:2*i+2], err, dump(ms))
		}
		for _, m := range ms {
			counts[m.Kind]++
		}
	}
	t.Logf("%d of %d routes checked; maneuvers by kind: %v", routed, n, counts)
	// Hoàn Kiếm (the wasm stand-in) has no expressway: no merge to expect there
	if routed < n*8/10 || counts[guidance.Turn] == 0 || counts[guidance.Fork] == 0 || counts[guidance.Merge] == 0 && runtime.GOOS != "js" {
		t.Fatalf("test too weak: %d routed, kinds %v", routed, counts)
	}
}

func dump(ms []guidance.Maneuver) string {
	var b strings.Builder
	for _, m := range ms {
		fmt.Fprintf(&b, "  kind=%d mod=%d angle=%.0f (%.0f→%.0f +%.0fm) exit=%d %q/%q %.0fm %.0fs steps %d-%d\n",
			m.Kind, m.Modifier, m.Angle, m.BearingBefore, m.BearingAfter, m.AfterM, m.Exit, m.Name, m.Ref, m.DistanceM, m.DurationS, m.FirstStep, m.LastStep)
	}
	return b.String()
}

func checkLeg(leg *pathfind.Leg, ms []guidance.Maneuver) error {
	if len(ms) < 2 || ms[0].Kind != guidance.Depart || ms[len(ms)-1].Kind != guidance.Arrive {
		return fmt.Errorf("maneuvers must run Depart … Arrive")
	}
	arr := ms[len(ms)-1]
	if arr.DistanceM != 0 || arr.DurationS != 0 || len(arr.Geometry) != 1 {
		return fmt.Errorf("arrival has %v m, %v s, %d points", arr.DistanceM, arr.DurationS, len(arr.Geometry))
	}
	var dist, dur float64
	var all []geo.LatLng
	for k, m := range ms {
		dist += m.DistanceM
		dur += m.DurationS
		if k > 0 && ms[k-1].Geometry[len(ms[k-1].Geometry)-1] != m.Geometry[0] {
			return fmt.Errorf("maneuver %d does not start where %d ends", k, k-1)
		}
		if len(m.Geometry) == 0 {
			return fmt.Errorf("maneuver %d has no geometry", k)
		}
		if k == 0 {
			all = append(all, m.Geometry...)
		} else {
			all = append(all, m.Geometry[1:]...)
		}
		if err := polylineRoundTrip(m.Geometry); err != nil {
			return fmt.Errorf("maneuver %d: %v", k, err)
		}
	}
	if math.Abs(dist-leg.DistanceM) > 1 || math.Abs(dur-leg.DurationS) > 1 {
		return fmt.Errorf("maneuvers sum to %.2f m, %.2f s; the leg is %.2f m, %.2f s", dist, dur, leg.DistanceM, leg.DurationS)
	}
	var want []geo.LatLng
	for _, st := range leg.Steps {
		for _, p := range st.Geometry {
			if len(want) == 0 || want[len(want)-1] != p {
				want = append(want, p)
			}
		}
	}
	if len(all) != len(want) {
		return fmt.Errorf("maneuver geometry has %d points, the leg %d", len(all), len(want))
	}
	for i := range all {
		if all[i] != want[i] {
			return fmt.Errorf("geometry point %d differs", i)
		}
	}
	return checkAngles(all, ms)
}

// checkAngles recomputes each maneuver's bearings from the leg geometry.
func checkAngles(all []geo.LatLng, ms []guidance.Maneuver) error {
	idx := 0 // index in all of the maneuver's first point
	for k, m := range ms {
		if k > 0 {
			idx += len(ms[k-1].Geometry) - 1
		}
		d := guidance.Length(all[:idx+1])
		if m.Kind == guidance.Depart || m.Kind == guidance.Arrive {
			continue
		}
		before, after := guidance.Bearings(all, d, m.AfterM)
		if angleDiff(before, m.BearingBefore) > 0.5 || angleDiff(after, m.BearingAfter) > 0.5 {
			return fmt.Errorf("maneuver %d: bearings %.1f→%.1f, geometry says %.1f→%.1f", k, m.BearingBefore, m.BearingAfter, before, after)
		}
		a := guidance.TurnAngle(before, after)
		if math.Abs(guidance.TurnAngle(a, m.Angle)) > 1 {
			return fmt.Errorf("maneuver %d: angle %.1f, geometry says %.1f", k, m.Angle, a)
		}
		if err := checkClass(k, &m); err != nil {
			return err
		}
	}
	return nil
}

// checkClass: turns carry their angle's class; a Continue is within
// slight of straight; sided maneuvers (forks, ramps, merges) never point
// against a clear turn.
func checkClass(k int, m *guidance.Maneuver) error {
	cls := guidance.ModifierOf(m.Angle)
	switch m.Kind {
	case guidance.Turn, guidance.UTurn:
		if m.Modifier != cls {
			return fmt.Errorf("maneuver %d: modifier %d, angle %.1f is class %d", k, m.Modifier, m.Angle, cls)
		}
	case guidance.Continue:
		if math.Abs(m.Angle) >= 60 {
			return fmt.Errorf("maneuver %d: continue at angle %.1f", k, m.Angle)
		}
	case guidance.Fork, guidance.RampOn, guidance.RampOff:
		if cls != guidance.Straight && (cls.IsLeft() != m.Modifier.IsLeft() || cls.IsRight() != m.Modifier.IsRight()) {
			return fmt.Errorf("maneuver %d: side %d against angle %.1f", k, m.Modifier, m.Angle)
		}
	}
	return nil
}

func angleDiff(a, b float64) float64 { return math.Abs(guidance.TurnAngle(a, b)) }

func polylineRoundTrip(pts []geo.LatLng) error {
	back, err := geo.DecodePolyline(geo.EncodePolyline(pts, 5), 5)
	if err != nil {
		return err
	}
	if len(back) != len(pts) {
		return fmt.Errorf("polyline has %d points, want %d", len(back), len(pts))
	}
	for i := range pts {
		if math.Abs(back[i].Lat-pts[i].Lat) > 1e-5 || math.Abs(back[i].Lng-pts[i].Lng) > 1e-5 {
			return fmt.Errorf("polyline point %d: %v, want %v", i, back[i], pts[i])
		}
	}
	return nil
}

// TestRoundaboutExits: entering Công trường Quốc tế (TP.HCM, raw OSM with
// junction=roundabout) from Trần Cao Vân, the exits onto Phạm Ngọc Thạch
// (north-west), Võ Văn Tần and Phạm Ngọc Thạch (south-east) are the 1st,
// 2nd and 3rd in the anticlockwise order of travel; the exit maneuver
// repeats the number and the leg's invariants hold.
func TestRoundaboutExits(t *testing.T) {
	tiles, _, err := graphfix.FromFile(fixture.Shared(t, fixture.OSMDir+"/hcmc-district1-3.osm"), "car")
	if err != nil {
		t.Fatalf("TP.HCM district 1–3 graph (shared data required): %v", err)
	}
	st, err := tile.OpenMap(tiles)
	if err != nil {
		t.Fatal(err)
	}
	g, err := graph.Open(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	en := pathfind.New(g)
	c, _ := costing.Get("car")
	from := geo.LatLng{Lat: 10.7846, Lng: 106.6978}
	for want, to := range []geo.LatLng{{Lat: 10.7835, Lng: 106.6950}, {Lat: 10.7806, Lng: 106.6940}, {Lat: 10.7818, Lng: 106.6968}} {
		r, err := en.Route(context.Background(), c, []geo.LatLng{from, to})
		if err != nil {
			t.Fatal(err)
		}
		ms, err := guidance.Build(context.Background(), g, c, &r.Legs[0], r.Points[0], r.Points[1])
		if err != nil {
			t.Fatal(err)
		}
		if err := checkLeg(&r.Legs[0], ms); err != nil {
			t.Fatalf("to %v: %v\n%s", to, err, dump(ms))
		}
		var enter, exit *guidance.Maneuver
		for k := range ms {
			switch ms[k].Kind {
			case guidance.RoundaboutEnter:
				enter = &ms[k]
			case guidance.RoundaboutExit:
				exit = &ms[k]
			}
		}
		if enter == nil || exit == nil || enter.Exit != want+1 || exit.Exit != want+1 || enter.Name != exit.Name || enter.Name == "" {
			t.Errorf("to %v: want exit %d named on entry and exit:\n%s", to, want+1, dump(ms))
		}
	}
}
