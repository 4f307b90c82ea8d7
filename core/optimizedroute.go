package core

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/guidance"
	"github.com/bando-vn/bando/core/route/search"
	"github.com/bando-vn/bando/core/route/snap"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/valhalla"
	"github.com/bando-vn/bando/core/trip"
)

// Optimized route (API.md §3.8): the `json` parameter holds a Valhalla
// optimized_route request → the time matrix among the stops
// (search.Engine.Matrix, the searches /v1/distancematrix runs) →
// trip.Solve (first stop first, last stop last) → one routed leg per
// consecutive pair (search.Engine.Path and Leg) → maneuvers and their
// narrative → the Valhalla trip shape.

// serveOptimizedRoute answers /v1/optimized-route.
func serveOptimizedRoute(ctx context.Context, e *Engine, p params, _ *Request) (shape.Body, error) {
	req, err := parseTripRequest(p)
	if err != nil {
		return nil, err
	}
	prof, ok := costing.ForValhalla(req.Costing)
	if !ok { // ParseRequest knows the same names; a profile missing from profiles.json is a bug
		return nil, fmt.Errorf("core: no profile for costing %q", req.Costing)
	}
	en, err := e.router(ctx)
	if err != nil {
		return nil, err
	}
	pts, err := snapAll(ctx, en, prof, "locations", req.Locations)
	if err != nil {
		return nil, err
	}
	order, err := visitOrder(ctx, en, prof, pts)
	if err != nil {
		return nil, err
	}
	paths, err := routeOrder(ctx, en, prof, pts, order)
	if err != nil {
		return nil, err
	}
	return tripBody(req, pts, order, paths), nil
}

// parseTripRequest reads the common parameters and the json request.
func parseTripRequest(p params) (trip.Request, error) {
	if _, err := p.common(); err != nil {
		return trip.Request{}, err
	}
	return trip.ParseRequest(p.get("json"))
}

// visitOrder solves the order of the stops over their travel times (the
// matrix's deciseconds; +Inf for a pair without a path): the first stays
// first, the last last. A stop that cannot be reached in any order is
// Valhalla's 442.
func visitOrder(ctx context.Context, en *search.Engine, c *costing.Profile, pts []snap.Point) ([]int, error) {
	cells, err := en.Matrix(ctx, c, pts, pts)
	if err != nil {
		return nil, err
	}
	m := trip.NewMatrix(len(pts))
	for i, row := range cells {
		for j, cell := range row {
			if i == j {
				continue
			}
			cost := math.Inf(1)
			if cell.OK {
				cost = float64(cell.Cost)
			}
			m.Set(i, j, cost)
		}
	}
	res, err := trip.Solve(m, trip.Options{})
	if err != nil {
		return nil, err
	}
	for k := 1; k < len(res.Order); k++ {
		if i, j := res.Order[k-1], res.Order[k]; !cells[i][j].OK {
			return nil, noPath(i, j)
		}
	}
	return res.Order, nil
}

// noPath is Valhalla's 442 naming one pair of the best order that has no
// path (a 404 with code 442, as 171 is; docs/API.md §3.8).
func noPath(from, to int) error {
	return (&errs.Error{Kind: errs.NotFound, Param: "locations",
		Msg: fmt.Sprintf("No path could be found for input: none from locations[%d] to locations[%d]", from, to)}).WithCode(trip.CodeNoPath)
}

// routedLeg is one leg of the trip: its path and its description.
type routedLeg struct {
	path *search.Path
	leg  search.Leg
}

// routeOrder routes each consecutive pair of the order.
func routeOrder(ctx context.Context, en *search.Engine, c *costing.Profile, pts []snap.Point, order []int) ([]routedLeg, error) {
	out := make([]routedLeg, 0, len(order)-1)
	for k := 1; k < len(order); k++ {
		i, j := order[k-1], order[k]
		p, err := en.Path(ctx, c, pts[i], pts[j])
		if errors.Is(err, search.ErrNoPath) {
			return nil, noPath(i, j)
		}
		if err != nil {
			return nil, err
		}
		leg, err := en.Leg(ctx, c, p)
		if err != nil {
			return nil, err
		}
		out = append(out, routedLeg{p, leg})
	}
	return out, nil
}

// tripBody shapes the trip: locations in visiting order with their side of
// the street, one leg per consecutive pair.
func tripBody(req trip.Request, pts []snap.Point, order []int, legs []routedLeg) shape.Body {
	units := valhalla.Kilometres
	if req.Units == "mi" {
		units = valhalla.Miles
	}
	travel := valhalla.TravelOf(req.Costing)
	locs := make([]valhalla.TripLocation, len(order))
	for k, i := range order {
		in := req.Locations[i]
		locs[k] = valhalla.TripLocation{Type: "break", Lat: shape.Deg(in.Lat), Lon: shape.Deg(in.Lng), OriginalIndex: i}
	}
	out := make([]valhalla.Leg, len(legs))
	for k, l := range legs {
		ms := legManeuvers(l)
		if k == 0 {
			locs[0].SideOfStreet = valhalla.SideOfStreet(ms[0].Side)
		}
		locs[k+1].SideOfStreet = valhalla.SideOfStreet(ms[len(ms)-1].Side)
		out[k] = valhalla.NewLeg(ms, nil, units, travel)
	}
	return valhalla.NewTrip(locs, out, units, req.Language)
}

// travelSide is where a snapped point lies relative to the direction of
// travel along its edge (snap's side is relative to the edge's U→V).
func travelSide(p snap.Point, forward bool) guidance.Side {
	switch {
	case p.Side == snap.SideOn:
		return guidance.OnRoad
	case (p.Side == snap.SideRight) == forward:
		return guidance.SideRight
	}
	return guidance.SideLeft
}

// legManeuvers describes a leg as maneuvers.
// INTERIM until guidance.Build lands on main (branch dir): a depart over
// the whole leg and the arrival, with the origin's and destination's sides.
func legManeuvers(l routedLeg) []guidance.Maneuver {
	dep := guidance.Maneuver{Kind: guidance.Depart, DistanceM: l.leg.DistanceM, DurationS: l.leg.DurationS}
	arr := guidance.Maneuver{Kind: guidance.Arrive, FirstStep: -1, LastStep: -1}
	steps := l.leg.Steps
	if len(steps) == 0 || len(l.path.Edges) == 0 {
		p := l.path.From.Snapped
		dep.Geometry, arr.Geometry = []geo.LatLng{p, p}, []geo.LatLng{p}
		return []guidance.Maneuver{dep, arr}
	}
	dep.Name, dep.Ref, dep.LastStep = steps[0].Name, steps[0].Ref, len(steps)-1
	dep.Side = travelSide(l.path.From, l.path.Edges[0].Forward)
	arr.Side = travelSide(l.path.To, l.path.Edges[len(l.path.Edges)-1].Forward)
	for _, s := range steps {
		g := s.Geometry
		if len(dep.Geometry) > 0 && len(g) > 0 && g[0] == dep.Geometry[len(dep.Geometry)-1] {
			g = g[1:]
		}
		dep.Geometry = append(dep.Geometry, g...)
		dep.Toll, dep.Ferry = dep.Toll || s.Toll, dep.Ferry || s.Ferry
	}
	arr.Geometry = dep.Geometry[len(dep.Geometry)-1:]
	return []guidance.Maneuver{dep, arr}
}
