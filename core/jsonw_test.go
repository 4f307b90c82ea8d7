package core

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"testing"

	"github.com/bando-vn/bando/core/text"
)

// Mirror types without MarshalJSON: encoding/json's reflection output is
// the reference the hand-written writers must reproduce byte for byte.
type (
	collectionRef  peliasCollection
	predictionsRef predictionsBody
)

func reflectJSON(t testing.TB, v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}

func randomString(r *rand.Rand) string {
	pool := []string{"Phở", "Huế", "\"", "\\", "\n", "\t", "\x01", "\x7f", "<b>&</b>", "\u2028", "\u2029", "\xff", "🙂", "a", " ", "đ"}
	s := ""
	for i := r.Intn(6); i > 0; i-- {
		s += pool[r.Intn(len(pool))]
	}
	return s
}

func randomFeature(r *rand.Rand) Feature {
	sp := func() *string {
		if r.Intn(2) == 0 {
			return nil
		}
		s := randomString(r)
		return &s
	}
	ip := func() *int {
		if r.Intn(2) == 0 {
			return nil
		}
		n := r.Intn(1e6) - 5
		return &n
	}
	var cats []string
	if r.Intn(3) > 0 {
		cats = []string{}
		for i := r.Intn(3); i > 0; i-- {
			cats = append(cats, randomString(r))
		}
	}
	return Feature{Type: "Feature", Geometry: Geometry{Type: "Point", Coordinates: [2]Deg{Deg(r.Float64()*360 - 180), Deg(r.Float64()*180 - 90)}},
		Properties: Properties{Name: randomString(r), HouseNumber: sp(), Street: sp(), ShortAddress: sp(), PostalCode: sp(),
			Label: randomString(r), Country: "Việt Nam", CountryCode: "VN", Continent: "Asia", Category: cats, Website: sp(),
			OpeningHoursV2: sp(), Phone: sp(), Region: sp(), County: sp(), Locality: sp(), Distance: ip(), ID: randomString(r),
			HasChild: r.Intn(2) == 0, SID: randomString(r), Source: "openstreetmap", Layer: randomString(r)}}
}

func randomPrediction(r *rand.Rand) Prediction {
	spans := func() []text.Span {
		if r.Intn(4) == 0 {
			return nil
		}
		out := []text.Span{}
		for i := r.Intn(3); i > 0; i-- {
			out = append(out, text.Span{Length: r.Intn(9), Offset: r.Intn(99)})
		}
		return out
	}
	var d *int
	if r.Intn(2) == 0 {
		n := r.Intn(99999)
		d = &n
	}
	var terms []Term
	if r.Intn(4) > 0 {
		terms = []Term{{Offset: r.Intn(9), Value: randomString(r)}}
	}
	return Prediction{Description: randomString(r), DistanceMeters: d, MatchedSubstrings: spans(), PlaceID: randomString(r),
		StructuredFormatting: StructuredFormat{MainText: randomString(r), MainTextMatchedSubstrings: spans(), SecondaryText: randomString(r), SecondaryTextMatchedSubstrings: spans()},
		Terms:                terms, Types: []string{randomString(r)}, HasChild: r.Intn(2) == 0}
}

func TestFastJSONMatchesReflection(t *testing.T) {
	seed := int64(11)
	t.Logf("seed=%d", seed)
	r := rand.New(rand.NewSource(seed))
	for i := 0; i < 2000; i++ {
		var fs []Feature
		if i%7 != 0 {
			for j := r.Intn(4); j > 0; j-- {
				fs = append(fs, randomFeature(r))
			}
		}
		c := collection(fs)
		if i%5 == 0 {
			c.Errors = []string{randomString(r)}
		}
		got, _ := c.MarshalJSON()
		if want := reflectJSON(t, collectionRef(c)); !bytes.Equal(got, want) {
			t.Fatalf("collection:\n got %s\nwant %s", got, want)
		}
		var ps []Prediction
		if i%9 != 0 {
			for j := r.Intn(4); j > 0; j-- {
				ps = append(ps, randomPrediction(r))
			}
		}
		pb := predictionsBody{Predictions: ps, Status: "OK"}
		got, _ = pb.MarshalJSON()
		if want := reflectJSON(t, predictionsRef(pb)); !bytes.Equal(got, want) {
			t.Fatalf("predictions:\n got %s\nwant %s", got, want)
		}
	}
}

func FuzzFastJSON(f *testing.F) {
	f.Add("Phở \"Huế\"\n\u2028\xff", 21.5, 105.8)
	f.Fuzz(func(t *testing.T, s string, lat, lng float64) {
		c := collection([]Feature{{Type: "Feature", Geometry: Geometry{Type: "Point", Coordinates: [2]Deg{Deg(lng), Deg(lat)}},
			Properties: Properties{Name: s, Label: s, Street: &s, Category: []string{s}}}})
		c.Errors = []string{s}
		if _, err := json.Marshal(collectionRef(c)); err != nil {
			return // NaN or Inf coordinates: not representable either way
		}
		got, _ := c.MarshalJSON()
		if want := reflectJSON(t, collectionRef(c)); !bytes.Equal(got, want) {
			t.Fatalf("got %s\nwant %s", got, want)
		}
	})
}
