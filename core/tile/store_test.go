package tile

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// bundleOf builds an in-memory bundle with the given tiles.
func bundleOf(t testing.TB, tiles map[string][]byte) MapSource {
	t.Helper()
	return MapBundle(tiles)
}

// upper is a test decoder; it counts its calls.
func upper(calls *int) func([]byte) (string, error) {
	return func(b []byte) (string, error) {
		*calls++
		if string(b) == "bad" {
			return "", fmt.Errorf("%w: bad", ErrCorrupt)
		}
		return strings.ToUpper(string(b)), nil
	}
}

func TestStoreVerifiesAndCaches(t *testing.T) {
	ctx := context.Background()
	src := bundleOf(t, map[string][]byte{"a/1": []byte("hello"), "a/2": []byte("world!"), "a/3": []byte("x"), "a/4": []byte("bad")})
	s, err := Open(ctx, src, 11)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := s.Tile(ctx, "a/1"); err != nil || string(b) != "hello" {
		t.Fatalf("Tile(a/1) = %q, %v", b, err)
	}
	calls := 0
	dec := upper(&calls)
	if v, err := Decode(ctx, s, "a/1", dec); err != nil || v != "HELLO" {
		t.Fatalf("Decode(a/1) = %q, %v", v, err)
	}
	Decode(ctx, s, "a/1", dec) // a hit
	Decode(ctx, s, "a/2", dec) // 5+6 = 11 bytes: fits
	Decode(ctx, s, "a/3", dec) // evicts a/1 (least recent)
	st := s.Stats()
	if calls != 3 || st.Hits != 1 || st.Misses != 3 || st.Evictions != 1 || st.Bytes != 7 {
		t.Fatalf("calls %d stats %+v", calls, st)
	}
	if _, err := Decode(ctx, s, "a/4", dec); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("decoder error: %v", err)
	}
	if _, err := s.Tile(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown key: %v", err)
	}
	src[Path("a/2")] = []byte("WORLD!") // same size, other bytes
	s2, _ := Open(ctx, src, 0)
	if _, err := Decode(ctx, s2, "a/2", dec); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("corrupt tile: %v", err)
	}
	delete(src, Path("a/3"))
	if _, err := s2.Tile(ctx, "a/3"); !errors.Is(err, ErrMissing) || errors.Is(err, ErrNotFound) {
		t.Fatalf("missing tile: %v", err)
	}
}

// TestCacheLRU checks that the cache keeps within its byte budget and
// evicts the least recently used entries.
func TestCacheLRU(t *testing.T) {
	c := NewCache(3)
	for i := 0; i < 3; i++ {
		c.put(fmt.Sprint(i), i, 1)
	}
	if v, ok := c.get("0"); !ok || v != 0 { // 0 becomes the most recent
		t.Fatalf("get(0) = %v, %v", v, ok)
	}
	c.put("3", 3, 1) // evicts 1, the least recently used
	if _, ok := c.get("1"); ok {
		t.Fatal("1 should have been evicted")
	}
	for _, k := range []string{"0", "2", "3"} {
		if _, ok := c.get(k); !ok {
			t.Fatalf("%s should still be cached", k)
		}
	}
	c.put("2", 20, 1) // replacing keeps the count
	if v, _ := c.get("2"); v != 20 || c.lru.Len() != 3 || len(c.byKey) != 3 {
		t.Fatalf("after replace: v=%v len=%d map=%d", v, c.lru.Len(), len(c.byKey))
	}
	c.put("big", 0, 2) // costs two: evicts the two least recent (0, 3)
	if _, ok := c.get("0"); ok || c.Stats().Bytes != 3 {
		t.Fatalf("after a cost-2 entry: bytes %d", c.Stats().Bytes)
	}
	c.put("huge", 0, 4) // over the whole budget: not kept
	if _, ok := c.get("huge"); ok {
		t.Fatal("an entry over the budget was kept")
	}
	// A hot key survives any number of other keys passing through.
	for i := 100; i < 1000; i++ {
		c.get("2")
		c.put(fmt.Sprint(i), i, 1)
		if c.used > 3 || len(c.byKey) != c.lru.Len() {
			t.Fatalf("used %d / map %d exceeds the bound", c.used, len(c.byKey))
		}
	}
	if _, ok := c.get("2"); !ok {
		t.Fatal("the hot key was evicted")
	}
}

// evictable records being let go of, and reports a size.
type evictable struct {
	size    int
	evicted int
}

func (e *evictable) SizeBytes() int { return e.size }
func (e *evictable) Evicted()       { e.evicted++ }

// TestCacheEvictable checks that every value the cache lets go of is told
// so exactly once (evicted for the budget, replaced, too large to keep),
// that values it keeps are not, and that Decode charges a Sized value its
// own size.
func TestCacheEvictable(t *testing.T) {
	c := NewCache(10)
	a, b, d, huge := &evictable{size: 4}, &evictable{size: 4}, &evictable{size: 4}, &evictable{size: 11}
	c.put("a", a, 4)
	c.put("b", b, 4)
	c.put("d", d, 4) // over 10: evicts a
	c.put("huge", huge, 11)
	b2 := &evictable{size: 4}
	c.put("b", b2, 4) // replaces b
	for _, x := range []struct {
		name string
		e    *evictable
		want int
	}{{"a (evicted)", a, 1}, {"b (replaced)", b, 1}, {"d (kept)", d, 0}, {"huge (not kept)", huge, 1}, {"b2 (kept)", b2, 0}} {
		if x.e.evicted != x.want {
			t.Errorf("%s: told %d times, want %d", x.name, x.e.evicted, x.want)
		}
	}

	ctx := context.Background()
	st, err := Open(ctx, bundleOf(t, map[string][]byte{"s/1": []byte("ab")}), 100)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Decode(ctx, st, "s/1", func(b []byte) (*evictable, error) { return &evictable{size: 60}, nil })
	if err != nil || st.Stats().Bytes != 60 {
		t.Fatalf("Sized value charged %d bytes (err %v), want 60", st.Stats().Bytes, err)
	}
	if _, err := Decode(ctx, st, "s/1", func(b []byte) (*evictable, error) { return nil, errors.New("decoded twice") }); err != nil {
		t.Fatal(err)
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

// parseSlow is ParseManifest without the fast path: encoding/json whole.
func parseSlow(b []byte) (*Manifest, error) {
	m := &Manifest{}
	if err := json.Unmarshal(b, m); err != nil {
		return nil, fmt.Errorf("%w: manifest: %v", ErrCorrupt, err)
	}
	if err := m.check(); err != nil {
		return nil, err
	}
	return m, nil
}

// sameAsSlow checks ParseManifest (fast path or not) against parseSlow.
func sameAsSlow(t *testing.T, b []byte) {
	t.Helper()
	got, gerr := ParseManifest(b)
	want, werr := parseSlow(b)
	if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
		t.Fatalf("%q:\nfast err %v\nslow err %v", b, gerr, werr)
	}
	if gerr != nil {
		return
	}
	if !slices.Equal(got.Keys(), want.Keys()) {
		t.Fatalf("%q: keys differ:\nfast %q\nslow %q", b, got.Keys(), want.Keys())
	}
	for i := range got.Tiles.Len() {
		if got.Tiles.Entry(i) != want.Tiles.Entry(i) {
			t.Fatalf("%q: tile %q: fast %v, slow %v", b, got.Tiles.Key(i), got.Tiles.Entry(i), want.Tiles.Entry(i))
		}
	}
	got.Tiles, want.Tiles = TileTable{}, TileTable{}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: manifests differ:\nfast %+v\nslow %+v", b, got, want)
	}
	if keys := got.Keys(); !slices.IsSorted(keys) {
		t.Fatalf("keys not sorted: %q", keys)
	}
}

const h64 = "9d8fd165acfc5563d1eb6c29d068fb411231d846019cb0c8f4ef0a3d43224ac7"

// manifestCases are documents the fast path takes, and documents it must
// leave to encoding/json (with the same outcome).
var manifestCases = []string{
	`{"format":"bando-tiles","min_reader_version":1,"tiles":{}}`,
	`{"format":"bando-tiles","tiles":{"b/x":{"size":3,"sha256":"` + h64 + `"},"a":{"sha256":"` + h64 + `","size":0}}}`,
	"{\n \"tiles\": {\n  \"a\": {\n   \"size\": 12,\n   \"sha256\": \"" + h64 + "\"\n  }\n },\n \"format\": \"bando-tiles\",\n \"layers\": [{\"name\":\"x\",\"count\":2}]\n}\n",
	`{"format":"bando-tiles","tiles":{"a":{"size":1,"sha256":"` + h64 + `","extra":{"z":[1,true,null,"s"]}}}}`,
	`{"format":"bando-tiles","tiles":{"a":{"size":1,"sha256":"` + h64 + `"},"a":{"size":2,"sha256":"` + h64 + `"}}}`, // duplicate key
	`{"format":"bando-tiles","tiles":{"a":{"SIZE":1,"sha256":"` + h64 + `"}}}`,                                       // field case
	`{"format":"bando-tiles","Tiles":{"a":{"size":1,"sha256":"` + h64 + `"}}}`,                                       // member case
	`{"format":"bando-tiles","tiles":{"a":{"size":1,"sha256":"` + h64 + `"}},"tiles":{}}`,                            // duplicate member
	`{"format":"bando-tiles","tiles":{"a":{"size":1.5,"sha256":"` + h64 + `"}}}`,
	`{"format":"bando-tiles","tiles":{"a":{"size":1e2,"sha256":"` + h64 + `"}}}`,
	`{"format":"bando-tiles","tiles":{"a":{"size":-1,"sha256":"` + h64 + `"}}}`,
	`{"format":"bando-tiles","tiles":{"a":{"size":01,"sha256":"` + h64 + `"}}}`,
	`{"format":"bando-tiles","tiles":{"a":{"size":99999999999999999999,"sha256":"` + h64 + `"}}}`,
	`{"format":"bando-tiles","tiles":{"a":{"size":null,"sha256":"` + h64 + `"}}}`,
	`{"format":"bando-tiles","tiles":{"\u0061":{"size":1,"sha256":"` + h64 + `"}}}`,
	`{"format":"bando-tiles","tiles":{"a":{"size":1,"sha256":"` + h64 + `"},}}`,
	`{"format":"bando-tiles","tiles":{"A":{"size":1,"sha256":"` + h64 + `"}}}`,
	`{"format":"bando-tiles","tiles":{"a":{"size":1,"sha256":"short"}}}`,
	`{"format":"bando-tiles","tiles":null}`,
	`{"format":"bando-tiles","tiles":{"a":{"size":1,"sha256":"` + h64 + `"}}} x`,
	`{"format":"bando-tiles","format_version":"one","tiles":{}}`,
	`{"format":"bando-tiles","min_reader_version":9,"tiles":{}}`,
	`{"format":"other","tiles":{}}`,
	`{"format":"bando-tiles","tiles":{"a":{"size":1,"sha256":"` + h64 + `"}}`,
	`[]`, ``, `{}`, `{"tiles":{}}`,
}

func TestParseManifestFastMatchesEncodingJSON(t *testing.T) {
	for _, c := range manifestCases {
		sameAsSlow(t, []byte(c))
	}
	// The checked-in sample bundle goes through the fast path.
	b, err := os.ReadFile("../../testdata/bundle/manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := parseFast(b); !ok {
		t.Fatal("the sample bundle's manifest did not take the fast path")
	}
	sameAsSlow(t, b)
}

func FuzzParseManifestFast(f *testing.F) {
	for _, c := range manifestCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, b []byte) { sameAsSlow(t, b) })
}

// BenchmarkParseManifest: the fast path against encoding/json on a real
// manifest (BANDO_MANIFEST, default the sample bundle's).
func BenchmarkParseManifest(b *testing.B) {
	p := os.Getenv("BANDO_MANIFEST")
	if p == "" {
		p = "../../testdata/bundle/manifest.json"
	}
	raw, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("fast", func(b *testing.B) {
		b.SetBytes(int64(len(raw)))
		for b.Loop() {
			if _, err := ParseManifest(raw); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.SetBytes(int64(len(raw)))
		for b.Loop() {
			if _, err := parseSlow(raw); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// verifyingSrc is a VerifyingSource over a MapSource that checks with
// EntryOf (the Worker's glue checks with WebCrypto); lie makes it return
// bytes of the wrong size as if they were verified.
type verifyingSrc struct {
	MapSource
	lie   bool
	calls int
}

func (v *verifyingSrc) GetVerified(ctx context.Context, path string, e TileEntry) ([]byte, error) {
	v.calls++
	b, err := v.Get(ctx, path)
	if err != nil {
		return nil, err
	}
	if v.lie {
		return append(b, 0), nil
	}
	if EntryOf(b) != e {
		return nil, fmt.Errorf("%w: %s", ErrCorrupt, path)
	}
	return b, nil
}

func TestStoreVerifyingSource(t *testing.T) {
	src := bundleOf(t, map[string][]byte{"a/good": []byte("good"), "a/bad": []byte("bad"), "a/gone": []byte("gone")})
	src[Path("a/bad")] = []byte("BAD")
	delete(src, Path("a/gone"))
	vs := &verifyingSrc{MapSource: src}
	st, err := Open(context.Background(), vs, 0)
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]error{"a/good": nil, "a/bad": ErrCorrupt, "a/gone": ErrMissing, "a/none": ErrNotFound} {
		b, err := st.Tile(context.Background(), key)
		if !errors.Is(err, want) || want == nil && string(b) != "good" {
			t.Errorf("%s: %q, %v; want %v", key, b, err, want)
		}
	}
	if vs.calls != 3 {
		t.Errorf("GetVerified called %d times, want 3 (not for a key the manifest lacks)", vs.calls)
	}
	vs.lie = true
	if _, err := st.Tile(context.Background(), "a/good"); !errors.Is(err, ErrCorrupt) {
		t.Errorf("bytes of the wrong size from GetVerified: %v, want ErrCorrupt", err)
	}
}

// TestLayerBudget: layers with a budget of their own evict within it and
// are never pushed out by the other tiles; Stats sums the caches.
func TestLayerBudget(t *testing.T) {
	ctx := context.Background()
	tiles := map[string][]byte{"g/1": []byte("graph1"), "h/2": []byte("graph2")}
	for i := 0; i < 10; i++ {
		tiles[fmt.Sprintf("sx/%d", i)] = []byte("four")
	}
	s, err := Open(ctx, bundleOf(t, tiles), 8)
	if err != nil {
		t.Fatal(err)
	}
	s.WithLayerBudget(12, "g/", "h/")
	calls := 0
	dec := upper(&calls)
	Decode(ctx, s, "g/1", dec)
	Decode(ctx, s, "h/2", dec)
	for i := 0; i < 10; i++ {
		Decode(ctx, s, fmt.Sprintf("sx/%d", i), dec) // 4 bytes each: two fit in 8
	}
	if calls != 12 {
		t.Fatalf("%d decodings, want 12", calls)
	}
	Decode(ctx, s, "g/1", dec)
	Decode(ctx, s, "h/2", dec)
	Decode(ctx, s, "sx/9", dec)
	Decode(ctx, s, "sx/8", dec)
	if calls != 12 {
		t.Fatalf("the graph tiles or the last two search tiles were decoded again: %d decodings", calls)
	}
	Decode(ctx, s, "sx/0", dec)
	if calls != 13 {
		t.Fatalf("sx/0 should have been evicted within the layer's budget: %d decodings", calls)
	}
	st := s.Stats()
	if st.Bytes != 12+8 || st.Evictions != 9 || st.Hits != 4 || st.Misses != 13 {
		t.Fatalf("stats %+v", st)
	}
}
