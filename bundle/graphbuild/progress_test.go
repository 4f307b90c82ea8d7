package graphbuild_test

import (
	"sync/atomic"
	"testing"

	"github.com/bando-vn/bando/bundle/graphbuild"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

// The ticks Encode reports add up to every node contracted once per
// distinct hierarchy.
func TestEncodeTicks(t *testing.T) {
	_, g, err := graphfix.FromFile("../../testdata/sample.osm")
	if err != nil {
		t.Fatal(err)
	}
	profiles := []string{"car", "taxi", "bike", "walking"}
	ps, err := graphbuild.UniqueProfiles(profiles)
	if err != nil {
		t.Fatal(err)
	}
	var sum atomic.Int64
	if err := graphbuild.Encode(g, profiles, 2, map[string][]byte{}, func(n int) { sum.Add(int64(n)) }); err != nil {
		t.Fatal(err)
	}
	if want := int64(len(ps)) * int64(g.NumNodes()); sum.Load() != want || want == 0 {
		t.Errorf("ticks add up to %d, want %d", sum.Load(), want)
	}
}
