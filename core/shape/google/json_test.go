package google

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/bando-vn/bando/core/shape/shapetest"
	"github.com/bando-vn/bando/core/text"
)

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

func FuzzAppendJSON(f *testing.F) {
	f.Add("Phở \"Huế\"\n\u2028\xff", 3, 7)
	f.Fuzz(func(t *testing.T, s string, off, n int) {
		sp := []text.Span{{Length: n, Offset: off}}
		pb := Predictions{Predictions: []Prediction{{Description: s, MatchedSubstrings: sp, PlaceID: s,
			StructuredFormatting: StructuredFormat{MainText: s, MainTextMatchedSubstrings: sp, SecondaryText: s},
			Terms:                []Term{{Offset: off, Value: s}}, Types: []string{s}}}, Status: s}
		got := pb.AppendJSON(nil)
		if want := shapetest.Reflect(t, pb); !bytes.Equal(got, want) {
			t.Fatalf("got %s\nwant %s", got, want)
		}
	})
}
