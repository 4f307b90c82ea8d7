// Package pq is the min-heap of (node, distance) pairs that the routing
// searches share: a binary heap without interface calls.
package pq

// Item is a node keyed by its distance D.
type Item struct{ Node, D uint32 }

// Heap is a binary min-heap of items by D; the zero value is empty.
type Heap []Item

// Push adds x.
func (h *Heap) Push(x Item) {
	*h = append(*h, x)
	a := *h
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 2
		if a[p].D <= a[i].D {
			break
		}
		a[p], a[i] = a[i], a[p]
		i = p
	}
}

// Pop removes and returns an item of least D; the heap must not be empty.
func (h *Heap) Pop() Item {
	a := *h
	top := a[0]
	last := len(a) - 1
	a[0] = a[last]
	a = a[:last]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < len(a) && a[l].D < a[m].D {
			m = l
		}
		if l+1 < len(a) && a[l+1].D < a[m].D {
			m = l + 1
		}
		if m == i {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	*h = a
	return top
}
