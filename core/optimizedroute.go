package core

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/guidance"
	"github.com/bando-vn/bando/core/route/guidance/narrative"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/route/snap"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/valhalla"
	"github.com/bando-vn/bando/core/trip"
)

// Optimized route (API.md §3.8): the `json` parameter holds a Valhalla
// optimized_route request → the time matrix among the stops
// (pathfind.Engine.Matrix, the searches /v1/distancematrix runs) →
// trip.Solve (first stop first, last stop last) → one routed leg per
// consecutive pair (pathfind.Engine.Path and Leg) → maneuvers
// (guidance.Build) and their narrative (guidance/narrative) → the Valhalla
// trip shape.

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
	return tripBody(req, order, paths), nil
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
func visitOrder(ctx context.Context, en *pathfind.Engine, c *costing.Profile, pts []snap.Point) ([]int, error) {
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
// path (HTTP 200 with code 442, API.md §1 "nothing found"; docs/API.md §3.8).
func noPath(from, to int) error {
	return (&errs.Error{Kind: errs.Empty, Param: "locations",
		Msg: fmt.Sprintf("No path could be found for input: none from locations[%d] to locations[%d]", from, to)}).WithCode(trip.CodeNoPath)
}

// routedLeg is one leg of the trip: its path, its description and its
// maneuvers.
type routedLeg struct {
	path *pathfind.Path
	leg  pathfind.Leg
	ms   []guidance.Maneuver
}

// routeOrder routes each consecutive pair of the order and describes each
// leg as maneuvers (guidance.Build; roundabouts keep their exit maneuver,
// as Valhalla gives it).
func routeOrder(ctx context.Context, en *pathfind.Engine, c *costing.Profile, pts []snap.Point, order []int) ([]routedLeg, error) {
	out := make([]routedLeg, 0, len(order)-1)
	for k := 1; k < len(order); k++ {
		i, j := order[k-1], order[k]
		p, err := en.Path(ctx, c, pts[i], pts[j])
		if errors.Is(err, pathfind.ErrNoPath) {
			return nil, noPath(i, j)
		}
		if err != nil {
			return nil, err
		}
		leg, err := en.Leg(ctx, c, p)
		if err != nil {
			return nil, err
		}
		ms, err := guidance.Build(ctx, en.G, c, &leg, p.From, p.To)
		if err != nil {
			return nil, err
		}
		out = append(out, routedLeg{p, leg, ms})
	}
	return out, nil
}

// tripBody shapes the trip: locations in visiting order with their side of
// the street (the origin's from the first leg's departure, every other
// stop's from the arrival there), one leg per consecutive pair with its
// maneuvers phrased in the request's language.
func tripBody(req trip.Request, order []int, legs []routedLeg) shape.Body {
	units, nu := valhalla.Kilometres, narrative.Km
	if req.Units == "mi" {
		units, nu = valhalla.Miles, narrative.Mi
	}
	lang, _ := narrative.ParseLang(req.Language)
	travel := valhalla.TravelOf(req.Costing)
	locs := make([]valhalla.TripLocation, len(order))
	for k, i := range order {
		in := req.Locations[i]
		locs[k] = valhalla.TripLocation{Type: "break", Lat: shape.Deg(in.Lat), Lon: shape.Deg(in.Lng), OriginalIndex: i}
	}
	out := make([]valhalla.Leg, len(legs))
	for k, l := range legs {
		ms := l.ms
		if k == 0 {
			locs[0].SideOfStreet = valhalla.SideOfStreet(ms[0].Side)
		}
		locs[k+1].SideOfStreet = valhalla.SideOfStreet(ms[len(ms)-1].Side)
		out[k] = valhalla.NewLeg(ms, phrases(ms, lang, nu), units, travel)
	}
	return valhalla.NewTrip(locs, out, units, lang.Tag())
}

// phrases is the narrative of each maneuver (its written instruction and
// Valhalla's four verbal phrasings).
func phrases(ms []guidance.Maneuver, l narrative.Lang, u narrative.Units) []valhalla.Phrases {
	out := make([]valhalla.Phrases, len(ms))
	for i := range ms {
		var next *guidance.Maneuver
		if i+1 < len(ms) {
			next = &ms[i+1]
		}
		v := narrative.Verbals(&ms[i], next, l, u)
		out[i] = valhalla.Phrases{Instruction: narrative.Instruction(&ms[i], next, l), TransitionAlert: v.Alert,
			Succinct: v.Succinct, Pre: v.Pre, Post: v.Post, MultiCue: v.MultiCue}
	}
	return out
}
