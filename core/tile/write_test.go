package tile

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeSample(t *testing.T, dir string, payload string) error {
	t.Helper()
	return WriteBundle(dir, &Manifest{}, map[string][]byte{"place/1": []byte(payload), "sx/a": []byte("x" + payload)})
}

// readWhole opens the bundle at dir and reads every tile it lists
// (verified against the manifest); it returns the place/1 tile.
func readWhole(t *testing.T, dir string) string {
	t.Helper()
	st, err := Open(context.Background(), DirSource(dir), 0)
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	for _, k := range st.Manifest().Keys() {
		if _, err := st.Tile(context.Background(), k); err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
	}
	b, _ := st.Tile(context.Background(), "place/1")
	return string(b)
}

func siblings(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(filepath.Dir(dir))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

// TestWriteBundleOut: --out is written when absent or empty, replaced when
// it is a bundle, refused (untouched, named in the error) otherwise.
func TestWriteBundleOut(t *testing.T) {
	for _, twoRenames := range []bool{false, true} {
		if twoRenames {
			exchangeDirs = func(a, b string) error { return errNoExchange }
		}
		root := t.TempDir()
		out := filepath.Join(root, "b")
		if err := writeSample(t, out, "one"); err != nil {
			t.Fatal(err)
		}
		if err := writeSample(t, out, "two"); err != nil {
			t.Fatal(err)
		}
		if got := readWhole(t, out); got != "two" {
			t.Errorf("replaced bundle has %q", got)
		}
		if s := siblings(t, out); len(s) != 1 {
			t.Errorf("left beside the bundle: %v", s)
		}
		empty := filepath.Join(root, "empty")
		os.Mkdir(empty, 0o755)
		if err := writeSample(t, empty, "e"); err != nil || readWhole(t, empty) != "e" {
			t.Errorf("empty dir: %v", err)
		}
		exchangeDirs = exchange
	}

	root := t.TempDir()
	user := filepath.Join(root, "maps")
	os.Mkdir(user, 0o755)
	os.WriteFile(filepath.Join(user, "notes.txt"), []byte("mine"), 0o644)
	err := writeSample(t, user, "x")
	if err == nil || !strings.Contains(err.Error(), user) || !strings.Contains(err.Error(), "not a bando bundle") {
		t.Errorf("non-bundle dir: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(user, "notes.txt")); string(b) != "mine" {
		t.Error("the user's file is gone")
	}
	bundle := filepath.Join(root, "bundle")
	if err := writeSample(t, bundle, "x"); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(bundle, "notes.txt"), []byte("mine"), 0o644)
	if err := writeSample(t, bundle, "y"); err == nil || !strings.Contains(err.Error(), "notes.txt") {
		t.Errorf("bundle with a user's file: %v", err)
	}
	file := filepath.Join(root, "file")
	os.WriteFile(file, []byte("mine"), 0o644)
	if err := writeSample(t, file, "y"); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("file: %v", err)
	}
}

// TestRecoverBundle: a two-rename swap interrupted between its renames
// (nothing at the path, the old bundle set aside) is undone by the next
// reader or writer; leftovers of interrupted writes are removed by the
// next write.
func TestRecoverBundle(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "b")
	if err := writeSample(t, out, "old"); err != nil {
		t.Fatal(err)
	}
	aside := filepath.Join(root, tempPrefix(out, "old")+"123")
	if err := os.Rename(out, aside); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(root, tempPrefix(out, "new")+"456", "tiles"), 0o755) // a half-written bundle
	if err := RecoverBundle(out); err != nil {
		t.Fatal(err)
	}
	if got := readWhole(t, out); got != "old" {
		t.Errorf("recovered %q", got)
	}
	if err := writeSample(t, out, "new"); err != nil {
		t.Fatal(err)
	}
	if s := siblings(t, out); len(s) != 1 || readWhole(t, out) != "new" {
		t.Errorf("after the next write: %v", s)
	}
}
