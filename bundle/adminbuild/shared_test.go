package adminbuild

import (
	"testing"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/tile"
)

// lookupOf is an admin lookup over tiles built in memory.
func lookupOf(t testing.TB, tiles map[string][]byte) *admin.Lookup {
	t.Helper()
	st, err := tile.OpenMap(tiles)
	if err != nil {
		t.Fatal(err)
	}
	return admin.New(st)
}
