package admin

import (
	"fmt"
	"math"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/bando-vn/bando/core/tile"
)

// Meta describes the admin grid of a bundle (tile admin/meta).
type Meta struct {
	CellSize int32    // cell size in 1e-7° units (2,500,000 = 0.25°)
	BBox     [4]int32 // minx, miny, maxx, maxy of all cells' content, 1e-7°
	Cells    int      // number of cell tiles
	Source   string   // "gso" (admin data directory) or "osm"
}

// EncodeMeta writes m as the admin/meta tile.
func EncodeMeta(m *Meta) ([]byte, error) {
	var buf bytesBuffer
	e := msgpack.NewEncoder(&buf)
	err := firstErr(
		e.EncodeMapLen(5),
		e.EncodeString("v"), e.EncodeInt(FormatVersion),
		e.EncodeString("s"), e.EncodeInt(int64(m.CellSize)),
		e.EncodeString("bbox"), e.EncodeArrayLen(4),
		e.EncodeInt(int64(m.BBox[0])), e.EncodeInt(int64(m.BBox[1])), e.EncodeInt(int64(m.BBox[2])), e.EncodeInt(int64(m.BBox[3])),
		e.EncodeString("cells"), e.EncodeInt(int64(m.Cells)),
		e.EncodeString("src"), e.EncodeString(m.Source),
	)
	return buf.b, err
}

// DecodeMeta decodes the admin/meta tile; errors wrap tile.ErrCorrupt.
func DecodeMeta(b []byte) (*Meta, error) {
	r := &mpReader{b: b}
	m := &Meta{}
	version := int64(-1)
	n := r.mapLen()
	for i := 0; i < n && r.err == nil; i++ {
		switch r.str() {
		case "v":
			version = r.int()
		case "s":
			m.CellSize = int32(r.intIn(1, 90*Scale))
		case "bbox":
			k := r.arrayLen(1)
			for j := 0; j < k && r.err == nil; j++ {
				v := int32(r.intIn(math.MinInt32, math.MaxInt32))
				if j < 4 {
					m.BBox[j] = v
				}
			}
		case "cells":
			m.Cells = int(r.intIn(0, math.MaxInt32))
		case "src":
			m.Source = r.str()
		default:
			r.skip(0)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if err := tile.CheckLayerVersion("admin meta", version); err != nil {
		return nil, err
	}
	if m.CellSize == 0 {
		return nil, fmt.Errorf("%w: admin: meta without a cell size", tile.ErrCorrupt)
	}
	return m, nil
}
