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
