package geo

import (
	"encoding/json"
	"math"
	"math/rand"
	"os"
	"testing"
	"time"

	"github.com/bando-vn/bando/internal/fixture"
)

func TestDistanceM(t *testing.T) {
	// Hoàn Kiếm lake to Hà Nội Opera House, and one degree of latitude.
	for _, c := range []struct {
		a, b LatLng
		want float64
		tol  float64
	}{
		{LatLng{21.0287, 105.8524}, LatLng{21.0245, 105.8576}, 713.7, 0.5}, // equirectangular by hand: 467.0 m × 539.7 m
		{LatLng{0, 0}, LatLng{1, 0}, EarthRadiusM * math.Pi / 180, 1e-6},
		{LatLng{10, 106}, LatLng{10, 106}, 0, 0},
	} {
		if got := DistanceM(c.a, c.b); math.Abs(got-c.want) > c.tol {
			t.Errorf("DistanceM(%v, %v) = %.3f, want %.3f ± %g", c.a, c.b, got, c.want, c.tol)
		}
	}
}

func TestBearingDeg(t *testing.T) {
	o := LatLng{21, 105}
	for _, c := range []struct {
		to   LatLng
		want float64
	}{{LatLng{22, 105}, 0}, {LatLng{21, 106}, 89.82}, {LatLng{20, 105}, 180}, {LatLng{21, 104}, 270.18}} {
		if got := BearingDeg(o, c.to); math.Abs(got-c.want) > 0.01 {
			t.Errorf("BearingDeg(%v, %v) = %.3f, want %.2f", o, c.to, got, c.want)
		}
	}
}

func TestE7(t *testing.T) {
	for _, c := range []struct {
		deg  float64
		want int32
	}{{21.02871234, 210287123}, {-0.00000005, -1}, {0.00000005, 1}, {105.85, 1058500000}} {
		if got := E7(c.deg); got != c.want {
			t.Errorf("E7(%v) = %d, want %d", c.deg, got, c.want)
		}
	}
	seed := time.Now().UnixNano()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewSource(seed))
	for i := 0; i < 10000; i++ {
		v := int32(r.Int63n(3600000000) - 1800000000)
		if E7(FromE7(v)) != v {
			t.Fatalf("E7(FromE7(%d)) = %d", v, E7(FromE7(v)))
		}
	}
}

func TestBBox(t *testing.T) {
	var b BBox
	if !b.Empty() || b.Contains(LatLng{}) {
		t.Fatal("zero box must be empty and contain nothing")
	}
	b = b.Extend(LatLng{21, 105}).Extend(LatLng{20, 106})
	if b.MinLat != 20 || b.MaxLat != 21 || b.MinLng != 105 || b.MaxLng != 106 || !b.Contains(LatLng{20.5, 105.5}) || b.Contains(LatLng{22, 105}) {
		t.Fatalf("box %+v", b)
	}
	a := Around(LatLng{21, 105}, 1000)
	for _, p := range []LatLng{{21.0089, 105}, {21, 105.0096}, {20.9911, 104.9904}} {
		if !a.Contains(p) {
			t.Errorf("Around(1 km) misses %v: %+v", p, a)
		}
	}
	if u := (BBox{}).Union(a); u != a {
		t.Errorf("empty ∪ a = %+v", u)
	}
}

func TestValid(t *testing.T) {
	if !(LatLng{90, -180}).Valid() || (LatLng{math.NaN(), 0}).Valid() || (LatLng{0, 180.0001}).Valid() || (LatLng{math.Inf(1), 0}).Valid() {
		t.Fatal("Valid")
	}
}

type polyVectors struct {
	Roundtrip []struct {
		Name      string      `json:"name"`
		Precision int         `json:"precision"`
		Points    [][]float64 `json:"points"`
		Encoded   string      `json:"encoded"`
	} `json:"roundtrip"`
	EncodeOnly []struct {
		Name      string      `json:"name"`
		Precision int         `json:"precision"`
		Points    [][]float64 `json:"points"`
		Encoded   string      `json:"encoded"`
	} `json:"encode_only"`
	Identity []struct {
		Name      string `json:"name"`
		Precision int    `json:"precision"`
		Encoded   string `json:"encoded"`
	} `json:"decode_encode_identity"`
	DecodeErrors []struct {
		Encoded string `json:"encoded"`
	} `json:"decode_errors"`
}

func pts(xs [][]float64) []LatLng {
	out := make([]LatLng, len(xs))
	for i, x := range xs {
		out[i] = LatLng{x[0], x[1]} // a third value (z) is ignored
	}
	return out
}

// TestPolylinePeerVectors runs ../shared/peer/polyline/vectors.json as it is.
func TestPolylinePeerVectors(t *testing.T) {
	b, err := os.ReadFile(fixture.Shared(t, fixture.PeerDir+"/polyline/vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var v polyVectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range append(v.Roundtrip, v.EncodeOnly...) {
		if got := EncodePolyline(pts(c.Points), c.Precision); got != c.Encoded {
			t.Errorf("%s: encode = %q, want %q", c.Name, got, c.Encoded)
		}
		n++
	}
	for _, c := range v.Roundtrip {
		got, err := DecodePolyline(c.Encoded, c.Precision)
		if err != nil || len(got) != len(c.Points) {
			t.Errorf("%s: decode = %v, %v", c.Name, got, err)
			continue
		}
		for i, p := range pts(c.Points) {
			if math.Abs(got[i].Lat-p.Lat) > 1e-9 || math.Abs(got[i].Lng-p.Lng) > 1e-9 {
				t.Errorf("%s: point %d = %v, want %v", c.Name, i, got[i], p)
			}
		}
		n++
	}
	for _, c := range v.Identity {
		got, err := DecodePolyline(c.Encoded, c.Precision)
		if err != nil || EncodePolyline(got, c.Precision) != c.Encoded {
			t.Errorf("%s: decode/encode identity failed: %v", c.Name, err)
		}
		n++
	}
	for _, c := range v.DecodeErrors {
		if _, err := DecodePolyline(c.Encoded, 5); err == nil {
			t.Errorf("decode %q: want an error", c.Encoded)
		}
		n++
	}
	if n < 10 {
		t.Fatalf("only %d vectors read", n)
	}
	t.Logf("%d polyline vectors", n)
}

func FuzzDecodePolyline(f *testing.F) {
	for _, s := range []string{"", "_p~iF~ps|U_ulLnnqC_mqNvxq`@", "_", ">", "\x80", "_p~iF"} {
		f.Add(s, 5)
	}
	f.Fuzz(func(t *testing.T, s string, prec int) {
		prec = ((prec % 8) + 8) % 8
		got, err := DecodePolyline(s, prec)
		if err != nil {
			return
		}
		// Whatever decodes re-encodes to a string that decodes to the same points.
		again, err := DecodePolyline(EncodePolyline(got, prec), prec)
		if err != nil || len(again) != len(got) {
			t.Fatalf("re-decode of %q: %v", s, err)
		}
	})
}

// TestGeodesicM checks GeodesicM against published WGS84 geodesics:
// Vincenty's (1975) Flinders Peak → Buninyong line, the meridian arcs of
// one degree and of the quadrant, one degree of the equator; and
// MetresPerDegree against GeodesicM over 100 m.
func TestGeodesicM(t *testing.T) {
	dms := func(d, m, s float64) float64 { return d + m/60 + s/3600 }
	for _, c := range []struct {
		a, b      LatLng
		want, tol float64
	}{
		{LatLng{-dms(37, 57, 3.72030), dms(144, 25, 29.52440)}, LatLng{-dms(37, 39, 10.15610), dms(143, 55, 35.38390)}, 54972.271, 0.1},
		{LatLng{0, 0}, LatLng{1, 0}, 110574.389, 0.01},
		{LatLng{0, 0}, LatLng{90, 0}, 10001965.729, 10},
		{LatLng{0, 0}, LatLng{0, 1}, 111319.491, 0.01},
		{LatLng{21, 105}, LatLng{21, 105}, 0, 0},
		{LatLng{0, 0}, LatLng{0, 180}, 20003931.5, 40000}, // antipodal: finite, within 0.2 % (Lambert runs along the equator)
	} {
		if got := GeodesicM(c.a, c.b); math.Abs(got-c.want) > c.tol || math.IsNaN(got) {
			t.Errorf("GeodesicM(%v, %v) = %.3f, want %.3f ± %g", c.a, c.b, got, c.want, c.tol)
		}
	}
	for _, lat := range []float64{0, 10.8, 21, 45, 80} {
		mLat, mLng := MetresPerDegree(lat)
		if d := GeodesicM(LatLng{lat, 0}, LatLng{lat + 100/mLat, 0}); math.Abs(d-100) > 0.005 {
			t.Errorf("lat %g: 100 m of latitude measures %.4f", lat, d)
		}
		if d := GeodesicM(LatLng{lat, 0}, LatLng{lat, 100 / mLng}); math.Abs(d-100) > 0.005 {
			t.Errorf("lat %g: 100 m of longitude measures %.4f", lat, d)
		}
	}
}
