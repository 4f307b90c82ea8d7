package pq

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestHeapAgainstSort: pushes and pops mixed at random come out in the
// order a sort of the same keys gives.
func TestHeapAgainstSort(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 0))
	for round := 0; round < 200; round++ {
		var h Heap
		var keep []uint32 // the keys in the heap, the slow obvious way
		for op := 0; op < 300; op++ {
			if len(keep) == 0 || r.IntN(3) > 0 {
				d := uint32(r.IntN(50))
				h.Push(Item{Node: uint32(op), D: d})
				keep = append(keep, d)
				continue
			}
			slices.Sort(keep)
			got := h.Pop()
			if got.D != keep[0] {
				t.Fatalf("seed %d round %d: popped %d, want %d", seed, round, got.D, keep[0])
			}
			keep = keep[1:]
		}
		slices.Sort(keep)
		for _, want := range keep {
			if got := h.Pop(); got.D != want {
				t.Fatalf("seed %d round %d: drained %d, want %d", seed, round, got.D, want)
			}
		}
		if len(h) != 0 {
			t.Fatalf("seed %d: %d left", seed, len(h))
		}
	}
}
