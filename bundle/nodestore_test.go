package bundle

import (
	"math/rand/v2"
	"testing"

	"github.com/paulmach/osm"
)

// TestNodeStoreMatchesMap: the store answers every lookup as the map it
// replaced did (last position wins), for sorted input, unsorted input and
// input with repeated ids (two overlapping extracts).
func TestNodeStoreMatchesMap(t *testing.T) {
	const seed = 20261124
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, kind := range []string{"sorted", "shuffled", "two extracts"} {
		s, want := newNodeStore(), map[osm.NodeID][2]float64{}
		add := func(id osm.NodeID) {
			p := [2]float64{rng.Float64()*10 + 8, rng.Float64()*8 + 102}
			s.add(id, p[0], p[1])
			want[id] = p
		}
		ids := make([]osm.NodeID, 2000)
		for i := range ids {
			ids[i] = osm.NodeID(1 + 3*i + rng.IntN(3))
		}
		switch kind {
		case "shuffled":
			rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		case "two extracts":
			ids = append(ids, ids[500:1500]...)
		}
		for _, id := range ids {
			add(id)
		}
		s.get(0) // the first lookup sorts and folds repeated ids
		if len(s.ids) != len(want) {
			t.Fatalf("%s: %d nodes stored, want %d", kind, len(s.ids), len(want))
		}
		for id := osm.NodeID(0); id < osm.NodeID(3*len(ids)+5); id++ {
			got, ok := s.get(id)
			w, wok := want[id]
			if ok != wok || got != w {
				t.Fatalf("%s: node %d: got %v %v, want %v %v", kind, id, got, ok, w, wok)
			}
		}
	}
}
