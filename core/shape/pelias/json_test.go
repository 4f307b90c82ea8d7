package pelias

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"testing"

	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/shapetest"
)

func randomFeature(r *rand.Rand) Feature {
	var cats []string
	if r.Intn(3) > 0 {
		cats = []string{}
		for i := r.Intn(3); i > 0; i-- {
			cats = append(cats, shapetest.String(r))
		}
	}
	sp := func() *string { return shapetest.StrPtr(r) }
	return Feature{Type: "Feature", Geometry: Geometry{Type: "Point", Coordinates: [2]shape.Deg{shape.Deg(r.Float64()*360 - 180), shape.Deg(r.Float64()*180 - 90)}},
		Properties: Properties{Name: shapetest.String(r), HouseNumber: sp(), Street: sp(), ShortAddress: shapetest.String(r), PostalCode: sp(),
			Label: shapetest.String(r), Country: "Việt Nam", CountryCode: "VN", Continent: "Asia", Category: cats, Website: sp(),
			OpeningHoursV2: sp(), Phone: sp(), Region: shapetest.String(r), County: shapetest.String(r), Locality: shapetest.String(r), Distance: shapetest.IntPtr(r), ID: shapetest.String(r),
			HasChild: r.Intn(2) == 0, SID: shapetest.String(r), Source: "openstreetmap", Layer: shapetest.String(r), MatchType: shapetest.String(r)}}
}

// TestAppendJSONMatchesReflection is the differential test of the
// hand-written writers against encoding/json on seeded random collections
// and error bodies.
func TestAppendJSONMatchesReflection(t *testing.T) {
	shapetest.Differential(t, 4000, func(r *rand.Rand, i int) shapetest.Body {
		var fs []Feature
		if i%7 != 0 {
			for j := r.Intn(4); j > 0; j-- {
				fs = append(fs, randomFeature(r))
			}
		}
		c := CollectionOf(fs)
		if i%5 == 0 {
			c.Errors = []string{shapetest.String(r)}
		}
		if i%11 == 0 && len(fs) > 0 {
			c.Features[0].Properties.OpeningHours = [][3]int{{1, 8, 0}}
		}
		if i%2 == 1 {
			e := Error(shapetest.String(r), shapetest.String(r))
			if i%3 == 0 {
				e.Collection = c
			}
			return e
		}
		return c
	})
}

func FuzzAppendJSON(f *testing.F) {
	f.Add("Phở \"Huế\"\n\u2028\xff", 21.5, 105.8)
	f.Fuzz(func(t *testing.T, s string, lat, lng float64) {
		c := CollectionOf([]Feature{{Type: "Feature", Geometry: Geometry{Type: "Point", Coordinates: [2]shape.Deg{shape.Deg(lng), shape.Deg(lat)}},
			Properties: Properties{Name: s, Label: s, Street: &s, Category: []string{s}, MatchType: s}}})
		c.Errors = []string{s}
		if _, err := json.Marshal(c); err != nil {
			return // NaN or Inf coordinates: not representable either way
		}
		got := c.AppendJSON(nil)
		if want := shapetest.Reflect(t, c); !bytes.Equal(got, want) {
			t.Fatalf("got %s\nwant %s", got, want)
		}
	})
}
