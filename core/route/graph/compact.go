package graph

import (
	"encoding/binary"
	"math"
)

// Version 3 stores the base and hierarchy tiles' tables as varint streams
// (FORMAT.md §3, §4, §5): ids as deltas from a neighbour, small values in one
// byte. This file holds the stream writer and reader; codec.go and
// chcodec.go use them.

// vw appends unsigned and zigzag varints.
type vw []byte

func (w *vw) u(x uint64) { *w = binary.AppendUvarint(*w, x) }
func (w *vw) i(x int64)  { *w = binary.AppendVarint(*w, x) }

// vr reads the varints vw wrote; the first failure sticks in err and every
// later read returns 0, so decoders check err once per table.
type vr struct {
	b    []byte
	err  error
	name string
}

func (r *vr) u(max uint64) uint64 {
	if len(r.b) > 0 && r.b[0] < 0x80 { // one byte: most values
		x := uint64(r.b[0])
		r.b = r.b[1:]
		if x > max {
			r.fail(x, max)
			return 0
		}
		return x
	}
	return r.slowU(max)
}

func (r *vr) fail(x, max uint64) {
	if r.err == nil {
		r.err = corrupt("%s: value %d over %d", r.name, x, max)
	}
}

func (r *vr) slowU(max uint64) uint64 {
	if r.err != nil {
		return 0
	}
	x, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = corrupt("%s: bad varint", r.name)
		return 0
	}
	r.b = r.b[n:]
	if x > max {
		r.fail(x, max)
		return 0
	}
	return x
}

func (r *vr) u32() uint32 { return uint32(r.u(math.MaxUint32)) }
func (r *vr) u16() uint16 { return uint16(r.u(math.MaxUint16)) }
func (r *vr) u8() uint8   { return uint8(r.u(math.MaxUint8)) }

func (r *vr) i() int64 {
	if len(r.b) > 0 && r.b[0] < 0x80 { // one byte: zigzag −64..63
		x := int64(r.b[0])
		r.b = r.b[1:]
		return x>>1 ^ -(x & 1)
	}
	if r.err != nil {
		return 0
	}
	x, n := binary.Varint(r.b)
	if n <= 0 {
		r.err = corrupt("%s: bad varint", r.name)
		return 0
	}
	r.b = r.b[n:]
	return x
}

// id reads a delta from base that must land on a u32 id.
func (r *vr) id(base uint32) uint32 {
	x := int64(base) + r.i()
	if x < 0 || x > math.MaxUint32 {
		if r.err == nil {
			r.err = corrupt("%s: id %d out of range", r.name, x)
		}
		return 0
	}
	return uint32(x)
}

// uvSlow reads the uvarint at b[p:] (0 ≤ p) and returns the position
// after it; after a bad or missing varint the position is len(b)+1 (and
// stays so: callers check p > len(b) once).
func uvSlow(b []byte, p int) (uint64, int) {
	if p >= len(b) {
		return 0, len(b) + 1
	}
	x, n := binary.Uvarint(b[p:])
	if n <= 0 {
		return 0, len(b) + 1
	}
	return x, p + n
}

// varints counts the varints in b (bytes ending one: high bit clear).
func varints(b []byte) int {
	n := 0
	for _, c := range b {
		if c < 0x80 {
			n++
		}
	}
	return n
}

// end checks that the stream was read to its last byte.
func (r *vr) end() error {
	if r.err == nil && len(r.b) != 0 {
		r.err = corrupt("%s: %d bytes left over", r.name, len(r.b))
	}
	return r.err
}

// Compact edge record (v3, FORMAT.md §4): 14 varints per edge.
func appendEdgeV3(w *vw, e *Edge, prevU uint32) {
	w.i(int64(e.U) - int64(prevU))
	w.i(int64(e.V) - int64(e.U))
	for _, x := range [...]uint64{uint64(e.LengthCM), uint64(e.Class), uint64(e.Width), uint64(e.MaxSpeed),
		uint64(e.MaxSpeedB), uint64(e.Flags), uint64(e.Access), uint64(e.MaxWeight), uint64(e.MaxHeight),
		uint64(e.Duration), uint64(e.Name), uint64(e.Ref)} {
		w.u(x)
	}
}

func readEdgeV3(r *vr, prevU uint32) Edge {
	var e Edge
	e.U = r.id(prevU)
	e.V = r.id(e.U)
	e.LengthCM = r.u32()
	e.Class = Class(r.u8())
	e.Width, e.MaxSpeed, e.MaxSpeedB = r.u8(), r.u8(), r.u8()
	e.Flags, e.Access, e.MaxWeight, e.MaxHeight = r.u16(), r.u16(), r.u16(), r.u16()
	e.Duration, e.Name, e.Ref = r.u32(), r.u32(), r.u32()
	return e
}

// minEdgeV3 is the fewest bytes an edge record takes (one per varint).
const minEdgeV3 = 14

// encodeBaseV3 fills p's v3 fields from t.
func encodeBaseV3(p *packedBase, t *Tile) {
	p.N, p.NE = uint32(len(t.Lat)), uint32(len(t.Edges))
	var ll vw
	var pl, pg int32
	for i := range t.Lat {
		ll.i(int64(t.Lat[i]) - int64(pl))
		ll.i(int64(t.Lng[i]) - int64(pg))
		pl, pg = t.Lat[i], t.Lng[i]
	}
	p.LatLng = ll
	var adj vw
	for i := 0; i+1 < len(t.AdjOff); i++ {
		list := t.Adj[t.AdjOff[i]:t.AdjOff[i+1]]
		adj.u(uint64(len(list)))
		prev := uint32(t.EdgeStart) << 1
		for _, a := range list {
			adj.i(int64(a) - int64(prev))
			prev = a
		}
	}
	p.AdjV = adj
	var ev vw
	prevU := t.NodeStart
	for i := range t.Edges {
		appendEdgeV3(&ev, &t.Edges[i], prevU)
		prevU = t.Edges[i].U
	}
	p.EdgesV = ev
	var gl vw
	for i := 0; i+1 < len(t.GeomOff); i++ {
		gl.u(uint64(t.GeomOff[i+1] - t.GeomOff[i]))
	}
	p.GeomLen = gl
}

// decodeBaseV3 reads p's v3 fields into t, checking every count against
// the bytes that hold it before allocating.
func decodeBaseV3(p *packedBase, t *Tile) error {
	n, ne := int(p.N), int(p.NE)
	if n > len(p.LatLng)/2 || n > len(p.AdjV) || ne > len(p.EdgesV)/minEdgeV3 || ne > len(p.GeomLen) {
		return corrupt("tile claims %d nodes and %d edges in fewer bytes", n, ne)
	}
	r := vr{b: p.LatLng, name: "coordinates"}
	t.Lat, t.Lng = make([]int32, n), make([]int32, n)
	var pl, pg int64
	for i := 0; i < n; i++ {
		pl, pg = pl+r.i(), pg+r.i()
		if pl != int64(int32(pl)) || pg != int64(int32(pg)) {
			return corrupt("coordinate %d out of range", i)
		}
		t.Lat[i], t.Lng[i] = int32(pl), int32(pg)
	}
	if err := r.end(); err != nil {
		return err
	}
	r = vr{b: p.AdjV, name: "adjacency"}
	t.AdjOff = make([]uint32, n+1)
	entries := varints(p.AdjV) - n
	if entries < 0 {
		return corrupt("adjacency: %d varints for %d nodes", entries+n, n)
	}
	t.Adj = make([]uint32, 0, entries)
	for i := 0; i < n; i++ {
		k := r.u(uint64(len(r.b)))
		prev := t.EdgeStart << 1
		for j := uint64(0); j < k && r.err == nil; j++ {
			prev = r.id(prev)
			t.Adj = append(t.Adj, prev)
		}
		t.AdjOff[i+1] = uint32(len(t.Adj))
	}
	if err := r.end(); err != nil {
		return err
	}
	r = vr{b: p.EdgesV, name: "edges"}
	t.Edges = make([]Edge, ne)
	prevU := t.NodeStart
	for i := range t.Edges {
		t.Edges[i] = readEdgeV3(&r, prevU)
		prevU = t.Edges[i].U
	}
	if err := r.end(); err != nil {
		return err
	}
	r = vr{b: p.GeomLen, name: "geometry lengths"}
	t.GeomOff = make([]uint32, ne+1)
	for i := 0; i < ne; i++ {
		t.GeomOff[i+1] = t.GeomOff[i] + uint32(r.u(uint64(len(t.Geom))))
		if int(t.GeomOff[i+1]) > len(t.Geom) {
			return corrupt("geometry past its table at edge %d", i)
		}
	}
	if err := r.end(); err != nil {
		return err
	}
	if int(t.GeomOff[ne]) != len(t.Geom) {
		return corrupt("geometry lengths sum to %d of %d bytes", t.GeomOff[ne], len(t.Geom))
	}
	return nil
}

// Compact hierarchy arcs (v3, FORMAT.md §5): per node a count, per arc
// zigzag(to − node), weight and the via word as its three flag
// bits plus (shortcut) zigzag(middle − node) or (edge) edge<<1|d, shifted
// left by 3.
func packArcsV3(nodeAt func(i int) uint32, lists [][]Arc) (counts, arcs []byte) {
	var c, a vw
	for i, l := range lists {
		node := nodeAt(i)
		c.u(uint64(len(l)))
		for _, x := range l {
			a.i(int64(x.To) - int64(node))
			a.u(uint64(x.Weight))
			flags := uint64(x.Via >> 29)
			var payload uint64
			if x.IsShortcut() {
				d := int64(x.Via&ViaMask) - int64(node)
				payload = uint64(d<<1) ^ uint64(d>>63)
			} else {
				payload = uint64(x.Via & ViaMask)
			}
			a.u(payload<<3 | flags)
		}
	}
	return c, a
}

// minArcV3 is the fewest bytes an arc takes.
const minArcV3 = 3

func unpackArcsV3(nodeAt func(i int) uint32, n int, counts, blob []byte) ([]uint32, []Arc, error) {
	if n > len(counts) {
		return nil, nil, corrupt("hierarchy tile claims %d nodes in %d count bytes", n, len(counts))
	}
	cr := vr{b: counts, name: "arc counts"}
	off := make([]uint32, n+1)
	total := uint64(0)
	for i := 0; i < n; i++ {
		total += cr.u(uint64(len(blob)))
		if total > uint64(len(blob)/minArcV3) {
			return nil, nil, corrupt("hierarchy tile claims %d arcs in %d bytes", total, len(blob))
		}
		off[i+1] = uint32(total)
	}
	if err := cr.end(); err != nil {
		return nil, nil, err
	}
	arcs := make([]Arc, total)
	p := 0 // a local position, one-byte varints read in place: the loop that costs most in wasm
	for i := 0; i < n; i++ {
		node := int64(nodeAt(i))
		for k := off[i]; k < off[i+1]; k++ {
			var zt, wt, w uint64 // uvAt by hand: the compiler does not inline it
			if p < len(blob) && blob[p] < 0x80 {
				zt, p = uint64(blob[p]), p+1
			} else {
				zt, p = uvSlow(blob, p)
			}
			if p < len(blob) && blob[p] < 0x80 {
				wt, p = uint64(blob[p]), p+1
			} else {
				wt, p = uvSlow(blob, p)
			}
			if p < len(blob) && blob[p] < 0x80 {
				w, p = uint64(blob[p]), p+1
			} else {
				w, p = uvSlow(blob, p)
			}
			if p > len(blob) {
				return nil, nil, corrupt("arcs: bad varint at arc %d", k)
			}
			to := node + (int64(zt>>1) ^ -int64(zt&1))
			if to < 0 || to > math.MaxUint32 || wt > math.MaxUint32 {
				return nil, nil, corrupt("arc %d: node %d or weight %d out of range", k, to, wt)
			}
			flags, payload := uint32(w&7), w>>3
			if flags&(ShortcutBit>>29) != 0 {
				mid := node + (int64(payload>>1) ^ -int64(payload&1))
				if mid < 0 || mid > ViaMask {
					return nil, nil, corrupt("arc %d: middle node %d out of range", k, mid)
				}
				payload = uint64(mid)
			} else if payload > ViaMask {
				return nil, nil, corrupt("arc %d: edge %d out of range", k, payload)
			}
			arcs[k] = Arc{To: uint32(to), Weight: uint32(wt), Via: flags<<29 | uint32(payload)}
		}
	}
	if p != len(blob) {
		return nil, nil, corrupt("arcs: %d bytes left over", len(blob)-p)
	}
	return off, arcs, nil
}
