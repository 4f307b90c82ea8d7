package place

import (
	"fmt"

	"github.com/vmihailenco/msgpack/v5"
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
	for i := 0; i < n; i++ {
		if i >= placeFields {
			if err := d.Skip(); err != nil {
				return err
			}
		} else if err := p.decodeField(d, i); err != nil {
			return fmt.Errorf("field %d: %w", i, err)
		}
	}
	return nil
}

// placeFields is the number of fields of a place record this reader knows.
const placeFields = 11

// decodeField reads field i of a record (i < placeFields) as
// d.Decode(&field) would, without the interface per field and, for BBox,
// without reflection (msgpack has no fast path for []int32).
func (p *Place) decodeField(d *msgpack.Decoder, i int) (err error) {
	switch i {
	case 0:
		p.ID, err = d.DecodeString()
	case 1:
		p.Name, err = d.DecodeString()
	case 2:
		p.Lat, err = d.DecodeInt32()
	case 3:
		p.Lng, err = d.DecodeInt32()
	case 4:
		p.Layer, err = d.DecodeString()
	case 5:
		err = d.Decode(&p.Category)
	case 6:
		p.Rank, err = d.DecodeInt()
	case 7:
		err = d.Decode(&p.Tags)
	case 8:
		err = d.Decode(&p.Admin)
	case 9:
		p.BBox, err = decodeInt32s(d)
	case 10:
		err = d.Decode(&p.Children)
	}
	return err
}

// decodeInt32s reads an array of int32 into a fresh slice as msgpack's
// reflective slice decoder does: nil for msgpack nil, empty (not nil) for
// an empty array, each element read as an int64 and truncated.
func decodeInt32s(d *msgpack.Decoder) ([]int32, error) {
	n, err := d.DecodeArrayLen()
	if err != nil || n < 0 {
		return nil, err
	}
	out := make([]int32, n) // n is bounded by the record's size (tile.CheckMsgpack)
	for i := range out {
		if out[i], err = d.DecodeInt32(); err != nil {
			return out, err
		}
	}
	return out, nil
}
