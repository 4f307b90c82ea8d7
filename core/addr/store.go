package addr

import (
	"context"
	"fmt"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/tile"
)

// GazetteerFor returns a gazetteer of the store's admin layer: tile
// admin/gazetteer read (DecodeGazetteer), or in a bundle without it one
// built from a decoding of tile admin/units that nothing keeps (not the
// store's cache either). Either way the gazetteer holds its own text,
// without pointers, so a reader that needs the names only (autocomplete's
// area words) does not keep the units' ~60,000 strings live for the
// collector to scan at every cycle. nil, nil when the bundle has no units
// tile.
func GazetteerFor(ctx context.Context, st *tile.Store) (*Gazetteer, error) {
	if st.Has(GazetteerKey) {
		b, err := st.Tile(ctx, GazetteerKey)
		if err == nil {
			var g *Gazetteer
			if g, err = DecodeGazetteer(b); err == nil {
				return g, nil
			}
		}
		return nil, fmt.Errorf("%s: %w", GazetteerKey, err)
	}
	if !st.Has(admin.UnitsKey) {
		return nil, nil
	}
	b, err := st.Tile(ctx, admin.UnitsKey)
	if err == nil {
		var u *admin.Units
		if u, err = admin.DecodeUnits(b); err == nil {
			return NewGazetteer(u), nil
		}
	}
	return nil, fmt.Errorf("admin: %s: %w", admin.UnitsKey, err)
}
