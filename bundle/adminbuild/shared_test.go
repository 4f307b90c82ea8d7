package adminbuild

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/tile"
)

// sharedDir returns <repo root>/../shared/<rel>. When it is missing the test
// fails under CI (env CI set) and is skipped otherwise.
func sharedDir(t testing.TB, rel string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("repo root (go.mod) not found")
		}
		dir = parent
	}
	p := filepath.Join(dir, "..", "shared", rel)
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("shared data missing under CI: %v", err)
		}
		t.Skipf("shared data not available (%v): skipping", err)
	}
	return p
}

// lookupOf is an admin lookup over tiles built in memory.
func lookupOf(t testing.TB, tiles map[string][]byte) *admin.Lookup {
	t.Helper()
	st, err := tile.OpenMap(tiles)
	if err != nil {
		t.Fatal(err)
	}
	return admin.New(st)
}
