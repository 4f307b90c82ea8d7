package core

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

type forwardPelias struct {
	Features []struct {
		Geometry struct {
			Coordinates [2]float64 `json:"coordinates"`
		} `json:"geometry"`
		Properties struct {
			ID        string `json:"id"`
			Name      string `json:"name"`
			Locality  string `json:"locality"`
			County    string `json:"county"`
			Region    string `json:"region"`
			MatchType string `json:"match_type"`
		} `json:"properties"`
	} `json:"features"`
	Errors []string `json:"errors"`
}

func forwardIDs(t *testing.T, e *Engine, q url.Values) ([]string, forwardPelias) {
	t.Helper()
	r := e.Get(context.Background(), "/v1/geocode/forward", q)
	if r.Status != 200 {
		t.Fatalf("%v: status %d %s", q, r.Status, r.Body)
	}
	var fp forwardPelias
	if err := json.Unmarshal(r.Body, &fp); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, f := range fp.Features {
		ids = append(ids, f.Properties.ID)
	}
	return ids, fp
}

// TestForwardForms: the fixture's addresses (testdata/sample.osm: 12 Phố Hàng Bạc n6201, 14A
// near it n6202, 7 Ngõ 5 Hàng Bạc n6203; streets w6001 and w6002) in the ways people write
// them, in both structures; then the fallbacks: the street, the unit.
func TestForwardForms(t *testing.T) {
	e := fixtureEngine(t, Options{})
	cases := []struct {
		text, first, match string
	}{
		{"12 Hàng Bạc, Phường Hàng Bạc, Quận Hoàn Kiếm, Thành phố Hà Nội", "n6201", "exact"},
		{"12 Phố Hàng Bạc, P. Hàng Bạc, Q. Hoàn Kiếm, TP. Hà Nội", "n6201", "exact"},
		{"so 12 pho hang bac phuong hang bac quan hoan kiem ha noi", "n6201", "exact"},
		{"12 hang bac hoan kiem hn", "n6201", "exact"},
		{"12 Hàng Bạc, Phường Hoàn Kiếm, Thành phố Hà Nội", "n6201", "exact"},              // new structure
		{"14a Đ. Hàng Bạc, Hoàn Kiếm, Hà Nội", "n6202", "exact"},                           // street attached by the builder
		{"số 7 ngõ 5 Hàng Bạc, Hoàn Kiếm, Hà Nội", "n6203", "exact"},                       // alley
		{"5/7 Hàng Bạc, P. Hoàn Kiếm, Hà Nội", "n6203", "exact"},                           // slash form
		{"Phở Huế 36, 36 Phố Huế, Hoàn Kiếm, Hà Nội", "n1003", "exact"},                    // venue
		{"Ngõ 5 Hàng Bạc, Hoàn Kiếm, Hà Nội", "w6002", "fallback"},                         // the alley itself
		{"99 Hàng Bạc, Hoàn Kiếm, Hà Nội", "w6001", "fallback"},                            // no such number: the street
		{"Phường Hàng Bạc, Quận Hoàn Kiếm, Hà Nội", "aow00061", "fallback"},                // the unit
		{"Phường Hoàn Kiếm, Thành phố Hà Nội", "anw00070", "fallback"},                     // the unit, new structure
		{"12 Hàng Bạc, Phường Bến Thành, Quận 1, TP. Hồ Chí Minh", "aow26743", "fallback"}, // not in that ward
	}
	for _, c := range cases {
		ids, fp := forwardIDs(t, e, url.Values{"text": {c.text}, "size": {"3"}})
		if len(ids) == 0 || ids[0] != c.first {
			t.Errorf("%q: got %v, want %s first", c.text, ids, c.first)
			continue
		}
		if m := fp.Features[0].Properties.MatchType; m != c.match {
			t.Errorf("%q: match_type %q, want %q", c.text, m, c.match)
		}
	}
}

// TestForwardBothStructures: a result names its units in the structure asked for, whatever
// the structure of the text.
func TestForwardBothStructures(t *testing.T) {
	e := fixtureEngine(t, Options{})
	for _, text := range []string{"12 Hàng Bạc, Hàng Bạc, Hoàn Kiếm, Hà Nội", "12 Hàng Bạc, Phường Hoàn Kiếm, Hà Nội"} {
		_, old := forwardIDs(t, e, url.Values{"text": {text}})
		_, nw := forwardIDs(t, e, url.Values{"text": {text}, "admin_v2": {"true"}})
		if len(old.Features) != 1 || len(nw.Features) != 1 {
			t.Fatalf("%q: %d and %d features", text, len(old.Features), len(nw.Features))
		}
		o, n := old.Features[0].Properties, nw.Features[0].Properties
		if o.Locality != "Phường Hàng Bạc" || o.County != "Quận Hoàn Kiếm" || n.Locality != "Phường Hoàn Kiếm" || n.County != "" {
			t.Errorf("%q: old %q/%q, new %q/%q", text, o.Locality, o.County, n.Locality, n.County)
		}
	}
}

func TestForwardGoogle(t *testing.T) {
	e := fixtureEngine(t, Options{})
	r := e.Get(context.Background(), "/v1/geocode/forward", url.Values{"address": {"12 Hàng Bạc, Hoàn Kiếm, Hà Nội"}})
	var g struct {
		Results []struct {
			PlaceID      string `json:"place_id"`
			Address      string `json:"address"`
			PartialMatch bool   `json:"partial_match"`
			Components   []struct {
				LongName string   `json:"long_name"`
				Types    []string `json:"types"`
			} `json:"address_components"`
		} `json:"results"`
		Status string `json:"status"`
	}
	if r.Status != 200 || json.Unmarshal(r.Body, &g) != nil || g.Status != "OK" || len(g.Results) != 1 {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	res := g.Results[0]
	if res.PlaceID != "n6201" || res.PartialMatch || !strings.HasPrefix(res.Address, "Phố Hàng Bạc, Phường Hàng Bạc") ||
		len(res.Components) == 0 || res.Components[0].LongName != "12" || res.Components[0].Types[0] != "street_number" {
		t.Errorf("%s", r.Body)
	}
	r = e.Get(context.Background(), "/v1/geocode/forward", url.Values{"address": {"nowhere street, atlantis"}})
	if r.Status != 200 || !strings.Contains(string(r.Body), `"status":"ZERO_RESULTS"`) {
		t.Errorf("unknown text: %d %s", r.Status, r.Body)
	}
}

// TestForwardBadInput: empty, too long, not UTF-8 and bad size are 400s naming the parameter.
func TestForwardBadInput(t *testing.T) {
	e := fixtureEngine(t, Options{})
	long := strings.Repeat("12 Hàng Bạc ", 900) // ~10 KB
	cases := []struct {
		q    url.Values
		want string
	}{
		{url.Values{"text": {""}}, "text:"},
		{url.Values{"text": {"   "}}, "text:"},
		{url.Values{}, "text:"},
		{url.Values{"address": {""}}, "address:"},
		{url.Values{"text": {long}}, "text: longer than 500"},
		{url.Values{"address": {long}}, "address: longer than 500"},
		{url.Values{"text": {"12 H\xffng"}}, "text: not valid UTF-8"},
		{url.Values{"text": {"Hà Nội"}, "size": {"0"}}, "size:"},
		{url.Values{"text": {"Hà Nội"}, "admin_v2": {"maybe"}}, "admin_v2:"},
	}
	for _, c := range cases {
		r := e.Get(context.Background(), "/v1/geocode/forward", c.q)
		if r.Status != 400 || !strings.Contains(string(r.Body), c.want) {
			t.Errorf("%v: %d %s, want 400 naming %q", c.q, r.Status, r.Body, c.want)
		}
	}
}

// TestReverseBareNumber: a house number without a street (testdata/sample.osm n6204, "99",
// more than 50 m from any street) is answered as an address at distance 0; one the builder
// attached to its street (n6202, 14A) carries the street.
func TestReverseBareNumber(t *testing.T) {
	e := fixtureEngine(t, Options{})
	for _, c := range []struct {
		lat, lon, id, house, street string
	}{{"21.03", "105.86", "n6204", "99", ""}, {"21.03425", "105.8527", "n6202", "14A", "Phố Hàng Bạc"}} {
		r := e.Get(context.Background(), "/v1/geocode/reverse", url.Values{"point.lat": {c.lat}, "point.lon": {c.lon}})
		var fc struct {
			Features []struct {
				Properties struct {
					ID          string  `json:"id"`
					HouseNumber *string `json:"housenumber"`
					Street      *string `json:"street"`
					Distance    *int    `json:"distance"`
					Layer       string  `json:"layer"`
				} `json:"properties"`
			} `json:"features"`
		}
		if r.Status != 200 || json.Unmarshal(r.Body, &fc) != nil || len(fc.Features) != 1 {
			t.Fatalf("%s: %d %s", c.id, r.Status, r.Body)
		}
		p := fc.Features[0].Properties
		street := ""
		if p.Street != nil {
			street = *p.Street
		}
		if p.ID != c.id || p.Layer != "address" || p.HouseNumber == nil || *p.HouseNumber != c.house || street != c.street ||
			p.Distance == nil || *p.Distance != 0 {
			t.Errorf("%s: %s", c.id, r.Body)
		}
	}
}
