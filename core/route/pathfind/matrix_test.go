package pathfind_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

// checkMatrix requires every matrix cell to equal the route between the
// same points (cost exactly, distance within a centimetre).
func checkMatrix(t *testing.T, en *pathfind.Engine, profile string, locs []geo.LatLng) (reach, unreach int) {
	t.Helper()
	c, _ := costing.Get(profile)
	ctx := context.Background()
	pts, err := en.SnapAll(ctx, c, locs)
	if err != nil {
		t.Fatal(err)
	}
	m, err := en.Matrix(ctx, c, pts, pts)
	if err != nil {
		t.Fatal(err)
	}
	for i := range pts {
		for j := range pts {
			p, err := en.Path(ctx, c, pts[i], pts[j])
			cell := m[i][j]
			if errors.Is(err, pathfind.ErrNoPath) {
				if cell.OK {
					t.Fatalf("%s %d→%d: matrix has %d, route finds none", profile, i, j, cell.Cost)
				}
				unreach++
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			leg, err := en.Leg(ctx, c, p)
			if err != nil {
				t.Fatal(err)
			}
			if !cell.OK || cell.Cost != p.Cost || math.Abs(cell.DistanceM-leg.DistanceM) > 0.01 {
				t.Fatalf("%s %d→%d: matrix %+v, route cost %d distance %.2f", profile, i, j, cell, p.Cost, leg.DistanceM)
			}
			reach++
		}
	}
	return reach, unreach
}

func TestMatrixFixture(t *testing.T) {
	en := openEngine(t, rulesTiles(t))
	locs := []geo.LatLng{at(0.5, 0), at(0.5, 3), at(3, 2.5), at(3, 0.5), at(6, 0.5), at(6, 2.5), at(9, 0.5), at(9.5, 1)}
	for _, p := range []string{"car", "walking", "truck"} {
		r, u := checkMatrix(t, en, p, locs)
		if r == 0 || u == 0 {
			t.Errorf("%s: %d reachable and %d unreachable pairs; the fixture has both", p, r, u)
		}
	}
}

func TestMatrixHanoi(t *testing.T) {
	en := openEngine(t, hanoiTiles(t))
	rng := rand.New(rand.NewPCG(seed(t), 3))
	r, _ := checkMatrix(t, en, "car", graphfix.RandomPoints(t, en.G, rng, 12))
	if r < 100 {
		t.Errorf("only %d reachable pairs", r)
	}
}
