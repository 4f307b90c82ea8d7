package search

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/text"
	"github.com/bando-vn/bando/core/tile"
)

var seedFlag = flag.Int64("seed", 1, "seed of the random index tests")

var syllables = []string{"Phở", "Huế", "Hà", "Nội", "Nguyễn", "Trãi", "Bến", "Thành", "Chợ", "Đồng", "Xuân", "Ngõ",
	"Hàng", "Bạc", "Lê", "Lợi", "Trần", "Hưng", "Đạo", "Văn", "Cừ", "Phố", "Đường", "Quận", "Tân", "Bình", "Phú", "An"}

// randomPlaces makes n places with names of 1–4 syllables (some streets
// and addresses) spread over Hà Nội.
func randomPlaces(rng *rand.Rand, n int) []place.Place {
	var out []place.Place
	layers := []string{"venue", "street", "address", "locality"}
	for i := 0; i < n; i++ {
		k := 1 + rng.Intn(4)
		name := ""
		for j := 0; j < k; j++ {
			if j > 0 {
				name += " "
			}
			name += syllables[rng.Intn(len(syllables))]
		}
		layer := layers[rng.Intn(len(layers))]
		if layer == "address" {
			name = fmt.Sprintf("%d %s", 1+rng.Intn(300), name)
		}
		out = append(out, place.Place{ID: fmt.Sprintf("n%d", i), Name: name, Layer: layer, Rank: 5 + rng.Intn(30),
			Lat: geo.E7(20.9 + 0.2*rng.Float64()), Lng: geo.E7(105.7 + 0.2*rng.Float64())})
	}
	return out
}

// randomIndex builds the index of n random places (seed from -seed, logged)
// with a small shard budget, so that prefix splits, summaries, area shards
// and pairs all occur; rng goes on from where the places left it.
func randomIndex(t *testing.T, n int) (*rand.Rand, []place.Place, map[string][]byte) {
	seed := *seedFlag
	t.Logf("seed %d (-seed N to replay)", seed)
	rng := rand.New(rand.NewSource(seed))
	places := randomPlaces(rng, n)
	tiles, err := place.BuildIndexWith(places, 3000)
	if err != nil {
		t.Fatal(err)
	}
	return rng, places, tiles
}

func openIndex(t testing.TB, tiles map[string][]byte) Source {
	st, err := tile.OpenMap(tiles)
	if err != nil {
		t.Fatal(err)
	}
	return FromStore(st)
}

// TestEveryPlaceFindable is the differential test of the sharded index
// against a linear scan: with a small shard budget (so prefix splits,
// summaries, area shards and pairs all occur), every place whose full name
// is unique is found by that name, typed whole, with the focus on it, and
// every result matches the query the way the scan says it does.
func TestEveryPlaceFindable(t *testing.T) {
	_, places, tiles := randomIndex(t, 1500)
	kinds := map[string]int{}
	for k := range tiles {
		switch {
		case len(k) > 3 && k[len(k)-3:] == "-ws":
			kinds["summary"]++
		case containsStr(k, "-w/"):
			kinds["area"]++
		case containsStr(k, "-p"):
			kinds["pair"]++
		}
	}
	if kinds["summary"] == 0 || kinds["area"] == 0 || kinds["pair"] == 0 {
		t.Fatalf("the budget did not exercise every split: %v", kinds)
	}
	src := openIndex(t, tiles)
	byName := map[string]int{}
	for _, p := range places {
		byName[text.Fold(p.Name)]++
	}
	missed := 0
	for _, p := range places {
		if byName[text.Fold(p.Name)] > 1 {
			continue
		}
		focus := geo.PointE7(p.Lat, p.Lng)
		hits, st, err := Search(context.Background(), src, Query{Text: p.Name + " ", Focus: &focus, Size: 10})
		if err != nil {
			t.Fatal(err)
		}
		if st.Tiles > MaxTiles || st.Bytes > MaxBytes {
			t.Fatalf("%q read %d tiles, %d bytes", p.Name, st.Tiles, st.Bytes)
		}
		found := false
		for _, h := range hits {
			found = found || h.Place.ID == p.ID
			if !scanMatches(h.Place.Name, p.Name) {
				t.Errorf("%q found %q, which the scan does not match", p.Name, h.Place.Name)
			}
		}
		if !found {
			missed++
			t.Errorf("%q (%s) not found; read %v", p.Name, p.ID, st.Keys)
		}
	}
	t.Logf("%d tiles %v, %d missed", len(tiles), kinds, missed)
}

// scanMatches is the slow obvious matcher: every query word is a word of
// the name, up to the typo budget, or an optional house number / street word.
func scanMatches(name, query string) bool {
	words := text.Tokens(name)
	for _, q := range text.Tokens(query) {
		ok := isNumber(q) || optionalWord(q)
		for _, w := range words {
			if k := text.MaxEditsFor(len(q), len(w)); text.Edits(q, w, k) <= k || len(w) > len(q) && w[:len(q)] == q {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func containsStr(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

func FuzzSearch(f *testing.F) {
	rng := rand.New(rand.NewSource(1))
	tiles, err := place.BuildIndexWith(randomPlaces(rng, 300), 3000)
	if err != nil {
		f.Fatal(err)
	}
	src := openIndex(f, tiles)
	f.Add("pho hue", 21.0, 105.8)
	f.Add("nguyeenx traix", 0.0, 0.0)
	f.Add("12 ngõ 34 hàng bạc", 91.0, 200.0)
	f.Fuzz(func(t *testing.T, q string, lat, lng float64) {
		focus := &geo.LatLng{Lat: lat, Lng: lng}
		_, st, err := Search(context.Background(), src, Query{Text: q, Focus: focus, Size: 5, RadiusKm: 50})
		if err != nil {
			t.Fatal(err)
		}
		if st.Tiles > MaxTiles || st.Bytes > MaxBytes {
			t.Fatalf("%q read %d tiles", q, st.Tiles)
		}
	})
}

// keySource is a Source of keys only (sizes 1), for the key walks.
type keySource []string // sorted

func (k keySource) Size(key string) (int, bool) {
	i := sort.SearchStrings(k, key)
	return 1, i < len(k) && k[i] == key
}

func (k keySource) Floor(key string) (string, bool) {
	i := sort.SearchStrings(k, key)
	if i == 0 {
		return "", false
	}
	return k[i-1], true
}

func (keySource) SearchTile(context.Context, string) (*place.SearchTile, error) { return nil, nil }

// TestPacked: the run holding a child is found past the child's own word,
// pair and summary keys and its split siblings' descendants; a split
// sibling between them ends the walk.
func TestPacked(t *testing.T) {
	for _, c := range []struct {
		keys []string
		base string
		c    byte
		want string
	}{
		{[]string{"sx/phk.o", "sx/pho-p/x", "sx/pho-ws"}, "sx/ph", 'o', "sx/phk.o"},                       // o's own keys sort after the run
		{[]string{"sx/phk.o", "sx/pho-ws", "sx/phu-s", "sx/phua", "sx/phun.y"}, "sx/ph", 'n', "sx/phk.o"}, // u split, after n
		{[]string{"sx/pha", "sx/phb-s", "sx/phba", "sx/phc.o"}, "sx/ph", 'o', "sx/phc.o"},
		{[]string{"sx/pha.b", "sx/phc-s", "sx/phca", "sx/phd.z"}, "sx/ph", 'c', ""}, // c is split: no run holds it
		{[]string{"sx/pha.c", "sx/phe"}, "sx/ph", 'd', ""},                          // no token starts with phd
	} {
		src := keySource(c.keys)
		sort.Strings(src)
		ref, ok := packed(src, c.base, c.c)
		if got := map[bool]string{true: ref.key}[ok]; got != c.want {
			t.Errorf("packed(%v, %q, %q) = %q, want %q", c.keys, c.base, c.c, got, c.want)
		}
	}
}

// TestPruneSameAnswers: dropping the records the top would refuse before
// their distance (pruneOutOfTop) changes no answer: on a random index,
// queries of one to three typed syllables (whole, prefixes, typos), with
// and without a focus, radius and sizes, give the same hits, scores,
// distances and reads both ways.
func TestPruneSameAnswers(t *testing.T) {
	rng, places, tiles := randomIndex(t, 3000)
	src := openIndex(t, tiles)
	defer func() { pruneOutOfTop = true }()
	pruned := 0
	for i := 0; i < 600; i++ {
		var words []string
		for n := 1 + rng.Intn(3); n > 0; n-- {
			w := text.Fold(syllables[rng.Intn(len(syllables))])
			switch rng.Intn(4) {
			case 0:
				w = w[:1+rng.Intn(len(w))] // typed short
			case 1:
				w += "x" // a typo
			}
			words = append(words, w)
		}
		q := Query{Text: strings.Join(words, " "), Size: 1 + rng.Intn(10)}
		if rng.Intn(4) > 0 {
			f := geo.LatLng{Lat: 20.85 + 0.3*rng.Float64(), Lng: 105.65 + 0.3*rng.Float64()}
			if rng.Intn(2) == 0 { // on a place: distances near 0 cost least
				p := places[rng.Intn(len(places))]
				f = geo.PointE7(p.Lat, p.Lng)
			}
			q.Focus = &f
			q.RadiusKm = []float64{0, 3, 10, 50}[rng.Intn(4)]
		}
		pruneOutOfTop = true
		fast, fs, err1 := Search(context.Background(), src, q)
		pruneOutOfTop = false
		slow, ss, err2 := Search(context.Background(), src, q)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !reflect.DeepEqual(fast, slow) || !reflect.DeepEqual(fs, ss) {
			t.Fatalf("%+v: pruned %v %v, not %v %v", q, hitIDs(fast), fs.Keys, hitIDs(slow), ss.Keys)
		}
		if len(fast) > 0 {
			pruned++
		}
	}
	if pruned < 200 {
		t.Fatalf("only %d of 600 queries answered: the test compares too little", pruned)
	}
}

func hitIDs(hs []Hit) []string {
	var out []string
	for _, h := range hs {
		out = append(out, fmt.Sprintf("%s %.6f %.1f", h.Place.ID, h.Score, h.DistanceM))
	}
	return out
}
