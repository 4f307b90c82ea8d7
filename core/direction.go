package core

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/guidance"
	"github.com/bando-vn/bando/core/route/guidance/narrative"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/route/snap"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/google"
)

// Directions (API.md §3.7): origin and destinations → snap → search
// (alternatives with one destination, else one leg per pair) → guidance →
// the Google Directions shape.

// MaxDestinations is the most destinations one request may join with ";"
// (Google's limit of 25 waypoints).
const MaxDestinations = 25

// MaxAlternatives is the most routes an alternatives answer holds.
const MaxAlternatives = 3

// travelModes maps each vehicle to its profile's Google travel mode.
var travelModes = map[string]string{"car": "DRIVING", "taxi": "DRIVING", "truck": "DRIVING",
	"motor": "TWO_WHEELER", "bike": "BICYCLING", "walking": "WALKING"}

type directionRequest struct {
	points       []geo.LatLng // origin, then the destinations
	alternatives bool
	costing      *costing.Profile
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
	if p.has("language") {
		if q.lang, ok = narrative.ParseLang(strings.TrimSpace(p.get("language"))); !ok {
			return nil, errs.InvalidParam("language", "unknown language %q: expected vi or en", p.get("language"))
		}
	}
	return q, nil
}

// serveDirection answers /v1/direction.
func serveDirection(ctx context.Context, e *Engine, p params, _ *Request) (shape.Body, error) {
	q, err := parseDirection(p)
	if err != nil {
		return nil, err
	}
	en, err := e.router(ctx)
	if err != nil {
		return nil, err
	}
	return e.directions(ctx, en, q)
}

// directions routes a parsed request.
func (e *Engine) directions(ctx context.Context, en *pathfind.Engine, q *directionRequest) (shape.Body, error) {
	pts, missing, err := snapWaypoints(ctx, en, q.costing, q.points)
	if err != nil {
		return nil, err
	}
	if len(missing) > 0 {
		return google.DirectionsNotFound(len(q.points), missing), nil
	}
	paths, err := routePaths(ctx, en, q, pts)
	if errors.Is(err, pathfind.ErrNoPath) {
		return google.DirectionsOf(nil, len(q.points), q.mode, q.lang), nil
	}
	if err != nil {
		return nil, err
	}
	addrs, err := e.addresses(ctx, pts, q.adminV2)
	if err != nil {
		return nil, err
	}
	routes := make([]google.RouteIn, 0, len(paths))
	for _, legs := range paths {
		r, err := routeIn(ctx, en, q, pts, legs, addrs)
		if err != nil {
			return nil, err
		}
		routes = append(routes, r)
	}
	return google.DirectionsOf(routes, len(q.points), q.mode, q.lang), nil
}

// snapWaypoints snaps every point; missing lists the points with no
// usable road within snap.MaxDistanceM.
func snapWaypoints(ctx context.Context, en *pathfind.Engine, c pathfind.Costing, locs []geo.LatLng) (pts []snap.Point, missing []int, err error) {
	pts = make([]snap.Point, len(locs))
	for i, l := range locs {
		pts[i], err = en.Snap.Nearest(ctx, l, c)
		if errors.Is(err, snap.ErrNoRoad) {
			missing, err = append(missing, i), nil
		}
		if err != nil {
			return nil, nil, err
		}
	}
	return pts, missing, nil
}

// routePaths returns the routes as lists of leg paths: with one
// destination and alternatives, up to MaxAlternatives one-leg routes;
// otherwise one route with a leg per consecutive pair.
func routePaths(ctx context.Context, en *pathfind.Engine, q *directionRequest, pts []snap.Point) ([][]*pathfind.Path, error) {
	if len(pts) == 2 && q.alternatives {
		ps, err := en.Alternatives(ctx, q.costing, pts[0], pts[1], MaxAlternatives)
		if err != nil {
			return nil, err
		}
		out := make([][]*pathfind.Path, len(ps))
		for i, p := range ps {
			out[i] = []*pathfind.Path{p}
		}
		return out, nil
	}
	legs := make([]*pathfind.Path, 0, len(pts)-1)
	for i := 1; i < len(pts); i++ {
		p, err := en.Path(ctx, q.costing, pts[i-1], pts[i])
		if err != nil {
			return nil, err
		}
		legs = append(legs, p)
	}
	return [][]*pathfind.Path{legs}, nil
}

// routeIn describes one route's legs for the shape.
func routeIn(ctx context.Context, en *pathfind.Engine, q *directionRequest, pts []snap.Point, legs []*pathfind.Path, addrs []string) (google.RouteIn, error) {
	var r google.RouteIn
	var ferry, toll, unpaved bool
	for i, p := range legs {
		leg, err := en.Leg(ctx, q.costing, p)
		if err != nil {
			return r, err
		}
		ms, err := guidance.Build(ctx, en.G, q.costing, &leg, pts[i], pts[i+1])
		if err != nil {
			return r, err
		}
		for k := range ms {
			ferry, toll, unpaved = ferry || ms[k].Ferry, toll || ms[k].Toll, unpaved || ms[k].Unpaved
		}
		r.Legs = append(r.Legs, google.LegIn{Maneuvers: ms, DistanceM: leg.DistanceM, DurationS: leg.DurationS,
			StartAddress: addrs[i], EndAddress: addrs[i+1]})
	}
	r.Warnings = narrative.Warnings(ferry, toll, unpaved, q.lang)
	return r, nil
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
