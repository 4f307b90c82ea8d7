package place

import (
	"encoding/binary"
	"fmt"

	"github.com/bando-vn/bando/core/tile"
)

// u32s is a little-endian uint32 array stored in a msgpack bin field.
type u32s []byte

func (a u32s) Len() int        { return len(a) / 4 }
func (a u32s) At(i int) uint32 { return binary.LittleEndian.Uint32(a[4*i:]) }

func putU32s(v []uint32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

// records is a blob of concatenated records with an offsets table of n+1
// entries: record i is blob[off[i]:off[i+1]].
type records struct {
	off  u32s
	blob []byte
}

func (r records) Len() int { return r.off.Len() - 1 }

func (r records) At(i int) []byte { return r.blob[r.off.At(i):r.off.At(i+1)] }

// check validates an offsets table against its blob: non-decreasing,
// starting at 0, ending at len(blob).
func (r records) check(what string) error {
	n := r.off.Len()
	if len(r.off)%4 != 0 || n < 1 || r.off.At(0) != 0 || int(r.off.At(n-1)) != len(r.blob) {
		return fmt.Errorf("%w: %s offsets table", tile.ErrCorrupt, what)
	}
	for i := 1; i < n; i++ {
		if r.off.At(i) < r.off.At(i-1) {
			return fmt.Errorf("%w: %s offsets decrease", tile.ErrCorrupt, what)
		}
	}
	return nil
}

func packRecords(recs [][]byte) (off, blob []byte) {
	o := make([]uint32, 0, len(recs)+1)
	var total uint32
	o = append(o, 0)
	for _, r := range recs {
		blob = append(blob, r...)
		total += uint32(len(r))
		o = append(o, total)
	}
	if blob == nil {
		blob = []byte{}
	}
	return putU32s(o), blob
}
