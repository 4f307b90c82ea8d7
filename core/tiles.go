package core

import (
	"context"
	"strconv"
	"strings"

	"github.com/bando-vn/bando/core/basemap"
	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/shape"
)

// tilesPrefix is the path of the basemap endpoint; the tile is in the path:
// /v1/tiles/{z}/{x}/{y}.mvt (docs/API.md, "Basemap tiles").
const tilesPrefix = "/v1/tiles/"

// serveTiles answers /v1/tiles/{z}/{x}/{y}.mvt: the tile's bytes, or an
// empty body where the bundle has no data.
func serveTiles(ctx context.Context, e *Engine, _ params, r *Request) (shape.Body, error) {
	path, _ := splitTarget(r.Target)
	z, x, y, err := parseTilePath(strings.TrimPrefix(path, tilesPrefix))
	if err != nil {
		return nil, err
	}
	b, err := basemap.Tile(ctx, e.store, z, x, y)
	if err != nil {
		return nil, err
	}
	return shape.MVT(b), nil
}

// parseTilePath reads "{z}/{x}/{y}.mvt".
func parseTilePath(s string) (z, x, y int, err error) {
	bad := errs.InvalidParam("tile", "expected /v1/tiles/{z}/{x}/{y}.mvt with 0 ≤ z ≤ 24 and 0 ≤ x, y < 2^z")
	parts := strings.Split(strings.TrimSuffix(s, ".mvt"), "/")
	if len(parts) != 3 || !strings.HasSuffix(s, ".mvt") {
		return 0, 0, 0, bad
	}
	var v [3]int
	for i, p := range parts {
		if len(p) == 0 || len(p) > 9 {
			return 0, 0, 0, bad
		}
		if v[i], err = strconv.Atoi(p); err != nil {
			return 0, 0, 0, bad
		}
	}
	if !basemap.ValidTile(v[0], v[1], v[2]) {
		return 0, 0, 0, bad
	}
	return v[0], v[1], v[2], nil
}
