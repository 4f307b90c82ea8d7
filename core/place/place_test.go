package place

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/tile"
	"github.com/vmihailenco/msgpack/v5"
)

func samplePlaces() []Place {
	return []Place{
		{ID: "n1", Name: "Phở Huế 36", Lat: geo.E7(21.018), Lng: geo.E7(105.851), Layer: "venue", Category: []string{"restaurant"}, Rank: 10},
		{ID: "n2", Name: "Phố Huế", Lat: geo.E7(21.019), Lng: geo.E7(105.8516), Layer: "neighbourhood", Rank: 15},
		{ID: "w3", Name: "Hồ Hoàn Kiếm", Lat: geo.E7(21.0287), Lng: geo.E7(105.8523), Layer: "venue", Rank: 10, Tags: []string{"alt_name", "Hồ Gươm"}},
		{ID: "n4", Name: "Hà Nội", Lat: geo.E7(21.0285), Lng: geo.E7(105.8542), Layer: "locality", Rank: 35},
	}
}

func TestPlaceTileRoundTrip(t *testing.T) {
	b, err := EncodePlaceTile(samplePlaces())
	if err != nil {
		t.Fatal(err)
	}
	pt, err := DecodePlaceTile(b)
	if err != nil {
		t.Fatal(err)
	}
	if pt.Len() != 4 {
		t.Fatalf("Len = %d", pt.Len())
	}
	p, ok, err := pt.Find("w3")
	if err != nil || !ok || p.Name != "Hồ Hoàn Kiếm" || p.Tag("alt_name") != "Hồ Gươm" {
		t.Fatalf("Find(w3) = %+v %v %v", p, ok, err)
	}
	if _, ok, _ := pt.Find("n9"); ok {
		t.Fatal("found a missing id")
	}
}

func TestIndexSmall(t *testing.T) {
	tiles, err := BuildIndex(samplePlaces())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		key, prefix string
		want        []string
	}{
		{"sx/pho-ws", "ph", []string{"n2", "n1"}},         // generic "pho": by rank, Phố Huế (15) before Phở Huế 36 (10)
		{"sx/3.n", "hu", []string{"n2", "n1"}},            // one run holds every first byte 3…n
		{"sx/3.n", "gu", []string{"w3"}},                  // alt_name
		{"sx/3.n", "h", []string{"n4", "w3", "n2", "n1"}}, // token order (ha, ho, hoan, hue), then rank
	} {
		st, err := DecodeSearchTile(tiles[c.key])
		if err != nil {
			t.Fatalf("%s: %v", c.key, err)
		}
		var got []string
		for _, r := range st.Prefix(c.prefix, 100) {
			p, err := st.Place(r)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, p.ID)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s prefix %q: %v, want %v", c.key, c.prefix, got, c.want)
		}
	}
	lex := 0
	for k := range tiles {
		if strings.HasSuffix(k, "-t") {
			lex++
		}
	}
	if len(tiles)-lex != 2 {
		t.Errorf("%d tiles besides the lexicons, want the run and the generic summary", len(tiles)-lex)
	}
	// the lexicon of "h": every word starting with h, with its places
	st, err := DecodeSearchTile(tiles[LexiconKey('h')])
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i := 0; i < st.TokenCount(); i++ {
		got = append(got, fmt.Sprintf("%s:%d", st.Token(i), st.Count(i)))
	}
	if want := "[ha:1 ho:1 hoan:1 hue:2]"; fmt.Sprint(got) != want {
		t.Errorf("lexicon h: %v, want %v", got, want)
	}
}

func TestRecordEvolution(t *testing.T) {
	// A record with an extra trailing field (a newer writer) still decodes,
	// and one missing trailing fields (an older writer) decodes as empty.
	newer, _ := msgpack.Marshal([]any{"n1", "A", 1, 2, "venue", []string{}, 3, []string{}, []string{"", "", ""}, []int32{1, 2, 3, 4}, []string{"n9"}, "future"})
	if p, err := decodePlace(newer); err != nil || p.ID != "n1" || p.Rank != 3 {
		t.Fatalf("newer record: %+v %v", p, err)
	}
	older, _ := msgpack.Marshal([]any{"n2", "B", 1, 2, "venue"})
	if p, err := decodePlace(older); err != nil || p.ID != "n2" || p.Rank != 0 {
		t.Fatalf("older record: %+v %v", p, err)
	}
}

func FuzzDecodeTiles(f *testing.F) {
	pt, _ := EncodePlaceTile(samplePlaces())
	tiles, _ := BuildIndex(samplePlaces())
	f.Add(pt, "ph")
	f.Add(tiles["sx/3.n"], "hu")
	f.Add(tiles[LexiconKey('h')], "ho")
	f.Add([]byte{0x80}, "")
	f.Fuzz(func(t *testing.T, b []byte, prefix string) {
		if st, err := DecodeSearchTile(b); err == nil {
			for _, r := range st.Prefix(prefix, 100) {
				if _, err := st.Place(r); err != nil && !errors.Is(err, tile.ErrCorrupt) {
					t.Fatalf("untyped error %v", err)
				}
			}
			for i := 0; i < st.TokenCount() && i < 100; i++ {
				st.Count(i)
			}
			st.Has(prefix, true)
		} else if !errors.Is(err, tile.ErrCorrupt) {
			t.Fatalf("untyped error %v", err)
		}
		if p, err := DecodePlaceTile(b); err == nil {
			for i := 0; i < p.Len() && i < 100; i++ {
				p.At(i)
			}
			p.Find(prefix)
		}
	})
}

// TestDecodeBoundsLengths: a tile declaring a field longer than itself is
// refused (ErrCorrupt) without allocating what it declares (issue #8 item
// 9: a 17-byte tile declaring a 3 GB bin made the decoder allocate 2.8 GB).
func TestDecodeBoundsLengths(t *testing.T) {
	huge := []byte{0x81, 0xa3, 't', 'o', 'k', 0xc6, 0xb0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7} // {"tok": bin32 of 2.9 GB}
	arr := []byte{0x81, 0xa4, 'r', 'e', 'c', 's', 0xdd, 0x7f, 0xff, 0xff, 0xff, 0, 0}   // {"recs": array32 of 2^31 items}
	rec := []byte{0x99, 0xa2, 'n', '1', 0xa1, 'A', 1, 2, 0xa5, 'v', 'e', 'n', 'u', 'e', 0xdd, 0x0f, 0xff, 0xff, 0xff}
	for name, b := range map[string][]byte{"bin": huge, "array": arr} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err1 := DecodeSearchTile(b)
		_, err2 := DecodePlaceTile(b)
		runtime.ReadMemStats(&after)
		if !errors.Is(err1, tile.ErrCorrupt) || !errors.Is(err2, tile.ErrCorrupt) {
			t.Errorf("%s: errors %v, %v; want ErrCorrupt", name, err1, err2)
		}
		if d := after.TotalAlloc - before.TotalAlloc; d > 1<<20 {
			t.Errorf("%s: decoding a %d-byte tile allocated %d bytes", name, len(b), d)
		}
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := decodePlace(rec) // category: array32 of 268M strings
	runtime.ReadMemStats(&after)
	if !errors.Is(err, tile.ErrCorrupt) || after.TotalAlloc-before.TotalAlloc > 1<<20 {
		t.Errorf("record: %v, %d bytes allocated", err, after.TotalAlloc-before.TotalAlloc)
	}
}

// TestLayerVersions applies SPEC.md §6: a newer layer version with keys
// this reader does not know still decodes; a tile without `v` does not.
func TestLayerVersions(t *testing.T) {
	tiles, _ := BuildIndex(samplePlaces())
	var m map[string]any
	if err := msgpack.Unmarshal(tiles["sx/3.n"], &m); err != nil {
		t.Fatal(err)
	}
	m["v"], m["future"] = 2, []int{1, 2, 3}
	newer, _ := msgpack.Marshal(m)
	if st, err := DecodeSearchTile(newer); err != nil || len(st.Prefix("hu", 10)) == 0 {
		t.Fatalf("v2 tile: %v", err)
	}
	delete(m, "v")
	unversioned, _ := msgpack.Marshal(m)
	if _, err := DecodeSearchTile(unversioned); !errors.Is(err, tile.ErrCorrupt) {
		t.Fatalf("tile without v: %v", err)
	}
}

// FuzzDecodePlace: decodePlace (the record's decoder called directly)
// gives what msgpack.Unmarshal gives, the place and whether it fails, on
// any bytes (the slow obvious path it replaced).
func FuzzDecodePlace(f *testing.F) {
	for _, p := range samplePlaces() {
		b, _ := msgpack.Marshal(&p)
		f.Add(b)
	}
	full, _ := msgpack.Marshal([]any{"w1", "A", -1, 1 << 30, "street", []string{"x"}, 7, []string{"k", "v"}, []string{"1", "", "3"}, []int32{1, -2, 3, 4}, []string{"n9"}, "future"})
	f.Add(full)
	for _, rec := range [][]any{{"n1", nil, nil, nil, nil, nil, nil, nil, nil, nil}, {"n1", "A", 1, 2, "v", nil, 1, nil, nil, []int32{}}, {"n1", "A", 1, 2, "v", nil, 1, nil, nil, []any{int64(1) << 40, nil, "x"}}} {
		b, _ := msgpack.Marshal(rec)
		f.Add(b)
	}
	f.Add([]byte{0xc0})
	f.Add([]byte{0x91, 0xc0})
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := decodePlace(b)
		var want Place
		werr := tile.CheckMsgpack(b)
		if werr == nil {
			werr = msgpack.Unmarshal(b, &want)
		}
		if (err != nil) != (werr != nil) {
			t.Fatalf("%x: error %v, msgpack.Unmarshal's %v", b, err, werr)
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("%x: %#v, msgpack.Unmarshal gives %#v", b, got, want)
		}
	})
}

// locateRecord is PlaceTile.Locate over one record.
func locateRecord(b []byte) (lat, lng int32, cats []string, err error) {
	off, blob := packRecords([][]byte{b})
	t := &PlaceTile{recs: records{u32s(off), blob}}
	lat, lng, err = t.Locate(0, func(c []byte) { cats = append(cats, string(c)) })
	return lat, lng, cats, err
}

// FuzzLocatePlace: Locate (position and categories without the rest of
// the record) gives what decodePlace gives, or fails where it fails, on
// any record bytes.
func FuzzLocatePlace(f *testing.F) {
	for _, p := range samplePlaces() {
		p.Category = append(p.Category, "x", "yy")
		b, _ := msgpack.Marshal(&p)
		f.Add(b)
	}
	for _, rec := range [][]any{{"n1", "A", 1, 2}, {"n1", nil, 1, 2, nil, nil}, {"n1", "A", 1, 2, "v", []any{"a", nil}}, {"n1", "A", 1, 2, "v", []string{"a"}, "not a rank"}} {
		b, _ := msgpack.Marshal(rec)
		f.Add(b)
	}
	f.Add([]byte{0xc0})
	f.Fuzz(func(t *testing.T, b []byte) {
		p, werr := decodePlace(b)
		lat, lng, cats, err := locateRecord(b)
		if (err != nil) != (werr != nil) {
			t.Fatalf("%x: Locate's error %v, decodePlace's %v", b, err, werr)
		}
		if err == nil && (lat != p.Lat || lng != p.Lng || !reflect.DeepEqual(cats, p.Category) && len(cats)+len(p.Category) > 0) {
			t.Fatalf("%x: Locate %d %d %q, decodePlace %d %d %q", b, lat, lng, cats, p.Lat, p.Lng, p.Category)
		}
	})
}
