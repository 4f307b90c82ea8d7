package bundle

import (
	"sort"

	"github.com/paulmach/osm"
)

// nodeStore holds every OSM node's position for the place builders (way
// centres, street geometry, areas' rings): 24 bytes a node in two
// parallel slices, looked up by binary search, instead of a hash map
// (about 3× the memory on the Vietnam extract, 28 M nodes). Nodes arrive
// sorted by id from a PBF; anything else (several inputs, an unsorted
// XML file) is sorted once, on the first lookup. A node given twice keeps
// its last position, as the map did.
type nodeStore struct {
	ids    []osm.NodeID
	pos    [][2]float64 // lat, lng in degrees, as read
	sorted bool         // ids strictly increasing
}

func newNodeStore() *nodeStore { return &nodeStore{sorted: true} }

// add records a node's position; adding must be done before the first get.
func (s *nodeStore) add(id osm.NodeID, lat, lng float64) {
	if k := len(s.ids); k > 0 && s.ids[k-1] >= id {
		s.sorted = false
	}
	s.ids = append(s.ids, id)
	s.pos = append(s.pos, [2]float64{lat, lng})
}

// get returns a node's position; ok=false when the input lacked the node.
func (s *nodeStore) get(id osm.NodeID) (p [2]float64, ok bool) {
	if !s.sorted {
		s.sort()
	}
	i := sort.Search(len(s.ids), func(i int) bool { return s.ids[i] >= id })
	if i < len(s.ids) && s.ids[i] == id {
		return s.pos[i], true
	}
	return p, false
}

// sort orders the nodes by id, keeping the last position given for an id.
func (s *nodeStore) sort() {
	idx := make([]int, len(s.ids))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return s.ids[idx[a]] < s.ids[idx[b]] })
	ids, pos := make([]osm.NodeID, 0, len(idx)), make([][2]float64, 0, len(idx))
	for _, j := range idx {
		if k := len(ids); k > 0 && ids[k-1] == s.ids[j] {
			pos[k-1] = s.pos[j] // a later copy of the same node wins
			continue
		}
		ids, pos = append(ids, s.ids[j]), append(pos, s.pos[j])
	}
	s.ids, s.pos, s.sorted = ids, pos, true
}
