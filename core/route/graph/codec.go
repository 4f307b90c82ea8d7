package graph

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/bando-vn/bando/core/tile"
	"github.com/vmihailenco/msgpack/v5"
)

// Version is the graph layer version (FORMAT.md).
const Version = 3

// edgeRecSize is the byte size of one fixed edge record of versions 1 and 2
// (FORMAT.md §4.1).
const edgeRecSize = 44

// packedBase is a base graph tile as stored.
type packedBase struct {
	V         int    `msgpack:"v"`
	NodeStart uint32 `msgpack:"n0"`
	EdgeStart uint32 `msgpack:"e0"`
	Lat       []byte `msgpack:"lat,omitempty"` // v1–2
	Lng       []byte `msgpack:"lng,omitempty"` // v1–2
	N         uint32 `msgpack:"n,omitempty"`   // v3
	NE        uint32 `msgpack:"ne,omitempty"`  // v3
	LatLng    []byte `msgpack:"ll,omitempty"`  // v3
	NFlag     []byte `msgpack:"nf"`
	AdjOff    []byte `msgpack:"aoff,omitempty"`  // v1–2
	Adj       []byte `msgpack:"adj,omitempty"`   // v1–2
	AdjV      []byte `msgpack:"adjv,omitempty"`  // v3
	Edges     []byte `msgpack:"edges,omitempty"` // v1–2
	EdgesV    []byte `msgpack:"ev,omitempty"`    // v3
	GeomOff   []byte `msgpack:"goff,omitempty"`  // v1–2
	GeomLen   []byte `msgpack:"glen,omitempty"`  // v3
	Geom      []byte `msgpack:"geom"`
	StrOff    []byte `msgpack:"soff"`
	Str       []byte `msgpack:"str"`
	Restr     []byte `msgpack:"restr"`
}

// Tile is one decoded base graph tile: the nodes NodeStart.. and edges
// EdgeStart.. it owns.
type Tile struct {
	NodeStart, EdgeStart uint32
	Lat, Lng             []int32 // per node, 1e-7°
	NodeFlags            []uint8 // per node
	AdjOff               []uint32
	Adj                  []uint32 // edge<<1 | 1 when the node is the edge's V
	Edges                []Edge
	GeomOff              []uint32
	Geom                 []byte
	Strings              []string
	Restrictions         []Restriction // sorted by Via
}

// NumNodes is the number of nodes the tile owns.
func (t *Tile) NumNodes() int { return len(t.Lat) }

// EncodeTile packs t (FORMAT.md §3, version 3).
func EncodeTile(t *Tile) ([]byte, error) {
	if len(t.AdjOff) != len(t.Lat)+1 || len(t.GeomOff) != len(t.Edges)+1 || len(t.Lng) != len(t.Lat) {
		return nil, fmt.Errorf("graph: tile with %d nodes, %d adjacency offsets, %d edges, %d geometry offsets",
			len(t.Lat), len(t.AdjOff), len(t.Edges), len(t.GeomOff))
	}
	p := packedBase{V: Version, NodeStart: t.NodeStart, EdgeStart: t.EdgeStart, NFlag: t.NodeFlags, Geom: t.Geom}
	encodeBaseV3(&p, t)
	soff := make([]uint32, 1, len(t.Strings)+1)
	var sb []byte
	for _, s := range t.Strings {
		sb = append(sb, s...)
		soff = append(soff, uint32(len(sb)))
	}
	p.StrOff, p.Str = u32s(soff), sb
	for _, r := range t.Restrictions {
		p.Restr = binary.LittleEndian.AppendUint32(p.Restr, r.Via)
		p.Restr = binary.LittleEndian.AppendUint32(p.Restr, r.From)
		p.Restr = binary.LittleEndian.AppendUint32(p.Restr, r.To)
		p.Restr = append(p.Restr, b2u8(r.Only), r.Except)
	}
	return marshal(&p)
}

func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := msgpack.NewEncoder(&buf)
	enc.UseCompactInts(true)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// unmarshal checks every declared length against the input before
// decoding, so a damaged tile cannot make the decoder allocate more than
// its size.
func unmarshal(b []byte, v any) error {
	if err := tile.CheckMsgpack(b); err != nil {
		return err
	}
	if err := msgpack.Unmarshal(b, v); err != nil {
		return corrupt("%v", err)
	}
	return nil
}

func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

func readEdge(b []byte) Edge {
	le := binary.LittleEndian
	return Edge{U: le.Uint32(b), V: le.Uint32(b[4:]), LengthCM: le.Uint32(b[8:]), Class: Class(b[12]),
		Width: b[13], MaxSpeed: b[14], MaxSpeedB: b[15], Flags: le.Uint16(b[16:]), Access: le.Uint16(b[18:]),
		MaxWeight: le.Uint16(b[20:]), MaxHeight: le.Uint16(b[22:]), Duration: le.Uint32(b[24:]),
		Name: le.Uint32(b[28:]), Ref: le.Uint32(b[32:])}
}

func corrupt(format string, a ...any) error {
	return fmt.Errorf("%w: graph: %s", tile.ErrCorrupt, fmt.Sprintf(format, a...))
}

// DecodeTile unpacks and checks a base tile: every length and offset is
// checked against the input before use, so a damaged tile gives
// tile.ErrCorrupt, never a panic.
func DecodeTile(b []byte) (*Tile, error) {
	var p packedBase
	if err := unmarshal(b, &p); err != nil {
		return nil, err
	}
	if err := tile.CheckLayerVersion("graph", int64(p.V)); err != nil {
		return nil, err
	}
	t := &Tile{NodeStart: p.NodeStart, EdgeStart: p.EdgeStart, NodeFlags: p.NFlag, Geom: p.Geom}
	if p.V >= 3 {
		if err := decodeBaseV3(&p, t); err != nil {
			return nil, err
		}
		if len(t.NodeFlags) != len(t.Lat) {
			return nil, corrupt("%d node flags for %d nodes", len(t.NodeFlags), len(t.Lat))
		}
		return finishTile(&p, t)
	}
	var err error
	if t.Lat, err = readI32s(p.Lat, -1, "lat"); err != nil {
		return nil, err
	}
	n := len(t.Lat)
	if t.Lng, err = readI32s(p.Lng, n, "lng"); err != nil {
		return nil, err
	}
	if len(t.NodeFlags) != n {
		return nil, corrupt("%d node flags for %d nodes", len(t.NodeFlags), n)
	}
	if len(p.Edges)%edgeRecSize != 0 {
		return nil, corrupt("edge table of %d bytes", len(p.Edges))
	}
	ne := len(p.Edges) / edgeRecSize
	t.Edges = make([]Edge, ne)
	for i := range t.Edges {
		t.Edges[i] = readEdge(p.Edges[i*edgeRecSize:])
		if p.V == 1 { // v1: one maxspeed for both directions at offset 14
			t.Edges[i].MaxSpeedB = t.Edges[i].MaxSpeed
		}
	}
	if t.Adj, err = readU32s(p.Adj, -1, "adj"); err != nil {
		return nil, err
	}
	if t.AdjOff, err = readOffsets(p.AdjOff, n, len(t.Adj), "adjacency"); err != nil {
		return nil, err
	}
	if t.GeomOff, err = readOffsets(p.GeomOff, ne, len(t.Geom), "geometry"); err != nil {
		return nil, err
	}
	return finishTile(&p, t)
}

// finishTile reads the tables versions 1–3 share: strings and restrictions.
func finishTile(p *packedBase, t *Tile) (*Tile, error) {
	var err error
	if t.Strings, err = readStrings(p.StrOff, p.Str); err != nil {
		return nil, err
	}
	for i := range t.Edges {
		e := &t.Edges[i]
		if int(e.Name) >= len(t.Strings) || int(e.Ref) >= len(t.Strings) {
			return nil, corrupt("edge %d names string %d of %d", i, max(e.Name, e.Ref), len(t.Strings))
		}
	}
	if t.Restrictions, err = readRestrictions(p.Restr); err != nil {
		return nil, err
	}
	return t, nil
}

func readRestrictions(b []byte) ([]Restriction, error) {
	const size = 14
	if len(b)%size != 0 {
		return nil, corrupt("restriction table of %d bytes", len(b))
	}
	le := binary.LittleEndian
	rs := make([]Restriction, len(b)/size)
	for i := range rs {
		r := b[i*size:]
		rs[i] = Restriction{Via: le.Uint32(r), From: le.Uint32(r[4:]), To: le.Uint32(r[8:]), Only: r[12] == 1, Except: r[13]}
	}
	return rs, nil
}

func readStrings(offb, blob []byte) ([]string, error) {
	if len(offb) == 0 {
		return []string{""}, nil
	}
	off, err := readOffsets(offb, len(offb)/4-1, len(blob), "strings")
	if err != nil {
		return nil, err
	}
	ss := make([]string, len(off)-1)
	for i := range ss {
		ss[i] = string(blob[off[i]:off[i+1]])
	}
	return ss, nil
}

func u32s(v []uint32) []byte {
	b := make([]byte, 0, 4*len(v))
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	return b
}

func i32s(v []int32) []byte {
	b := make([]byte, 0, 4*len(v))
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, uint32(x))
	}
	return b
}

// readU32s reads a u32[] field; want < 0 accepts any count.
func readU32s(b []byte, want int, name string) ([]uint32, error) {
	if len(b)%4 != 0 || (want >= 0 && len(b) != 4*want) {
		return nil, corrupt("%s: %d bytes, want %d entries", name, len(b), want)
	}
	v := make([]uint32, len(b)/4)
	for i := range v {
		v[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return v, nil
}

func readI32s(b []byte, want int, name string) ([]int32, error) {
	u, err := readU32s(b, want, name)
	if err != nil {
		return nil, err
	}
	v := make([]int32, len(u))
	for i, x := range u {
		v[i] = int32(x)
	}
	return v, nil
}

// readOffsets reads an offsets table of n+1 entries from 0 to total,
// non-decreasing.
func readOffsets(b []byte, n, total int, name string) ([]uint32, error) {
	if n < 0 {
		return nil, corrupt("%s: no offsets", name)
	}
	off, err := readU32s(b, n+1, name+" offsets")
	if err != nil {
		return nil, err
	}
	if off[0] != 0 || int(off[n]) != total {
		return nil, corrupt("%s offsets span %d..%d of %d", name, off[0], off[n], total)
	}
	for i := 1; i <= n; i++ {
		if off[i] < off[i-1] {
			return nil, corrupt("%s offsets decrease at %d", name, i)
		}
	}
	return off, nil
}

// EncodeGeometry appends pts (1e-7° lat,lng pairs) as zigzag varint deltas.
func EncodeGeometry(b []byte, lat, lng []int32) []byte {
	var pl, pg int32
	for i := range lat {
		b = binary.AppendVarint(b, int64(lat[i]-pl))
		b = binary.AppendVarint(b, int64(lng[i]-pg))
		pl, pg = lat[i], lng[i]
	}
	return b
}

// DecodeGeometry reads the points EncodeGeometry wrote.
func DecodeGeometry(b []byte) (lat, lng []int32, err error) {
	var pl, pg int64
	for len(b) > 0 {
		dl, n := binary.Varint(b)
		if n <= 0 {
			return nil, nil, corrupt("geometry varint")
		}
		b = b[n:]
		dg, m := binary.Varint(b)
		if m <= 0 {
			return nil, nil, corrupt("geometry varint")
		}
		b = b[m:]
		pl, pg = pl+dl, pg+dg
		lat, lng = append(lat, int32(pl)), append(lng, int32(pg))
	}
	return lat, lng, nil
}
