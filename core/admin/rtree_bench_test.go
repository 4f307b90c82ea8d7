package admin_test

import (
	"math/rand"
	"runtime"
	"sort"
	"testing"

	"github.com/bando-vn/bando/core/admin"
	"github.com/tidwall/rtree"
)

// The admin lookup finds a point's polygon by scanning the bounding boxes of
// a cell layer's polygons in order (Layer.find). BenchmarkBBoxIndex measures
// that scan against tidwall/rtree over the same boxes, on every cell tile of
// ../shared/data/admin: the query (both must agree), the tree's build (paid
// when a cell is decoded) and its memory. Result: core/admin/BENCHMARKS.admin.md.

type cellBoxes struct {
	boxes [][]int32 // per layer, minx,miny,maxx,maxy per polygon
	x, y  [2]int32  // the cell's extent
}

func allCellBoxes(tb testing.TB) []cellBoxes {
	g := loadTiles(tb)
	keys := make([]string, 0, len(g))
	for k := range g {
		if len(k) > len("admin/cell/") && k[:len("admin/cell/")] == "admin/cell/" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var out []cellBoxes
	for _, k := range keys {
		c, err := admin.DecodeCell(g[k])
		if err != nil {
			tb.Fatal(err)
		}
		cb := cellBoxes{x: [2]int32{1<<31 - 1, -1 << 31}, y: [2]int32{1<<31 - 1, -1 << 31}}
		for l := range c.Layers {
			bb := c.Layers[l].BBox
			cb.boxes = append(cb.boxes, bb)
			for i := 0; i+3 < len(bb); i += 4 {
				cb.x[0], cb.y[0] = min(cb.x[0], bb[i]), min(cb.y[0], bb[i+1])
				cb.x[1], cb.y[1] = max(cb.x[1], bb[i+2]), max(cb.y[1], bb[i+3])
			}
		}
		out = append(out, cb)
	}
	return out
}

func buildTrees(cells []cellBoxes) [][]*rtree.RTreeGN[int32, int32] {
	trees := make([][]*rtree.RTreeGN[int32, int32], len(cells))
	for ci, c := range cells {
		for _, bb := range c.boxes {
			tr := &rtree.RTreeGN[int32, int32]{}
			for i := 0; i+3 < len(bb); i += 4 {
				tr.Insert([2]int32{bb[i], bb[i+1]}, [2]int32{bb[i+2], bb[i+3]}, int32(i/4))
			}
			trees[ci] = append(trees[ci], tr)
		}
	}
	return trees
}

// scanFirst is Layer.find's candidate order: the first polygon (in stream
// order) whose box holds the point; -1 when none.
func scanFirst(bb []int32, x, y int32) int32 {
	for i := 0; i+3 < len(bb); i += 4 {
		if x >= bb[i] && y >= bb[i+1] && x <= bb[i+2] && y <= bb[i+3] {
			return int32(i / 4)
		}
	}
	return -1
}

// treeFirst is the same answer from the tree: the smallest index among the
// boxes holding the point.
func treeFirst(tr *rtree.RTreeGN[int32, int32], x, y int32) int32 {
	first := int32(-1)
	tr.Search([2]int32{x, y}, [2]int32{x, y}, func(_, _ [2]int32, i int32) bool {
		if first < 0 || i < first {
			first = i
		}
		return true
	})
	return first
}

type probe struct {
	cell int
	x, y int32
}

func probes(cells []cellBoxes, n int) []probe {
	rng := rand.New(rand.NewSource(42))
	out := make([]probe, n)
	for i := range out {
		c := rng.Intn(len(cells))
		cb := cells[c]
		out[i] = probe{c, cb.x[0] + int32(rng.Int63n(int64(cb.x[1]-cb.x[0])+1)), cb.y[0] + int32(rng.Int63n(int64(cb.y[1]-cb.y[0])+1))}
	}
	return out
}

func BenchmarkBBoxIndex(b *testing.B) {
	cells := allCellBoxes(b)
	ps := probes(cells, 4096)
	// the differential check: the tree and the scan name the same first
	// polygon for every probe and layer
	check := buildTrees(cells)
	for _, p := range ps {
		for l, bb := range cells[p.cell].boxes {
			if s, r := scanFirst(bb, p.x, p.y), treeFirst(check[p.cell][l], p.x, p.y); s != r {
				b.Fatalf("cell %d layer %d at %d,%d: scan %d, tree %d", p.cell, l, p.x, p.y, s, r)
			}
		}
	}
	b.Run("query/scan", func(b *testing.B) {
		n := int32(0)
		for i := 0; b.Loop(); i++ {
			p := ps[i%len(ps)]
			for _, bb := range cells[p.cell].boxes {
				n += scanFirst(bb, p.x, p.y)
			}
		}
		_ = n
	})
	b.Run("query/scan-all", func(b *testing.B) { // no early exit: every box tested
		n := 0
		for i := 0; b.Loop(); i++ {
			p := ps[i%len(ps)]
			for _, bb := range cells[p.cell].boxes {
				for j := 0; j+3 < len(bb); j += 4 {
					if p.x >= bb[j] && p.y >= bb[j+1] && p.x <= bb[j+2] && p.y <= bb[j+3] {
						n++
					}
				}
			}
		}
		_ = n
	})
	trees := buildTrees(cells)
	b.Run("query/rtree", func(b *testing.B) {
		n := int32(0)
		for i := 0; b.Loop(); i++ {
			p := ps[i%len(ps)]
			for _, tr := range trees[p.cell] {
				n += treeFirst(tr, p.x, p.y)
			}
		}
		_ = n
	})
	b.Run("build/rtree-all-cells", func(b *testing.B) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		var keep [][]*rtree.RTreeGN[int32, int32]
		for b.Loop() {
			keep = buildTrees(cells)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		boxes := 0
		for _, c := range cells {
			for _, bb := range c.boxes {
				boxes += len(bb) / 4
			}
		}
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(boxes), "tree-B/box")
		b.ReportMetric(float64(boxes), "boxes")
		runtime.KeepAlive(keep)
	})
}
