package tile

import (
	"encoding/binary"
	"fmt"
)

// MaxMsgpackDepth bounds the nesting of arrays and maps CheckMsgpack
// accepts.
const MaxMsgpackDepth = 32

// CheckMsgpack walks the msgpack value at the start of b and checks that
// every length it declares (str, bin, ext, array, map) fits in the bytes
// that remain, and that arrays and maps nest at most MaxMsgpackDepth deep,
// so a decoder run on b afterwards never allocates more than the input
// justifies (SPEC.md §4: readers bound lengths by the tile's size). It
// allocates nothing on success; errors wrap ErrCorrupt.
func CheckMsgpack(b []byte) error {
	var stack [MaxMsgpackDepth + 1]int // values still to read at each open level
	depth, off := 0, 0
	stack[0] = 1
	for {
		for depth >= 0 && stack[depth] == 0 {
			depth--
		}
		if depth < 0 {
			return nil
		}
		stack[depth]--
		items, n, err := mpHeader(b, off)
		if err != nil {
			return err
		}
		off = n
		if items == 0 {
			continue
		}
		if depth == MaxMsgpackDepth {
			return fmt.Errorf("%w: msgpack nested deeper than %d", ErrCorrupt, MaxMsgpackDepth)
		}
		depth++
		stack[depth] = items
	}
}

// mpHeader reads the header of the value at off: items is the number of
// values that follow inside it (array elements, map keys and values), next
// the offset after the header and any payload.
func mpHeader(b []byte, off int) (items, next int, err error) {
	if off >= len(b) {
		return 0, 0, fmt.Errorf("%w: msgpack truncated at byte %d", ErrCorrupt, off)
	}
	c := b[off]
	off++
	switch {
	case c <= 0x7f || c >= 0xe0 || c == 0xc0 || c == 0xc2 || c == 0xc3:
		return 0, off, nil
	case c >= 0x80 && c <= 0x8f:
		return containerOf(b, off, int(c&0x0f), 2)
	case c >= 0x90 && c <= 0x9f:
		return containerOf(b, off, int(c&0x0f), 1)
	case c >= 0xa0 && c <= 0xbf:
		return payload(b, off, int(c&0x1f))
	}
	switch c {
	case 0xc4, 0xd9: // bin8, str8
		return sized(b, off, 1, 0)
	case 0xc5, 0xda:
		return sized(b, off, 2, 0)
	case 0xc6, 0xdb:
		return sized(b, off, 4, 0)
	case 0xc7, 0xc8, 0xc9: // ext8/16/32: length, type byte, data
		return sized(b, off, 1<<(c-0xc7), 1)
	case 0xca, 0xcb: // float32, float64
		return payload(b, off, 4<<(c-0xca))
	case 0xcc, 0xcd, 0xce, 0xcf: // uint8..64
		return payload(b, off, 1<<(c-0xcc))
	case 0xd0, 0xd1, 0xd2, 0xd3: // int8..64
		return payload(b, off, 1<<(c-0xd0))
	case 0xd4, 0xd5, 0xd6, 0xd7, 0xd8: // fixext 1..16: type byte, data
		return payload(b, off, 1+1<<(c-0xd4))
	case 0xdc, 0xdd: // array16/32
		n, next, err := length(b, off, 2<<(c-0xdc))
		if err != nil {
			return 0, 0, err
		}
		return containerOf(b, next, n, 1)
	case 0xde, 0xdf: // map16/32
		n, next, err := length(b, off, 2<<(c-0xde))
		if err != nil {
			return 0, 0, err
		}
		return containerOf(b, next, n, 2)
	}
	return 0, 0, fmt.Errorf("%w: msgpack byte 0x%02x at %d is no type", ErrCorrupt, c, off-1)
}

// length reads a big-endian length of w bytes at off.
func length(b []byte, off, w int) (n, next int, err error) {
	if len(b)-off < w {
		return 0, 0, fmt.Errorf("%w: msgpack truncated at byte %d", ErrCorrupt, off)
	}
	switch w {
	case 1:
		n = int(b[off])
	case 2:
		n = int(binary.BigEndian.Uint16(b[off:]))
	default:
		n = int(binary.BigEndian.Uint32(b[off:]))
	}
	return n, off + w, nil
}

// sized reads a w-byte length, then skips extra bytes and that many more.
func sized(b []byte, off, w, extra int) (int, int, error) {
	n, next, err := length(b, off, w)
	if err != nil {
		return 0, 0, err
	}
	return payload(b, next, extra+n)
}

// payload skips n bytes that must all be there.
func payload(b []byte, off, n int) (int, int, error) {
	if n > len(b)-off {
		return 0, 0, fmt.Errorf("%w: msgpack declares %d bytes at %d, %d remain", ErrCorrupt, n, off, len(b)-off)
	}
	return 0, off + n, nil
}

// containerOf checks that n entries of per values each can fit: every
// value takes at least one byte.
func containerOf(b []byte, off, n, per int) (int, int, error) {
	if n > (len(b)-off)/per {
		return 0, 0, fmt.Errorf("%w: msgpack declares %d entries at %d, %d bytes remain", ErrCorrupt, n, off, len(b)-off)
	}
	return n * per, off, nil
}
