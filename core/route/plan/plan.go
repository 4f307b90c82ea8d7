package plan

import (
	"context"
	"errors"
	"fmt"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/guidance"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/route/snap"
)

// Options are what a plan is made under. A new routing option (avoid, a
// departure time...) is one more field here.
type Options struct {
	// Costing is the vehicle's profile.
	Costing *costing.Profile
	// Avoid lists the road features the plan must not use (tolls,
	// highways, ferries): routes avoid them exactly or there is none.
	Avoid costing.Avoid
}

// Rules is the costing every search and snap of the plan runs with: the
// profile, restricted by Avoid. With an avoid set it matches no hierarchy,
// so the exact edge-based search answers (costing.WithAvoid).
func (o Options) Rules() costing.Costing { return costing.WithAvoid(o.Costing, o.Avoid) }

// NoRoadError: location Index of the named list (sources, targets,
// locations) has no road the vehicle may use within snap.MaxDistanceM.
type NoRoadError struct {
	List  string
	Index int
}

func (e *NoRoadError) Error() string {
	return fmt.Sprintf("plan: no road near %s[%d]", e.List, e.Index)
}

func (e *NoRoadError) Unwrap() error { return snap.ErrNoRoad }

// NoPathError: no path from location From to location To.
type NoPathError struct{ From, To int }

func (e *NoPathError) Error() string {
	return fmt.Sprintf("plan: no path from location %d to location %d", e.From, e.To)
}

func (e *NoPathError) Unwrap() error { return pathfind.ErrNoPath }

// Leg is one routed leg: its path, its description edge by edge and its
// maneuvers.
type Leg struct {
	Path      *pathfind.Path
	Desc      pathfind.Leg
	Maneuvers []guidance.Maneuver
}

// SnapEach snaps every location; missing lists, in order, the locations
// with no usable road within snap.MaxDistanceM (their points are zero).
func SnapEach(ctx context.Context, en *pathfind.Engine, o Options, locs []geo.LatLng) (pts []snap.Point, missing []int, err error) {
	pts = make([]snap.Point, len(locs))
	for i, l := range locs {
		pts[i], err = en.Snap.Nearest(ctx, l, o.Rules())
		if errors.Is(err, snap.ErrNoRoad) {
			missing, err = append(missing, i), nil
		}
		if err != nil {
			return nil, nil, err
		}
	}
	return pts, missing, nil
}

// SnapAll snaps every location of the named list, or names the first one
// with no road (*NoRoadError).
func SnapAll(ctx context.Context, en *pathfind.Engine, o Options, list string, locs []geo.LatLng) ([]snap.Point, error) {
	pts, missing, err := SnapEach(ctx, en, o, locs)
	if err != nil {
		return nil, err
	}
	if len(missing) > 0 {
		return nil, &NoRoadError{List: list, Index: missing[0]}
	}
	return pts, nil
}

// Describe turns a path into a leg: its steps (pathfind.Engine.Leg) and its
// maneuvers (guidance.Build).
func Describe(ctx context.Context, en *pathfind.Engine, o Options, p *pathfind.Path) (Leg, error) {
	desc, err := en.Leg(ctx, o.Rules(), p)
	if err != nil {
		return Leg{}, err
	}
	ms, err := guidance.Build(ctx, en.G, o.Rules(), &desc, p.From, p.To)
	if err != nil {
		return Leg{}, err
	}
	return Leg{Path: p, Desc: desc, Maneuvers: ms}, nil
}

// describeAll describes each path in order.
func describeAll(ctx context.Context, en *pathfind.Engine, o Options, ps []*pathfind.Path) ([]Leg, error) {
	out := make([]Leg, 0, len(ps))
	for _, p := range ps {
		l, err := Describe(ctx, en, o, p)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}
