package geocode

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"reflect"
	"sort"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/tile"
)

var seed = flag.Int64("seed", 20251123, "seed of the random tests")

// randomWorld makes n places around Hà Nội in place cells and returns them with their store.
func randomWorld(t testing.TB, rng *rand.Rand, n int) ([]place.Place, *tile.Store) {
	cats := [][]string{{"restaurant", "pho_restaurant"}, {"cafe"}, {"atm"}, {"fuel"}, {"pharmacy"}, {"hospital"}}
	layers := []string{"venue", "venue", "venue", "locality", "neighbourhood", "address", "street", "locality"}
	var all []place.Place
	cells := map[string][]place.Place{}
	for i := 0; i < n; i++ {
		p := place.Place{ID: fmt.Sprintf("n%d", i), Name: fmt.Sprintf("P%d", i),
			Lat: geo.E7(21.0 + rng.Float64()*0.6 - 0.3), Lng: geo.E7(105.8 + rng.Float64()*0.6 - 0.3),
			Layer: layers[rng.Intn(len(layers))], Category: cats[rng.Intn(len(cats))]}
		if i%7 == 0 && p.Layer == "locality" {
			p.Category = []string{"admin", "new_ward"} // an administrative unit's place
		}
		all = append(all, p)
		k := place.CellKey(p.LatF(), p.LngF())
		cells[k] = append(cells[k], p)
	}
	tiles := map[string][]byte{}
	for k, ps := range cells {
		b, err := place.EncodePlaceTile(ps)
		if err != nil {
			t.Fatal(err)
		}
		tiles[k] = b
	}
	st, err := tile.OpenMap(tiles)
	if err != nil {
		t.Fatal(err)
	}
	return all, st
}

// bruteNear is the obvious answer: every place, filtered, sorted.
func bruteNear(all []place.Place, c geo.LatLng, radiusKm float64, size int, keep func(*place.Place) bool) []string {
	type h struct {
		id string
		d  float64
	}
	var hs []h
	for i := range all {
		if keep != nil && !keep(&all[i]) {
			continue
		}
		if d := geo.DistanceM(c, all[i].Point()); d <= radiusKm*1000 {
			hs = append(hs, h{all[i].ID, d})
		}
	}
	sort.Slice(hs, func(i, j int) bool { return hs[i].d < hs[j].d || hs[i].d == hs[j].d && hs[i].id < hs[j].id })
	var ids []string
	for i := 0; i < len(hs) && i < size; i++ {
		ids = append(ids, hs[i].id)
	}
	return ids
}

func ids(hs []Hit) []string {
	var out []string
	for _, h := range hs {
		out = append(out, h.Place.ID)
	}
	return out
}

func TestNearMatchesBruteForce(t *testing.T) {
	t.Logf("seed %d (-seed to change)", *seed)
	rng := rand.New(rand.NewSource(*seed))
	all, st := randomWorld(t, rng, 3000)
	ctx := context.Background()
	for q := 0; q < 300; q++ {
		c := geo.LatLng{Lat: 21.0 + rng.Float64()*0.7 - 0.35, Lng: 105.8 + rng.Float64()*0.7 - 0.35}
		r := []float64{0.2, 1, 5, 12}[rng.Intn(4)]
		size := 1 + rng.Intn(50)
		var keep func(*place.Place) bool
		var cats []string
		if rng.Intn(2) == 0 {
			cats = [][]string{{"cafe", "pho_restaurant"}, {"restaurant", "pho_restaurant"}, {"atm"}, {"cafe", "cafe"}}[rng.Intn(4)]
			keep = AnyCategory(cats)
		}
		got, err := Near(ctx, st, c, r, size, keep)
		if err != nil {
			t.Fatal(err)
		}
		if cats != nil { // the category index answers the same
			any, err := NearAny(ctx, st, c, r, size, cats)
			if err != nil || !reflect.DeepEqual(ids(any), ids(got)) {
				t.Fatalf("query %d: NearAny %v %v, Near %v", q, ids(any), err, ids(got))
			}
		}
		if want := bruteNear(all, c, r, size, keep); !reflect.DeepEqual(ids(got), want) {
			t.Fatalf("query %d at %v r=%v size=%d: got %v, want %v", q, c, r, size, ids(got), want)
		}
		for i := 1; i < len(got); i++ {
			if got[i].DistanceM < got[i-1].DistanceM {
				t.Fatalf("not by distance: %v", got)
			}
		}
	}
}

// TestReverseTiers: addresses and POIs by distance, then streets, then other places, never
// administrative units, against the obvious answer tier by tier.
func TestReverseTiers(t *testing.T) {
	t.Logf("seed %d (-seed to change)", *seed)
	rng := rand.New(rand.NewSource(*seed))
	all, st := randomWorld(t, rng, 3000)
	ctx := context.Background()
	tiers := 0
	for q := 0; q < 200; q++ {
		c := geo.LatLng{Lat: 21.0 + rng.Float64()*0.6 - 0.3, Lng: 105.8 + rng.Float64()*0.6 - 0.3}
		r, size := []float64{0.3, 1, 3}[rng.Intn(3)], 1+rng.Intn(30)
		got, err := Reverse(ctx, st, c, r, size)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, tier := range reverseTiers {
			want = append(want, bruteNear(all, c, r, size-len(want), tier)...)
		}
		if !reflect.DeepEqual(ids(got), want) {
			t.Fatalf("query %d at %v r=%v size=%d: got %v, want %v", q, c, r, size, ids(got), want)
		}
		seen := map[string]bool{}
		for _, h := range got {
			if isAdminUnit(h.Place) {
				t.Fatalf("an administrative unit among the answers: %v", h.Place.ID)
			}
			seen[h.Place.Layer] = true
		}
		if seen["street"] && (seen["venue"] || seen["address"]) {
			tiers++
		}
	}
	if tiers == 0 {
		t.Fatal("no query mixed tiers: the test checks nothing about the order")
	}
	// an address exactly at the point is first, at distance 0
	for _, p := range all {
		if p.Layer != "address" {
			continue
		}
		at, err := Reverse(ctx, st, p.Point(), 1, 1)
		if err != nil || len(at) != 1 || at[0].Place.ID != p.ID || at[0].DistanceM != 0 {
			t.Fatalf("at address %s: %+v %v", p.ID, at, err)
		}
		break
	}
}

func TestNearBadQuery(t *testing.T) {
	_, st := randomWorld(t, rand.New(rand.NewSource(1)), 10)
	for _, q := range []struct {
		c geo.LatLng
		r float64
	}{{geo.LatLng{Lat: 91, Lng: 0}, 1}, {geo.LatLng{Lat: 0, Lng: 0}, 0}, {geo.LatLng{Lat: 0, Lng: 0}, -1}} {
		if _, err := Near(context.Background(), st, q.c, q.r, 5, nil); err != ErrBadQuery {
			t.Errorf("%v r=%v: %v", q.c, q.r, err)
		}
	}
}

func BenchmarkNearby(b *testing.B) {
	rng := rand.New(rand.NewSource(*seed))
	_, st := randomWorld(b, rng, 20000)
	ctx := context.Background()
	keep := AnyCategory([]string{"cafe"})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := geo.LatLng{Lat: 21.0 + float64(i%100)*0.002, Lng: 105.8}
		if _, err := Near(ctx, st, c, 5, 5, keep); err != nil {
			b.Fatal(err)
		}
	}
}
