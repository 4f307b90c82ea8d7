package addr

import (
	"context"
	"fmt"
	"sync"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/tile"
)

// built is the units and gazetteer of one store.
type built struct {
	units *admin.Units
	gaz   *Gazetteer
}

var (
	storesMu sync.Mutex
	stores   = map[*tile.Store]built{}
)

// ForStore returns the units of the store's admin layer (tile admin/units) and their
// gazetteer, built on first use and shared by every user of the store (autocomplete, forward
// geocoding, address conversion); nil, nil, nil when the bundle has no units tile. A failed
// read is not remembered.
func ForStore(ctx context.Context, st *tile.Store) (*admin.Units, *Gazetteer, error) {
	storesMu.Lock()
	defer storesMu.Unlock()
	if b, ok := stores[st]; ok {
		return b.units, b.gaz, nil
	}
	if !st.Has(admin.UnitsKey) {
		return nil, nil, nil
	}
	u, err := tile.Decode(ctx, st, admin.UnitsKey, admin.DecodeUnits)
	if err != nil {
		return nil, nil, fmt.Errorf("admin: %s: %w", admin.UnitsKey, err)
	}
	b := built{u, NewGazetteer(u)}
	stores[st] = b
	return b.units, b.gaz, nil
}
