package google

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand"
	"testing"

	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/shapetest"
)

func randomPrediction(r *rand.Rand) Prediction {
	spans := func() []shape.Span {
		if r.Intn(4) == 0 {
			return nil
		}
		out := []shape.Span{}
		for i := r.Intn(3); i > 0; i-- {
			out = append(out, shape.Span{Length: r.Intn(9), Offset: r.Intn(99)})
		}
		return out
	}
	var terms []Term
	if r.Intn(4) > 0 {
		terms = []Term{{Offset: r.Intn(9), Value: shapetest.String(r)}}
	}
	return Prediction{Description: shapetest.String(r), DistanceMeters: shapetest.IntPtr(r), MatchedSubstrings: spans(), PlaceID: shapetest.String(r),
		StructuredFormatting: StructuredFormat{MainText: shapetest.String(r), MainTextMatchedSubstrings: spans(), SecondaryText: shapetest.String(r), SecondaryTextMatchedSubstrings: spans()},
		Terms:                terms, Types: []string{shapetest.String(r)}, HasChild: r.Intn(2) == 0}
}

// TestAppendJSONMatchesReflection is the differential test of the
// hand-written writer against encoding/json on seeded random predictions.
func TestAppendJSONMatchesReflection(t *testing.T) {
	shapetest.Differential(t, 2000, func(r *rand.Rand, i int) shapetest.Body {
		var ps []Prediction
		if i%9 != 0 {
			for j := r.Intn(4); j > 0; j-- {
				ps = append(ps, randomPrediction(r))
			}
		}
		return Predictions{Predictions: ps, Status: "OK"}
	})
}

func randomGeocodeResult(r *rand.Rand) GeocodeResult {
	var comps []AddressComponent
	if r.Intn(5) > 0 {
		comps = []AddressComponent{}
		for i := r.Intn(4); i > 0; i-- {
			comps = append(comps, AddressComponent{LongName: shapetest.String(r), ShortName: shapetest.String(r), Types: []string{shapetest.String(r)}})
		}
	}
	var types []string
	if r.Intn(4) > 0 {
		types = []string{shapetest.String(r)}
	}
	return GeocodeResult{Address: shapetest.String(r), AddressComponents: comps, FormattedAddress: shapetest.String(r),
		Geometry: Geometry{LatLng{shape.Deg(r.Float64()*180 - 90), shape.Deg(r.Float64()*360 - 180)}}, Name: shapetest.String(r),
		PlaceID: shapetest.String(r), Types: types, DistanceMeters: shapetest.IntPtr(r), PartialMatch: r.Intn(2) == 0}
}

// TestGeocodedMatchesReflection: the geocode envelope's writer against encoding/json on
// seeded random results.
func TestGeocodedMatchesReflection(t *testing.T) {
	shapetest.Differential(t, 2000, func(r *rand.Rand, i int) shapetest.Body {
		var rs []GeocodeResult
		if i%9 != 0 {
			for j := r.Intn(4); j > 0; j-- {
				rs = append(rs, randomGeocodeResult(r))
			}
		}
		return Geocoded{Results: rs, Status: shapetest.String(r)}
	})
}

func FuzzGeocodedAppendJSON(f *testing.F) {
	f.Add("12 Hàng Bạc \"\n\u2028\xff", 21.03, 105.85, 7, true)
	f.Fuzz(func(t *testing.T, s string, lat, lng float64, d int, partial bool) {
		g := Geocoded{Results: []GeocodeResult{{Address: s, AddressComponents: []AddressComponent{{LongName: s, ShortName: s, Types: []string{s}}},
			FormattedAddress: s, Geometry: Geometry{LatLng{shape.Deg(lat), shape.Deg(lng)}}, Name: s, PlaceID: s, Types: []string{s},
			DistanceMeters: &d, PartialMatch: partial}}, Status: s}
		if _, err := json.Marshal(g); err != nil {
			return // NaN or Inf coordinates: not representable either way
		}
		if got, want := g.AppendJSON(nil), shapetest.Reflect(t, g); !bytes.Equal(got, want) {
			t.Fatalf("got %s\nwant %s", got, want)
		}
	})
}

func FuzzAppendJSON(f *testing.F) {
	f.Add("Phở \"Huế\"\n\u2028\xff", 3, 7)
	f.Fuzz(func(t *testing.T, s string, off, n int) {
		sp := []shape.Span{{Length: n, Offset: off}}
		pb := Predictions{Predictions: []Prediction{{Description: s, MatchedSubstrings: sp, PlaceID: s,
			StructuredFormatting: StructuredFormat{MainText: s, MainTextMatchedSubstrings: sp, SecondaryText: s},
			Terms:                []Term{{Offset: off, Value: s}}, Types: []string{s}}}, Status: s}
		got := pb.AppendJSON(nil)
		if want := shapetest.Reflect(t, pb); !bytes.Equal(got, want) {
			t.Fatalf("got %s\nwant %s", got, want)
		}
	})
}

func randomLatLng(r *rand.Rand) LatLng {
	return LatLng{shape.Deg(r.Float64()*180 - 90), shape.Deg(r.Float64()*360 - 180)}
}

func randomDirections(r *rand.Rand, i int) shapetest.Body {
	d := Directions{Status: shapetest.String(r)}
	if i%7 != 0 {
		for j := r.Intn(3); j >= 0; j-- {
			d.GeocodedWaypoints = append(d.GeocodedWaypoints, GeocodedWaypoint{shapetest.String(r)})
		}
	}
	tv := func() TextValue { return TextValue{shapetest.String(r), r.Intn(1e6) - 3} }
	if i%5 != 0 {
		d.Routes = []DirRoute{}
	}
	for j := r.Intn(3); j > 0 && d.Routes != nil; j-- {
		rt := DirRoute{Bounds: Viewport{randomLatLng(r), randomLatLng(r)}, Copyrights: shapetest.String(r),
			OverviewPolyline: Polyline{shapetest.String(r)}, Summary: shapetest.String(r)}
		if r.Intn(3) > 0 {
			rt.Warnings = []string{shapetest.String(r)}
			rt.WaypointOrder = []int{r.Intn(9)}
		}
		for k := r.Intn(3); k > 0; k-- {
			lg := DirLeg{Distance: tv(), Duration: tv(), EndAddress: shapetest.String(r), EndLocation: randomLatLng(r),
				StartAddress: shapetest.String(r), StartLocation: randomLatLng(r)}
			if r.Intn(3) > 0 {
				lg.TrafficSpeedEntry, lg.ViaWaypoint = []int{}, []LatLng{randomLatLng(r)}
			}
			for s := r.Intn(4); s > 0; s-- {
				lg.Steps = append(lg.Steps, DirStep{Distance: tv(), Duration: tv(), EndLocation: randomLatLng(r),
					HTMLInstructions: shapetest.String(r), Maneuver: shapetest.String(r), Polyline: Polyline{shapetest.String(r)},
					StartLocation: randomLatLng(r), TravelMode: shapetest.String(r)})
			}
			rt.Legs = append(rt.Legs, lg)
		}
		d.Routes = append(d.Routes, rt)
	}
	return d
}

// TestDirectionsMatchReflection is the differential test of the
// directions writer against encoding/json on seeded random answers.
func TestDirectionsMatchReflection(t *testing.T) {
	shapetest.Differential(t, 2000, randomDirections)
}

func FuzzDirectionsAppendJSON(f *testing.F) {
	f.Add("Rẽ <b>phải</b> vào \"Phố Huế\"\n\u2028\xff", 3, 21.02)
	f.Fuzz(func(t *testing.T, s string, n int, x float64) {
		if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 1e9 {
			return
		}
		p := LatLng{shape.Deg(x), shape.Deg(-x)}
		st := DirStep{Distance: TextValue{s, n}, Duration: TextValue{s, -n}, EndLocation: p, HTMLInstructions: s,
			Maneuver: s, Polyline: Polyline{s}, StartLocation: p, TravelMode: s}
		d := Directions{GeocodedWaypoints: []GeocodedWaypoint{{s}}, Status: s, Routes: []DirRoute{{Bounds: Viewport{p, p},
			Copyrights: s, Summary: s, Warnings: []string{s}, WaypointOrder: []int{n}, OverviewPolyline: Polyline{s},
			Legs: []DirLeg{{Distance: st.Distance, EndAddress: s, Steps: []DirStep{st}, ViaWaypoint: []LatLng{p}}}}}}
		if got, want := d.AppendJSON(nil), shapetest.Reflect(t, d); !bytes.Equal(got, want) {
			t.Fatalf("got %s\nwant %s", got, want)
		}
	})
}
