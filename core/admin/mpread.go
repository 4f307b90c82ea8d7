package admin

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/bando-vn/bando/core/tile"
)

// mpReader is a minimal, bounds-checked msgpack reader over a byte slice.
// It never panics and never allocates more than the input can justify: every
// length it reads is checked against the bytes that remain. The first error
// sticks; later calls return zero values.
type mpReader struct {
	b     []byte
	s     string // when not empty, a copy of b[sBase:sBase+len(s)]: str returns substrings of it there
	sBase int
	off   int
	err   error
}

// maxDepth bounds nesting while skipping unknown values.
const maxDepth = 32

func (r *mpReader) fail(format string, a ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: admin: "+format+" at byte %d", append([]any{tile.ErrCorrupt}, append(a, r.off)...)...)
	}
}

func (r *mpReader) remaining() int { return len(r.b) - r.off }

func (r *mpReader) next(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > r.remaining() {
		r.fail("truncated (need %d bytes)", n)
		return nil
	}
	s := r.b[r.off : r.off+n]
	r.off += n
	return s
}

func (r *mpReader) byte1() byte {
	s := r.next(1)
	if s == nil {
		return 0
	}
	return s[0]
}

func (r *mpReader) peek() byte {
	if r.err != nil || r.off >= len(r.b) {
		r.fail("truncated")
		return 0
	}
	return r.b[r.off]
}

func (r *mpReader) uintN(n int) uint64 {
	s := r.next(n)
	switch len(s) {
	case 1:
		return uint64(s[0])
	case 2:
		return uint64(binary.BigEndian.Uint16(s))
	case 4:
		return uint64(binary.BigEndian.Uint32(s))
	case 8:
		return binary.BigEndian.Uint64(s)
	}
	return 0
}

// count reads an array (isMap=false) or map header; each element needs at
// least minBytes bytes, which bounds the count by the remaining input.
func (r *mpReader) count(isMap bool, minBytes int) int {
	c := r.byte1()
	var n uint64
	switch {
	case !isMap && c >= 0x90 && c <= 0x9f:
		n = uint64(c & 0x0f)
	case isMap && c >= 0x80 && c <= 0x8f:
		n = uint64(c & 0x0f)
	case !isMap && c == 0xdc, isMap && c == 0xde:
		n = r.uintN(2)
	case !isMap && c == 0xdd, isMap && c == 0xdf:
		n = r.uintN(4)
	case c == 0xc0:
		return 0
	default:
		r.fail("want %s, got code 0x%02x", map[bool]string{true: "map", false: "array"}[isMap], c)
		return 0
	}
	if minBytes < 1 {
		minBytes = 1
	}
	if n > uint64(r.remaining()/minBytes) {
		r.fail("count %d exceeds input", n)
		return 0
	}
	return int(n)
}

func (r *mpReader) arrayLen(minBytes int) int { return r.count(false, minBytes) }
func (r *mpReader) mapLen() int               { return r.count(true, 2) }

// raw reads a str or bin value.
func (r *mpReader) raw() []byte {
	c := r.byte1()
	var n uint64
	switch {
	case c >= 0xa0 && c <= 0xbf:
		n = uint64(c & 0x1f)
	case c == 0xd9 || c == 0xc4:
		n = r.uintN(1)
	case c == 0xda || c == 0xc5:
		n = r.uintN(2)
	case c == 0xdb || c == 0xc6:
		n = r.uintN(4)
	case c == 0xc0:
		return nil
	default:
		r.fail("want str/bin, got code 0x%02x", c)
		return nil
	}
	if n > uint64(r.remaining()) {
		r.fail("string of %d bytes exceeds input", n)
		return nil
	}
	return r.next(int(n))
}

func (r *mpReader) str() string {
	b := r.raw()
	if lo, hi := r.off-len(b)-r.sBase, r.off-r.sBase; len(b) > 0 && lo >= 0 && hi <= len(r.s) {
		return r.s[lo:hi]
	}
	return string(b)
}

// int reads any msgpack integer that fits an int64.
func (r *mpReader) int() int64 {
	c := r.byte1()
	switch {
	case c <= 0x7f:
		return int64(c)
	case c >= 0xe0:
		return int64(int8(c))
	}
	switch c {
	case 0xcc:
		return int64(r.uintN(1))
	case 0xcd:
		return int64(r.uintN(2))
	case 0xce:
		return int64(r.uintN(4))
	case 0xcf:
		v := r.uintN(8)
		if v > math.MaxInt64 {
			r.fail("integer overflow")
			return 0
		}
		return int64(v)
	case 0xd0:
		return int64(int8(r.uintN(1)))
	case 0xd1:
		return int64(int16(r.uintN(2)))
	case 0xd2:
		return int64(int32(r.uintN(4)))
	case 0xd3:
		return int64(r.uintN(8))
	}
	r.fail("want int, got code 0x%02x", c)
	return 0
}

// intIn reads an integer and checks lo <= v <= hi.
func (r *mpReader) intIn(lo, hi int64) int64 {
	v := r.int()
	if r.err == nil && (v < lo || v > hi) {
		r.fail("integer %d out of range [%d,%d]", v, lo, hi)
		return 0
	}
	return v
}

// skip skips one value of any type.
func (r *mpReader) skip(depth int) {
	if depth > maxDepth {
		r.fail("nesting too deep")
		return
	}
	c := r.peek()
	if r.err != nil {
		return
	}
	switch {
	case c <= 0x7f || c >= 0xe0 || c == 0xc0 || c == 0xc2 || c == 0xc3:
		r.off++
	case c >= 0xcc && c <= 0xd3:
		r.int()
	case c == 0xca:
		r.next(5)
	case c == 0xcb:
		r.next(9)
	case (c >= 0xa0 && c <= 0xbf) || (c >= 0xc4 && c <= 0xc6) || (c >= 0xd9 && c <= 0xdb):
		r.raw()
	case (c >= 0x90 && c <= 0x9f) || c == 0xdc || c == 0xdd:
		n := r.arrayLen(1)
		for i := 0; i < n && r.err == nil; i++ {
			r.skip(depth + 1)
		}
	case (c >= 0x80 && c <= 0x8f) || c == 0xde || c == 0xdf:
		n := r.mapLen()
		for i := 0; i < 2*n && r.err == nil; i++ {
			r.skip(depth + 1)
		}
	case c >= 0xd4 && c <= 0xd8: // fixext 1,2,4,8,16
		r.next(2 + 1<<(c-0xd4))
	case c >= 0xc7 && c <= 0xc9: // ext 8,16,32
		r.off++
		n := r.uintN(1 << (c - 0xc7))
		if n > uint64(r.remaining()) {
			r.fail("ext exceeds input")
			return
		}
		r.next(1 + int(n))
	default:
		r.fail("unknown code 0x%02x", c)
	}
}

// skipRest skips the elements of an array after the first `read` of `n`.
func (r *mpReader) skipRest(read, n int) {
	for i := read; i < n && r.err == nil; i++ {
		r.skip(0)
	}
}

// varintReader reads the unsigned/zigzag varint streams packed in bin fields.
type varintReader struct {
	b   []byte
	off int
	err error
}

func (v *varintReader) uvarint() uint64 {
	if v.err != nil {
		return 0
	}
	x, n := binary.Uvarint(v.b[v.off:])
	if n <= 0 {
		v.err = fmt.Errorf("%w: admin: bad varint at offset %d", tile.ErrCorrupt, v.off)
		return 0
	}
	v.off += n
	return x
}

// count reads a count whose items need at least minBytes bytes each.
func (v *varintReader) count(minBytes int) int {
	x := v.uvarint()
	if v.err == nil && x > uint64((len(v.b)-v.off)/minBytes) {
		v.err = fmt.Errorf("%w: admin: count %d exceeds stream", tile.ErrCorrupt, x)
		return 0
	}
	return int(x)
}

func (v *varintReader) zigzag() int64 {
	x := v.uvarint()
	return int64(x>>1) ^ -int64(x&1)
}

func appendZigzag(b []byte, x int64) []byte {
	return binary.AppendUvarint(b, uint64(x<<1)^uint64(x>>63))
}
