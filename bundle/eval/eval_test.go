package eval

import (
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
)

func TestReadAndHit(t *testing.T) {
	cs, err := ReadCases(strings.NewReader(`// a comment
{"id":"a","kind":"autocomplete","query":{"text":"pho hue","boundary.circle.lat":21.02,"boundary.circle.lon":"105.85","size":3},"expect":{"name":"Phố Huế","lat":21.019,"lon":105.8516,"within_m":100},"variant":"no_accents"}

{"id":"b","query":{"input":"x","location":"10.7, 106.7","radius":2},"expect":{"name":"X","lat":10.7,"lon":106.7,"within_m":50,"new_ward":"26734"},"variant":"exact"}`))
	if err != nil || len(cs) != 2 {
		t.Fatalf("%d cases, %v", len(cs), err)
	}
	q, err := cs[0].Request()
	if err != nil || q.Text != "pho hue" || q.Focus == nil || q.Focus.Lng != 105.85 || q.Size != 5 {
		t.Fatalf("request %+v %v", q, err)
	}
	q, err = cs[1].Request()
	if err != nil || q.Focus == nil || q.Focus.Lat != 10.7 || q.RadiusKm != 2 {
		t.Fatalf("google request %+v %v", q, err)
	}
	p := place.Place{Name: "Phố Huế", Lat: geo.E7(21.0190), Lng: geo.E7(105.8516)}
	if !cs[0].Expect.Hit(&p) {
		t.Error("the expected place is not a hit")
	}
	p.Lat = geo.E7(21.03) // 1.2 km away
	if cs[0].Expect.Hit(&p) {
		t.Error("a place beyond within_m is a hit")
	}
	x := place.Place{Name: "X", Lat: geo.E7(10.7), Lng: geo.E7(106.7), Admin: []string{"99999", "", ""}}
	if cs[1].Expect.Hit(&x) {
		t.Error("a place in another ward is a hit")
	}
	s := Summarise([]Outcome{{Case: &cs[0], Rank: 1}, {Case: &cs[1], Rank: 3}})
	if all := s[len(s)-1]; all.N != 2 || all.Top1 != 1 || all.Top5 != 2 {
		t.Errorf("summary %+v", all)
	}
	if _, err := ReadCases(strings.NewReader("{bad")); err == nil {
		t.Error("a bad line is accepted")
	}
}

func FuzzReadCases(f *testing.F) {
	f.Add(`{"id":"a","query":{"text":"x","location":"1,2"},"expect":{"name":"x"}}`)
	f.Add(`{"query":{"location":"1"}}`)
	f.Fuzz(func(t *testing.T, s string) {
		cs, err := ReadCases(strings.NewReader(s))
		if err != nil {
			return
		}
		for i := range cs {
			cs[i].Request()
			cs[i].Expect.Hit(&place.Place{Name: "x"})
		}
	})
}

func TestGeoCases(t *testing.T) {
	cs, err := ReadCases(strings.NewReader(`{"id":"f","kind":"forward","query":{"address":"12 Hàng Bạc"},"expect":{"lat":21.0343,"lon":105.8512,"within_m":100},"variant":"address_old"}
{"id":"r","kind":"reverse","query":{"latlng":"21.03, 105.86"},"expect":{"new_ward":"00070","old_district":"002"},"variant":"place","extra":{"ward_border_m":"40","district_border_m":"900"}}
{"id":"r2","kind":"reverse","query":{"point.lat":10.77,"point.lon":"106.7"},"expect":{"new_ward":"26743"},"variant":"random"}`))
	if err != nil || len(cs) != 3 {
		t.Fatalf("%d cases, %v", len(cs), err)
	}
	if cs[0].ForwardText() != "12 Hàng Bạc" || !cs[0].Expect.Near(geo.LatLng{Lat: 21.0342, Lng: 105.8512}) || cs[0].Expect.Near(geo.LatLng{Lat: 21.0443, Lng: 105.8512}) {
		t.Error("forward text or distance")
	}
	if p, err := cs[1].ReversePoint(); err != nil || p.Lat != 21.03 || p.Lng != 105.86 {
		t.Errorf("latlng %v %v", p, err)
	}
	if p, err := cs[2].ReversePoint(); err != nil || p.Lat != 10.77 || p.Lng != 106.7 {
		t.Errorf("point %v %v", p, err)
	}
	// the ward near a border counts in "ward" but not among the points ≥ 150 m from a border
	var b strings.Builder
	ReportReverse(&b, []GeoOutcome{{Case: &cs[1], WardOK: false, DistrictOK: true}, {Case: &cs[2], WardOK: true, DistrictOK: true}})
	if !strings.Contains(b.String(), "reverse: all              2    50.0%   100.0% |     1   100.0% |     2   100.0%") {
		t.Errorf("report:\n%s", b.String())
	}
	if _, err := (&Case{ID: "x", Query: map[string]any{"latlng": "1"}}).ReversePoint(); err == nil {
		t.Error("a bad latlng is accepted")
	}
}
