package trip

import (
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/bando-vn/bando/core/geo"
)

var seedFlag = flag.Uint64("trip.seed", 0, "seed of the random instances (0: $BANDO_SEED, else the test's fixed seed)")

// testSeed returns the seed of a randomised test and prints it.
func testSeed(t testing.TB, fixed uint64) uint64 {
	seed := fixed
	if env, err := strconv.ParseUint(os.Getenv("BANDO_SEED"), 10, 64); err == nil && env != 0 {
		seed = env
	}
	if *seedFlag != 0 {
		seed = *seedFlag
	}
	t.Logf("seed %d (rerun with -trip.seed=%d or BANDO_SEED=%d)", seed, seed, seed)
	return seed
}

// randomMatrix has independent costs in [1, 1000) each way; with
// probability unreach a pair is unreachable (+Inf).
func randomMatrix(rng *rand.Rand, n int, unreach float64) Matrix {
	m := NewMatrix(n)
	for i := range n {
		for j := range n {
			switch {
			case i == j:
			case rng.Float64() < unreach:
				m.Set(i, j, math.Inf(1))
			default:
				m.Set(i, j, 1+999*rng.Float64())
			}
		}
	}
	return m
}

// hanoiMatrix is a travel-time matrix (s) among n random points in Hà Nội:
// great-circle distance × a detour factor at 8 m/s, and one-way-like
// asymmetry — a third of the pairs take a detour of up to 60% in one
// direction only.
func hanoiMatrix(rng *rand.Rand, n int) Matrix {
	pts := make([]geo.LatLng, n)
	for i := range pts {
		pts[i] = geo.LatLng{Lat: 20.95 + 0.15*rng.Float64(), Lng: 105.75 + 0.15*rng.Float64()}
	}
	m := NewMatrix(n)
	for i := range n {
		for j := range n {
			if i == j {
				continue
			}
			t := geo.DistanceM(pts[i], pts[j]) * (1.25 + 0.25*rng.Float64()) / 8
			if rng.IntN(3) == 0 {
				t *= 1 + 0.6*rng.Float64()
			}
			m.Set(i, j, math.Round(t))
		}
	}
	return m
}
