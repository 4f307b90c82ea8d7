package geocode

import (
	"context"
	"testing"

	"github.com/bando-vn/bando/core/addr"
	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/tile"
)

// FuzzForward: any text, with the address parser, the address layer and the search index
// of a small world, answers without panicking, at most size results, every one inside the
// world.
func FuzzForward(f *testing.F) {
	st, fw := fuzzWorld(f)
	f.Add("12 Hàng Bạc, Hoàn Kiếm, Hà Nội", 3)
	f.Add("số 2 ngõ 34 ngách 5 hẻm 2 Nguyễn Trãi, P. Thượng Đình, Q. Thanh Xuân, TP. Hà Nội", 1)
	f.Add("k448 h20/2 , , ;;; --- 113/34/ 12-14 (Q.1)", 50)
	f.Fuzz(func(t *testing.T, s string, size int) {
		size = int(uint(size)%60) + 1
		hits, _, err := fw.Forward(context.Background(), s, size)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if len(hits) > size {
			t.Fatalf("%q: %d results for size %d", s, len(hits), size)
		}
		for _, h := range hits {
			if _, ok, _ := findPlace(st, h.Place.ID); !ok {
				t.Fatalf("%q: result %s is not a place of the world", s, h.Place.ID)
			}
		}
	})
}

// FuzzDecodeAddressTile: arbitrary bytes decode or fail, never panic.
func FuzzDecodeAddressTile(f *testing.F) {
	b, err := place.EncodePlaceTile(fuzzPlaces())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte{0x81, 0xa1, 'v', 0x01})
	f.Fuzz(func(t *testing.T, b []byte) {
		if t, err := decodeAddressTile(b); err == nil && t == nil {
			panic("nil tile without error")
		}
	})
}

// fuzzPlaces: a street, its alley and two addresses in one ward.
func fuzzPlaces() []place.Place {
	mk := func(id, name, layer string, lat, lng float64, tags ...string) place.Place {
		return place.Place{ID: id, Name: name, Layer: layer, Lat: int32(lat * 1e7), Lng: int32(lng * 1e7), Tags: tags,
			Admin: []string{"00070", "00061", "002"}, Category: []string{layer}}
	}
	return []place.Place{
		mk("w1", "Phố Hàng Bạc", "street", 21.0342, 105.852),
		mk("w2", "Ngõ 5 Hàng Bạc", "street", 21.0349, 105.8522),
		mk("n1", "12 Phố Hàng Bạc", "address", 21.03435, 105.8512, "addr:housenumber", "12", "addr:street", "Phố Hàng Bạc"),
		mk("n2", "7 Ngõ 5 Hàng Bạc", "address", 21.0347, 105.85215, "addr:housenumber", "7", "addr:street", "Ngõ 5 Hàng Bạc"),
	}
}

// fuzzWorld builds the address layer, search index and id layer of fuzzPlaces, with no
// administrative layer (an empty gazetteer).
func fuzzWorld(tb testing.TB) (*tile.Store, *Forwarder) {
	ps := fuzzPlaces()
	tiles := map[string][]byte{}
	for _, build := range []func([]place.Place) (map[string][]byte, error){BuildAddressTiles, place.BuildIndex, place.BuildIDTiles} {
		ts, err := build(ps)
		if err != nil {
			tb.Fatal(err)
		}
		for k, b := range ts {
			tiles[k] = b
		}
	}
	st, err := tile.OpenMap(tiles)
	if err != nil {
		tb.Fatal(err)
	}
	u := &admin.Units{}
	return st, NewForwarder(st, u, addr.NewGazetteer(u))
}

func findPlace(st *tile.Store, id string) (place.Place, bool, error) {
	for _, p := range fuzzPlaces() {
		if p.ID == id {
			return p, true, nil
		}
	}
	return place.Place{}, false, nil
}
