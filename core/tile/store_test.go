package tile

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
)

// bundleOf builds an in-memory bundle with the given tiles.
func bundleOf(t testing.TB, tiles map[string][]byte) MapSource {
	t.Helper()
	m := &Manifest{Format: "bando-tiles", FormatVersion: 1, MinReaderVersion: 1, Tiles: map[string]TileEntry{}}
	src := MapSource{}
	for k, b := range tiles {
		m.Tiles[k] = entryOf(b)
		src[Path(k)] = b
	}
	mb, _ := json.Marshal(m)
	src[ManifestPath] = mb
	return src
}

func TestStoreVerifiesAndCaches(t *testing.T) {
	ctx := context.Background()
	src := bundleOf(t, map[string][]byte{"a/1": []byte("hello"), "a/2": []byte("world!"), "a/3": []byte("x")})
	s, err := Open(ctx, src, 11)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := s.Tile(ctx, "a/1"); err != nil || string(b) != "hello" {
		t.Fatalf("Tile(a/1) = %q, %v", b, err)
	}
	s.Tile(ctx, "a/1")
	s.Tile(ctx, "a/2") // 5+6 = 11 bytes: fits
	s.Tile(ctx, "a/3") // evicts a/1 (least recent)
	st := s.Stats()
	if st.Hits != 1 || st.Misses != 3 || st.Evictions != 1 || st.Bytes != 7 {
		t.Fatalf("stats %+v", st)
	}
	if _, err := s.Tile(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown key: %v", err)
	}
	src[Path("a/2")] = []byte("WORLD!") // same size, other bytes
	s2, _ := Open(ctx, src, 0)
	if _, err := s2.Tile(ctx, "a/2"); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("corrupt tile: %v", err)
	}
	delete(src, Path("a/3"))
	if _, err := s2.Tile(ctx, "a/3"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing tile: %v", err)
	}
}

func TestManifestChecks(t *testing.T) {
	cases := map[string]string{
		"not json":      `{`,
		"wrong format":  `{"format":"x","min_reader_version":1}`,
		"too new":       `{"format":"bando-tiles","min_reader_version":99}`,
		"bad key":       `{"format":"bando-tiles","min_reader_version":1,"tiles":{"../x":{"size":1,"sha256":"` + fmt.Sprintf("%064d", 0) + `"}}}`,
		"bad sha":       `{"format":"bando-tiles","min_reader_version":1,"tiles":{"a":{"size":1,"sha256":"00"}}}`,
		"negative size": `{"format":"bando-tiles","min_reader_version":1,"tiles":{"a":{"size":-1,"sha256":"` + fmt.Sprintf("%064d", 0) + `"}}}`,
	}
	for name, js := range cases {
		if _, err := ParseManifest([]byte(js)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := ParseManifest([]byte(`{"format":"bando-tiles","format_version":2,"min_reader_version":1,"future":true}`)); err != nil {
		t.Errorf("a newer compatible manifest was refused: %v", err)
	}
}

func TestValidKey(t *testing.T) {
	for k, want := range map[string]bool{
		"place/210/1058": true, "search/ng": true, "admin/units": true, "a": true,
		"": false, "/a": false, "a/": false, "a//b": false, "a/../b": false, "A": false, "a b": false, "ä": false,
	} {
		if ValidKey(k) != want {
			t.Errorf("ValidKey(%q) = %v", k, !want)
		}
	}
}

func FuzzParseManifest(f *testing.F) {
	f.Add([]byte(`{"format":"bando-tiles","min_reader_version":1,"tiles":{}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := ParseManifest(b)
		if err == nil {
			for _, k := range m.Keys() {
				if !ValidKey(k) {
					t.Fatalf("accepted invalid key %q", k)
				}
			}
		}
	})
}
