package addr

import (
	"context"
	"fmt"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/tile"
)

// ForStore returns the units of the store's admin layer (tile admin/units, decoded through the
// store's cache) and a gazetteer built over them; nil, nil, nil when the bundle has no units
// tile. Each call builds a gazetteer: the caller keeps it (core.Engine builds one per engine,
// on first use, for autocomplete, forward geocoding and address conversion). Nothing is kept
// here, so a store that is no longer used is not held alive.
func ForStore(ctx context.Context, st *tile.Store) (*admin.Units, *Gazetteer, error) {
	if !st.Has(admin.UnitsKey) {
		return nil, nil, nil
	}
	u, err := tile.Decode(ctx, st, admin.UnitsKey, admin.DecodeUnits)
	if err != nil {
		return nil, nil, fmt.Errorf("admin: %s: %w", admin.UnitsKey, err)
	}
	return u, NewGazetteer(u), nil
}

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
