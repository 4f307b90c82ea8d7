package graph

import "unsafe"

// memBytes is about the memory a decoded base tile holds: what the tile
// cache charges for it (its decoded arrays are 2–3× the tile's bytes).
func (t *Tile) memBytes() int {
	n := 4*(cap(t.Lat)+cap(t.Lng)+cap(t.AdjOff)+cap(t.Adj)+cap(t.GeomOff)) + cap(t.NodeFlags) + cap(t.Geom) +
		int(unsafe.Sizeof(Edge{}))*cap(t.Edges) + int(unsafe.Sizeof(Restriction{}))*cap(t.Restrictions)
	n += int(unsafe.Sizeof(""))*cap(t.Strings) + int(unsafe.Sizeof(Tile{}))
	for _, s := range t.Strings {
		n += len(s)
	}
	return n
}

// memBytes is about the memory a decoded hierarchy tile holds.
func (t *CHTile) memBytes() int {
	return 4*(cap(t.Nodes)+cap(t.ArcOff)) + int(unsafe.Sizeof(Arc{}))*cap(t.Arcs) + int(unsafe.Sizeof(CHTile{}))
}
