package plan

import (
	"context"
	"errors"
	"math"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/route/snap"
	"github.com/bando-vn/bando/core/trip"
)

// TripResult is a planned trip: the visiting order (indices of the locations)
// and one leg per consecutive pair of it.
type TripResult struct {
	Order []int
	Legs  []Leg
}

// Trip snaps the locations (a *NoRoadError naming "locations"), solves
// their visiting order over the time matrix (the first stays first, the
// last last) and routes and describes each consecutive pair. A pair of the
// best order without a path is a *NoPathError.
func Trip(ctx context.Context, en *pathfind.Engine, o Options, locs []geo.LatLng) (*TripResult, error) {
	pts, err := SnapAll(ctx, en, o, "locations", locs)
	if err != nil {
		return nil, err
	}
	order, err := VisitOrder(ctx, en, o, pts)
	if err != nil {
		return nil, err
	}
	legs, err := RouteOrder(ctx, en, o, pts, order)
	if err != nil {
		return nil, err
	}
	return &TripResult{Order: order, Legs: legs}, nil
}

// VisitOrder solves the order of the stops over their travel times (the
// matrix's deciseconds; +Inf for a pair without a path): the first stays
// first, the last last.
func VisitOrder(ctx context.Context, en *pathfind.Engine, o Options, pts []snap.Point) ([]int, error) {
	cells, err := en.Matrix(ctx, o.Rules(), pts, pts)
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
			return nil, &NoPathError{From: i, To: j}
		}
	}
	return res.Order, nil
}

// RouteOrder routes each consecutive pair of the order and describes it
// (roundabouts keep their exit maneuver, as Valhalla gives it).
func RouteOrder(ctx context.Context, en *pathfind.Engine, o Options, pts []snap.Point, order []int) ([]Leg, error) {
	out := make([]Leg, 0, len(order)-1)
	for k := 1; k < len(order); k++ {
		i, j := order[k-1], order[k]
		p, err := en.Path(ctx, o.Rules(), pts[i], pts[j])
		if errors.Is(err, pathfind.ErrNoPath) {
			return nil, &NoPathError{From: i, To: j}
		}
		if err != nil {
			return nil, err
		}
		l, err := Describe(ctx, en, o, p)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}
