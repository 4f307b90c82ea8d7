package graph

import (
	"errors"
	"reflect"
	"testing"

	"github.com/bando-vn/bando/core/tile"
)

func sampleTile() *Tile {
	var geom []byte
	geom = EncodeGeometry(geom, []int32{210000000, 210010000}, []int32{1058000000, 1058010000})
	t := &Tile{NodeStart: 0, EdgeStart: 0, Lat: []int32{210000000, 210010000}, Lng: []int32{1058000000, 1058010000},
		NodeFlags: []uint8{NodeSignals, 0}, AdjOff: []uint32{0, 1, 2}, Adj: []uint32{0, 1},
		Edges:   []Edge{{U: 0, V: 1, LengthCM: 15000, Class: ClassPrimary, Flags: FlagOneway, Name: 1, MaxSpeed: 50}},
		GeomOff: []uint32{0, uint32(len(geom))}, Geom: geom, Strings: []string{"", "Phố Huế"},
		Restrictions: []Restriction{{Via: 1, From: 0, To: 0, Only: true, Except: 1 << ModeFoot}}}
	return t
}

func TestTileRoundTrip(t *testing.T) {
	in := sampleTile()
	b, err := EncodeTile(in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := DecodeTile(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Fatalf("round trip:\n%+v\n%+v", in, out)
	}
	la, lo, err := DecodeGeometry(out.Geom)
	if err != nil || len(la) != 2 || la[1] != 210010000 || lo[1] != 1058010000 {
		t.Fatalf("geometry %v %v %v", la, lo, err)
	}
	if _, err := DecodeTile(b[:len(b)-3]); !errors.Is(err, tile.ErrCorrupt) {
		t.Fatalf("truncated tile: %v", err)
	}
}

func TestCHTileRoundTrip(t *testing.T) {
	arcs := [][]Arc{{{To: 1, Weight: 10, LengthCM: 100, Via: ArcOut | ArcIn | 2}}, nil}
	b, err := EncodeCHTile(0, []uint32{3, 9}, arcs)
	if err != nil {
		t.Fatal(err)
	}
	ct, err := DecodeCHTile(b)
	if err != nil {
		t.Fatal(err)
	}
	if ct.Local(9) != 1 || ct.Local(4) != -1 || len(ct.Arcs) != 1 || ct.Arcs[0] != arcs[0][0] {
		t.Fatalf("decoded %+v", ct)
	}
	if e, fwd := ct.Arcs[0].EdgeDir(true); e != 1 || !fwd {
		t.Fatalf("edge dir %d %v", e, fwd)
	}
	if e, fwd := ct.Arcs[0].EdgeDir(false); e != 1 || fwd {
		t.Fatalf("reverse edge dir %d %v", e, fwd)
	}
}

func FuzzDecodeTile(f *testing.F) {
	b, _ := EncodeTile(sampleTile())
	f.Add(b)
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := DecodeTile(b); err != nil && !errors.Is(err, tile.ErrCorrupt) {
			t.Fatalf("error does not wrap ErrCorrupt: %v", err)
		}
	})
}

func FuzzDecodeCHTile(f *testing.F) {
	b, _ := EncodeCHTile(5, nil, [][]Arc{{{To: 6, Weight: 1, Via: ArcOut}}, nil})
	f.Add(b)
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := DecodeCHTile(b); err != nil && !errors.Is(err, tile.ErrCorrupt) {
			t.Fatalf("error does not wrap ErrCorrupt: %v", err)
		}
	})
}

func FuzzDecodeIndex(f *testing.F) {
	b, _ := EncodeIndex(&Index{Cells: []IndexCell{{Row: 84, Col: 423, Nodes: 2, Edges: 1}}})
	f.Add(b)
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := DecodeIndex(b); err != nil && !errors.Is(err, tile.ErrCorrupt) {
			t.Fatalf("error does not wrap ErrCorrupt: %v", err)
		}
	})
}

func FuzzDecodeGeometry(f *testing.F) {
	f.Add(EncodeGeometry(nil, []int32{1, -5}, []int32{7, 1 << 30}))
	f.Fuzz(func(t *testing.T, b []byte) {
		la, lo, err := DecodeGeometry(b)
		if err == nil && len(la) != len(lo) {
			t.Fatal("lat/lng counts differ")
		}
	})
}
