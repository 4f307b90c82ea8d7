package core

import (
	"context"

	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/google"
)

// serveStatus answers /v1/status from the manifest alone (API.md §3.11).
func serveStatus(_ context.Context, e *Engine, p params, _ *Request) (shape.Body, error) {
	if _, err := p.common(); err != nil {
		return nil, err
	}
	m := e.store.Manifest()
	structures := []string{}
	if m.Layer("admin_new_wards") != nil {
		structures = append(structures, "new")
	}
	if m.Layer("admin_old_wards") != nil || m.Layer("admin_old_provinces") != nil {
		structures = append([]string{"old"}, structures...)
	}
	return google.Status{
		Status: "OK", Version: Version, FormatVersion: m.FormatVersion, DataDate: m.DataDate,
		Attribution: m.Attribution, Sources: m.Sources, Tiles: m.Tiles.Len(), Layers: m.Layers,
		Structures: structures,
	}, nil
}
