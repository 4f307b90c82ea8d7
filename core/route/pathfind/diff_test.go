package pathfind_test

import (
	"context"
	"errors"
	"flag"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/tile"
	"github.com/bando-vn/bando/internal/fixture"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

var hanoiProfiles = []string{"car", "motor", "truck", "walking"}

// hanoiPBF is the city whose graph the differential, matrix and motorbike
// tests build. Under wasm (make test-wasm, in Node) the Hoàn Kiếm cut of the
// same data stands in: building Hà Nội's hierarchies inside wasm outlasts
// the test timeout, and the native run of the same tests covers the city.
var hanoiPBF = map[bool]string{
	false: fixture.HanoiPBF,
	true:  fixture.HoanKiemPBF,
}[runtime.GOOS == "js"]

var (
	seedFlag  = flag.Uint64("seed", 0, "seed of the random pairs (0: time-based)")
	pairsFlag = flag.Int("pairs", 200, "random pairs per profile in the differential test (the acceptance run uses -pairs=1000)")
)

// hanoiTiles builds the Hà Nội graph layer once per test binary.
func hanoiTiles(tb testing.TB) map[string][]byte {
	path := fixture.Shared(tb, hanoiPBF)
	tiles, err := fixture.Once("pathfind/hanoi", func() (map[string][]byte, error) {
		t0 := time.Now()
		m, _, err := graphfix.FromFile(path, hanoiProfiles...)
		tb.Logf("Hà Nội graph built in %s", time.Since(t0))
		return m, err
	})
	if err != nil {
		tb.Fatalf("Hà Nội graph: %v", err)
	}
	return tiles
}

func openEngine(tb testing.TB, tiles map[string][]byte) *pathfind.Engine {
	st, err := tile.Open(context.Background(), tile.MapBundle(tiles), 256<<20)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := graph.Open(context.Background(), st)
	if err != nil {
		tb.Fatal(err)
	}
	return pathfind.New(g)
}

func seed(t *testing.T) uint64 {
	s := *seedFlag
	if s == 0 {
		s = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d (rerun with -seed=%d)", s, s)
	return s
}

// TestDifferentialHanoi: the hierarchy query (with its exact fallback)
// costs exactly what the plain edge-based Dijkstra on the full graph costs.
func TestDifferentialHanoi(t *testing.T) {
	src := hanoiTiles(t)
	fast, ref := openEngine(t, src), openEngine(t, src)
	ref.NoHierarchy = true
	ctx := context.Background()
	n := *pairsFlag
	if testing.Short() {
		n = 30
	}
	for _, name := range []string{"car", "motor", "truck", "walking"} {
		t.Run(name, func(t *testing.T) {
			c, _ := costing.Get(name)
			rng := rand.New(rand.NewPCG(seed(t), 1))
			pts := graphfix.RandomPoints(t, fast.G, rng, 2*n)
			same, none, fallback := 0, 0, 0
			for i := 0; i < n; i++ {
				sp, err1 := fast.SnapAll(ctx, c, pts[2*i:2*i+2])
				if err1 != nil {
					continue // a point on a road this vehicle may not use
				}
				a, errA := fast.Path(ctx, c, sp[0], sp[1])
				b, errB := ref.Path(ctx, c, sp[0], sp[1])
				if errors.Is(errA, pathfind.ErrNoPath) && errors.Is(errB, pathfind.ErrNoPath) {
					none++
					continue
				}
				if errA != nil || errB != nil {
					t.Fatalf("pair %d %v→%v: fast %v, plain %v", i, pts[2*i], pts[2*i+1], errA, errB)
				}
				if a.Cost != b.Cost {
					t.Fatalf("pair %d %v→%v: hierarchy cost %d, plain Dijkstra %d", i, pts[2*i], pts[2*i+1], a.Cost, b.Cost)
				}
				if a.Fallback {
					fallback++
				}
				same++
			}
			t.Logf("%s: %d pairs equal, %d unreachable in both, %d answered by the fallback", name, same, none, fallback)
			if same < n/2 {
				t.Fatalf("only %d of %d pairs routed", same, n)
			}
		})
	}
}

// TestSmallTileCache: with a tile cache far smaller than a route's tiles
// (the graph then evicts and re-reads tiles within one search, as in a
// Worker isolate), routes are the same as with every tile kept, and the
// cache stays within its budget.
func TestSmallTileCache(t *testing.T) {
	src := hanoiTiles(t)
	// An eighth of what a car route can read (the graph and car's
	// hierarchy; Hà Nội natively, Hoàn Kiếm in wasm): the other profiles'
	// hierarchies are never read here, so counting them would let a small
	// graph fit whole and nothing be evicted.
	budget := 0
	for k, b := range src {
		if strings.HasPrefix(k, graph.Prefix) || strings.HasPrefix(k, graph.CHPrefix+"car/") {
			budget += len(b)
		}
	}
	budget /= 8
	npts := map[bool]int{false: 30, true: 12}[runtime.GOOS == "js"] // re-reads are slow in wasm
	st, err := tile.Open(context.Background(), tile.MapBundle(src), budget)
	if err != nil {
		t.Fatal(err)
	}
	g, err := graph.Open(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	small, ref := pathfind.New(g), openEngine(t, src)
	ctx := context.Background()
	c, _ := costing.Get("car")
	rng := rand.New(rand.NewPCG(seed(t), 1))
	pts := graphfix.RandomPoints(t, ref.G, rng, npts)
	routed := 0
	for i := 0; i+1 < len(pts); i += 2 {
		a, errA := small.Route(ctx, c, pts[i:i+2])
		b, errB := ref.Route(ctx, c, pts[i:i+2])
		if (errA == nil) != (errB == nil) {
			t.Fatalf("pair %v→%v: small cache %v, full %v", pts[i], pts[i+1], errA, errB)
		}
		if errA != nil {
			continue
		}
		routed++
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("pair %v→%v: the small cache's route differs (%.1f m vs %.1f m)", pts[i], pts[i+1], a.DistanceM, b.DistanceM)
		}
		if n := st.Stats().Bytes; n > budget {
			t.Fatalf("cache holds %d bytes, budget %d", n, budget)
		}
	}
	t.Logf("%d pairs routed; cache %+v for %d tiles", routed, st.Stats(), len(src))
	// Re-reads show either as evictions or, for a tile larger than the whole
	// budget (never kept), as more misses than there are tiles.
	if s := st.Stats(); routed < npts/4 || (s.Evictions == 0 && s.Misses <= len(src)) {
		t.Fatalf("%d pairs routed, %d evictions, %d misses of %d tiles: the test did not exercise eviction", routed, s.Evictions, s.Misses, len(src))
	}
}
