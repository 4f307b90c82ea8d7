package search

import (
	"context"
	"fmt"
	"math/rand"
	"reflect"
	"testing"

	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/tile"
)

// regionsOf splits places into three regions, as a build would: the
// localities national, the others in "01" or "79" by longitude.
func regionsOf(places []place.Place) []string {
	out := make([]string, len(places))
	for i, p := range places {
		switch {
		case p.Layer == "locality":
			out[i] = place.NationalRegion
		case p.LngF() < 105.8:
			out[i] = "01"
		default:
			out[i] = "79"
		}
	}
	return out
}

// TestRegions checks the regions found by walking the key order.
func TestRegions(t *testing.T) {
	for _, c := range []struct {
		keys []string
		want []string
	}{
		{[]string{"sx/a", "sx/b-s"}, nil}, // one index (v2)
		{[]string{"sx/vn/a"}, []string{"sx/vn/"}},
		{[]string{"sx/01/a", "sx/01/b-w/0", "sx/79/a", "sx/vn/h", "sx/vn/z-t"}, []string{"sx/vn/", "sx/01/", "sx/79/"}},
		{[]string{"pid/0", "sx/05/a", "sx/vn/a", "sx/x-r"}, []string{"sx/vn/", "sx/05/"}},
		{[]string{"sx/01/a", "sx/79/a"}, nil}, // no national index: not a regional one
	} {
		tiles := map[string][]byte{}
		for _, k := range c.keys {
			tiles[k] = []byte{0x81, 0xa1, 'v', 2}
		}
		if got := Regions(openIndex(t, tiles)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%v: regions %v, want %v", c.keys, got, c.want)
		}
	}
}

// TestRegionalSameAnswers is the differential test of the regional index
// against the one index of the same places, with a budget large enough
// that both hold every place in complete shards: every place whose name
// is unique is found first by its name in both, and every query's best
// answer is the same. (Below the first, answers may differ where a word
// was read from summaries or corrected by a lexicon: each region has its
// own, so the regional index finds as many or more.)
func TestRegionalSameAnswers(t *testing.T) {
	seed := *seedFlag
	t.Logf("seed %d (-seed N to replay)", seed)
	rng := rand.New(rand.NewSource(seed))
	places := randomPlaces(rng, 120)
	one, err := place.BuildIndexWith(places, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	reg, err := place.BuildRegionalIndex(places, regionsOf(places))
	if err != nil {
		t.Fatal(err)
	}
	for k := range reg {
		if len(k) < 6 || k[:6] != "sx/vn/" && k[:6] != "sx/01/" && k[:6] != "sx/79/" {
			t.Fatalf("key %q outside the regions' roots", k)
		}
	}
	srcOne, srcReg := openIndex(t, one), openIndex(t, reg)
	if got := Regions(srcReg); len(got) != 3 {
		t.Fatalf("regions %v", got)
	}
	names := map[string]int{}
	for _, p := range places {
		names[p.Name]++
	}
	queries := []string{"pho", "ha noi", "hang bac", "nguyen trai", "ben thanh", "12 hang", "tan binh phu", "xuan", "cho d", "le l"}
	for _, p := range places {
		queries = append(queries, p.Name)
	}
	ctx := context.Background()
	found := 0
	for _, q := range queries {
		a, _, err := Search(ctx, srcOne, Query{Text: q, Size: 10})
		if err != nil {
			t.Fatal(err)
		}
		b, st, err := Search(ctx, srcReg, Query{Text: q, Size: 10})
		if err != nil {
			t.Fatal(err)
		}
		if len(a) != 0 && (len(b) == 0 || a[0].Place.ID != b[0].Place.ID && a[0].Score != b[0].Score) {
			t.Errorf("%q: one index %s, regional %s (read %v)", q, hitList(a), hitList(b), st.Keys)
		}
		if names[q] == 1 {
			for _, h := range b {
				if h.Place.Name == q {
					found++
					break
				}
			}
		}
		for _, k := range st.Keys {
			if _, ok := reg[k]; !ok {
				t.Errorf("%q: read %q, not a key of the bundle", q, k)
			}
		}
	}
	unique := 0
	for _, n := range names {
		if n == 1 {
			unique++
		}
	}
	if found != unique {
		t.Errorf("%d of %d places with a unique name found by it", found, unique)
	}
}

func hitList(hs []Hit) string {
	s := ""
	for _, h := range hs {
		s += fmt.Sprintf("%s:%.3f ", h.Place.ID, h.Score)
	}
	return s
}

// TestRegionalMissingRegionTile: a listed tile of a region that the
// source lacks fails the query (tile.ErrMissing), never reads as no data.
func TestRegionalMissingRegionTile(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	places := randomPlaces(rng, 60)
	reg, err := place.BuildRegionalIndex(places, regionsOf(places))
	if err != nil {
		t.Fatal(err)
	}
	m := tile.MapBundle(reg)
	for k := range reg {
		if k[:6] == "sx/79/" {
			delete(m, tile.Path(k))
		}
	}
	st, err := tile.Open(context.Background(), m, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Search(context.Background(), FromStore(st), Query{Text: places[0].Name}); err == nil {
		t.Fatal("a region's missing tiles read as no answer")
	}
}
