package basemap

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/bando-vn/bando/core/tile"
)

func TestArchiveRoundTrip(t *testing.T) {
	tiles := map[uint64][]byte{
		TileID(5, 25, 14):    []byte("a"),
		TileID(14, 1, 2):     []byte("hello"),
		TileID(14, 1, 3):     []byte("hello"), // duplicate: stored once
		TileID(14, 16383, 0): {},
	}
	b, err := Write(tiles)
	if err != nil {
		t.Fatal(err)
	}
	if want := HeaderSize + 4*EntrySize + len("a") + len("hello"); len(b) != want {
		t.Errorf("size %d, want %d (duplicates stored once)", len(b), want)
	}
	a, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range tiles {
		z, x, y := SplitID(id)
		got, ok, err := a.Tile(int(z), int(x), int(y))
		if err != nil || !ok || !bytes.Equal(got, want) {
			t.Errorf("%d/%d/%d = %q %v %v, want %q", z, x, y, got, ok, err, want)
		}
	}
	if _, ok, _ := a.Tile(14, 1, 4); ok {
		t.Error("absent tile found")
	}
	if _, ok, _ := a.Tile(3, 9, 0); ok {
		t.Error("invalid tile found")
	}
}

func TestTileIDOrder(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 0))
	for i := 0; i < 10000; i++ {
		z := uint32(r.IntN(MaxZoom + 1))
		x, y := uint32(r.Int64N(1<<z)), uint32(r.Int64N(1<<z))
		if gz, gx, gy := SplitID(TileID(z, x, y)); gz != z || gx != x || gy != y {
			t.Fatalf("%d/%d/%d → %d/%d/%d", z, x, y, gz, gx, gy)
		}
		z2 := uint32(r.IntN(MaxZoom + 1))
		x2, y2 := uint32(r.Int64N(1<<z2)), uint32(r.Int64N(1<<z2))
		less := z < z2 || z == z2 && (x < x2 || x == x2 && y < y2)
		if (TileID(z, x, y) < TileID(z2, x2, y2)) != less {
			t.Fatalf("order of %d/%d/%d and %d/%d/%d", z, x, y, z2, x2, y2)
		}
	}
}

func TestArchiveCorrupt(t *testing.T) {
	good, _ := Write(map[uint64][]byte{TileID(1, 0, 0): []byte("xy"), TileID(1, 1, 0): []byte("z")})
	mut := func(f func(b []byte) []byte) []byte { return f(append([]byte{}, good...)) }
	cases := map[string][]byte{
		"empty":     {},
		"magic":     mut(func(b []byte) []byte { b[0] = 'X'; return b }),
		"version 0": mut(func(b []byte) []byte { b[8] = 0; return b }),
		"count":     mut(func(b []byte) []byte { b[12] = 200; return b }),
		"order":     mut(func(b []byte) []byte { copy(b[16:24], b[32:40]); return b }),
		"range":     mut(func(b []byte) []byte { b[28] = 50; return b }),
		"bad id":    mut(func(b []byte) []byte { b[16] = 7; return b }),
		"truncated": good[:len(good)-1],
	}
	for name, b := range cases {
		if _, err := Decode(b); !errors.Is(err, tile.ErrCorrupt) {
			t.Errorf("%s: err %v, want ErrCorrupt", name, err)
		}
	}
	// a newer version is read (core/tile/SPEC.md §6): it only adds what
	// this reader may ignore
	if a, err := Decode(mut(func(b []byte) []byte { b[8] = 9; return b })); err != nil || len(a.Entries()) != 2 {
		t.Errorf("version 9: %v", err)
	}
}

// FuzzArchive: any bytes open without panic, and every listed tile reads.
func FuzzArchive(f *testing.F) {
	good, _ := Write(map[uint64][]byte{TileID(1, 0, 0): []byte("xy"), TileID(2, 3, 1): []byte("z")})
	f.Add(good)
	f.Add([]byte(Magic + "\x01\x00\x00\x00\xff\xff\xff\xff"))
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := Decode(b)
		if err != nil {
			return
		}
		for _, e := range a.Entries() {
			z, x, y := SplitID(e.ID)
			if _, ok, err := a.Tile(int(z), int(x), int(y)); !ok || err != nil {
				t.Fatalf("listed tile %d/%d/%d: %v %v", z, x, y, ok, err)
			}
		}
	})
}
