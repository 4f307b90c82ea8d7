package search

import (
	"context"
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/bando-vn/bando/core/addr"
	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
)

// fixtureUnits: Hà Nội (Đống Đa, Hai Bà Trưng) and TP.HCM (Quận 1), both
// structures.
func fixtureUnits() *admin.Units {
	return &admin.Units{
		NewProvinces: []admin.UnitsNewProvince{{Code: "01", Name: "Thành phố Hà Nội", Short: "Hà Nội"}, {Code: "79", Name: "Thành phố Hồ Chí Minh", Short: "Hồ Chí Minh"}},
		NewWards: []admin.UnitsNewWard{{Code: "00229", Name: "Phường Kim Liên", Province: "01"}, {Code: "00256", Name: "Phường Bạch Mai", Province: "01"},
			{Code: "00070", Name: "Phường Hoàn Kiếm", Province: "01"}, {Code: "26734", Name: "Phường Sài Gòn", Province: "79"}},
		OldProvinces: []admin.UnitsOldProvince{{Code: "01", Name: "Thành phố Hà Nội"}, {Code: "79", Name: "Thành phố Hồ Chí Minh"}},
		OldDistricts: []admin.UnitsOldDistrict{{Code: "002", Name: "Quận Hoàn Kiếm", Province: "01"}, {Code: "006", Name: "Quận Đống Đa", Province: "01"},
			{Code: "007", Name: "Quận Hai Bà Trưng", Province: "01"}, {Code: "760", Name: "Quận 1", Province: "79"}},
		OldWards: []admin.UnitsOldWard{{Code: "00049", Name: "Phường Hàng Trống", District: "002"}, {Code: "00232", Name: "Phường Phương Mai", District: "006"},
			{Code: "00244", Name: "Phường Phố Huế", District: "007"}, {Code: "26743", Name: "Phường Bến Thành", District: "760"}},
	}
}

var (
	inDongDa = []string{"00229", "00232", "006"}
	inHBT    = []string{"00256", "00244", "007"}
	inHK     = []string{"00070", "00049", "002"}
	inQ1     = []string{"26734", "26743", "760"}
)

// fixturePlaces: namesakes in both cities, two address points of one
// number 20 m apart, and filler names.
func fixturePlaces() []place.Place {
	at := func(id, name, layer string, lat, lng float64, codes []string) place.Place {
		return place.Place{ID: id, Name: name, Layer: layer, Rank: 20, Lat: geo.E7(lat), Lng: geo.E7(lng), Admin: codes}
	}
	ps := []place.Place{
		at("w1", "Phố Huế", "street", 21.0160, 105.8510, inHBT),
		at("n2", "Phở Huế", "venue", 10.7730, 106.6980, inQ1),
		at("n3", "Bệnh viện Bạch Mai", "venue", 21.0010, 105.8410, inDongDa),
		at("n4", "Bệnh viện Bạch Mai Cơ sở 2", "venue", 10.7750, 106.7000, inQ1),
		at("n5", "Chợ Bến Thành", "venue", 10.7725, 106.6981, inQ1),
		at("n6", "Chợ Bến Thành", "venue", 21.0300, 105.8500, inHK), // a namesake elsewhere
		at("n7", "53 Phố Hồ Hoàn Kiếm", "address", 21.0290, 105.8520, inHK),
		at("n8", "53 Phố Hồ Hoàn Kiếm", "address", 21.02915, 105.85205, inHK),
		at("n9", "53 Phố Hồ Hoàn Kiếm", "address", 21.0400, 105.8600, inHK), // 1.4 km away: another point
	}
	filler := []string{"Lê", "Lợi", "Trần", "Hưng", "Đạo", "Văn", "Cừ", "Tân", "Bình", "Phú", "An", "Xuân", "Đồng"}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 200; i++ {
		ps = append(ps, at(fmt.Sprintf("f%d", i), filler[rng.Intn(len(filler))]+" "+filler[rng.Intn(len(filler))], "venue",
			20.9+0.2*rng.Float64(), 105.7+0.2*rng.Float64(), inHK))
	}
	return ps
}

func fixtureSource(t *testing.T, places []place.Place, budget int) Source {
	tiles, err := place.BuildIndexWith(places, budget)
	if err != nil {
		t.Fatal(err)
	}
	return openIndex(t, tiles)
}

// TestAreaWords: a query ending with the units its place lies in finds the
// place in them first (ISSUE 9: "bach mai ha noi", "pho hue, hà nội", "cho
// ben thanh quan 1"), in both structures and their short forms; a name
// that has the words itself still matches them; without the gazetteer the
// same queries find nothing.
func TestAreaWords(t *testing.T) {
	plain := fixtureSource(t, fixturePlaces(), 3000)
	src, _ := lazyAreas(t, plain)
	for _, c := range []struct {
		q, first string
		alone    bool // no other answer
	}{
		{"pho hue ha noi", "w1", true},
		{"pho hue, hà nội", "w1", true},
		{"Phố Huế, Hai Bà Trưng", "w1", true},
		{"pho hue quan 1", "n2", true},
		{"pho hue q1", "n2", true},
		{"pho hue Q.1", "n2", true},
		{"pho hue tphcm", "n2", true},
		{"pho hue hcm", "n2", true},
		{"pho hue sai gon", "n2", true},
		{"bv bach mai dong da", "n3", true},
		{"benh vien bach mai ha noi", "n3", true},
		{"benh vien bach mai hcm", "n4", true},
		{"cho ben thanh quan 1", "n5", true},
		{"cho ben thanh, hoan kiem", "n6", true},
		{"bach mai hai ba trung", "n3", false}, // nothing named so there: the places elsewhere
	} {
		hits, st, err := Search(context.Background(), src, Query{Text: c.q, Size: 5})
		if err != nil {
			t.Fatal(err)
		}
		if st.Tiles > MaxTiles || st.Bytes > MaxBytes {
			t.Errorf("%q read %d tiles, %d bytes", c.q, st.Tiles, st.Bytes)
		}
		if len(hits) == 0 || hits[0].Place.ID != c.first {
			t.Errorf("%q: %v, want %s first", c.q, ids(hits), c.first)
			continue
		}
		if c.alone && len(hits) != 1 {
			t.Errorf("%q: %v, want %s alone", c.q, ids(hits), c.first)
		}
		if !c.alone && len(hits) < 2 {
			t.Errorf("%q: %v, want the places outside the area too", c.q, ids(hits))
		}
		if hits, _, _ := Search(context.Background(), plain, Query{Text: c.q, Size: 5}); len(hits) != 0 && c.alone {
			t.Errorf("%q without the units: %v, want nothing (the area words are not in the names)", c.q, ids(hits))
		}
	}
}

// lazyAreas is plain with the fixture's units behind the pre-check of
// tile admin/tails; *built counts the calls for the gazetteer.
func lazyAreas(t *testing.T, plain Source) (Source, *int) {
	u := fixtureUnits()
	b, err := admin.EncodeTails(addr.TailWords(u))
	if err != nil {
		t.Fatal(err)
	}
	ends, err := admin.DecodeTails(b)
	if err != nil {
		t.Fatal(err)
	}
	g, built := addr.NewGazetteer(u), new(int)
	return WithAreas(plain, func(s string) bool { return addr.MayEndWithArea(s, ends) },
		func() (*addr.Gazetteer, error) { *built++; return g, nil }), built
}

// TestAreasLazy: a query whose last word ends no unit's name never asks
// for the gazetteer, one that may end with a unit does; both answer as
// with the gazetteer built beforehand.
func TestAreasLazy(t *testing.T) {
	plain := fixtureSource(t, fixturePlaces(), 3000)
	eager := WithGazetteer(plain, addr.NewGazetteer(fixtureUnits()))
	for _, c := range []struct {
		q     string
		build bool
	}{
		{"pho hue", true}, // "hue" ends a unit's name (Phường Phố Huế)
		{"bach mai", true},
		{"benh vien", false},
		{"vincom", false}, // one word: no part with a word before it
		{"cho ben thanh quan 1", true},
		{"pho hue q1", true},
		{"pho hue tphcm", true},
		{"53 ho hoan kiem, viet nam", true},
		{"53 ho hoan", false},
		{"ha noi 100000", true},
	} {
		src, built := lazyAreas(t, plain)
		hits, _, err := Search(context.Background(), src, Query{Text: c.q, Size: 5})
		if err != nil {
			t.Fatal(err)
		}
		if (*built > 0) != c.build {
			t.Errorf("%q: gazetteer asked %d times, want asked: %v", c.q, *built, c.build)
		}
		want, _, err := Search(context.Background(), eager, Query{Text: c.q, Size: 5})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ids(hits), ids(want)) {
			t.Errorf("%q: %v, with the gazetteer built: %v", c.q, ids(hits), ids(want))
		}
	}
}

// TestDuplicates: two address points of one number and street 20 m apart
// answer once ("ho guom" listed "53 Phố Hồ Hoàn Kiếm" twice); one 1.4 km
// away stays.
func TestDuplicates(t *testing.T) {
	src := fixtureSource(t, fixturePlaces(), 3000)
	hits, _, err := Search(context.Background(), src, Query{Text: "53 ho hoan kiem", Size: 5})
	if err != nil {
		t.Fatal(err)
	}
	got := ids(hits)
	if len(got) != 2 || got[0] != "n7" && got[0] != "n8" || got[1] != "n9" {
		t.Errorf("53 ho hoan kiem: %v, want one of n7/n8, then n9", got)
	}
}

// TestShortWordsNearFocus: words typed short with a focus ("ng tr", API.md
// §3.1) find the well-known street 5 km away among many "Nguyễn …" names,
// through the word summary and area shard of "nguyen" (the common word
// "ng" most likely stands for).
func TestShortWordsNearFocus(t *testing.T) {
	src, focus := shortFixture(t)
	hits, st, err := Search(context.Background(), src, Query{Text: "ng tr", Focus: &focus, Size: 5})
	if err != nil {
		t.Fatal(err)
	}
	if st.Tiles > MaxTiles || st.Bytes > MaxBytes {
		t.Errorf("read %d tiles, %d bytes", st.Tiles, st.Bytes)
	}
	if len(hits) == 0 || hits[0].Place.ID != "w1" {
		t.Errorf("ng tr near Hoàn Kiếm: %v (read %v), want w1 first", ids(hits), st.Keys)
	}
}

func ids(hits []Hit) []string {
	var out []string
	for _, h := range hits {
		out = append(out, h.Place.ID)
	}
	return out
}

// shortFixture: "Đường Nguyễn Trãi", 400 lesser "Nguyễn …" names around
// Hà Nội, better-known "Ngọc …", "Trà …" names in TP.HCM; a focus in Hoàn
// Kiếm.
func shortFixture(t *testing.T) (Source, geo.LatLng) {
	rng := rand.New(rand.NewSource(2))
	at := func(id, name, layer string, rank int, lat, lng float64) place.Place {
		return place.Place{ID: id, Name: name, Layer: layer, Rank: rank, Lat: geo.E7(lat), Lng: geo.E7(lng)}
	}
	ps := []place.Place{at("w1", "Đường Nguyễn Trãi", "street", 30, 20.995, 105.808)}
	given := []string{"Văn", "Hữu", "Quốc", "Đình", "Thị", "Khắc", "Công", "Chí", "Thái", "Gia"}
	for i := 0; i < 400; i++ { // "Nguyễn" is common; none of these starts "tr"
		ps = append(ps, at(fmt.Sprintf("n%d", i), fmt.Sprintf("Nguyễn %s %s", given[rng.Intn(len(given))], given[rng.Intn(len(given))]),
			"venue", 5+rng.Intn(10), 20.9+0.2*rng.Float64(), 105.7+0.2*rng.Float64()))
	}
	other := []string{"Ngọc", "Nghĩa", "Ngân", "Nghè"}
	for i := 0; i < 300; i++ { // better-known "ng…" names elsewhere fill the summary of "ng"
		ps = append(ps, at(fmt.Sprintf("g%d", i), fmt.Sprintf("%s %s %d", other[rng.Intn(len(other))], given[rng.Intn(len(given))], i), "venue", 40,
			10.7+0.1*rng.Float64(), 106.6+0.1*rng.Float64()))
	}
	for i := 0; i < 300; i++ { // better-known "tr…" names elsewhere
		ps = append(ps, at(fmt.Sprintf("t%d", i), fmt.Sprintf("Trà %s %d", given[rng.Intn(len(given))], i), "venue", 35+rng.Intn(5),
			10.7+0.1*rng.Float64(), 106.6+0.1*rng.Float64()))
	}
	return fixtureSource(t, ps, 3000), geo.LatLng{Lat: 21.0285, Lng: 105.8542} // Hoàn Kiếm, 5.9 km from the street
}
