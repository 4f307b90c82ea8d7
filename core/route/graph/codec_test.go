package graph

import (
	"encoding/binary"
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
	arcs := [][]Arc{{{To: 1, Weight: 10, Via: ArcOut | ArcIn | 2}}, nil} // v3 stores no arc length
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

// TestDecodeV2 reads tiles written the version 2 way (fixed 44-byte edge
// records, u32 tables, 16-byte arcs): a v3 reader keeps reading them.
func TestDecodeV2(t *testing.T) {
	in := sampleTile()
	le := binary.LittleEndian
	var edges []byte
	for _, e := range in.Edges {
		edges = le.AppendUint32(edges, e.U)
		edges = le.AppendUint32(edges, e.V)
		edges = le.AppendUint32(edges, e.LengthCM)
		edges = append(edges, byte(e.Class), e.Width, e.MaxSpeed, e.MaxSpeedB)
		for _, x := range []uint16{e.Flags, e.Access, e.MaxWeight, e.MaxHeight} {
			edges = le.AppendUint16(edges, x)
		}
		for _, x := range []uint32{e.Duration, e.Name, e.Ref, 123456789, 0} { // way id u64 last
			edges = le.AppendUint32(edges, x)
		}
	}
	v2 := packedBase{V: 2, Lat: i32s(in.Lat), Lng: i32s(in.Lng), NFlag: in.NodeFlags, AdjOff: u32s(in.AdjOff),
		Adj: u32s(in.Adj), Edges: edges, GeomOff: u32s(in.GeomOff), Geom: in.Geom, StrOff: u32s([]uint32{0, 0, uint32(len("Phố Huế"))}),
		Str: []byte("Phố Huế"), Restr: []byte{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1 << ModeFoot}}
	b, err := marshal(&v2)
	if err != nil {
		t.Fatal(err)
	}
	out, err := DecodeTile(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Fatalf("v2 tile:\n%+v\n%+v", in, out)
	}
	arcs := []byte{}
	for _, x := range []uint32{5, 10, 100, ShortcutBit | ArcOut | 4} {
		arcs = le.AppendUint32(arcs, x)
	}
	cb, err := marshal(&packedCH{V: 2, NodeStart: 7, Count: 2, ArcOff: u32s([]uint32{0, 1, 1}), Arcs: arcs})
	if err != nil {
		t.Fatal(err)
	}
	ct, err := DecodeCHTile(cb)
	if err != nil || len(ct.Arcs) != 1 || ct.Arcs[0] != (Arc{5, 10, 100, ShortcutBit | ArcOut | 4}) || ct.Local(8) != 1 {
		t.Fatalf("v2 hierarchy tile: %+v %v", ct, err)
	}
}

// TestCHTileV3Shortcuts: shortcut middles below and above the node, edge
// vias up to the mask, arcs in both directions survive the compact coding.
func TestCHTileV3Shortcuts(t *testing.T) {
	lists := [][]Arc{
		{{To: 0, Weight: 1, Via: ShortcutBit | ArcIn | 0}, {To: 900, Weight: 1 << 30, Via: ArcOut | ArcIn | ViaMask}},
		{},
		{{To: 1, Weight: 0, Via: ShortcutBit | ArcOut | 1000000}},
	}
	b, err := EncodeCHTile(500, nil, lists)
	if err != nil {
		t.Fatal(err)
	}
	ct, err := DecodeCHTile(b)
	if err != nil {
		t.Fatal(err)
	}
	var flat []Arc
	for _, l := range lists {
		flat = append(flat, l...)
	}
	if !reflect.DeepEqual(ct.Arcs, flat) || !reflect.DeepEqual(ct.ArcOff, []uint32{0, 2, 2, 3}) {
		t.Fatalf("decoded %+v", ct)
	}
	if _, err := DecodeCHTile(b[:len(b)-1]); !errors.Is(err, tile.ErrCorrupt) {
		t.Fatalf("truncated: %v", err)
	}
}
