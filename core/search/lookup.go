package search

import (
	"context"
	"fmt"

	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/tile"
)

// MaxIDs bounds the ids of one /v1/place request.
const MaxIDs = 50

// ByID returns the place with this id from the id layer; ok=false when the
// bundle has none. It reads the id tile and then the place tile it names
// (id layer 2; one tile in a bundle of id layer 1).
func ByID(ctx context.Context, st *tile.Store, id string) (place.Place, bool, error) {
	return ByIDRead(ctx, st, id, nil)
}

// ByIDRead is ByID calling read (when not nil) with the key of each tile
// it reads.
func ByIDRead(ctx context.Context, st *tile.Store, id string, read func(key string)) (place.Place, bool, error) {
	if id == "" || len(id) > 64 {
		return place.Place{}, false, nil
	}
	for _, key := range place.IDKeys(id) {
		if !st.Has(key) {
			continue
		}
		if read != nil {
			read(key)
		}
		it, err := tile.Decode(ctx, st, key, place.DecodeIDTile)
		if err != nil {
			return place.Place{}, false, err
		}
		cell, p, ok, err := it.Find(id)
		if cell == "" || err != nil {
			return p, ok, err
		}
		if !st.Has(cell) { // an id tile naming a cell the bundle lacks
			return place.Place{}, false, fmt.Errorf("%w: id tile %s names %s, which the bundle lacks", tile.ErrCorrupt, key, cell)
		}
		if read != nil {
			read(cell)
		}
		pt, err := tile.Decode(ctx, st, cell, place.DecodePlaceTile)
		if err != nil {
			return place.Place{}, false, err
		}
		return pt.Find(id)
	}
	return place.Place{}, false, nil
}
