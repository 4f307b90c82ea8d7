package core

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/addr"
	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/tile"
)

// sampleTiles reads the fixture bundle's tiles by key.
func sampleTiles(t *testing.T) map[string][]byte {
	t.Helper()
	root := "../testdata/bundle/tiles"
	tiles := map[string][]byte{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		tiles[strings.TrimSuffix(filepath.ToSlash(rel), ".mp")] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return tiles
}

// TestGazetteerTileOrUnits: the engine answers the same whether it reads
// tile admin/gazetteer or builds the gazetteer from admin/units (a bundle
// from before the tile), and a bundle with the tile but no units answers
// without units (as one without an admin layer's units did).
func TestGazetteerTileOrUnits(t *testing.T) {
	full := sampleTiles(t)
	if full[addr.GazetteerKey] == nil || full[admin.UnitsKey] == nil {
		t.Fatal("the fixture bundle lacks admin/gazetteer or admin/units")
	}
	noTile, noUnits := map[string][]byte{}, map[string][]byte{}
	for k, b := range full {
		if k != addr.GazetteerKey {
			noTile[k] = b
		}
		if k != admin.UnitsKey {
			noUnits[k] = b
		}
	}
	targets := []string{
		"/v1/autocomplete?text=pho%20hang%20bac%20hoan%20kiem",
		"/v1/autocomplete?text=hang%20bac%20ha%20noi&admin_v2=true",
		"/v1/geocode/forward?text=so%207%20ngo%205%20hang%20bac%20p%20hoan%20kiem%20ha%20noi&size=3",
		"/v1/address/convert?text=Ph%C6%B0%E1%BB%9Dng%20H%C3%A0ng%20B%E1%BA%A1c%2C%20Qu%E1%BA%ADn%20Ho%C3%A0n%20Ki%E1%BA%BFm%2C%20H%C3%A0%20N%E1%BB%99i",
	}
	serve := func(tiles map[string][]byte, target string) (int, string) {
		e, err := New(context.Background(), tile.MapBundle(tiles), Options{})
		if err != nil {
			t.Fatal(err)
		}
		r := e.Serve(context.Background(), &Request{Method: "GET", Target: target})
		return r.Status, string(r.Body)
	}
	for _, target := range targets {
		ws, wb := serve(noTile, target)
		gs, gb := serve(full, target)
		t.Logf("%s: %d bytes", target, len(gb))
		if ws != 200 || gs != ws || gb != wb {
			t.Errorf("%s: with the tile %d %s\nbuilding it %d %s", target, gs, gb, ws, wb)
		}
		if s, b := serve(noUnits, target); s != 200 && !strings.HasPrefix(target, "/v1/address/convert") {
			t.Errorf("%s without admin/units: %d %s", target, s, b)
		}
	}
}
