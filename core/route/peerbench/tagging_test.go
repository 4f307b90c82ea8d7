//go:build routino

package peerbench

import (
	"encoding/xml"
	"math"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/geo"
)

func TestAdjacent(t *testing.T) {
	for _, c := range []struct {
		a, b float64
		want bool
	}{
		{0, 1, true}, {1, 0, true}, {2, 3, true}, {2.5, 3, true}, {2.5, 2.7, true}, {2.5, 3.2, false},
		{1, 3, false}, {2, 2, false}, {0.2, 1.1, false}, {3, 2.25, true},
	} {
		if got := adjacent(c.a, c.b); got != c.want {
			t.Errorf("adjacent(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// Routino's formula truncates each segment to whole metres: ten 1.9 m
// segments sum to 10 m, one 19 m segment to 19 m; GeodesicM sums 19 m
// either way.
func TestRoutinoMetric(t *testing.T) {
	step := 1.9 / 110574.0 // ~1.9 m of latitude at 21°N
	var pts []geo.LatLng
	for i := 0; i <= 10; i++ {
		pts = append(pts, geo.LatLng{Lat: 21 + float64(i)*step, Lng: 105.8})
	}
	many, one := routinoMetric(pts), routinoMetric([]geo.LatLng{pts[0], pts[10]})
	if many != 10 || one < 18 || one > 20 {
		t.Fatalf("Routino's sum of ten ~1.9 m segments %v m (want 10), of one ~19 m segment %v m", many, one)
	}
	if g := geodesicLength(pts); math.Abs(g-geo.GeodesicM(pts[0], pts[10])) > 1e-6 {
		t.Fatalf("geodesic length of a straight chain %v ≠ its span", g)
	}
}

// TestBenchTagging: the generated file is well-formed XML in Routino's
// shape, opens exactly the bench classes, and reads access and one-way
// tags as bando's builder does.
func TestBenchTagging(t *testing.T) {
	x := BenchTagging(map[string]bool{"residential": true, "motorway": true}, true)
	var doc struct {
		XMLName xml.Name `xml:"routino-tagging"`
	}
	if err := xml.Unmarshal([]byte(x), &doc); err != nil {
		t.Fatal(err)
	}
	block := func(hw string) string {
		i := strings.Index(x, `<if k="highway" v="`+hw+`">`)
		if i < 0 {
			t.Fatalf("no block for highway=%s", hw)
		}
		j := strings.Index(x[i:], "\n  </if>")
		return x[i : i+j]
	}
	for _, c := range []struct{ hw, want string }{
		{"residential", `<output k="motorcar" v="yes"/>`},
		{"residential", `<if k="access" v="destination"> <output k="motorcar" v="yes"/>`},
		{"residential", `<if k="motorcar" v="private"> <output k="motorcar" v="no"/>`},
		{"footway", `<output k="motorcar" v="no"/>`},
		{"footway", `<if k="access" v="destination"> <output k="motorcar" v="no"/>`},
		{"footway", `<if k="motor_vehicle" v="yes"> <output k="motorcar" v="yes"/>`},
		{"track", `<output k="motorcar" v="no"/>`},
		{"bando_ferry", `<output k="highway" v="ferry"/>`},
		{"bando_ferry", `<output k="motorcar" v="yes"/>`},
		{"motorway", `<output k="oneway" v="yes"/>`},
		{"motorway", `<if k="oneway" v="no"> <output k="oneway" v="no"/>`},
		{"residential", `<if k="oneway" v="reverse"> <output k="oneway" v="-1"/>`},
		{"residential", `<if k="junction" v="roundabout"> <ifnot k="oneway" v="no"> <output k="oneway" v="yes"/>`},
	} {
		if !strings.Contains(block(c.hw), c.want) {
			t.Errorf("highway=%s block lacks %s", c.hw, c.want)
		}
	}
	if strings.Contains(block("motorway_link"), `<output k="oneway" v="yes"/>`+"\n") {
		t.Error("motorway_link implies oneway; bando's builder does not")
	}
	if !strings.Contains(x, `<if k="barrier" v="gate"> <unset/> </if>`) || strings.Contains(x, `v="bollard"`) {
		t.Error("barriers: gate must pass, every unlisted barrier (bollard) must stop")
	}
}
