package admin

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"sync/atomic"

	"github.com/bando-vn/bando/core/tile"
)

// polyRings is the decoded rings of one polygon.
type polyRings struct {
	end []uint32 // ring r has the points end[r-1] (0 for r = 0) to end[r]
	pts []int32  // x,y interleaved
}

// minPolyBytes is the smallest polygon record: owner, bbox (4) and nrings.
const minPolyBytes = 6

// indexGeometry reads the owner and bounding box of every polygon of a
// FORMAT.md §4.1 stream g and where its rings are, using the byte lengths
// of §4.3 (lens) when the tile has them and skipping over the rings
// otherwise. Rings are decoded later, by Layer.polygon.
func indexGeometry(g, lens []byte, ox, oy int64, owners int) (Layer, error) {
	v := &varintReader{b: g}
	n := v.count(minPolyBytes)
	var lv *varintReader
	if lens != nil {
		lv = &varintReader{b: lens}
		if m := lv.count(1); lv.err == nil && m != n {
			return Layer{}, fmt.Errorf("%w: admin: %d polygon lengths for %d polygons", tile.ErrCorrupt, m, n)
		}
		if lv.err != nil {
			return Layer{}, lv.err
		}
	}
	l := Layer{
		Owner: make([]int32, n),
		BBox:  make([]int32, 4*n),
		src:   g,
		span:  make([]uint32, 2*n),
		rings: make([]atomic.Pointer[polyRings], n),
	}
	for i := 0; i < n && v.err == nil; i++ {
		start := v.off
		end := len(g)
		if lv != nil {
			sz := lv.uvarint()
			if lv.err != nil {
				return Layer{}, lv.err
			}
			if sz < minPolyBytes || sz > uint64(len(g)-start) {
				return Layer{}, fmt.Errorf("%w: admin: polygon %d length %d exceeds stream", tile.ErrCorrupt, i, sz)
			}
			end = start + int(sz)
			v.b = g[:end] // the header must lie inside the record
		}
		owner := v.uvarint()
		minx := clampAdd(v, ox, v.zigzag())
		miny := clampAdd(v, oy, v.zigzag())
		maxx := clampAdd(v, int64(minx), int64(v.uvarint()))
		maxy := clampAdd(v, int64(miny), int64(v.uvarint()))
		if v.err == nil && owner >= uint64(owners) {
			return Layer{}, fmt.Errorf("%w: admin: polygon owner %d out of range (%d)", tile.ErrCorrupt, owner, owners)
		}
		l.Owner[i] = int32(owner)
		l.BBox[4*i], l.BBox[4*i+1], l.BBox[4*i+2], l.BBox[4*i+3] = minx, miny, maxx, maxy
		l.span[2*i] = uint32(v.off)
		if lv == nil {
			skipRings(v)
			end = v.off
		}
		l.span[2*i+1] = uint32(end)
		v.off, v.b = end, g
	}
	if v.err != nil {
		return Layer{}, v.err
	}
	if lv != nil && (v.off != len(g) || lv.off != len(lens)) {
		return Layer{}, fmt.Errorf("%w: admin: polygon lengths do not match the stream", tile.ErrCorrupt)
	}
	return l, nil
}

// skipRings moves v past the rings of one polygon ("u nrings" and what
// follows) without decoding the points.
func skipRings(v *varintReader) {
	rings := v.count(1)
	for j := 0; j < rings && v.err == nil; j++ {
		k := 2 * v.count(2) // varints to skip
		off := v.off
		for ; k > 0 && off < len(v.b); off++ {
			if v.b[off] < 0x80 {
				k--
			}
		}
		if k > 0 && v.err == nil {
			v.err = fmt.Errorf("%w: admin: ring truncated", tile.ErrCorrupt)
		}
		v.off = off
	}
}

// polygon returns the rings of polygon i, decoding them on first use. Any
// number of goroutines may call it: a polygon decoded twice at the same time
// is decoded to the same rings.
func (l *Layer) polygon(i int) (*polyRings, error) {
	if p := l.rings[i].Load(); p != nil {
		return p, nil
	}
	b := l.BBox[4*i : 4*i+4 : 4*i+4]
	p, err := decodeRings(l.src[l.span[2*i]:l.span[2*i+1]], b[0], b[1], b[2], b[3])
	if err != nil {
		return nil, fmt.Errorf("polygon %d: %w", i, err)
	}
	l.rings[i].Store(p)
	return p, nil
}

// decodeRings decodes "u nrings, per ring ..." of FORMAT.md §4.1, the whole
// of b, for a polygon of bounding box (minx, miny)–(maxx, maxy); every point
// must lie in the box.
func decodeRings(b []byte, minx, miny, maxx, maxy int32) (*polyRings, error) {
	nr, i := uvar(b, 0)
	if i > len(b) || nr > uint64(len(b)-i) {
		return nil, fmt.Errorf("%w: admin: bad ring count", tile.ErrCorrupt)
	}
	// Each ring has one varint (its point count) and each point two: the
	// number of varints left gives the number of points, and one exact
	// allocation holds them.
	nv := countVarints(b[i:])
	if nv < int(nr) || (nv-int(nr))%2 != 0 {
		return nil, fmt.Errorf("%w: admin: bad varint count in rings", tile.ErrCorrupt)
	}
	p := &polyRings{end: make([]uint32, nr), pts: make([]int32, nv-int(nr))}
	x0, y0, x1, y1 := int64(minx), int64(miny), int64(maxx), int64(maxy)
	var out int64 // negative once a point leaves the box
	j := 0        // points decoded × 2
	for r := range p.end {
		var np uint64
		np, i = uvar(b, i)
		if i > len(b) || np > uint64(len(p.pts)-j)/2 {
			return nil, fmt.Errorf("%w: admin: bad point count in ring %d", tile.ErrCorrupt, r)
		}
		pts := p.pts[j : j+2*int(np)]
		px, py := x0, y0
		for k := 0; k+1 < len(pts); k += 2 {
			var ux, uy uint64
			// one- and two-byte varints inline: most deltas fit in 13 bits
			if i < len(b) && b[i] < 0x80 {
				ux, i = uint64(b[i]), i+1
			} else if i+1 < len(b) && b[i+1] < 0x80 {
				ux, i = uint64(b[i]&0x7f)|uint64(b[i+1])<<7, i+2
			} else {
				ux, i = uvarSlow(b, i)
			}
			if i < len(b) && b[i] < 0x80 {
				uy, i = uint64(b[i]), i+1
			} else if i+1 < len(b) && b[i+1] < 0x80 {
				uy, i = uint64(b[i]&0x7f)|uint64(b[i+1])<<7, i+2
			} else {
				uy, i = uvarSlow(b, i)
			}
			px += int64(ux>>1) ^ -int64(ux&1)
			py += int64(uy>>1) ^ -int64(uy&1)
			out |= (px - x0) | (x1 - px) | (py - y0) | (y1 - py)
			pts[k], pts[k+1] = int32(px), int32(py)
		}
		if i > len(b) {
			return nil, fmt.Errorf("%w: admin: ring %d truncated", tile.ErrCorrupt, r)
		}
		if out < 0 {
			return nil, fmt.Errorf("%w: admin: ring %d leaves the bounding box", tile.ErrCorrupt, r)
		}
		j += len(pts)
		p.end[r] = uint32(j / 2)
	}
	if i != len(b) || j != len(p.pts) {
		return nil, fmt.Errorf("%w: admin: rings do not fill their record", tile.ErrCorrupt)
	}
	return p, nil
}

// countVarints returns how many varints end in b: the bytes below 0x80.
func countVarints(b []byte) int {
	n := 0
	for len(b) >= 8 {
		n += bits.OnesCount64(^binary.LittleEndian.Uint64(b) & 0x8080808080808080)
		b = b[8:]
	}
	for _, c := range b {
		if c < 0x80 {
			n++
		}
	}
	return n
}

// uvar reads the unsigned varint at b[i:] and returns it with the offset
// after it. On error (truncated, or longer than 64 bits) the offset is
// len(b)+1, which later calls keep returning.
func uvar(b []byte, i int) (uint64, int) {
	if i < len(b) && b[i] < 0x80 {
		return uint64(b[i]), i + 1
	}
	return uvarSlow(b, i)
}

func uvarSlow(b []byte, i int) (uint64, int) {
	if i+1 < len(b) && b[i+1] < 0x80 {
		return uint64(b[i]&0x7f) | uint64(b[i+1])<<7, i + 2
	}
	var x uint64
	for s := uint(0); i < len(b) && s < 64; s += 7 {
		c := b[i]
		i++
		if c < 0x80 {
			if s == 63 && c > 1 {
				break // overflows 64 bits
			}
			return x | uint64(c)<<s, i
		}
		x |= uint64(c&0x7f) << s
	}
	return 0, len(b) + 1
}

// DecodeGeometry decodes the rings of every polygon of the cell now rather
// than when a query needs them, checking the whole tile.
func (c *Cell) DecodeGeometry() error {
	for k := range c.Layers {
		l := &c.Layers[k]
		for i := range l.Owner {
			if _, err := l.polygon(i); err != nil {
				return fmt.Errorf("layer %s: %w", LayerKind(k), err)
			}
		}
	}
	return nil
}

// find returns the owner of the first polygon of l containing (x, y), or -1.
func (l *Layer) find(x, y int32) (int, error) {
	for i := range l.Owner {
		b := l.BBox[4*i : 4*i+4 : 4*i+4]
		if x < b[0] || y < b[1] || x > b[2] || y > b[3] {
			continue
		}
		p, err := l.polygon(i)
		if err != nil {
			return -1, err
		}
		if p.contains(x, y) {
			return int(l.Owner[i]), nil
		}
	}
	return -1, nil
}

// contains applies the even-odd rule over every ring of the polygon.
func (p *polyRings) contains(x, y int32) bool {
	in := false
	start := uint32(0)
	for _, end := range p.end {
		if RingContains(p.pts[2*start:2*end], x, y) {
			in = !in
		}
		start = end
	}
	return in
}

// RingContains reports whether a ray from (x, y) towards +x crosses the
// implicitly closed ring pts (x,y interleaved, 1e-7° units) an odd number
// of times: the even-odd point-in-ring test the builder and the reader share.
func RingContains(pts []int32, x, y int32) bool {
	n := len(pts) / 2
	if n < 3 {
		return false
	}
	in := false
	px, py := int64(x), int64(y)
	jx, jy := int64(pts[2*n-2]), int64(pts[2*n-1])
	for k := 0; k+1 < len(pts); k += 2 {
		ix, iy := int64(pts[k]), int64(pts[k+1])
		if (iy > py) != (jy > py) {
			// x of the edge at py, compared without division:
			// px < ix + (py-iy)(jx-ix)/(jy-iy)
			lhs := (px - ix) * (jy - iy)
			rhs := (py - iy) * (jx - ix)
			if (jy > iy) == (lhs < rhs) {
				in = !in
			}
		}
		jx, jy = ix, iy
	}
	return in
}
