package core

import (
	"context"

	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/google"
	"github.com/bando-vn/bando/core/tile"
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
		Attribution: m.Attribution, Sources: sources(m.Sources), Tiles: m.Tiles.Len(), Layers: layers(m.Layers),
		Structures: structures,
	}, nil
}

// sources and layers copy the manifest's into the shape's types (nil stays nil).
func sources(ss []tile.SourceInfo) []google.Source {
	if ss == nil {
		return nil
	}
	out := make([]google.Source, len(ss))
	for i, s := range ss {
		out[i] = google.Source(s)
	}
	return out
}

func layers(ls []tile.LayerInfo) []google.Layer {
	if ls == nil {
		return nil
	}
	out := make([]google.Layer, len(ls))
	for i, l := range ls {
		out[i] = google.Layer(l)
	}
	return out
}
