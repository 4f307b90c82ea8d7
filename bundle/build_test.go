package bundle

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/tile"
	"github.com/bando-vn/bando/internal/fixture"
)

// readTree returns every file below dir by relative path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameTree(t *testing.T, a, b map[string][]byte) {
	t.Helper()
	if len(a) != len(b) {
		t.Fatalf("%d files vs %d files", len(a), len(b))
	}
	for k, v := range a {
		if !bytes.Equal(v, b[k]) {
			t.Fatalf("file %s differs", k)
		}
	}
}

// TestFixtureBundleUpToDate rebuilds testdata/bundle from testdata/sample.osm and testdata/route/rules.osm
// and requires identical bytes (run `make sample-bundle` after a change).
func TestFixtureBundleUpToDate(t *testing.T) {
	out := filepath.Join(t.TempDir(), "b")
	if _, err := Build(context.Background(), Options{OSM: []string{"../testdata/sample.osm", "../testdata/route/rules.osm"}, Admin: "../testdata/admin", Out: out}); err != nil {
		t.Fatal(err)
	}
	sameTree(t, readTree(t, out), readTree(t, "../testdata/bundle"))
}

// TestNoGraph: a bundle built without the routing graph has every other
// layer of the full one, byte for byte, and no graph or hierarchy tile.
func TestNoGraph(t *testing.T) {
	out := filepath.Join(t.TempDir(), "b")
	if _, err := Build(context.Background(), Options{OSM: []string{"../testdata/sample.osm", "../testdata/route/rules.osm"}, Admin: "../testdata/admin", Out: out, NoGraph: true}); err != nil {
		t.Fatal(err)
	}
	got, full := readTree(t, out), readTree(t, "../testdata/bundle")
	for k, v := range full {
		routing := strings.HasPrefix(k, "tiles/graph/") || strings.HasPrefix(k, "tiles/ch/")
		if w, ok := got[k]; routing && ok || !routing && k != "manifest.json" && !bytes.Equal(v, w) {
			t.Errorf("%s: in the full bundle %d bytes, without the graph %d (present %v)", k, len(v), len(w), ok)
		}
	}
	if len(got) >= len(full) {
		t.Errorf("%d files without the graph, %d with it", len(got), len(full))
	}
}

func TestDeterministic(t *testing.T) {
	in := []string{fixture.Shared(t, fixture.OSMDir+"/hcmc-thuduc-campus-unsorted.osm")}
	d := t.TempDir()
	for _, name := range []string{"a", "b"} {
		if _, err := Build(context.Background(), Options{OSM: in, Out: filepath.Join(d, name)}); err != nil {
			t.Fatal(err)
		}
	}
	sameTree(t, readTree(t, filepath.Join(d, "a")), readTree(t, filepath.Join(d, "b")))
}

func TestBadInputs(t *testing.T) {
	d := t.TempDir()
	pbf, err := os.ReadFile(fixture.Shared(t, fixture.HoanKiemPBF))
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, b []byte) string {
		p := filepath.Join(d, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cases := []struct {
		name, file string
		want       string
	}{
		{"missing", filepath.Join(d, "nope.osm.pbf"), "no such file"},
		{"truncated pbf", write("cut.osm.pbf", pbf[:len(pbf)/2]), "cut.osm.pbf"},
		{"not osm", write("page.html", []byte("<html><body>hello</body></html>")), "not an OSM file"},
		{"text", write("notes.txt", []byte("just some words\n")), "not an OSM file"},
		{"empty osm", write("empty.osm", []byte(`<?xml version="1.0"?><osm version="0.6"></osm>`)), "no OSM objects"},
		{"bad json", write("bad.json", []byte(`{"elements": [`)), "bad OSM JSON"},
		{"directory", d, "is a directory"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(d, "out-"+strings.ReplaceAll(c.name, " ", "-"))
			_, err := Build(context.Background(), Options{OSM: []string{c.file}, Out: out})
			if err == nil {
				t.Fatal("build succeeded")
			}
			var ie *InputError
			if !errors.As(err, &ie) || !strings.Contains(err.Error(), c.file) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q: want an InputError naming %s and %q", err, c.file, c.want)
			}
			if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("a bundle was left at %s", out)
			}
		})
	}
}

// TestSharedOSMFiles builds every raw OSM extract of ../shared/data/osm and
// the Hoàn Kiếm pbf, and checks each bundle opens and has places.
func TestSharedOSMFiles(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(fixture.Shared(t, fixture.OSMDir), "*"))
	files = append(files, fixture.Shared(t, fixture.HoanKiemPBF))
	if len(files) < 2 {
		t.Fatal("no shared OSM files found")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "b")
			st, err := Build(context.Background(), Options{OSM: []string{f}, Out: out})
			if err != nil {
				t.Fatal(err)
			}
			if st.Places < 10 {
				t.Fatalf("only %d places", st.Places)
			}
			s, err := tile.Open(context.Background(), tile.DirSource(out), 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range s.Manifest().Keys() {
				if _, err := s.Tile(context.Background(), k); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
