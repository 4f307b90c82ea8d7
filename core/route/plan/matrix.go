package plan

import (
	"context"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/pathfind"
)

// Matrix snaps the sources and the targets (a location with no road is
// a *NoRoadError naming "sources" or "targets") and answers the cost and
// distance of every pair (pathfind.Engine.Matrix).
func Matrix(ctx context.Context, en *pathfind.Engine, o Options, sources, targets []geo.LatLng) ([][]pathfind.Cell, error) {
	src, err := SnapAll(ctx, en, o, "sources", sources)
	if err != nil {
		return nil, err
	}
	dst, err := SnapAll(ctx, en, o, "targets", targets)
	if err != nil {
		return nil, err
	}
	return en.Matrix(ctx, o.Rules(), src, dst)
}
