package basemap

import (
	"bytes"
	"context"
	"strconv"

	"github.com/bando-vn/bando/core/tile"
)

// IndexKey is the bundle key of the basemap index (FORMAT.md §4).
const IndexKey = "basemap/index"

// ArchiveKey is the bundle key of the archive rooted at tile z/x/y.
func ArchiveKey(z, x, y int) string {
	return "basemap/" + strconv.Itoa(z) + "/" + strconv.Itoa(x) + "/" + strconv.Itoa(y)
}

// Decode opens an archive held in memory; the tile cache keeps the result.
func Decode(b []byte) (*Archive, error) { return Open(bytes.NewReader(b), int64(len(b))) }

// Tile returns the vector tile z/x/y: it lives in the archive rooted at its
// deepest ancestor (or itself) that the manifest lists. nil, nil means the
// bundle has no data there (an empty tile). z/x/y must be ValidTile.
func Tile(ctx context.Context, st *tile.Store, z, x, y int) ([]byte, error) {
	for az := z; az >= 0; az-- {
		key := ArchiveKey(az, x>>(z-az), y>>(z-az))
		if !st.Has(key) {
			continue
		}
		a, err := tile.Decode(ctx, st, key, Decode)
		if err != nil {
			return nil, err
		}
		b, _, err := a.Tile(z, x, y)
		return b, err
	}
	return nil, nil
}
