package place

import (
	"fmt"

	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// DecodeMsgpack reads a place record: an array whose trailing fields may
// be missing (older writers: left empty) or extra (newer writers: skipped),
// as SPEC.md §6 requires.
func (p *Place) DecodeMsgpack(d *msgpack.Decoder) error {
	n, err := d.DecodeArrayLen()
	if err != nil {
		return err
	}
	if n < 0 {
		return fmt.Errorf("place record is nil")
	}
	fields := []any{&p.ID, &p.Name, &p.Lat, &p.Lng, &p.Layer, &p.Category, &p.Rank, &p.Tags, &p.Admin, &p.BBox, &p.Children}
	for i := 0; i < n; i++ {
		if i < len(fields) {
			if err := d.Decode(fields[i]); err != nil {
				return fmt.Errorf("field %d: %w", i, err)
			}
		} else if err := d.Skip(); err != nil {
			return err
		}
	}
	return nil
}

// placeFields is the number of fields of a place record this reader knows.
const placeFields = 11

// readPlace reads a place record without a msgpack.Decoder: the array of
// fields as this package writes them (strings, integers, arrays of those,
// nil), each read as DecodeMsgpack reads it. ok=false on anything else
// (other types, extra fields, a cut record): the caller then decodes with
// msgpack, whose answer and error stand (FuzzDecodePlace compares both).
// The autocomplete decodes a few records per request, and the decoder's
// pool, interface calls and byte-at-a-time reads were most of their cost.
func readPlace(b []byte) (p Place, ok bool) {
	r := mpReader{b: b, ok: true}
	n, isNil := r.arrayLen()
	if !r.ok || isNil || n > placeFields {
		return p, false
	}
	for i := 0; i < n && r.ok; i++ {
		switch i {
		case 0:
			p.ID = r.str()
		case 1:
			p.Name = r.str()
		case 2:
			p.Lat = int32(r.int())
		case 3:
			p.Lng = int32(r.int())
		case 4:
			p.Layer = r.str()
		case 5:
			p.Category = r.strs()
		case 6:
			p.Rank = int(r.int())
		case 7:
			p.Tags = r.strs()
		case 8:
			p.Admin = r.strs()
		case 9:
			p.BBox = r.int32s()
		case 10:
			p.Children = r.strs()
		}
	}
	return p, r.ok
}

// locatePlace reads the position and categories of a place record as this
// package writes it (readPlace's fields), appending a view of each
// category's bytes to cats; the other fields are walked and type-checked
// as readPlace reads them, but nothing is copied. ok=false where readPlace
// would give up (the caller then decodes the whole record).
func locatePlace(b []byte, cats [][]byte) (lat, lng int32, _ [][]byte, ok bool) {
	r := mpReader{b: b, ok: true}
	n, isNil := r.arrayLen()
	if !r.ok || isNil || n > placeFields {
		return 0, 0, cats, false
	}
	each := func(read func()) { // an array of n values, or nil
		k, isNil := r.count()
		for j := 0; j < k && !isNil && r.ok; j++ {
			read()
		}
	}
	for i := 0; i < n && r.ok; i++ {
		switch i {
		case 0, 1, 4: // ID, Name, Layer
			r.strBytes()
		case 2:
			lat = int32(r.int())
		case 3:
			lng = int32(r.int())
		case 5:
			each(func() { cats = append(cats, r.strBytes()) })
		case 6: // Rank
			r.int()
		case 7, 8, 10: // Tags, Admin, Children
			each(func() { r.strBytes() })
		case 9: // BBox
			each(func() { r.int() })
		}
	}
	return lat, lng, cats, r.ok
}

// mpReader reads msgpack values from b; ok turns false, for good, at the
// first value it does not read the way msgpack.Decoder would.
type mpReader struct {
	b  []byte
	ok bool
}

func (r *mpReader) byte() byte {
	if len(r.b) == 0 {
		r.ok = false
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

// uint reads a big-endian unsigned integer of n bytes.
func (r *mpReader) uint(n int) uint64 {
	if len(r.b) < n {
		r.ok = false
		return 0
	}
	var v uint64
	for _, c := range r.b[:n] {
		v = v<<8 | uint64(c)
	}
	r.b = r.b[n:]
	return v
}

// arrayLen reads an array header (isNil for msgpack nil).
func (r *mpReader) arrayLen() (n int, isNil bool) {
	switch c := r.byte(); {
	case c == msgpcode.Nil:
		return 0, true
	case c >= msgpcode.FixedArrayLow && c <= msgpcode.FixedArrayHigh:
		return int(c & msgpcode.FixedArrayMask), false
	case c == msgpcode.Array16:
		return int(r.uint(2)), false
	case c == msgpcode.Array32:
		return int(r.uint(4)), false
	}
	r.ok = false
	return 0, false
}

// str reads a string (nil: "").
func (r *mpReader) str() string { return string(r.strBytes()) }

// strBytes reads a string as str does, as a view of b (no copy; nil for
// a nil).
func (r *mpReader) strBytes() []byte {
	var n int
	switch c := r.byte(); {
	case c == msgpcode.Nil:
		return nil
	case msgpcode.IsFixedString(c):
		n = int(c & msgpcode.FixedStrMask)
	case c == msgpcode.Str8:
		n = int(r.uint(1))
	case c == msgpcode.Str16:
		n = int(r.uint(2))
	case c == msgpcode.Str32:
		n = int(r.uint(4))
	default:
		r.ok = false
	}
	if !r.ok || n > len(r.b) {
		r.ok = false
		return nil
	}
	s := r.b[:n:n]
	r.b = r.b[n:]
	return s
}

// int reads an integer as msgpack's DecodeInt64 does (nil: 0).
func (r *mpReader) int() int64 {
	c := r.byte()
	switch {
	case c == msgpcode.Nil:
		return 0
	case msgpcode.IsFixedNum(c):
		return int64(int8(c))
	}
	switch c {
	case msgpcode.Uint8:
		return int64(r.uint(1))
	case msgpcode.Int8:
		return int64(int8(r.uint(1)))
	case msgpcode.Uint16:
		return int64(r.uint(2))
	case msgpcode.Int16:
		return int64(int16(r.uint(2)))
	case msgpcode.Uint32:
		return int64(r.uint(4))
	case msgpcode.Int32:
		return int64(int32(r.uint(4)))
	case msgpcode.Uint64, msgpcode.Int64:
		return int64(r.uint(8))
	}
	r.ok = false
	return 0
}

// count reads an array header; n ≤ the bytes left (each element takes
// one at least), so nothing larger than the record is allocated.
func (r *mpReader) count() (n int, isNil bool) {
	n, isNil = r.arrayLen()
	if n > len(r.b) {
		r.ok = false
	}
	return n, isNil
}

// strs reads an array of strings: nil for msgpack nil, else a fresh slice
// (empty, not nil, for an empty array), as msgpack decodes a []string.
func (r *mpReader) strs() []string {
	n, isNil := r.count()
	if isNil || !r.ok {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = r.str()
	}
	return out
}

// int32s reads an array of integers truncated to int32, as decodeInt32s.
func (r *mpReader) int32s() []int32 {
	n, isNil := r.count()
	if isNil || !r.ok {
		return nil
	}
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(r.int())
	}
	return out
}
