package scenario

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/snap"
	"github.com/bando-vn/bando/core/trip"
)

// exactDistanceTol says how far a distance written without a margin may
// be from ours over a route of legs legs: 0.1 m per leg or 0.05 % of it,
// whichever is more. OSRM's figures carry its 1e-6° fixed-point node
// coordinates (199.9 m for two 100 m grid cells, 699.8 m for seven,
// 149.8 m for a ten-leg trip of 150 m), which a map drawn elsewhere cannot
// reproduce; a different path on a grid map differs by far more.
func exactDistanceTol(want float64, legs int) float64 {
	return max(0.1*float64(max(legs, 1)), 0.0005*math.Abs(want))
}

// nearestTolM is how far a nearest answer may be from the expected node:
// OSRM's 0.0025 % of the coordinate at its default origin (1°, 1°).
const nearestTolM = 2.8

// matchCell compares one cell; exact distances get exactDistanceTol.
func matchCell(col, got, want string, legs int) bool {
	if Match(got, want) {
		return true
	}
	if col == "distance" && reExactMetres.MatchString(want) && got != "" {
		g, ok1 := leadingNumber(got)
		w, ok2 := leadingNumber(want)
		return ok1 && ok2 && math.Abs(g-w) <= exactDistanceTol(w, legs)+1e-9
	}
	return false
}

// checkRow compares every expected cell with what came back and records
// the row as failed when any differs.
func (s *state) checkRow(label string, legs int, header []string, want, got map[string]string) {
	var bad []string
	for _, col := range header {
		if _, ok := got[col]; !ok {
			continue // an input column (from, to, waypoints, ...)
		}
		if want[col] == "" && optionalCols[col] {
			continue // OSRM's harness checks these only when a value is written
		}
		if !matchCell(col, got[col], want[col], legs) {
			bad = append(bad, fmt.Sprintf("%s: want %q, got %q", col, want[col], got[col]))
		}
	}
	if len(bad) > 0 {
		s.fail("%s: %s", label, strings.Join(bad, "; "))
	}
}

func (s *state) points(names []string) ([]geo.LatLng, error) {
	pts := make([]geo.LatLng, len(names))
	for i, n := range names {
		p, err := s.world.Point(strings.TrimSpace(n))
		if err != nil {
			return nil, err
		}
		pts[i] = p
	}
	return pts, nil
}

// rowWaypoints reads from/to or waypoints.
func rowWaypoints(row map[string]string) ([]string, string, error) {
	if row["from"] != "" && row["to"] != "" {
		return []string{row["from"], row["to"]}, row["from"] + " → " + row["to"], nil
	}
	if row["waypoints"] != "" {
		return strings.Split(row["waypoints"], ","), row["waypoints"], nil
	}
	return nil, "", errors.New("row has no from/to or waypoints")
}

func (s *state) routeStep(_ []string, st Step) error {
	t, r, err := s.tableAndRouter(st)
	if err != nil {
		return err
	}
	for _, row := range t.rows {
		names, label, err := rowWaypoints(row)
		if err != nil {
			return err
		}
		pts, err := s.points(names)
		if err != nil {
			return err
		}
		if why := s.beyondSnapping(names, pts); why != "" && row["route"] != "" {
			s.skip = why
			return nil
		}
		rt, err := r.Route(s.ctx, pts, s.options["continue_straight"] == "false")
		if err != nil && !errors.Is(err, ErrNoRoute) {
			return fmt.Errorf("%s: %w", label, err)
		}
		s.checkRow(label, len(pts)-1, t.header, row, s.routeCells(rt))
	}
	return nil
}

// beyondSnapping says which point lies farther than bando's snapping
// radius (snap.MaxDistanceM, API.md: no road within 1 km is NOT_FOUND)
// from every way of the map: a scenario expecting a route from it was
// written for OSRM's unbounded snapping and does not apply.
func (s *state) beyondSnapping(names []string, pts []geo.LatLng) string {
	for i, p := range pts {
		if d := s.world.NearestWayM(p); d > snap.MaxDistanceM {
			return fmt.Sprintf("expects a route from %s, %.0f m from any way (bando snaps within %g m, API.md)",
				strings.TrimSpace(names[i]), d, float64(snap.MaxDistanceM))
		}
	}
	return ""
}

// tableAndRouter reads a query step's table and opens the router on the
// map drawn so far.
func (s *state) tableAndRouter(st Step) (*table, Router, error) {
	t, err := newTable(st)
	if err != nil {
		return nil, nil, err
	}
	r, err := s.open()
	return t, r, err
}

// routeCells renders a route as OSRM's harness does; nil is no route.
func (s *state) routeCells(rt *Route) map[string]string {
	got := map[string]string{"status": "400"}
	for _, k := range []string{"route", "turns", "time", "distance", "speed", "modes", "weight", "times", "distances", "weights", "locations"} {
		got[k] = ""
	}
	if rt == nil {
		return got
	}
	got["status"] = "200"
	var names, turns, modes, times, dists, weights, locs []string
	for _, leg := range rt.Steps() {
		for _, st := range leg {
			names = append(names, st.Name)
			turns = append(turns, st.Turn)
			modes = append(modes, st.Mode)
			times = append(times, jsNum(st.Duration)+"s")
			dists = append(dists, jsNum(st.Distance)+"m")
			weights = append(weights, jsNum(st.Weight))
			locs = append(locs, s.world.NodeAt(st.Location, nearestTolM))
		}
	}
	dist, dur, weight := rt.Totals()
	got["route"] = strings.Join(names, ",")
	got["turns"] = strings.Join(turns, ",")
	got["modes"] = strings.Join(modes, ",")
	got["times"] = strings.Join(times, ",")
	got["distances"] = strings.Join(dists, ",")
	got["weights"] = strings.Join(weights, ",")
	got["locations"] = strings.Join(locs, ",")
	got["time"] = jsNum(dur) + "s"
	got["distance"] = jsNum(dist) + "m"
	got["weight"] = jsNum(weight)
	if dur > 0 {
		got["speed"] = fmt.Sprintf("%d km/h", int(math.Round(3.6*math.Round(dist*10)/10/(math.Round(dur*10)/10))))
	}
	return got
}

func (s *state) matrixStep(m []string, st Step) error {
	if len(st.Table) < 2 || st.Table[0][0] != "" {
		return errors.New("matrix table needs an empty top-left cell")
	}
	cols := st.Table[0][1:]
	var rows []string
	for _, r := range st.Table[1:] {
		rows = append(rows, r[0])
	}
	router, err := s.open()
	if err != nil {
		return err
	}
	srcs, err := s.points(rows)
	if err != nil {
		return err
	}
	dsts, err := s.points(cols)
	if err != nil {
		return err
	}
	dur, dist, err := router.Matrix(s.ctx, srcs, dsts)
	if err != nil {
		return err
	}
	vals, col := dur, "time"
	if m[1] == "distance" {
		vals, col = dist, "distance"
	}
	for i, r := range st.Table[1:] {
		header := make([]string, len(cols))
		want, got := map[string]string{}, map[string]string{}
		for j, c := range cols {
			key := fmt.Sprintf("%s→%s", r[0], c)
			header[j] = key
			want[key] = r[j+1]
			got[key] = ""
			if v := vals[i][j]; !math.IsNaN(v) {
				got[key] = jsNum(v)
			}
		}
		s.checkMatrixRow(col, r[0], header, want, got)
	}
	return nil
}

func (s *state) checkMatrixRow(col, label string, keys []string, want, got map[string]string) {
	var bad []string
	for _, k := range keys {
		if !matchCell(col, got[k], want[k], 1) {
			bad = append(bad, fmt.Sprintf("%s: want %q, got %q", k, want[k], got[k]))
		}
	}
	if len(bad) > 0 {
		s.fail("%s matrix row %s: %s", col, label, strings.Join(bad, "; "))
	}
}

func (s *state) nearestStep(_ []string, st Step) error {
	t, r, err := s.tableAndRouter(st)
	if err != nil {
		return err
	}
	for _, row := range t.rows {
		in, err := s.world.Point(row["in"])
		if err != nil {
			return err
		}
		out, err := s.world.Point(row["out"])
		if err != nil {
			return err
		}
		p, err := r.Nearest(s.ctx, in)
		switch {
		case errors.Is(err, ErrNoRoute):
			s.fail("nearest %s: want %s, got no road", row["in"], row["out"])
		case err != nil:
			return err
		case geo.DistanceM(p, out) > nearestTolM:
			s.fail("nearest %s: want %s, got %.7f,%.7f (%.1f m from it)", row["in"], row["out"], p.Lat, p.Lng, geo.DistanceM(p, out))
		}
	}
	return nil
}

// routabilityStep lays out one way per row and routes along it both ways.
func (s *state) routabilityStep(_ []string, st Step) error {
	t, err := newTable(st)
	if err != nil {
		return err
	}
	tested := func(k string) bool { return k == "forw" || k == "backw" || k == "bothw" }
	qs := s.world.RoutabilityWays(t, tested)
	s.changed()
	r, err := s.open()
	if err != nil {
		return err
	}
	for ri, row := range t.rows {
		name := fmt.Sprintf("w%d", ri)
		forw, err := s.routability(r, qs[ri][0], qs[ri][1], name)
		if err != nil {
			return err
		}
		backw, err := s.routability(r, qs[ri][1], qs[ri][0], name)
		if err != nil {
			return err
		}
		res := map[string]dirResult{"forw": forw, "backw": backw, "bothw": forw.both(backw)}
		got := map[string]string{}
		for _, d := range []string{"forw", "backw", "bothw"} {
			if _, ok := row[d]; ok {
				got[d] = res[d].render(row[d])
			}
		}
		s.checkRow(fmt.Sprintf("routability row %d", ri+1), 1, t.header, row, got)
	}
	return nil
}

// dirResult is one direction of a routability row.
type dirResult struct {
	ok          bool
	mode, speed string
	time        string
}

func (s *state) routability(r Router, a, b geo.LatLng, name string) (dirResult, error) {
	rt, err := r.Route(s.ctx, []geo.LatLng{a, b}, false)
	if errors.Is(err, ErrNoRoute) {
		return dirResult{}, nil
	}
	if err != nil {
		return dirResult{}, err
	}
	steps := rt.Steps()
	if len(steps) == 0 || len(steps[0]) == 0 || steps[0][0].Name != name {
		return dirResult{}, nil // routed, but not along the way under test
	}
	dist, dur, _ := rt.Totals()
	d := dirResult{ok: true, mode: steps[0][0].Mode, time: jsNum(dur) + " s"}
	if dur > 0 {
		d.speed = fmt.Sprintf("%d km/h", int(3.6*math.Round(dist*10)/10/(math.Round(dur*10)/10)))
	}
	return d, nil
}

// both is OSRM's bothw: the common value, or "diff" where they differ.
func (d dirResult) both(o dirResult) dirResult {
	pick := func(a, b string) string {
		if a == b {
			return a
		}
		return "diff"
	}
	if d.ok != o.ok {
		return dirResult{ok: false, mode: "diff", speed: "diff", time: "diff"}
	}
	return dirResult{ok: d.ok, mode: pick(d.mode, o.mode), speed: pick(d.speed, o.speed), time: pick(d.time, o.time)}
}

// render gives the value to compare with an expected cell: `x` for
// routable, a speed or a time when one is expected, else the mode.
func (d dirResult) render(want string) string {
	switch {
	case want == "x":
		if d.ok {
			return "x"
		}
		return ""
	case !d.ok && d.mode != "diff":
		return ""
	case reSeconds.MatchString(want):
		return d.time
	case reSpeed.MatchString(want):
		return d.speed
	}
	return d.mode
}

// tripStep plans each row with bando's optimiser (core/trip) over the
// engine's duration matrix: the first waypoint first, the last last; with
// roundtrip=true (OSRM's trip with both ends fixed) the tour then goes
// back to the first.
func (s *state) tripStep(_ []string, st Step) error {
	t, r, err := s.tableAndRouter(st)
	if err != nil {
		return err
	}
	for _, row := range t.rows {
		names := strings.Split(row["waypoints"], ",")
		pts, err := s.points(names)
		if err != nil {
			return err
		}
		got := map[string]string{"trips": "", "durations": "", "distance": ""}
		order, err := s.planTrip(r, pts)
		if err != nil {
			return err
		}
		if order != nil && s.tripOption(row, "roundtrip") == "true" {
			order = append(order, order[0])
		}
		if order != nil {
			if got["trips"], err = tripCells(names, order); err != nil {
				return err
			}
			visit := make([]geo.LatLng, len(order))
			for i, k := range order {
				visit[i] = pts[k]
			}
			if rt, err := r.Route(s.ctx, visit, true); err == nil { // OSRM routes a trip free to turn back at stops
				dist, dur, _ := rt.Totals()
				got["durations"], got["distance"] = jsNum(dur), jsNum(dist)
			}
		}
		s.checkRow("trip "+row["waypoints"], len(pts)-1, t.header, row, got)
	}
	return nil
}

// planTrip returns the visiting order, nil when some leg is unreachable.
func (s *state) planTrip(r Router, pts []geo.LatLng) ([]int, error) {
	dur, _, err := r.Matrix(s.ctx, pts, pts)
	if err != nil {
		return nil, err
	}
	m := trip.NewMatrix(len(pts))
	for i := range pts {
		for j := range pts {
			c := dur[i][j]
			if math.IsNaN(c) {
				c = math.Inf(1)
			}
			m.Set(i, j, c)
		}
	}
	res, err := trip.Solve(m, trip.Options{})
	if err != nil || res.Unreachable > 0 {
		return nil, err
	}
	return res.Order, nil
}

// tripOption is a trip option of the row, else of the scenario's query
// options.
func (s *state) tripOption(row map[string]string, name string) string {
	if v, ok := row[name]; ok {
		return v
	}
	return s.options[name]
}

// tripCells names the visited waypoints in order ("abcd"; a round trip
// names the first again at the end: "abca").
func tripCells(names []string, order []int) (string, error) {
	tour := order
	if len(order) == len(names)+1 && order[0] == order[len(order)-1] {
		tour = order[:len(names)]
	}
	if len(tour) != len(names) {
		return "", fmt.Errorf("trip returned %d points for %d waypoints", len(order), len(names))
	}
	seen := make([]bool, len(names))
	var b strings.Builder
	for i, k := range order {
		if i == len(tour) {
			b.WriteString(strings.TrimSpace(names[k]))
			break
		}
		if k < 0 || k >= len(names) || seen[k] {
			return "", fmt.Errorf("trip order %v is not a permutation", order)
		}
		seen[k] = true
		b.WriteString(strings.TrimSpace(names[k]))
	}
	return b.String(), nil
}

// optionalCols are checked only when the expected cell is not empty.
var optionalCols = set("time", "distance", "speed", "weight")

var (
	reExactMetres = regexp.MustCompile(`^[0-9.]+ ?m?$`)
	reSeconds     = regexp.MustCompile(`^[\d.]+ s`)
	reSpeed       = regexp.MustCompile(`^\d+ km/h`)
)
