package core

import (
	"context"
	"errors"
	"fmt"

	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/guidance"
	"github.com/bando-vn/bando/core/route/guidance/narrative"
	"github.com/bando-vn/bando/core/route/plan"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/valhalla"
	"github.com/bando-vn/bando/core/trip"
)

// Optimized route (API.md §3.8): the `json` parameter holds a Valhalla
// optimized_route request → plan.Trip (snap; the time matrix among the
// stops and trip.Solve, first stop first, last stop last; one routed and
// described leg per consecutive pair) → the maneuvers' narrative
// (guidance/narrative) → the Valhalla trip shape.

// serveOptimizedRoute answers /v1/optimized-route: parse → plan → shape.
func serveOptimizedRoute(ctx context.Context, e *Engine, p params, _ *Request) (shape.Body, error) {
	req, err := parseTripRequest(p)
	if err != nil {
		return nil, err
	}
	prof, ok := costing.ForValhalla(req.Costing)
	if !ok { // ParseRequest knows the same names; a profile missing from profiles.json is a bug
		return nil, fmt.Errorf("core: no profile for costing %q", req.Costing)
	}
	avoid, err := valhallaAvoid(p.get("json"), req.Costing)
	if err != nil {
		return nil, err
	}
	en, err := e.router(ctx)
	if err != nil {
		return nil, err
	}
	t, err := plan.Trip(ctx, en, plan.Options{Costing: prof, Avoid: avoid}, req.Locations)
	if err != nil {
		return nil, tripError(err)
	}
	return tripBody(req, t.Order, t.Legs), nil
}

// parseTripRequest reads the common parameters and the json request.
func parseTripRequest(p params) (trip.Request, error) {
	if _, err := p.common(); err != nil {
		return trip.Request{}, err
	}
	return trip.ParseRequest(p.get("json"))
}

// tripError turns the planner's errors into Valhalla's: 171 for a location
// with no road, 442 naming one pair of the best order that has no path
// (HTTP 200 with the code, API.md §1 "nothing found"; docs/API.md §3.8).
func tripError(err error) error {
	var np *plan.NoPathError
	if errors.As(err, &np) {
		return (&errs.Error{Kind: errs.Empty, Param: "locations",
			Msg: fmt.Sprintf("No path could be found for input: none from locations[%d] to locations[%d]", np.From, np.To)}).WithCode(trip.CodeNoPath)
	}
	return noRoad(err)
}

// tripBody shapes the trip: locations in visiting order with their side of
// the street (the origin's from the first leg's departure, every other
// stop's from the arrival there), one leg per consecutive pair with its
// maneuvers phrased in the request's language.
func tripBody(req trip.Request, order []int, legs []plan.Leg) shape.Body {
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
		ms := l.Maneuvers
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
