package guidance

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/graph"
)

// refBearing is the obvious computation packedBearing must match: decode
// the whole geometry, walk ApproachM from the chosen end.
func refBearing(lat, lng []int32, fwd bool) float64 {
	n := len(lat)
	if n < 2 {
		return 0
	}
	pt := func(k int) geo.LatLng {
		if !fwd {
			k = n - 1 - k
		}
		return geo.PointE7(lat[k], lng[k])
	}
	far := pt(n - 1)
	for k := 1; k < n; k++ {
		if planarM(pt(0), pt(k)) >= ApproachM {
			far = pt(k)
			break
		}
	}
	return planarBearing(pt(0), far)
}

func packGeometry(lat, lng []int32) []byte {
	var b []byte
	var pl, pg int32
	for i := range lat {
		b = binary.AppendVarint(b, int64(lat[i]-pl))
		b = binary.AppendVarint(b, int64(lng[i]-pg))
		pl, pg = lat[i], lng[i]
	}
	return b
}

// TestPackedBearingDifferential: on seeded random geometries (up to 30
// points, a few metres to a hundred apart) packedBearing equals the
// decode-everything reference both ways.
func TestPackedBearingDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 20000; i++ {
		n := 1 + r.IntN(30)
		lat, lng := make([]int32, n), make([]int32, n)
		la, lo := int32(210000000+r.IntN(1e6)), int32(1058000000+r.IntN(1e6))
		step := 1 + r.IntN(1000)
		for k := range lat {
			la += int32(r.IntN(2*step+1) - step)
			lo += int32(r.IntN(2*step+1) - step)
			lat[k], lng[k] = la, lo
		}
		b := packGeometry(lat, lng)
		for _, fwd := range []bool{true, false} {
			got, err := packedBearing(b, fwd)
			if want := refBearing(lat, lng, fwd); err != nil || math.Abs(got-want) > 1e-9 {
				t.Fatalf("case %d fwd=%v: %v (%v), want %v", i, fwd, got, err, want)
			}
		}
	}
}

// FuzzPackedBearing: any bytes give a bearing or an error, never a panic;
// on geometries the graph's own decoder reads (≤ 32 points) they agree.
func FuzzPackedBearing(f *testing.F) {
	f.Add(packGeometry([]int32{210000000, 210001000}, []int32{1058000000, 1058002000}), true)
	f.Add([]byte{0x80}, false)
	f.Fuzz(func(t *testing.T, b []byte, fwd bool) {
		got, err := packedBearing(b, fwd)
		lat, lng, rerr := graph.DecodeGeometry(b)
		if (err == nil) != (rerr == nil) && len(lat) <= 32 {
			if !(fwd && err == nil) { // going forward it may stop before a corrupt tail
				t.Fatalf("packed err %v, decoder err %v", err, rerr)
			}
		}
		if err == nil && rerr == nil && len(lat) <= 32 {
			if want := refBearing(lat, lng, fwd); math.Abs(got-want) > 1e-9 && !(math.IsNaN(got) && math.IsNaN(want)) {
				t.Fatalf("got %v, want %v", got, want)
			}
		}
	})
}
