package admin

import (
	"sort"
	"testing"
	"time"
)

func TestBuildFullStats(t *testing.T) {
	dir := sharedDir(t, "data/admin")
	start := time.Now()
	res, err := Build(dir)
	if err != nil {
		t.Fatal(err)
	}
	total, maxSize, maxKey := 0, 0, ""
	sizes := []int{}
	for k, b := range res.Tiles {
		total += len(b)
		sizes = append(sizes, len(b))
		if len(b) > maxSize {
			maxSize, maxKey = len(b), k
		}
	}
	sort.Ints(sizes)
	t.Logf("build %v: %d tiles, %d bytes, max %d (%s), median %d", time.Since(start), len(res.Tiles), total, maxSize, maxKey, sizes[len(sizes)/2])
	for _, l := range res.Layers {
		t.Logf("layer %s: %d exact=%v", l.Name, l.Count, l.Exact)
	}
	for _, w := range res.Warnings {
		t.Log("warning:", w)
	}
}
