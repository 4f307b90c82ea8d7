package scenario

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/route/plan"
	"github.com/bando-vn/bando/core/route/snap"
	"github.com/bando-vn/bando/core/tile"
)

// OpenBandoRouter opens bando's routing engine (core/route/search) on the
// graph layer of a bundle directory, for a costing profile.
func OpenBandoRouter(ctx context.Context, dir, profile string) (Router, error) {
	p, ok := costing.Get(profile)
	if !ok {
		return nil, fmt.Errorf("no costing profile %q", profile)
	}
	st, err := tile.Open(ctx, tile.DirSource(dir), 64<<20)
	if err != nil {
		return nil, err
	}
	g, err := graph.Open(ctx, st)
	if err != nil {
		return nil, err
	}
	return &bandoRouter{en: pathfind.New(g), c: p}, nil
}

type bandoRouter struct {
	en *pathfind.Engine
	c  *costing.Profile
}

func noRoute(err error) error {
	if errors.Is(err, pathfind.ErrNoPath) || errors.Is(err, snap.ErrNoRoad) {
		return ErrNoRoute
	}
	return err
}

// routed is the planner's route through the waypoints: the snapped
// points and a leg per consecutive pair.
type routed struct {
	Points []snap.Point
	Legs   []pathfind.Leg
}

// route plans the route as /v1/direction does (plan.Through: continuing
// straight at via points unless uturns), without guidance.
func (r *bandoRouter) route(ctx context.Context, pts []geo.LatLng, uturns bool) (*routed, error) {
	q := plan.DirectionsRequest{Locations: pts, UTurnAtVia: uturns, Options: plan.Options{Costing: r.c}}
	sp, err := plan.SnapAll(ctx, r.en, q.Options, "waypoints", pts)
	if err != nil {
		return nil, err
	}
	paths, err := plan.Through(ctx, r.en, q, sp)
	if err != nil {
		return nil, err
	}
	out := &routed{Points: sp}
	for _, p := range paths {
		leg, err := r.en.Leg(ctx, r.c, p)
		if err != nil {
			return nil, err
		}
		out.Legs = append(out.Legs, leg)
	}
	return out, nil
}

// testbotMode names a step's travel mode as OSRM's testbot profile does:
// ferries are "route", steps "steps down"/"steps up" and rivers "river
// downstream"/"river upstream" by direction, the rest "driving".
func testbotMode(st pathfind.Step) string {
	switch {
	case st.Ferry:
		return "route"
	case st.Class == graph.ClassRiver && st.Forward:
		return "river downstream"
	case st.Class == graph.ClassRiver:
		return "river upstream"
	case st.Class == graph.ClassSteps && st.Forward:
		return "steps down"
	case st.Class == graph.ClassSteps:
		return "steps up"
	}
	return "driving"
}

func (r *bandoRouter) Route(ctx context.Context, pts []geo.LatLng, uturns bool) (*Route, error) {
	rt, err := r.route(ctx, pts, uturns)
	if err != nil {
		return nil, noRoute(err)
	}
	out := &Route{}
	for i, leg := range rt.Legs {
		var l Leg
		for k, st := range leg.Steps {
			seg := Segment{Name: st.Name, Mode: testbotMode(st), Points: st.Geometry,
				Distance: st.DistanceM, Duration: st.DurationS, Weight: st.DurationS}
			if k > 0 {
				if seg.Branches, err = r.branches(ctx, leg.Steps[k-1], st); err != nil {
					return nil, err
				}
			}
			l.Segments = append(l.Segments, seg)
		}
		if len(l.Segments) == 0 { // both ends snapped to the same place
			p := rt.Points[i+1]
			l.Segments = []Segment{{Name: p.Name, Mode: "driving", Points: []geo.LatLng{p.Snapped, p.Snapped}}}
		}
		out.Legs = append(out.Legs, l)
	}
	return out, nil
}

func (r *bandoRouter) Nearest(ctx context.Context, p geo.LatLng) (geo.LatLng, error) {
	pt, err := r.en.Snap.Nearest(ctx, p, r.c)
	if err != nil {
		return geo.LatLng{}, noRoute(err)
	}
	return pt.Snapped, nil
}

// Matrix answers with the engine's matrix (core/route/search, the one
// /v1/distancematrix uses); a point with no road near it makes its row or
// column unreachable.
func (r *bandoRouter) Matrix(ctx context.Context, src, dst []geo.LatLng) (dur, dist [][]float64, err error) {
	sp, sOK, err := r.snapAll(ctx, src)
	if err != nil {
		return nil, nil, err
	}
	tp, tOK, err := r.snapAll(ctx, dst)
	if err != nil {
		return nil, nil, err
	}
	cells, err := r.en.Matrix(ctx, r.c, sp, tp)
	if err != nil {
		return nil, nil, err
	}
	dur, dist = make([][]float64, len(src)), make([][]float64, len(src))
	for i := range src {
		dur[i], dist[i] = make([]float64, len(dst)), make([]float64, len(dst))
		for j := range dst {
			dur[i][j], dist[i][j] = math.NaN(), math.NaN()
			if sOK[i] < 0 || tOK[j] < 0 {
				continue
			}
			if c := cells[sOK[i]][tOK[j]]; c.OK {
				dur[i][j], dist[i][j] = float64(c.Cost)/10, c.DistanceM
			}
		}
	}
	return dur, dist, nil
}

// snapAll snaps the points that have a road near them (plan.SnapEach);
// idx[i] is point i's index among the snapped ones, -1 when it has none.
func (r *bandoRouter) snapAll(ctx context.Context, pts []geo.LatLng) ([]snap.Point, []int, error) {
	all, missing, err := plan.SnapEach(ctx, r.en, plan.Options{Costing: r.c}, pts)
	if err != nil {
		return nil, nil, err
	}
	var out []snap.Point
	idx := make([]int, len(pts))
	for i := range all {
		if len(missing) > 0 && missing[0] == i {
			idx[i], missing = -1, missing[1:]
			continue
		}
		idx[i] = len(out)
		out = append(out, all[i])
	}
	return out, idx, nil
}

// branches counts the other edges at the node where step st starts.
func (r *bandoRouter) branches(ctx context.Context, prev, st pathfind.Step) (int, error) {
	e, err := r.en.G.Edge(ctx, st.Edge)
	if err != nil {
		return 0, err
	}
	n := e.U
	if !st.Forward {
		n = e.V
	}
	adj, _, err := r.en.G.Adjacent(ctx, n)
	if err != nil {
		return 0, err
	}
	k := 0
	for _, a := range adj {
		if id := a >> 1; id != st.Edge && id != prev.Edge {
			k++
		}
	}
	return k, nil
}
