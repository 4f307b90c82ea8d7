package trip

import (
	"errors"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/geo"
)

func locs(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = `{"lat":21.02,"lon":105.85}`
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func TestParseRequest(t *testing.T) {
	two := `[{"lat":21.0287,"lon":105.8524},{"lat":"21.0245","lon":" 105.8576 "}]`
	for _, c := range []struct {
		name, js string
		code     int    // 0: success
		param    string // on error
		want     Request
	}{
		{"defaults", `{"locations":` + two + `}`, 0, "",
			Request{Costing: "auto", Vehicle: "car", Units: "km", Language: "vi-VN"}},
		{"options", `{"locations":` + two + `,"costing":"motor_scooter","directions_options":{"units":"miles","language":"en-US"}}`, 0, "",
			Request{Costing: "motor_scooter", Vehicle: "motor", Units: "mi", Language: "en-US"}},
		{"top-level units, options win", `{"locations":` + two + `,"costing":"pedestrian","units":"mi","language":"en","directions_options":{"units":"km"}}`, 0, "",
			Request{Costing: "pedestrian", Vehicle: "walking", Units: "km", Language: "en-US"}},
		{"null members are defaults", `{"locations":` + two + `,"costing":null,"directions_options":null}`, 0, "",
			Request{Costing: "auto", Vehicle: "car", Units: "km", Language: "vi-VN"}},
		{"fifty", `{"locations":` + locs(50) + `}`, 0, "", Request{Costing: "auto", Vehicle: "car", Units: "km", Language: "vi-VN"}},
		{"empty parameter", ``, CodeUnparsable, "json", Request{}},
		{"not json", `{locations:}`, CodeUnparsable, "json", Request{}},
		{"array", `[1,2]`, CodeUnparsable, "json", Request{}},
		{"trailing data", `{"locations":` + two + `} x`, CodeUnparsable, "json", Request{}},
		{"no locations", `{"costing":"auto"}`, CodeNoLocations, "locations", Request{}},
		{"empty locations", `{"locations":[]}`, CodeNoLocations, "locations", Request{}},
		{"locations not a list", `{"locations":{"lat":1,"lon":2}}`, CodeNoLocations, "locations", Request{}},
		{"one location", `{"locations":[{"lat":21,"lon":105}]}`, CodeTooFew, "locations", Request{}},
		{"fifty-one", `{"locations":` + locs(51) + `}`, CodeTooMany, "locations", Request{}},
		{"no lon", `{"locations":[{"lat":21,"lon":105},{"lat":21}]}`, CodeBadLocation, "locations[1]", Request{}},
		{"lat out of range", `{"locations":[{"lat":91,"lon":105},{"lat":21,"lon":105}]}`, CodeBadLocation, "locations[0]", Request{}},
		{"lat not numeric", `{"locations":[{"lat":"abc","lon":105},{"lat":21,"lon":105}]}`, CodeBadLocation, "locations[0]", Request{}},
		{"lat NaN string", `{"locations":[{"lat":"NaN","lon":105},{"lat":21,"lon":105}]}`, CodeBadLocation, "locations[0]", Request{}},
		{"location not an object", `{"locations":[[21,105],{"lat":21,"lon":105}]}`, CodeBadLocation, "locations[0]", Request{}},
		{"unknown costing", `{"locations":` + two + `,"costing":"yak"}`, CodeUnknownCost, "costing", Request{}},
		{"costing not a string", `{"locations":` + two + `,"costing":7}`, CodeUnknownCost, "costing", Request{}},
		{"bus is not ours", `{"locations":` + two + `,"costing":"bus"}`, CodeUnknownCost, "costing", Request{}},
		{"bad units", `{"locations":` + two + `,"directions_options":{"units":"furlongs"}}`, CodeUnparsable, "units", Request{}},
		{"bad language", `{"locations":` + two + `,"directions_options":{"language":"fr-FR"}}`, CodeUnparsable, "language", Request{}},
		{"options not an object", `{"locations":` + two + `,"directions_options":"km"}`, CodeUnparsable, "directions_options", Request{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParseRequest(c.js)
			if c.code == 0 {
				if err != nil {
					t.Fatal(err)
				}
				if got.Costing != c.want.Costing || got.Vehicle != c.want.Vehicle || got.Units != c.want.Units || got.Language != c.want.Language || len(got.Locations) < 2 {
					t.Fatalf("got %+v, want %+v", got, c.want)
				}
				return
			}
			var e *errs.Error
			if !errors.As(err, &e) || e.Kind != errs.Invalid || e.Code != c.code || e.Param != c.param {
				t.Fatalf("error %#v, want kind Invalid, code %d, param %q", err, c.code, c.param)
			}
		})
	}
	r, err := ParseRequest(`{"locations":` + two + `}`)
	if err != nil || r.Locations[0] != (geo.LatLng{Lat: 21.0287, Lng: 105.8524}) || r.Locations[1] != (geo.LatLng{Lat: 21.0245, Lng: 105.8576}) {
		t.Fatalf("locations %v, %v", r.Locations, err)
	}
}

// TestEveryCostingHasAVehicle: the seven costings of API.md §3.8.
func TestEveryCostingHasAVehicle(t *testing.T) {
	want := map[string]string{"auto": "car", "bicycle": "bike", "pedestrian": "walking", "motorcycle": "motor",
		"motor_scooter": "motor", "truck": "truck", "taxi": "taxi"}
	for costing, vehicle := range want {
		r, err := ParseRequest(`{"locations":[{"lat":21,"lon":105},{"lat":21.1,"lon":105.1}],"costing":"` + costing + `"}`)
		if err != nil || r.Vehicle != vehicle || r.Costing != costing {
			t.Errorf("%s: %+v %v, want vehicle %s", costing, r, err, vehicle)
		}
	}
	if len(vehicles) != len(want) {
		t.Errorf("vehicles has %d costings, API.md §3.8 lists %d", len(vehicles), len(want))
	}
}

func FuzzParseRequest(f *testing.F) {
	f.Add(`{"locations":[{"lat":21.0287,"lon":105.8524},{"lat":"21.0245","lon":"105.8576"}],"costing":"bicycle","directions_options":{"units":"mi","language":"en-US"}}`)
	f.Add(`{"locations":[{"lat":1e400,"lon":0},{}]}`)
	f.Add(`{"locations":null,"costing":{"x":1}}`)
	f.Add(`{"locations":` + locs(51) + `}`)
	f.Fuzz(func(t *testing.T, js string) {
		r, err := ParseRequest(js)
		if err != nil {
			var e *errs.Error
			if !errors.As(err, &e) || e.Kind != errs.Invalid || e.Code < 100 || e.Code > 150 || e.Msg == "" {
				t.Fatalf("error %#v is not a Valhalla request error", err)
			}
			return
		}
		if n := len(r.Locations); n < 2 || n > MaxLocations || r.Vehicle == "" || r.Units == "" || r.Language == "" {
			t.Fatalf("accepted %+v", r)
		}
		for _, p := range r.Locations {
			if !p.Valid() {
				t.Fatalf("invalid point %v accepted", p)
			}
		}
	})
}
