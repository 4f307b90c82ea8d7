package bundle

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/bando-vn/bando/bundle/adminbuild"
	"github.com/bando-vn/bando/core/addr"
	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/tile"
)

// addAdmin builds the administrative layers of dir into tiles and records
// their layers, sources and attribution in the manifest.
func addAdmin(dir string, ev []adminbuild.Evidence, m *tile.Manifest, tiles map[string][]byte) ([]adminbuild.UnitPoint, error) {
	res, err := adminbuild.BuildWith(dir, adminbuild.Options{Evidence: ev})
	if err != nil {
		return nil, &InputError{File: dir, Err: err}
	}
	if err := mergeAdmin(res, m, tiles); err != nil {
		return nil, err
	}
	return res.Units, nil
}

// addOSMAdmin builds administrative layers from the boundary relations the
// OSM input held; input without any is not an error (no admin layer).
func addOSMAdmin(ac *adminbuild.OSMCollector, m *tile.Manifest, tiles map[string][]byte, log io.Writer) error {
	res, err := ac.Build(adminbuild.Options{})
	if errors.Is(err, adminbuild.ErrNoData) {
		logf(log, "no administrative boundaries in the OSM input: no admin layer")
		return nil
	}
	if err != nil {
		return err
	}
	logf(log, "administrative layers from OSM boundary relations (%d warnings)", len(res.Warnings))
	return mergeAdmin(res, m, tiles)
}

// adminSources are the datasets an admin build can draw on, with licences.
var adminSources = [][2]string{
	{adminbuild.SourceNew, adminbuild.LicenseNew},
	{adminbuild.SourceOld, adminbuild.LicenseOld},
	{adminbuild.SourceMapping, adminbuild.LicenseMap},
	{adminbuild.SourceOSM, adminbuild.LicenseOSM},
}

// mergeAdmin adds the admin tiles (with admin/tails and admin/gazetteer,
// derived from admin/units) and layers, and names each dataset the layers used once in
// the sources and the attribution.
func mergeAdmin(res *adminbuild.Result, m *tile.Manifest, tiles map[string][]byte) error {
	for k, b := range res.TileMap() {
		tiles[k] = b
	}
	if err := addTails(tiles); err != nil {
		return err
	}
	for _, l := range res.Layers {
		m.Layers = append(m.Layers, tile.LayerInfo{
			Name: "admin_" + l.Name, Prefix: "admin/", Version: admin.FormatVersion, Count: l.Count, Exact: l.Exact,
			Description: l.Method,
		})
	}
	for _, src := range adminSources {
		for _, l := range res.Layers {
			if strings.Contains(l.Source, src[0]) {
				m.Sources = append(m.Sources, tile.SourceInfo{Name: src[0], License: src[1], Role: "administrative units"})
				if src[0] != adminbuild.SourceOSM {
					m.Attribution = append(m.Attribution, fmt.Sprintf("Administrative units: %s, %s", src[0], src[1]))
				}
				break
			}
		}
	}
	return nil
}

// addTails writes, next to admin/units, tile admin/tails, the words that
// can end a unit's name (addr.TailWords): autocomplete reads it to skip
// the gazetteer for a query naming no unit; and tile admin/gazetteer, the
// gazetteer built (addr.EncodeGazetteer): readers load it instead of
// decoding the units and building one.
func addTails(tiles map[string][]byte) error {
	ub, ok := tiles[admin.UnitsKey]
	if !ok {
		return nil
	}
	u, err := admin.DecodeUnits(ub)
	if err != nil {
		return fmt.Errorf("%s: %w", admin.UnitsKey, err)
	}
	tb, err := admin.EncodeTails(addr.TailWords(u))
	if err != nil {
		return fmt.Errorf("%s: %w", admin.TailsKey, err)
	}
	tiles[admin.TailsKey] = tb
	gb, err := addr.EncodeGazetteer(addr.NewGazetteer(u))
	if err != nil {
		return fmt.Errorf("%s: %w", addr.GazetteerKey, err)
	}
	tiles[addr.GazetteerKey] = gb
	return nil
}
