package place

import (
	"errors"
	"fmt"
	"math/rand"
	"testing"

	"github.com/bando-vn/bando/core/tile"
)

// TestIDTiles: every place is found in the first id tile the manifest
// would list for it, pointing to the place tile that holds it, and tiles
// split by hex prefix when over the budget.
func TestIDTiles(t *testing.T) {
	const seed = 20261128
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	var places []Place
	for i := 0; i < 80000; i++ {
		places = append(places, Place{ID: fmt.Sprintf("n%d", i), Name: fmt.Sprintf("Nơi %d", i), Layer: "venue",
			Lat: int32(8e7 + rng.Int63n(15e7)), Lng: int32(102e7 + rng.Int63n(8e7))})
	}
	for i := 0; i < 50; i++ {
		places = append(places, Place{ID: fmt.Sprintf("%s%05d", UnitNewWard, i), Name: fmt.Sprintf("Phường %d", i), Layer: "locality",
			Lat: 21e7, Lng: 105.8e7})
	}
	tiles, err := BuildIDTiles(places)
	if err != nil {
		t.Fatal(err)
	}
	deep := 0
	for k := range tiles {
		if len(k) > len(IDPrefix)+1 {
			deep++
		}
	}
	if deep == 0 {
		t.Fatalf("%d tiles, none deeper than one hex digit: the budget did not split", len(tiles))
	}
	for _, p := range places {
		found := false
		for _, k := range IDKeys(p.ID) {
			b, ok := tiles[k]
			if !ok {
				continue
			}
			it, err := DecodeIDTile(b)
			if err != nil {
				t.Fatal(err)
			}
			cell, got, ok, err := it.Find(p.ID)
			if IsUnitID(p.ID) { // a unit's record is in the id tile
				found = ok && err == nil && cell == "" && got.Name == p.Name
			} else {
				found = ok && err == nil && cell == CellKey(p.LatF(), p.LngF())
			}
			break
		}
		if !found {
			t.Fatalf("%s not in its id tile, or not with its cell %s", p.ID, CellKey(p.LatF(), p.LngF()))
		}
	}
}

// TestIDTileVersion1: an id tile as layer 1 wrote it (the records
// themselves) is still read, and answers with the record.
func TestIDTileVersion1(t *testing.T) {
	b, err := EncodePlaceTile(samplePlaces())
	if err != nil {
		t.Fatal(err)
	}
	it, err := DecodeIDTile(b)
	if err != nil {
		t.Fatal(err)
	}
	p0 := samplePlaces()[0]
	cell, p, ok, err := it.Find(p0.ID)
	if cell != "" || !ok || err != nil || p.Name != p0.Name {
		t.Fatalf("v1 tile: cell %q, %+v, %v, %v", cell, p, ok, err)
	}
	if _, _, ok, _ := it.Find("n-none"); ok {
		t.Fatal("found an id the tile lacks")
	}
}

// TestIDTileCorrupt: an id tile whose columns disagree is refused.
func TestIDTileCorrupt(t *testing.T) {
	tl := packedTile{V: IDLayerVersion, CY: putU32s([]uint32{1}), CX: putU32s([]uint32{1, 2})}
	tl.IOff, tl.IDs = packRecords([][]byte{[]byte("n1")})
	b, err := marshal(&tl)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeIDTile(b); !errors.Is(err, tile.ErrCorrupt) {
		t.Fatalf("columns of different lengths: %v", err)
	}
}

// FuzzDecodeIDTile: any bytes decode to an id tile or ErrCorrupt, and a
// decoded tile looks any id up without panicking.
func FuzzDecodeIDTile(f *testing.F) {
	ids, _ := BuildIDTiles(samplePlaces())
	for _, b := range ids {
		f.Add(b, "n1")
	}
	pt, _ := EncodePlaceTile(samplePlaces())
	f.Add(pt, "n2")
	f.Add([]byte{0x80}, "")
	f.Fuzz(func(t *testing.T, b []byte, id string) {
		it, err := DecodeIDTile(b)
		if err != nil {
			if !errors.Is(err, tile.ErrCorrupt) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		if _, _, _, err := it.Find(id); err != nil && !errors.Is(err, tile.ErrCorrupt) {
			t.Fatalf("untyped error %v", err)
		}
	})
}
