package core

import (
	"context"
	"fmt"
	"strings"

	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/guidance/narrative"
	"github.com/bando-vn/bando/core/route/plan"
	"github.com/bando-vn/bando/core/route/snap"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/google"
)

// Directions (API.md §3.7): origin and destinations → plan.Directions
// (snap, search: alternatives with one destination, else one leg per
// pair; guidance) → the waypoints' addresses → the Google Directions shape.

// MaxDestinations is the most destinations one request may join with ";"
// (Google's limit of 25 waypoints).
const MaxDestinations = 25

// MaxAlternatives is the most routes an alternatives answer holds.
const MaxAlternatives = plan.MaxAlternatives

// travelModes maps each vehicle to its profile's Google travel mode.
var travelModes = map[string]string{"car": "DRIVING", "taxi": "DRIVING", "truck": "DRIVING",
	"motor": "TWO_WHEELER", "bike": "BICYCLING", "walking": "WALKING"}

type directionRequest struct {
	points       []geo.LatLng // origin, then the destinations
	alternatives bool
	straight     bool // continue straight at via points (OSRM's continue_straight)
	costing      *costing.Profile
	avoid        costing.Avoid
	mode         string
	lang         narrative.Lang
	common
}

func parseDirection(p params) (*directionRequest, error) {
	q := &directionRequest{}
	var err error
	if q.common, err = p.common(); err != nil {
		return nil, err
	}
	origin, ok, err := p.latLng("origin")
	if err != nil {
		return nil, err
	} else if !ok {
		return nil, errs.InvalidParam("origin", `required: "lat,lng"`)
	}
	q.points = []geo.LatLng{origin}
	if !p.has("destination") || strings.TrimSpace(p.get("destination")) == "" {
		return nil, errs.InvalidParam("destination", `required: "lat,lng", several joined by ";"`)
	}
	parts := strings.Split(p.get("destination"), ";")
	if len(parts) > MaxDestinations {
		return nil, errs.InvalidParam("destination", "%d destinations exceed the limit of %d", len(parts), MaxDestinations)
	}
	for i, s := range parts {
		name := "destination"
		if len(parts) > 1 {
			name = fmt.Sprintf("destination[%d]", i)
		}
		ll, err := parseLatLng(name, s)
		if err != nil {
			return nil, err
		}
		q.points = append(q.points, ll)
	}
	if q.alternatives, err = p.boolean("alternatives", true); err != nil {
		return nil, err
	}

	vehicle := "car"
	if p.has("vehicle") {
		vehicle = strings.ToLower(strings.TrimSpace(p.get("vehicle")))
	}
	if q.mode = travelModes[vehicle]; q.mode == "" {
		return nil, errs.InvalidParam("vehicle", "unknown vehicle %q: expected car, taxi, truck, motor, bike or walking", p.get("vehicle"))
	}
	q.costing, _ = costing.Get(vehicle)
	// Vehicles go on through a via point by default; a person on foot or
	// on a bicycle turns back (OSRM's profiles' continue_straight_at_waypoint).
	if q.straight, err = p.boolean("continue_straight", vehicle != "walking" && vehicle != "bike"); err != nil {
		return nil, err
	}
	if p.has("language") {
		if q.lang, ok = narrative.ParseLang(strings.TrimSpace(p.get("language"))); !ok {
			return nil, errs.InvalidParam("language", "unknown language %q: expected vi or en", p.get("language"))
		}
	}
	if q.avoid, err = costing.ParseAvoid(p.get("avoid")); err != nil {
		return nil, errs.InvalidParam("avoid", "%v", err)
	}
	return q, nil
}

// serveDirection answers /v1/direction: parse → plan → enrich → shape.
func serveDirection(ctx context.Context, e *Engine, p params, _ *Request) (shape.Body, error) {
	q, err := parseDirection(p)
	if err != nil {
		return nil, err
	}
	en, err := e.router(ctx)
	if err != nil {
		return nil, err
	}
	d, err := plan.Directions(ctx, en, plan.DirectionsRequest{Locations: q.points, Alternatives: q.alternatives,
		UTurnAtVia: !q.straight, Options: plan.Options{Costing: q.costing, Avoid: q.avoid}})
	if err != nil {
		return nil, err
	}
	if len(d.Missing) > 0 {
		return google.DirectionsNotFound(len(q.points), d.Missing), nil
	}
	if len(d.Routes) == 0 {
		return google.DirectionsOf(nil, len(q.points), q.mode, q.lang), nil
	}
	addrs, err := e.addresses(ctx, d.Points, q.adminV2)
	if err != nil {
		return nil, err
	}
	routes := make([]google.RouteIn, len(d.Routes))
	for i, r := range d.Routes {
		routes[i] = routeIn(r, addrs, q.lang)
	}
	return google.DirectionsOf(routes, len(q.points), q.mode, q.lang), nil
}

// routeIn is what the shape needs of one planned route: each leg's
// maneuvers, totals and end addresses, and the route's warnings.
func routeIn(r plan.Route, addrs []string, lang narrative.Lang) google.RouteIn {
	var out google.RouteIn
	for i, l := range r.Legs {
		out.Legs = append(out.Legs, google.LegIn{Maneuvers: l.Maneuvers, DistanceM: l.Desc.DistanceM,
			DurationS: l.Desc.DurationS, StartAddress: addrs[i], EndAddress: addrs[i+1]})
	}
	out.Warnings = narrative.Warnings(r.Ferry, r.Toll, r.Unpaved, lang)
	return out
}

// addresses labels each snapped waypoint: the road's name, then its ward,
// district and province when the bundle has the administrative layer.
func (e *Engine) addresses(ctx context.Context, pts []snap.Point, v2 bool) ([]string, error) {
	out := make([]string, len(pts))
	l := e.adminLookup()
	for i, pt := range pts {
		parts := []string{pt.Name}
		if l != nil {
			at, err := l.Lookup(ctx, pt.Snapped.Lat, pt.Snapped.Lng)
			if err != nil {
				return nil, err
			}
			n := at.Names(v2)
			parts = append(parts, n.Ward, n.District, n.Province)
		}
		out[i] = joinParts(parts)
	}
	return out, nil
}

func joinParts(parts []string) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, ", ")
}
