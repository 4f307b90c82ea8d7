package tile

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

var tableSeed = flag.Uint64("table-seed", 0, "seed of TestTileTableRandom (0: from the clock)")

// refManifest is the obvious reading of a manifest, as it was before the
// key table: encoding/json into a map (the outer Tiles hides Manifest's).
type refManifest struct {
	Manifest
	Tiles map[string]TileEntry `json:"tiles"`
}

// parseRef reads b into a refManifest and applies SPEC.md §2 in the order
// ParseManifest does: format, version, then the first bad entry by key.
func parseRef(b []byte) (*refManifest, error) {
	var m refManifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%w: manifest: %v", ErrCorrupt, err)
	}
	if err := m.Manifest.check(); err != nil {
		return nil, err
	}
	for _, k := range slices.Sorted(mapKeys(m.Tiles)) {
		e := m.Tiles[k]
		if !ValidKey(k) || e.Size < 0 || e.Size > math.MaxUint32 || len(e.SHA256) != 64 || strings.Trim(e.SHA256, "0123456789abcdef") != "" {
			return nil, fmt.Errorf("%w: manifest: bad tile entry %q", ErrCorrupt, k)
		}
	}
	return &m, nil
}

func mapKeys(m map[string]TileEntry) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// sameAsRef checks ParseManifest against parseRef: the same verdict, and
// every lookup of the table (each key, and probes around each) answered
// as the map answers it.
func sameAsRef(t *testing.T, b []byte) {
	t.Helper()
	got, gerr := ParseManifest(b)
	want, werr := parseRef(b)
	if !sameError(gerr, werr) {
		t.Fatalf("%.200q:\ntable err %v\nmap err   %v", b, gerr, werr)
	}
	if gerr != nil {
		return
	}
	sameTable(t, &got.Tiles, want.Tiles)
}

// sameError: both nil, or the same error; encoding/json's own messages
// name the Go types decoded into, which differ: those only need to be
// ErrCorrupt from encoding/json both.
func sameError(a, b error) bool {
	switch {
	case a == nil || b == nil:
		return a == b
	case strings.Contains(a.Error(), ": json: ") && strings.Contains(b.Error(), ": json: "):
		return errors.Is(a, ErrCorrupt) && errors.Is(b, ErrCorrupt)
	}
	return a.Error() == b.Error()
}

func sameTable(t *testing.T, got *TileTable, want map[string]TileEntry) {
	t.Helper()
	keys := slices.Sorted(mapKeys(want))
	if got.Len() != len(want) || !slices.Equal(got.Keys(), keys) {
		t.Fatalf("table has %d keys, map %d (or not the same)", got.Len(), len(want))
	}
	for i, k := range keys {
		if e, ok := got.Get(k); !ok || e != want[k] || got.Entry(i) != want[k] || got.Size(i) != want[k].Size {
			t.Fatalf("Get(%q) = %v, %v; map has %v", k, e, ok, want[k])
		}
		for _, p := range []string{k, k + "0", k[:len(k)-1], k + "/", k[:len(k)-1] + "~", "", "~"} {
			i, found := got.Search(p)
			_, has := want[p]
			size, sok := got.SizeOf(p)
			if wi := sort.SearchStrings(keys, p); i != wi || found != has || got.Has(p) != has || sok != has || has && size != want[p].Size {
				t.Fatalf("Search(%q) = %d, %v; sorted map keys say %d, %v", p, i, found, wi, has)
			}
		}
	}
	n := 0
	for k, e := range got.All() {
		if e != want[k] {
			t.Fatalf("All: %q: %v, map has %v", k, e, want[k])
		}
		n++
	}
	if n != len(want) {
		t.Fatalf("All yielded %d, want %d", n, len(want))
	}
}

// realManifest is BANDO_MANIFEST (e.g. the Hà Nội + HCM bundle's) or the
// checked-in sample bundle's manifest.
func realManifest(t testing.TB) []byte {
	p := os.Getenv("BANDO_MANIFEST")
	if p == "" {
		p = "../../testdata/bundle/manifest.json"
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// On a real manifest the table answers every lookup as the map did, and
// writes the manifest back byte for byte.
func TestTileTableRealManifest(t *testing.T) {
	b := realManifest(t)
	if _, ok := parseFast(b); !ok {
		t.Fatal("the manifest did not take the fast path")
	}
	sameAsRef(t, b)
	m, err := ParseManifest(b)
	if err != nil {
		t.Fatal(err)
	}
	if m.Tiles.Len() < 50 {
		t.Fatalf("only %d tiles", m.Tiles.Len())
	}
	out, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(append(out, '\n'), b) {
		t.Fatalf("re-marshalled manifest differs from the file (%d vs %d bytes)", len(out)+1, len(b))
	}
}

func TestTileTableManifestCases(t *testing.T) {
	more := []string{
		`{"format":"bando-tiles","tiles":{"a":{"size":1,"sha256":"` + strings.ToUpper(h64) + `"}}}`, // upper-case hex
		`{"format":"bando-tiles","tiles":{"a":{"size":1,"sha256":"` + h64[:63] + `g"}}}`,            // not hex
		`{"format":"bando-tiles","tiles":{"a":{"size":4294967296,"sha256":"` + h64 + `"}}}`,         // 2³²
		`{"format":"bando-tiles","tiles":{"a":{"size":4294967295,"sha256":"` + h64 + `"}}}`,         // 2³²−1
		`{"format":"bando-tiles","tiles":{"a":{"size":1}}}`,                                         // no hash
		`{"format":"bando-tiles","tiles":{"c":{"size":1,"sha256":"` + h64 + `"},"b/x":{"size":2,"sha256":"` + h64 + `"},"b":{"size":3,"sha256":"` + h64 + `"}}}`,
		`{"format":"bando-tiles","tiles":{"b":{"size":1,"sha256":"` + h64 + `"},"a":{"size":2,"sha256":"` + h64 + `"},"b":{"size":3,"sha256":"` + h64 + `"}}}`, // out of order and twice
		`{"format":"other","tiles":{"A":{"size":1,"sha256":"x"}}}`,                                                                                             // format reported before the entry
	}
	for _, c := range append(slices.Clone(manifestCases), more...) {
		sameAsRef(t, []byte(c))
		sameAsSlow(t, []byte(c))
	}
}

// TestTileTableRandom: seeded random tables, written in the writer's
// layout with the entries shuffled, duplicated or broken now and then.
func TestTileTableRandom(t *testing.T) {
	seed := *tableSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("seed %d (-table-seed to repeat)", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	valid := 0
	for round := range 300 {
		var sb strings.Builder
		sb.WriteString(`{"format":"bando-tiles","tiles":{`)
		n := rng.IntN(40)
		for i := range n {
			sum := []byte(h64)
			if rng.IntN(200) == 0 {
				sum[rng.IntN(64)] = "Ag "[rng.IntN(3)]
			}
			size := rng.IntN(1 << 20)
			if rng.IntN(300) == 0 {
				size = -size
			}
			if i > 0 {
				sb.WriteByte(',')
			}
			fmt.Fprintf(&sb, "\n  %q: {\"size\": %d, \"sha256\": %q}", randomKey(rng), size, sum)
		}
		sb.WriteString("}}")
		if _, err := parseRef([]byte(sb.String())); err == nil {
			valid++
		}
		t.Run(strconv.Itoa(round), func(t *testing.T) { sameAsRef(t, []byte(sb.String())) })
	}
	if valid < 150 {
		t.Fatalf("only %d of 300 random manifests valid: the test tries too few tables", valid)
	}
}

// randomKey is a short key of segments, now and then an invalid one.
func randomKey(rng *rand.Rand) string {
	const alphabet = "ab_-09z."
	k := make([]byte, 0, 8)
	for s := range 1 + rng.IntN(3) {
		if s > 0 {
			k = append(k, '/')
		}
		for range 1 + rng.IntN(2) {
			k = append(k, alphabet[rng.IntN(len(alphabet)-1)])
		}
	}
	if rng.IntN(4) == 0 {
		k = append(k, ".mp"...)
	}
	if rng.IntN(400) == 0 {
		k[rng.IntN(len(k))] = "A/."[rng.IntN(3)]
	}
	return string(k)
}

func TestNewTileTable(t *testing.T) {
	entries := map[string]TileEntry{"b": EntryOf([]byte("b")), "a/1": EntryOf([]byte("a1")), "a": EntryOf(nil)}
	tt, err := NewTileTable(entries)
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, &tt, entries)
	mj, _ := json.Marshal(entries)
	tj, _ := json.Marshal(tt)
	if !bytes.Equal(mj, tj) {
		t.Fatalf("table marshals to\n%s\nthe map to\n%s", tj, mj)
	}
	for _, bad := range []TileEntry{{Size: -1, SHA256: h64}, {Size: 1, SHA256: h64[1:]}, {Size: 1, SHA256: strings.ToUpper(h64)}, {Size: math.MaxUint32 + 1, SHA256: h64}} {
		entries["a/0"] = bad
		if _, err := NewTileTable(entries); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), `"a/0"`) {
			t.Errorf("%+v: %v; want ErrCorrupt naming a/0", bad, err)
		}
	}
	var zero TileTable
	if zero.Len() != 0 || zero.Has("") || len(zero.Keys()) != 0 {
		t.Fatal("the zero table is not empty")
	}
	if b, _ := json.Marshal(zero); string(b) != "{}" {
		t.Fatalf("zero table marshals to %s", b)
	}
}

// FuzzTileTable: any document, ParseManifest (fast path or not) against
// encoding/json into a map.
func FuzzTileTable(f *testing.F) {
	for _, c := range manifestCases {
		f.Add([]byte(c))
	}
	f.Add([]byte(`{"format":"bando-tiles","tiles":{"b":{"size":1,"sha256":"` + h64 + `"},"a":{"size":2,"sha256":"` + h64 + `"}}}`))
	f.Fuzz(func(t *testing.T, b []byte) { sameAsRef(t, b) })
}

// retained is the heap that stays allocated while keep(), run once, holds
// its result.
func retained(keep func() any) float64 {
	runtime.GC()
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	v := keep()
	runtime.GC()
	runtime.ReadMemStats(&b)
	runtime.KeepAlive(v)
	return float64(int64(b.HeapAlloc) - int64(a.HeapAlloc))
}

// BenchmarkManifestMemory: parse time, allocations and the heap a parsed
// manifest keeps (retained-B), ParseManifest against encoding/json into
// a map (the representation before the key table), on BANDO_MANIFEST.
func BenchmarkManifestMemory(b *testing.B) {
	raw := realManifest(b)
	for _, c := range []struct {
		name  string
		parse func() (any, error)
	}{
		{"table", func() (any, error) { return ParseManifest(raw) }},
		{"json-map", func() (any, error) { return parseRef(raw) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(raw)))
			for b.Loop() {
				if _, err := c.parse(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(retained(func() any { v, _ := c.parse(); return v }), "retained-B") // (after the loop: it resets metrics)
		})
	}
}

// BenchmarkManifestLookup: one lookup of a present key (the table's binary
// search; the map's hash).
func BenchmarkManifestLookup(b *testing.B) {
	raw := realManifest(b)
	m, err := ParseManifest(raw)
	if err != nil {
		b.Fatal(err)
	}
	ref, _ := parseRef(raw)
	keys := m.Keys()
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
	b.Run("table", func(b *testing.B) {
		i := 0
		for b.Loop() {
			if _, ok := m.Tiles.SizeOf(keys[i%len(keys)]); !ok {
				b.Fatal("missing")
			}
			i++
		}
	})
	b.Run("map", func(b *testing.B) {
		i := 0
		for b.Loop() {
			if _, ok := ref.Tiles[keys[i%len(keys)]]; !ok {
				b.Fatal("missing")
			}
			i++
		}
	})
}

// partsOf returns the parts of t (TableFromParts), copied.
func partsOf(t *TileTable) (string, []uint32, []uint32, []byte) {
	return t.keys, slices.Clone(t.ends), slices.Clone(t.sizes), slices.Clone(t.sums)
}

// A real manifest read in two parts (its JSON without the tiles, its
// table's parts) is the manifest read whole.
func TestParseManifestTiles(t *testing.T) {
	b := realManifest(t)
	whole, err := ParseManifest(b)
	if err != nil {
		t.Fatal(err)
	}
	tt, err := TableFromParts(partsOf(&whole.Tiles))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	ref, err := parseRef(b)
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, &tt, ref.Tiles)
	for _, tiles := range []string{"", "{}"} {
		delete(doc, "tiles")
		if tiles != "" {
			doc["tiles"] = json.RawMessage(tiles)
		}
		rest, _ := json.Marshal(doc)
		m, err := ParseManifestTiles(rest, tt)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := json.MarshalIndent(m, "", " ")
		if !bytes.Equal(append(got, '\n'), b) {
			t.Fatalf("tiles %q: the manifest read in parts marshals to %d bytes, the file has %d", tiles, len(got)+1, len(b))
		}
	}
	for _, rest := range []string{
		`{"format":"bando-tiles","tiles":{"a":{"size":1,"sha256":"` + h64 + `"}}}`, // tiles twice
		`{"format":"bando-tiles","tiles":{"A":{"size":1,"sha256":"` + h64 + `"}}}`, // tiles twice, one bad
		`{"format":"other"}`,
		`{"format":"bando-tiles","min_reader_version":99}`,
		`{"format":`,
	} {
		if _, err := ParseManifestTiles([]byte(rest), tt); err == nil {
			t.Errorf("%s: no error", rest)
		}
	}
}

func TestTableFromPartsBad(t *testing.T) {
	sum := bytes.Repeat([]byte{7}, 32)
	sums := func(n int) []byte { return bytes.Repeat(sum, n) }
	for _, c := range []struct {
		name        string
		keys        string
		ends, sizes []uint32
		sums        []byte
		want        string // in the error
	}{
		{"unsorted", "ba", []uint32{1, 2}, []uint32{1, 1}, sums(2), `"a" after "b"`},
		{"twice", "aa", []uint32{1, 2}, []uint32{1, 1}, sums(2), `"a" after "a"`},
		{"bad key", "aB", []uint32{1, 2}, []uint32{1, 1}, sums(2), `"B"`},
		{"empty key", "ab", []uint32{1, 1, 2}, []uint32{1, 1, 1}, sums(3), `""`},
		{"end beyond", "ab", []uint32{1, 3}, []uint32{1, 1}, sums(2), "end 3"},
		{"end back", "abc", []uint32{2, 1}, []uint32{1, 1}, sums(2), "end 1"},
		{"keys left over", "abc", []uint32{1, 2}, []uint32{1, 1}, sums(2), "3 bytes"},
		{"keys without ends", "a", nil, nil, nil, "without ends"},
		{"sizes short", "ab", []uint32{1, 2}, []uint32{1}, sums(2), "1 sizes"},
		{"sums short", "ab", []uint32{1, 2}, []uint32{1, 1}, sums(2)[1:], "63 hash"},
	} {
		_, err := TableFromParts(c.keys, c.ends, c.sizes, c.sums)
		if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want ErrCorrupt with %q", c.name, err, c.want)
		}
	}
	tt, err := TableFromParts("ab/c", []uint32{1, 4}, []uint32{5, math.MaxUint32}, sums(2))
	if err != nil || tt.Len() != 2 || tt.Key(1) != "b/c" || tt.Size(1) != math.MaxUint32 || !bytes.Equal(tt.SHA256(0), sum) {
		t.Fatalf("good parts: %v, %v", tt.Keys(), err)
	}
	if tt, err := TableFromParts("", nil, nil, nil); err != nil || tt.Len() != 0 {
		t.Fatalf("empty parts: %d, %v", tt.Len(), err)
	}
}

// FuzzTableFromParts: any parts; a table made of them is one the manifest
// reader makes of its JSON (MarshalJSON, then ParseManifest: the same keys,
// sizes and hashes).
func FuzzTableFromParts(f *testing.F) {
	f.Add("ab/c", []byte{1, 0, 0, 0, 4, 0, 0, 0}, uint8(9))
	f.Add("ba", []byte{1, 0, 0, 0, 2, 0, 0, 0}, uint8(0))
	f.Add("a", []byte{}, uint8(3))
	f.Fuzz(func(t *testing.T, keys string, endBytes []byte, seed uint8) {
		ends := make([]uint32, len(endBytes)/4)
		for i := range ends {
			ends[i] = binary.LittleEndian.Uint32(endBytes[4*i:])
		}
		sizes := make([]uint32, len(ends))
		sums := make([]byte, 32*len(ends))
		for i := range sizes {
			sizes[i] = uint32(i) * uint32(seed) * 2654435761
			sums[32*i] = byte(i) ^ seed
		}
		if seed%7 == 6 && len(sums) > 0 {
			sums = sums[1:]
		}
		tt, err := TableFromParts(keys, ends, sizes, sums)
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("error %v is not ErrCorrupt", err)
			}
			return
		}
		tj, _ := json.Marshal(tt)
		m, err := ParseManifest([]byte(`{"format":"bando-tiles","tiles":` + string(tj) + `}`))
		if err != nil {
			t.Fatalf("parts made a table the manifest reader refuses: %v", err)
		}
		if m.Tiles.keys != tt.keys || !slices.Equal(m.Tiles.ends, tt.ends) || !slices.Equal(m.Tiles.sizes, tt.sizes) || !bytes.Equal(m.Tiles.sums, tt.sums) {
			t.Fatal("the manifest reader read another table")
		}
	})
}
