package addr

import (
	"errors"
	"reflect"
	"testing"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/tile"
)

// TestGazetteerTileRoundTrip: the tile of the real units decodes to the
// very gazetteer NewGazetteer built, and answers as it does.
func TestGazetteerTileRoundTrip(t *testing.T) {
	g := fullGazetteer(t)
	b, err := EncodeGazetteer(g)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeGazetteer(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, g) {
		t.Fatal("decoded gazetteer differs from the one encoded")
	}
	t.Logf("%d units, %d names: tile of %d bytes", g.Len(), len(g.names), len(b))
	for i := range allUnits(g) {
		u := g.Unit(int32(i))
		if w := got.Lookup(u.New, u.Level, u.Code); w < 0 || got.Code(w) != u.Code {
			t.Fatalf("unit %d (%s): Lookup gives %d", i, u.Code, w)
		}
	}
	// every truncation is an error, never a panic
	for n := 0; n < len(b); n += 1 + n/7 {
		if _, err := DecodeGazetteer(b[:n]); err == nil {
			t.Fatalf("a tile cut at %d of %d bytes decodes", n, len(b))
		} else if !errors.Is(err, tile.ErrCorrupt) {
			t.Fatalf("cut at %d: %v does not wrap ErrCorrupt", n, err)
		}
	}
}

// FuzzDecodeGazetteer: any bytes decode or fail with ErrCorrupt; what
// decodes answers lookups without a panic or a loop that does not end.
func FuzzDecodeGazetteer(f *testing.F) {
	g := NewGazetteer(sampleUnits())
	b, err := EncodeGazetteer(g)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add(b[:len(b)/2])
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := DecodeGazetteer(b)
		if err != nil {
			if !errors.Is(err, tile.ErrCorrupt) {
				t.Fatalf("%v does not wrap ErrCorrupt", err)
			}
			return
		}
		for _, name := range []string{"", "hang bac", "ha noi", "1", "hcm"} {
			for _, u := range g.Named(name) {
				g.Unit(u)
				g.ProvinceOf(u)
				g.SameName(u)
			}
		}
		for i := int32(0); i < int32(g.Len()) && i < 50; i++ {
			g.Unit(i)
			g.ProvinceOf(i)
			g.Lookup(g.IsNew(i), g.Level(i), g.Code(i))
		}
	})
}

// sampleUnits is a few units of both structures, for tests without
// ../shared.
func sampleUnits() *admin.Units {
	return &admin.Units{
		NewProvinces: []admin.UnitsNewProvince{{Code: "01", Name: "Thành phố Hà Nội"}, {Code: "79", Name: "Thành phố Hồ Chí Minh"}},
		NewWards: []admin.UnitsNewWard{{Code: "00070", Name: "Phường Hoàn Kiếm", Province: "01"},
			{Code: "26734", Name: "Phường Sài Gòn", Province: "79", Alt: []string{"Phường Sai Gon"}}},
		OldProvinces: []admin.UnitsOldProvince{{Code: "01", Name: "Thành phố Hà Nội"}},
		OldDistricts: []admin.UnitsOldDistrict{{Code: "002", Name: "Quận Hoàn Kiếm", Province: "01"}},
		OldWards:     []admin.UnitsOldWard{{Code: "00037", Name: "Phường Hàng Bạc", District: "002"}, {Code: "00038", Name: "Phường 1", District: "002"}},
	}
}
