package admin

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"sort"
	"sync"
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
		NewWards:     []UnitsNewWard{{"00004", "Phường Ba Đình", "01", []Link{{"00001", LinkWhole}, {"00002", LinkPart}}, nil}},
		OldProvinces: []UnitsOldProvince{{"01", "Thành phố Hà Nội", []string{"01"}}},
		OldDistricts: []UnitsOldDistrict{{"001", "Quận Ba Đình", "01"}},
		OldWards:     []UnitsOldWard{{"00001", "Phường Phúc Xá", "001", []Link{{"00004", LinkWhole}}, []string{"Phường Phúc Sá"}}},
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
	g, _ := tile.OpenMap(map[string][]byte{MetaKey: meta, CellKey(423, 84): []byte{0x81, 0xa1, 'v'}})
	_, err := New(g).Lookup(context.Background(), 21.03, 105.8)
	if !errors.Is(err, tile.ErrCorrupt) {
		t.Fatalf("want ErrCorrupt, got %v", err)
	}
	if _, err := New(g).Lookup(context.Background(), 91, 0); !errors.Is(err, ErrInvalidPoint) {
		t.Fatalf("want ErrInvalidPoint, got %v", err)
	}
}

// TestLookupUsesStoreCache: a Lookup decodes each cell once, through the
// store's one cache, and a store over its budget evicts cells.
func TestLookupUsesStoreCache(t *testing.T) {
	meta, _ := EncodeMeta(&Meta{CellSize: 2_500_000})
	tiles := map[string][]byte{MetaKey: meta}
	var cellBytes int
	for x := int32(420); x < 430; x++ {
		c := sampleCell()
		c.X = x
		for k := range c.Polygons {
			c.Polygons[k] = nil
		}
		c.Seeds = nil
		b, _ := EncodeCell(c)
		tiles[CellKey(x, 84)] = b
		cellBytes = len(b)
	}
	st, err := tile.Open(context.Background(), tile.MapBundle(tiles), len(meta)+3*cellBytes)
	if err != nil {
		t.Fatal(err)
	}
	l := New(st)
	for round := 0; round < 2; round++ {
		for x := 420; x < 430; x++ {
			if _, err := l.Lookup(context.Background(), 21.1, float64(x)*0.25+0.1); err != nil {
				t.Fatal(err)
			}
		}
	}
	s := st.Stats()
	if s.Bytes > len(meta)+3*cellBytes || s.Evictions < 10 {
		t.Fatalf("cache over its budget or not evicting: %+v", s)
	}
	for i := 0; i < 3; i++ { // the same cell again and again: hits only
		l.Lookup(context.Background(), 21.1, 429*0.25+0.1)
	}
	if s2 := st.Stats(); s2.Misses != s.Misses {
		t.Fatalf("a cached cell was decoded again: %+v then %+v", s, s2)
	}
}

func FuzzDecodeCell(f *testing.F) {
	good, _ := EncodeCell(sampleCell())
	f.Add(good)
	f.Add([]byte{})
	f.Add([]byte{0x81, 0xa1, 'g', 0x81, 0xa2, 'n', 'w', 0xc4, 0x01, 0x05})
	units, _ := EncodeUnits(&Units{NewWards: []UnitsNewWard{{"1", "x", "01", []Link{{"2", LinkPart}}, nil}}})
	f.Add(units)
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := DecodeMeta(b); err != nil && !errors.Is(err, tile.ErrCorrupt) {
			t.Fatalf("meta error does not wrap ErrCorrupt: %v", err)
		}
		if _, err := DecodeUnits(b); err != nil && !errors.Is(err, tile.ErrCorrupt) {
			t.Fatalf("units error does not wrap ErrCorrupt: %v", err)
		}
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

// randomCell is a cell with n seeded random polygons of 1–3 rings, some
// with long edges (multi-byte varints), in layers nw and od.
func randomCell(seed int64, n int) *CellData {
	rng := rand.New(rand.NewSource(seed))
	c := sampleCell()
	ox, oy := c.X*c.Size, c.Y*c.Size
	for k := range c.Polygons {
		c.Polygons[k] = nil
	}
	for _, k := range []LayerKind{LayerNewWard, LayerOldDistrict} {
		for i := 0; i < n; i++ {
			var p Polygon
			if k == LayerNewWard {
				p.Owner = i % len(c.NewWards)
			}
			for r := 0; r < 1+rng.Intn(3); r++ {
				var ring []int32
				step := int32(1) << rng.Intn(21)
				x, y := ox+rng.Int31n(c.Size), oy+rng.Int31n(c.Size)
				for j := 0; j < 3+rng.Intn(200); j++ {
					x = min(max(x+rng.Int31n(2*step+1)-step, ox), ox+c.Size)
					y = min(max(y+rng.Int31n(2*step+1)-step, oy), oy+c.Size)
					ring = append(ring, x, y)
				}
				p.Rings = append(p.Rings, ring)
			}
			c.Polygons[k] = append(c.Polygons[k], p)
		}
		sort.SliceStable(c.Polygons[k], func(a, b int) bool { return c.Polygons[k][a].Owner < c.Polygons[k][b].Owner })
	}
	return c
}

// TestLazyGeometry checks that polygons decoded on demand, with or without
// the "gl" lengths, are the encoded ones and answer like each other.
func TestLazyGeometry(t *testing.T) {
	data := randomCell(11, 60)
	withLens, err := EncodeCell(data)
	if err != nil {
		t.Fatal(err)
	}
	noLens, err := encodeCell(data, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(withLens) <= len(noLens) {
		t.Fatalf("tile with lengths (%d B) not larger than without (%d B)", len(withLens), len(noLens))
	}
	a, err := DecodeCell(withLens)
	if err != nil {
		t.Fatal(err)
	}
	b, err := DecodeCell(noLens)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 2000; i++ {
		x, y := data.X*data.Size+rng.Int31n(data.Size), data.Y*data.Size+rng.Int31n(data.Size)
		ra, errA := a.Query(x, y)
		rb, errB := b.Query(x, y)
		if errA != nil || errB != nil || ra != rb {
			t.Fatalf("(%d,%d): with lengths %+v %v, without %+v %v", x, y, ra, errA, rb, errB)
		}
	}
	for _, c := range []*Cell{a, b} {
		if err := c.DecodeGeometry(); err != nil {
			t.Fatal(err)
		}
		for _, k := range []LayerKind{LayerNewWard, LayerOldDistrict} {
			l := &c.Layers[k]
			if l.Len() != len(data.Polygons[k]) {
				t.Fatalf("layer %s: %d polygons, want %d", k, l.Len(), len(data.Polygons[k]))
			}
			for i, want := range data.Polygons[k] {
				p, err := l.polygon(i)
				if err != nil {
					t.Fatal(err)
				}
				if int(l.Owner[i]) != want.Owner || len(p.end) != len(want.Rings) {
					t.Fatalf("layer %s polygon %d: owner %d, %d rings", k, i, l.Owner[i], len(p.end))
				}
				start := uint32(0)
				for r, ring := range want.Rings {
					if got := p.pts[2*start : 2*p.end[r]]; !reflect.DeepEqual(got, ring) {
						t.Fatalf("layer %s polygon %d ring %d differs", k, i, r)
					}
					start = p.end[r]
				}
				minx, miny, maxx, maxy := polyBBox(want.Rings)
				if !reflect.DeepEqual(l.BBox[4*i:4*i+4], []int32{minx, miny, maxx, maxy}) {
					t.Fatalf("layer %s polygon %d: bbox %v", k, i, l.BBox[4*i:4*i+4])
				}
			}
		}
	}
}

// TestLazyGeometryConcurrent queries a fresh cell from many goroutines at
// once (run with -race).
func TestLazyGeometryConcurrent(t *testing.T) {
	data := randomCell(12, 40)
	b, _ := EncodeCell(data)
	ref, _ := DecodeCell(b)
	c, _ := DecodeCell(b)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(seed int64) {
			defer wg.Done()
			rng := rand.New(rand.NewSource(seed))
			for i := 0; i < 300; i++ {
				x, y := data.X*data.Size+rng.Int31n(data.Size), data.Y*data.Size+rng.Int31n(data.Size)
				got, err := c.Query(x, y)
				want, _ := ref.Query(x, y)
				if err != nil || got != want {
					errs <- fmt.Errorf("(%d,%d): %+v %v, want %+v", x, y, got, err, want)
					return
				}
			}
		}(int64(g))
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

// TestBadLengths: polygon lengths that do not match the stream are corrupt.
func TestBadLengths(t *testing.T) {
	data := randomCell(13, 5)
	ox, oy := int64(data.X)*int64(data.Size), int64(data.Y)*int64(data.Size)
	geom, lens := encodeGeometry(data.Polygons[LayerNewWard], ox, oy)
	if _, err := indexGeometry(geom, lens, ox, oy, len(data.NewWards)); err != nil {
		t.Fatal(err)
	}
	v := &varintReader{b: lens}
	n := v.count(1)
	var sizes []uint64
	for i := 0; i < n; i++ {
		sizes = append(sizes, v.uvarint())
	}
	enc := func(n int, sizes []uint64) []byte {
		b := appendUvarint(nil, uint64(n))
		for _, s := range sizes {
			b = appendUvarint(b, s)
		}
		return b
	}
	shift := append([]uint64(nil), sizes...)
	shift[0]++
	shift[1]--
	for name, bad := range map[string][]byte{
		"count":    enc(n-1, sizes[:n-1]),
		"too long": enc(n, append(append([]uint64(nil), sizes[:n-1]...), sizes[n-1]+1)),
		"short":    enc(n, append(append([]uint64(nil), sizes[:n-1]...), sizes[n-1]-1)),
		"shifted":  enc(n, shift),
		"tiny":     enc(n, append([]uint64{1}, sizes[1:]...)),
		"trailing": append(enc(n, sizes), 0),
		"empty":    {},
	} {
		l, err := indexGeometry(geom, bad, ox, oy, len(data.NewWards))
		if err == nil {
			err = (&Cell{Layers: [NumLayers]Layer{l}}).DecodeGeometry()
		}
		if !errors.Is(err, tile.ErrCorrupt) {
			t.Errorf("%s: want ErrCorrupt, got %v", name, err)
		}
	}
}

// TestLayerVersions applies SPEC.md §6 to the admin tiles: any v ≥ 1
// decodes, v 0 does not.
func TestLayerVersions(t *testing.T) {
	cell, _ := EncodeCell(sampleCell())
	meta, _ := EncodeMeta(&Meta{CellSize: 2_500_000})
	units, _ := EncodeUnits(&Units{})
	decoders := map[string]func([]byte) error{
		"cell":  func(b []byte) error { _, err := DecodeCell(b); return err },
		"meta":  func(b []byte) error { _, err := DecodeMeta(b); return err },
		"units": func(b []byte) error { _, err := DecodeUnits(b); return err },
	}
	for name, b := range map[string][]byte{"cell": cell, "meta": meta, "units": units} {
		i := bytes.Index(b, []byte{0xa1, 'v', FormatVersion})
		if i < 0 {
			t.Fatalf("%s: no v field", name)
		}
		for v, ok := range map[byte]bool{1: true, 2: true, 9: true, 0: false} {
			c := bytes.Clone(b)
			c[i+2] = v
			if err := decoders[name](c); (err == nil) != ok || (err != nil && !errors.Is(err, tile.ErrCorrupt)) {
				t.Errorf("%s v=%d: %v", name, v, err)
			}
		}
	}
}
