package addr

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/bando-vn/bando/bundle/adminbuild"
	"github.com/bando-vn/bando/core/admin"
)

var (
	gazOnce sync.Once
	gazAll  *Gazetteer
	unitAll *admin.Units
	gazErr  error
)

// sharedPath returns <repo>/../shared/<rel>; the test fails when it is missing.
func sharedPath(tb testing.TB, rel string) string {
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		if filepath.Dir(dir) == dir {
			tb.Fatal("repo root not found")
		}
		dir = filepath.Dir(dir)
	}
	p := filepath.Join(dir, "..", "shared", rel)
	if _, err := os.Stat(p); err != nil {
		tb.Fatalf("shared data missing: %v", err)
	}
	return p
}

// fullGazetteer builds the admin layers from ../shared/data/admin once and indexes their units tile.
func fullGazetteer(tb testing.TB) *Gazetteer {
	dir := sharedPath(tb, "data/admin")
	gazOnce.Do(func() {
		res, err := adminbuild.Build(dir)
		if err != nil {
			gazErr = err
			return
		}
		u, err := admin.DecodeUnits(res.Tiles[admin.UnitsKey])
		if err != nil {
			gazErr = err
			return
		}
		unitAll, gazAll = u, NewGazetteer(u)
	})
	if gazErr != nil {
		tb.Fatal(gazErr)
	}
	return gazAll
}

// fullUnits returns the units fullGazetteer indexes.
func fullUnits(tb testing.TB) *admin.Units {
	fullGazetteer(tb)
	return unitAll
}
