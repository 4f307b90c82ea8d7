package addr

import (
	"os"
	"testing"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/internal/fixture/adminfix"
)

// unitsTile returns the admin/units tile built from ../shared/data/admin, or the file named
// by $BANDO_UNITS_TILE (a bundle's tiles/admin/units.mp: profiles without the build).
func unitsTile(tb testing.TB) []byte {
	if p := os.Getenv("BANDO_UNITS_TILE"); p != "" {
		b, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		return b
	}
	res, _ := adminfix.Build(tb)
	return res.Tiles[admin.UnitsKey]
}

// BenchmarkDecodeUnits: decoding the admin/units tile (the first step of a cold gazetteer).
func BenchmarkDecodeUnits(b *testing.B) {
	t := unitsTile(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := admin.DecodeUnits(t); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewGazetteer: indexing the decoded units.
func BenchmarkNewGazetteer(b *testing.B) {
	u, err := admin.DecodeUnits(unitsTile(b))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		NewGazetteer(u)
	}
}
