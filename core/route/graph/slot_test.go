package graph

import (
	"context"
	"reflect"
	"testing"

	"github.com/bando-vn/bando/core/tile"
)

// TestTilesFollowTheCache checks that the graph keeps a decoded tile only
// while the store's cache does: with a budget that fits one base tile,
// reading the second evicts the first from its slot too, and reading the
// first again decodes it afresh, equal to before; each tile is charged its
// decoded size.
func TestTilesFollowTheCache(t *testing.T) {
	ctx := context.Background()
	open := func(budget int) *Graph {
		st, err := tile.Open(ctx, tile.DirSource("../../../testdata/bundle"), budget)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Open(ctx, st)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Index.Cells) < 2 {
			t.Fatalf("the sample bundle has %d graph cells, want ≥ 2", len(g.Index.Cells))
		}
		return g
	}
	big := open(1 << 30)
	t0, err := big.CellTile(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	t1, err := big.CellTile(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := big.st.Stats().Bytes, t0.memBytes()+t1.memBytes(); got != want {
		t.Fatalf("cache charged %d bytes for two tiles, want their decoded size %d", got, want)
	}
	if _, ok := big.base[0].get(); !ok {
		t.Fatal("a tile the cache holds left its slot")
	}

	g := open(max(t0.memBytes(), t1.memBytes()) + 1) // room for one
	a, _ := g.CellTile(ctx, 0)
	if _, ok := g.base[0].get(); !ok {
		t.Fatal("tile 0 not kept after its first read")
	}
	if _, err := g.CellTile(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if _, ok := g.base[0].get(); ok || g.base[0].p.Load() != nil {
		t.Fatal("tile 0 still held after the cache evicted it")
	}
	if _, ok := g.base[1].get(); !ok {
		t.Fatal("tile 1 not kept")
	}
	again, err := g.CellTile(ctx, 0)
	if err != nil || again == a || !reflect.DeepEqual(again, a) {
		t.Fatalf("tile 0 read again: same pointer %v, equal %v, err %v", again == a, reflect.DeepEqual(again, a), err)
	}
	if st := g.st.Stats(); st.Misses != 3 || st.Evictions != 2 {
		t.Fatalf("stats %+v, want 3 misses (0, 1, 0 again) and 2 evictions", st)
	}

	// Hierarchy tiles, the core's too, follow the same rule.
	var h *CH
	for _, r := range big.Index.Hierarchies {
		if r.Profile == "car" {
			h = open(1).Hierarchy("car", r.Fingerprint)
		}
	}
	if h == nil {
		t.Fatal("the sample bundle has no car hierarchy")
	}
	n := h.g.Index.Cells[0].NodeStart
	if _, err := h.Arcs(ctx, n); err != nil {
		t.Fatal(err)
	}
	if h.core.p.Load() != nil || h.tls[0].p.Load() != nil {
		t.Fatal("hierarchy tiles kept though the cache (budget 1 byte) holds none")
	}
}
