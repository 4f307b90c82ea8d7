package admin

import (
	"context"
	"errors"
	"math/rand"
	"reflect"
	"testing"

	"github.com/bando-vn/bando/core/tile"
)

// sampleCell is a small cell at (0.25°-grid) x=423, y=84 (Hà Nội): two new
// wards, one with a hole, and one old district polygon.
func sampleCell() *CellData {
	const s = 2_500_000
	ox, oy := int32(423*s), int32(84*s)
	sq := func(x0, y0, x1, y1 int32) []int32 {
		return []int32{ox + x0, oy + y0, ox + x1, oy + y0, ox + x1, oy + y1, ox + x0, oy + y1}
	}
	return &CellData{
		X: 423, Y: 84, Size: s,
		NewProvinces: []NewProvince{{Unit{"01", "Thành phố Hà Nội"}, "HN"}},
		NewWards:     []NewWard{{Unit{"00004", "Phường Ba Đình"}, 0}, {Unit{"00008", "Phường Ngọc Hà"}, 0}},
		OldProvinces: []Unit{{"01", "Thành phố Hà Nội"}},
		OldDistricts: []OldDistrict{{Unit{"001", "Quận Ba Đình"}, 0, false}},
		OldWards:     []OldWard{{Unit{"00001", "Phường Phúc Xá"}, 0}, {Unit{"00002", "Phường Trúc Bạch"}, 0}},
		Seeds: []Seed{
			{Ward: 0, X: ox + 1000, Y: oy + 1000, OldWard: 0, OldDistrict: 0},
			{Ward: 0, X: ox + 9000, Y: oy + 9000, OldWard: 1, OldDistrict: 0},
		},
		Polygons: [NumLayers][]Polygon{
			LayerNewWard: {
				{Owner: 0, Rings: [][]int32{sq(0, 0, 10000, 10000), sq(4000, 4000, 6000, 6000)}},
				{Owner: 1, Rings: [][]int32{sq(10000, 0, 20000, 10000)}},
			},
			LayerOldDistrict: {{Owner: 0, Rings: [][]int32{sq(0, 0, 20000, 10000)}}},
		},
	}
}

func TestCellRoundTripAndQuery(t *testing.T) {
	b, err := EncodeCell(sampleCell())
	if err != nil {
		t.Fatal(err)
	}
	c, err := DecodeCell(b)
	if err != nil {
		t.Fatal(err)
	}
	ox, oy := int32(423*2_500_000), int32(84*2_500_000)
	for _, tc := range []struct {
		name            string
		dx, dy          int32
		status          Status
		ward, oldWard   string
		oldDist         string
		wardDerivedFlag bool
	}{
		{"near seed 0", 1500, 1500, Found, "00004", "00001", "001", true},
		{"near seed 1", 8500, 8000, Found, "00004", "00002", "001", true},
		{"in the hole", 5000, 5000, Partial, "", "", "001", false},
		{"ward 2 has no seeds", 15000, 5000, Found, "00008", "", "001", false},
		{"outside both", 5000, 2_000_000, NotFound, "", "", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := c.Query(ox+tc.dx, oy+tc.dy)
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != tc.status || r.New.Ward.Code != tc.ward || r.Old.Ward.Code != tc.oldWard || r.Old.District.Code != tc.oldDist || r.Old.WardDerived != tc.wardDerivedFlag {
				t.Fatalf("got %+v", r)
			}
		})
	}
}

func TestUnitsAndMetaRoundTrip(t *testing.T) {
	u := &Units{
		NewProvinces: []UnitsNewProvince{{"01", "Thành phố Hà Nội", "HN", []string{"01"}}},
		NewWards:     []UnitsNewWard{{"00004", "Phường Ba Đình", "01", []Link{{"00001", LinkWhole}, {"00002", LinkPart}}}},
		OldProvinces: []UnitsOldProvince{{"01", "Thành phố Hà Nội", []string{"01"}}},
		OldDistricts: []UnitsOldDistrict{{"001", "Quận Ba Đình", "01"}},
		OldWards:     []UnitsOldWard{{"00001", "Phường Phúc Xá", "001", []Link{{"00004", LinkWhole}}}},
	}
	b, err := EncodeUnits(u)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeUnits(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, u) {
		t.Fatalf("units round trip:\n got %+v\nwant %+v", got, u)
	}
	m := &Meta{CellSize: 2_500_000, BBox: [4]int32{1, 2, 3, 4}, Cells: 7, Source: "gso"}
	mb, _ := EncodeMeta(m)
	gm, err := DecodeMeta(mb)
	if err != nil || !reflect.DeepEqual(gm, m) {
		t.Fatalf("meta round trip: %+v %v", gm, err)
	}
}

// TestCorruptNeverPanics flips, truncates and extends a valid tile at random
// (seeded) and checks that decoding fails with tile.ErrCorrupt or succeeds.
func TestCorruptNeverPanics(t *testing.T) {
	seed := int64(7)
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	good, _ := EncodeCell(sampleCell())
	for i := 0; i < 20000; i++ {
		b := append([]byte(nil), good...)
		switch i % 3 {
		case 0:
			b[rng.Intn(len(b))] ^= byte(1 + rng.Intn(255))
		case 1:
			b = b[:rng.Intn(len(b))]
		case 2:
			b[rng.Intn(len(b))] = []byte{0xdd, 0xdf, 0xc6, 0xdb, 0xff, 0x7f}[rng.Intn(6)]
		}
		if c, err := DecodeCell(b); err != nil {
			if !errors.Is(err, tile.ErrCorrupt) {
				t.Fatalf("error does not wrap ErrCorrupt: %v", err)
			}
		} else if _, err := c.Query(423*2_500_000+100, 84*2_500_000+100); err != nil && !errors.Is(err, tile.ErrCorrupt) {
			t.Fatalf("query error does not wrap ErrCorrupt: %v", err)
		} else if err := c.DecodeGeometry(); err != nil && !errors.Is(err, tile.ErrCorrupt) {
			t.Fatalf("geometry error does not wrap ErrCorrupt: %v", err)
		}
	}
}

func TestLookupCorruptTileIsError(t *testing.T) {
	meta, _ := EncodeMeta(&Meta{CellSize: 2_500_000})
	g := tile.MapGetter{MetaKey: meta, CellKey(423, 84): []byte{0x81, 0xa1, 'v'}}
	_, err := New(g).Lookup(context.Background(), 21.03, 105.8)
	if !errors.Is(err, tile.ErrCorrupt) {
		t.Fatalf("want ErrCorrupt, got %v", err)
	}
	if _, err := New(g).Lookup(context.Background(), 91, 0); !errors.Is(err, ErrInvalidPoint) {
		t.Fatalf("want ErrInvalidPoint, got %v", err)
	}
}

func TestLookupCacheEviction(t *testing.T) {
	meta, _ := EncodeMeta(&Meta{CellSize: 2_500_000})
	g := tile.MapGetter{MetaKey: meta}
	for x := int32(420); x < 430; x++ {
		c := sampleCell()
		c.X = x
		for k := range c.Polygons {
			c.Polygons[k] = nil
		}
		c.Seeds = nil
		b, _ := EncodeCell(c)
		g[CellKey(x, 84)] = b
	}
	l := New(g, WithCacheCells(3))
	for x := 420; x < 430; x++ {
		if _, err := l.Lookup(context.Background(), 21.1, float64(x)*0.25+0.1); err != nil {
			t.Fatal(err)
		}
	}
	if len(l.cells) != 3 {
		t.Fatalf("cache holds %d cells, want 3", len(l.cells))
	}
}

func FuzzDecodeCell(f *testing.F) {
	good, _ := EncodeCell(sampleCell())
	f.Add(good)
	f.Add([]byte{})
	f.Add([]byte{0x81, 0xa1, 'g', 0x81, 0xa2, 'n', 'w', 0xc4, 0x01, 0x05})
	units, _ := EncodeUnits(&Units{NewWards: []UnitsNewWard{{"1", "x", "01", []Link{{"2", LinkPart}}}}})
	f.Add(units)
	f.Fuzz(func(t *testing.T, b []byte) {
		if c, err := DecodeCell(b); err == nil {
			for _, p := range [][2]int32{{c.X * c.Size, c.Y * c.Size}, {c.X*c.Size + c.Size/2, c.Y*c.Size + c.Size/2}} {
				if _, err := c.Query(p[0], p[1]); err != nil && !errors.Is(err, tile.ErrCorrupt) {
					t.Fatalf("query error does not wrap ErrCorrupt: %v", err)
				}
			}
			if err := c.DecodeGeometry(); err != nil && !errors.Is(err, tile.ErrCorrupt) {
				t.Fatalf("geometry error does not wrap ErrCorrupt: %v", err)
			}
		} else if !errors.Is(err, tile.ErrCorrupt) {
			t.Fatalf("error does not wrap ErrCorrupt: %v", err)
		}
		if _, err := DecodeUnits(b); err != nil && !errors.Is(err, tile.ErrCorrupt) {
			t.Fatalf("units error does not wrap ErrCorrupt: %v", err)
		}
		if _, err := DecodeMeta(b); err != nil && !errors.Is(err, tile.ErrCorrupt) {
			t.Fatalf("meta error does not wrap ErrCorrupt: %v", err)
		}
	})
}
