package tile

import (
	"encoding/binary"
	"fmt"
)

// MapValue is one value of a msgpack map read by ReadMap. Bytes is a str's
// or bin's payload, aliasing the input (nothing is copied); Int an
// integer's value. Kind says which: 's' str, 'b' bin, 'i' integer, 'n'
// nil, 0 any other type (skipped whole: floats, arrays, maps, …).
type MapValue struct {
	Bytes []byte
	Int   int64
	Kind  byte
}

// ReadMap calls fn for each key and value of the msgpack map at the start
// of b, in order; keys must be str (or bin, as the msgpack library
// accepts). It checks every length against b as
// it goes (CheckMsgpack's bounds) and allocates nothing; fn's error stops
// the walk and is returned. A tile reader that keeps Bytes keeps b alive:
// that is the point (packed tiles are read in place, SPEC.md §4), and the
// tile cache charges b. Errors wrap ErrCorrupt.
func ReadMap(b []byte, fn func(key []byte, v MapValue) error) error {
	n, off, err := mapHeader(b)
	if err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		var key MapValue
		if key, off, err = readValue(b, off); err != nil {
			return err
		}
		if key.Kind != 's' && key.Kind != 'b' {
			return fmt.Errorf("%w: msgpack map key is not a string", ErrCorrupt)
		}
		var v MapValue
		if v, off, err = readValue(b, off); err != nil {
			return err
		}
		if err := fn(key.Bytes, v); err != nil {
			return err
		}
	}
	return nil
}

func mapHeader(b []byte) (n, off int, err error) {
	if len(b) == 0 {
		return 0, 0, fmt.Errorf("%w: empty msgpack", ErrCorrupt)
	}
	c := b[0]
	switch {
	case c >= 0x80 && c <= 0x8f:
		n, off = int(c&0x0f), 1
	case c == 0xde || c == 0xdf:
		if n, off, err = length(b, 1, 2<<(c-0xde)); err != nil {
			return 0, 0, err
		}
	default:
		return 0, 0, fmt.Errorf("%w: msgpack value is not a map", ErrCorrupt)
	}
	if n > (len(b)-off)/2 {
		return 0, 0, fmt.Errorf("%w: msgpack map declares %d entries, %d bytes remain", ErrCorrupt, n, len(b)-off)
	}
	return n, off, nil
}

// readValue reads the value at off and returns it with the offset after
// it; a container is skipped whole (Kind 0).
func readValue(b []byte, off int) (MapValue, int, error) {
	if off >= len(b) {
		return MapValue{}, 0, fmt.Errorf("%w: msgpack truncated at byte %d", ErrCorrupt, off)
	}
	c := b[off]
	switch {
	case c <= 0x7f:
		return MapValue{Int: int64(c), Kind: 'i'}, off + 1, nil
	case c >= 0xe0:
		return MapValue{Int: int64(int8(c)), Kind: 'i'}, off + 1, nil
	case c == 0xc0:
		return MapValue{Kind: 'n'}, off + 1, nil
	case c >= 0xa0 && c <= 0xbf:
		return bytesAt(b, off+1, int(c&0x1f), 's')
	case c >= 0xc4 && c <= 0xc6: // bin8/16/32
		return sizedBytes(b, off+1, 1<<(c-0xc4), 'b')
	case c >= 0xd9 && c <= 0xdb: // str8/16/32
		return sizedBytes(b, off+1, 1<<(c-0xd9), 's')
	case c >= 0xcc && c <= 0xd3:
		return intAt(b, off)
	}
	next, err := skipValue(b, off)
	return MapValue{}, next, err
}

// sizedBytes reads a w-byte length at p, then that many bytes.
func sizedBytes(b []byte, p, w int, kind byte) (MapValue, int, error) {
	n, p, err := length(b, p, w)
	if err != nil {
		return MapValue{}, 0, err
	}
	return bytesAt(b, p, n, kind)
}

func bytesAt(b []byte, p, n int, kind byte) (MapValue, int, error) {
	if n > len(b)-p {
		return MapValue{}, 0, fmt.Errorf("%w: msgpack declares %d bytes at %d, %d remain", ErrCorrupt, n, p, len(b)-p)
	}
	return MapValue{Bytes: b[p : p+n : p+n], Kind: kind}, p + n, nil
}

// intAt reads a uint8…64 or int8…64 at off (a uint64 above MaxInt64 wraps).
func intAt(b []byte, off int) (MapValue, int, error) {
	c := b[off]
	w := 1 << ((c - 0xcc) & 3)
	if len(b)-off-1 < w {
		return MapValue{}, 0, fmt.Errorf("%w: msgpack truncated at byte %d", ErrCorrupt, off)
	}
	p := b[off+1:]
	var u uint64
	switch w {
	case 1:
		u = uint64(p[0])
	case 2:
		u = uint64(binary.BigEndian.Uint16(p))
	case 4:
		u = uint64(binary.BigEndian.Uint32(p))
	default:
		u = binary.BigEndian.Uint64(p)
	}
	v := int64(u)
	if c >= 0xd0 { // signed: sign-extend from w bytes
		shift := 64 - 8*w
		v = int64(u<<shift) >> shift
	}
	return MapValue{Int: v, Kind: 'i'}, off + 1 + w, nil
}

// skipValue returns the offset after the value at off, containers
// included, without recursion.
func skipValue(b []byte, off int) (int, error) {
	left := 1
	for left > 0 {
		items, next, err := mpHeader(b, off)
		if err != nil {
			return 0, err
		}
		left += items - 1
		off = next
	}
	return off, nil
}
