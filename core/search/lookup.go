package search

import (
	"context"

	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/tile"
)

// MaxIDs bounds the ids of one /v1/place request.
const MaxIDs = 50

// ByID returns the place with this id from the id layer; ok=false when the
// bundle has none. It reads one tile.
func ByID(ctx context.Context, st *tile.Store, id string) (place.Place, bool, error) {
	if id == "" || len(id) > 64 {
		return place.Place{}, false, nil
	}
	for _, key := range place.IDKeys(id) {
		if !st.Has(key) {
			continue
		}
		pt, err := tile.Decode(ctx, st, key, place.DecodePlaceTile)
		if err != nil {
			return place.Place{}, false, err
		}
		return pt.Find(id)
	}
	return place.Place{}, false, nil
}
