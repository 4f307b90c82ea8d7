package core

import (
	"bytes"
	"context"
	"strconv"
	"testing"

	"github.com/bando-vn/bando/core/basemap"
	"github.com/bando-vn/bando/core/tile"
	"github.com/paulmach/orb"
	"github.com/paulmach/orb/encoding/mvt"
	"github.com/paulmach/orb/maptile"
)

func header(r *Response, k string) string {
	for _, kv := range r.Header {
		if kv[0] == k {
			return kv[1]
		}
	}
	return ""
}

// Every tile of the fixture's archives comes out of /v1/tiles unchanged.
func TestTilesServeEveryArchivedTile(t *testing.T) {
	e := fixtureEngine(t, Options{})
	ctx := context.Background()
	st, err := tile.Open(ctx, tile.DirSource("../testdata/bundle"), 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, key := range st.Manifest().Keys() {
		if key == basemap.IndexKey || len(key) < 8 || key[:8] != "basemap/" {
			continue
		}
		a, err := tile.Decode(ctx, st, key, basemap.Decode)
		if err != nil {
			t.Fatal(key, err)
		}
		for _, en := range a.Entries() {
			z, x, y := basemap.SplitID(en.ID)
			want, _, _ := a.Tile(int(z), int(x), int(y))
			r := e.Get(ctx, "/v1/tiles/"+strconv.Itoa(int(z))+"/"+strconv.Itoa(int(x))+"/"+strconv.Itoa(int(y))+".mvt", nil)
			if r.Status != 200 || !bytes.Equal(r.Body, want) || header(r, "Content-Type") != "application/vnd.mapbox-vector-tile" {
				t.Fatalf("%d/%d/%d: status %d, %d bytes (want %d), type %q", z, x, y, r.Status, len(r.Body), len(want), header(r, "Content-Type"))
			}
			n++
		}
	}
	if n < 10 {
		t.Fatalf("only %d basemap tiles in the fixture", n)
	}
}

// The z14 tile over Dinh Độc Lập has its building; a tile at sea is empty.
func TestTilesContent(t *testing.T) {
	e := fixtureEngine(t, Options{})
	tl := maptile.At(orb.Point{106.6925, 10.7805}, 14)
	r := e.Get(context.Background(), "/v1/tiles/14/"+strconv.Itoa(int(tl.X))+"/"+strconv.Itoa(int(tl.Y))+".mvt", nil)
	ls, err := mvt.Unmarshal(r.Body)
	if r.Status != 200 || err != nil {
		t.Fatalf("status %d, %v", r.Status, err)
	}
	found := false
	for _, l := range ls {
		if l.Name == "buildings" && len(l.Features) == 1 && l.Features[0].Geometry.GeoJSONType() == "Polygon" {
			found = true
		}
	}
	if !found {
		t.Errorf("no building in 14/%d/%d (%d layers)", tl.X, tl.Y, len(ls))
	}
	sea := maptile.At(orb.Point{112, 12}, 10)
	r = e.Get(context.Background(), "/v1/tiles/10/"+strconv.Itoa(int(sea.X))+"/"+strconv.Itoa(int(sea.Y))+".mvt", nil)
	if r.Status != 200 || len(r.Body) != 0 {
		t.Errorf("sea tile: status %d, %d bytes", r.Status, len(r.Body))
	}
}

func TestTilesBadPath(t *testing.T) {
	e := fixtureEngine(t, Options{})
	for _, p := range []string{"14/1/2", "25/0/0.mvt", "3/8/0.mvt", "3/-1/0.mvt", "a/b/c.mvt", "1/2.mvt", "1/0/0/0.mvt", "99999999999/0/0.mvt"} {
		r := e.Get(context.Background(), "/v1/tiles/"+p, nil)
		if r.Status != 400 || !bytes.Contains(r.Body, []byte("tile")) {
			t.Errorf("%s: status %d %s", p, r.Status, r.Body)
		}
	}
}
