package plan

import (
	"context"
	"errors"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/route/snap"
)

// MaxAlternatives is the most routes an alternatives answer holds.
const MaxAlternatives = 3

// DirectionsRequest is a route from the first location through the
// others in order.
type DirectionsRequest struct {
	Locations []geo.LatLng
	// Alternatives asks for up to MaxAlternatives routes when there is one
	// destination.
	Alternatives bool
	// UTurnAtVia lets each leg start whichever way is best (OSRM's
	// continue_straight=false); by default a route leaves a via point the
	// way it arrived, turning back there only when nothing else leads on.
	UTurnAtVia bool
	Options
}

// DirectionsResult is a planned answer: the snapped locations and either the
// locations with no road (Missing), or the routes (none when no path
// joins the locations).
type DirectionsResult struct {
	Points  []snap.Point
	Missing []int
	Routes  []Route
}

// Route is one route: a leg per consecutive pair of locations.
type Route struct {
	Legs                 []Leg
	Ferry, Toll, Unpaved bool // some maneuver takes a ferry, a toll road, an unpaved road
}

// Directions snaps the locations, searches the paths (alternatives with
// one destination, else one leg per consecutive pair) and describes them.
func Directions(ctx context.Context, en *pathfind.Engine, q DirectionsRequest) (*DirectionsResult, error) {
	pts, missing, err := SnapEach(ctx, en, q.Options, q.Locations)
	if err != nil {
		return nil, err
	}
	d := &DirectionsResult{Points: pts, Missing: missing}
	if len(missing) > 0 {
		return d, nil
	}
	paths, err := routePaths(ctx, en, q, pts)
	if errors.Is(err, pathfind.ErrNoPath) {
		return d, nil
	}
	if err != nil {
		return nil, err
	}
	for _, ps := range paths {
		legs, err := describeAll(ctx, en, q.Options, ps)
		if err != nil {
			return nil, err
		}
		r := Route{Legs: legs}
		for _, l := range legs {
			for k := range l.Maneuvers {
				m := &l.Maneuvers[k]
				r.Ferry, r.Toll, r.Unpaved = r.Ferry || m.Ferry, r.Toll || m.Toll, r.Unpaved || m.Unpaved
			}
		}
		d.Routes = append(d.Routes, r)
	}
	return d, nil
}

// routePaths returns the routes as lists of leg paths: with one
// destination and alternatives, up to MaxAlternatives one-leg routes;
// otherwise one route with a leg per consecutive pair.
func routePaths(ctx context.Context, en *pathfind.Engine, q DirectionsRequest, pts []snap.Point) ([][]*pathfind.Path, error) {
	if len(pts) == 2 && q.Alternatives {
		ps, err := en.Alternatives(ctx, q.Rules(), pts[0], pts[1], MaxAlternatives)
		if err != nil {
			return nil, err
		}
		out := make([][]*pathfind.Path, len(ps))
		for i, p := range ps {
			out[i] = []*pathfind.Path{p}
		}
		return out, nil
	}
	legs, err := Through(ctx, en, q, pts)
	if err != nil {
		return nil, err
	}
	return [][]*pathfind.Path{legs}, nil
}

// Through returns the paths of one route through the snapped points in
// order, a leg per consecutive pair, each leg after the first leaving its
// point the way the leg before arrived unless q.UTurnAtVia (when going on
// finds no path, the leg may turn back there).
func Through(ctx context.Context, en *pathfind.Engine, q DirectionsRequest, pts []snap.Point) ([]*pathfind.Path, error) {
	legs := make([]*pathfind.Path, 0, len(pts)-1)
	for i := 1; i < len(pts); i++ {
		from := pts[i-1]
		if i > 1 && !q.UTurnAtVia {
			from = onward(from, legs[i-2])
		}
		p, err := en.Path(ctx, q.Rules(), from, pts[i])
		if errors.Is(err, pathfind.ErrNoPath) && from != pts[i-1] {
			p, err = en.Path(ctx, q.Rules(), pts[i-1], pts[i])
		}
		if err != nil {
			return nil, err
		}
		legs = append(legs, p)
	}
	return legs, nil
}

// onward is via point pt bound to leave the way the leg before arrived
// (along that leg's last edge, in its direction): OSRM's continue
// straight at waypoints. A point at a junction reached along another edge
// than its own is put at that edge's end.
func onward(pt snap.Point, before *pathfind.Path) snap.Point {
	if len(before.Edges) == 0 {
		return pt
	}
	last := before.Edges[len(before.Edges)-1]
	if last.Edge != pt.Edge {
		pt.Edge, pt.Fraction = last.Edge, 0
		if last.Forward {
			pt.Fraction = 1
		}
	}
	pt.Heading = -1
	if last.Forward {
		pt.Heading = 1
	}
	return pt
}
