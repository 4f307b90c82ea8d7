package graph

import (
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/bando-vn/bando/core/tile"
)

const arcSize = 16

// packedCH is a hierarchy tile as stored (FORMAT.md §5).
type packedCH struct {
	V         int    `msgpack:"v"`
	NodeStart uint32 `msgpack:"n0"`
	Nodes     []byte `msgpack:"nodes"` // core tile only: sorted global node ids
	Count     uint32 `msgpack:"n"`
	ArcOff    []byte `msgpack:"aoff,omitempty"` // v1–2
	Arcs      []byte `msgpack:"arcs,omitempty"` // v1–2
	ArcCount  []byte `msgpack:"ac,omitempty"`   // v3
	ArcsV     []byte `msgpack:"av,omitempty"`   // v3
}

// CHTile is one decoded hierarchy tile: the upward arcs of a range of
// nodes (a cell tile) or of an explicit sorted node list (the core tile).
type CHTile struct {
	NodeStart uint32
	Nodes     []uint32 // core only
	ArcOff    []uint32
	Arcs      []Arc
}

// Len is the number of nodes the tile describes.
func (t *CHTile) Len() int { return len(t.ArcOff) - 1 }

// Local returns the tile's index of global node n, or -1.
func (t *CHTile) Local(n uint32) int {
	if t.Nodes == nil {
		if n < t.NodeStart || int(n-t.NodeStart) >= t.Len() {
			return -1
		}
		return int(n - t.NodeStart)
	}
	i := sort.Search(len(t.Nodes), func(i int) bool { return t.Nodes[i] >= n })
	if i < len(t.Nodes) && t.Nodes[i] == n {
		return i
	}
	return -1
}

// EncodeCHTile packs per-node arc lists. nodes is nil for a cell tile
// (nodes nodeStart, nodeStart+1, ...).
func EncodeCHTile(nodeStart uint32, nodes []uint32, arcs [][]Arc) ([]byte, error) {
	if nodes != nil && len(nodes) != len(arcs) {
		return nil, fmt.Errorf("graph: hierarchy tile with %d nodes and %d lists", len(nodes), len(arcs))
	}
	p := packedCH{V: Version, NodeStart: nodeStart, Count: uint32(len(arcs))}
	if nodes != nil {
		p.Nodes = u32s(nodes)
	}
	p.ArcCount, p.ArcsV = packArcsV3(nodeAt(nodeStart, nodes), arcs)
	return marshal(&p)
}

// nodeAt gives the global id of a hierarchy tile's i-th node.
func nodeAt(nodeStart uint32, nodes []uint32) func(int) uint32 {
	if nodes != nil {
		return func(i int) uint32 { return nodes[i] }
	}
	return func(i int) uint32 { return nodeStart + uint32(i) }
}

func unpackArcs(offb, blob []byte, n int, name string) ([]uint32, []Arc, error) {
	if len(blob)%arcSize != 0 {
		return nil, nil, corrupt("%s arcs of %d bytes", name, len(blob))
	}
	arcs := make([]Arc, len(blob)/arcSize)
	off, err := readOffsets(offb, n, len(arcs), name)
	if err != nil {
		return nil, nil, err
	}
	le := binary.LittleEndian
	for i := range arcs {
		b := blob[i*arcSize:]
		arcs[i] = Arc{To: le.Uint32(b), Weight: le.Uint32(b[4:]), LengthCM: le.Uint32(b[8:]), Via: le.Uint32(b[12:])}
	}
	return off, arcs, nil
}

// DecodeCHTile unpacks and checks a hierarchy tile.
func DecodeCHTile(b []byte) (*CHTile, error) {
	var p packedCH
	if err := unmarshal(b, &p); err != nil {
		return nil, err
	}
	if err := tile.CheckLayerVersion("ch", int64(p.V)); err != nil {
		return nil, err
	}
	if int64(p.Count)*4 > int64(len(b)) {
		return nil, corrupt("hierarchy tile claims %d nodes in %d bytes", p.Count, len(b))
	}
	n := int(p.Count)
	t := &CHTile{NodeStart: p.NodeStart}
	var err error
	if p.Nodes != nil {
		if t.Nodes, err = readU32s(p.Nodes, n, "core nodes"); err != nil {
			return nil, err
		}
		for i := 1; i < n; i++ {
			if t.Nodes[i] <= t.Nodes[i-1] {
				return nil, corrupt("core nodes not sorted at %d", i)
			}
		}
	}
	if p.V >= 3 {
		t.ArcOff, t.Arcs, err = unpackArcsV3(nodeAt(t.NodeStart, t.Nodes), n, p.ArcCount, p.ArcsV)
	} else {
		t.ArcOff, t.Arcs, err = unpackArcs(p.ArcOff, p.Arcs, n, "arcs")
	}
	if err != nil {
		return nil, err
	}
	return t, nil
}

// Index is the graph layer's directory tile (`graph/index`).
type Index struct {
	V           int            `msgpack:"v"`
	Cells       []IndexCell    `msgpack:"cells"`
	Hierarchies []HierarchyRef `msgpack:"ch"`
}

// IndexCell describes one base tile: its cell, node and edge ranges and
// the bounding box (1e-7°) of its edges' geometry.
type IndexCell struct {
	_msgpack  struct{} `msgpack:",as_array"`
	Row, Col  int32
	NodeStart uint32
	Nodes     uint32
	EdgeStart uint32
	Edges     uint32
	MinLat    int32
	MinLng    int32
	MaxLat    int32
	MaxLng    int32
	Level     uint8
}

// HierarchyRef names a profile's hierarchy: tiles under ch/<Profile>/,
// valid only for costings with the same Fingerprint. Nodes ranked
// CoreRank or higher have their arcs in the core tile.
type HierarchyRef struct {
	Profile     string `msgpack:"profile"`
	Fingerprint string `msgpack:"fp"`
	CoreRank    uint32 `msgpack:"core_rank"`
	CoreNodes   uint32 `msgpack:"core_nodes"`
}

// EncodeIndex packs the index tile.
func EncodeIndex(ix *Index) ([]byte, error) {
	ix.V = Version
	return marshal(ix)
}

// DecodeIndex unpacks and checks the index tile: cells in order with
// contiguous node and edge ranges.
func DecodeIndex(b []byte) (*Index, error) {
	var ix Index
	if err := unmarshal(b, &ix); err != nil {
		return nil, err
	}
	if err := tile.CheckLayerVersion("graph", int64(ix.V)); err != nil {
		return nil, err
	}
	var n, e uint32
	for i, c := range ix.Cells {
		if c.NodeStart != n || c.EdgeStart != e || c.Level > MaxLevel || (i > 0 && !ix.Cells[i-1].ID().Less(c.ID())) {
			return nil, corrupt("index cell %d out of order", i)
		}
		n, e = n+c.Nodes, e+c.Edges
		if n < c.NodeStart || e < c.EdgeStart {
			return nil, corrupt("index cell %d overflows", i)
		}
	}
	return &ix, nil
}

// ID is the cell's id.
func (c IndexCell) ID() CellID { return CellID{c.Level, c.Row, c.Col} }

// CHKey is the key of a profile's hierarchy tile for a cell.
func CHKey(profile string, c CellID) string {
	return fmt.Sprintf(CHPrefix+"%s/%d/%d/%d", profile, c.Level, c.Row, c.Col)
}

// CHCoreKey is the key of a profile's core hierarchy tile.
func CHCoreKey(profile string) string { return CHPrefix + profile + "/core" }

// IndexKey is the key of the index tile.
const IndexKey = Prefix + "index"

// Prefix and CHPrefix begin the keys of the graph layer and of its
// hierarchies; Prefixes lists both (a store budgets them together:
// tile.Store.WithLayerBudget).
const (
	Prefix   = "graph/"
	CHPrefix = "ch/"
)

// Prefixes are the key prefixes of every routing tile.
var Prefixes = []string{Prefix, CHPrefix}
