package bundle

import (
	"errors"
	"fmt"
	"io"
	"sort"

	badmin "github.com/bando-vn/bando/bundle/admin"
	"github.com/bando-vn/bando/core/tile"
)

// addAdmin builds the administrative layers of dir into tiles and records
// their layers, sources and attribution in the manifest.
func addAdmin(dir string, m *tile.Manifest, tiles map[string][]byte) error {
	res, err := badmin.Build(dir)
	if err != nil {
		return &InputError{File: dir, Err: err}
	}
	mergeAdmin(res, m, tiles)
	return nil
}

// addOSMAdmin builds administrative layers from the boundary relations the
// OSM input held; input without any is not an error (no admin layer).
func addOSMAdmin(ac *badmin.OSMCollector, m *tile.Manifest, tiles map[string][]byte, log io.Writer) error {
	res, err := ac.Build(badmin.Options{})
	if errors.Is(err, badmin.ErrNoData) {
		logf(log, "no administrative boundaries in the OSM input: no admin layer")
		return nil
	}
	if err != nil {
		return err
	}
	logf(log, "administrative layers from OSM boundary relations (%d warnings)", len(res.Warnings))
	mergeAdmin(res, m, tiles)
	return nil
}

func mergeAdmin(res *badmin.Result, m *tile.Manifest, tiles map[string][]byte) {
	for k, b := range res.TileMap() {
		tiles[k] = b
	}
	seen := map[string]bool{}
	for _, l := range res.Layers {
		m.Layers = append(m.Layers, tile.LayerInfo{
			Name: "admin_" + l.Name, Prefix: "admin/", Version: 1, Count: l.Count, Exact: l.Exact,
			Description: l.Method,
		})
		key := l.Source + "|" + l.License
		if seen[key] {
			continue
		}
		seen[key] = true
		m.Sources = append(m.Sources, tile.SourceInfo{Name: l.Source, License: l.License, Role: "administrative units"})
		m.Attribution = append(m.Attribution, fmt.Sprintf("%s (%s)", l.Source, l.License))
	}
	sort.SliceStable(m.Attribution[1:], func(i, j int) bool { return m.Attribution[1+i] < m.Attribution[1+j] })
}
