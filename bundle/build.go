package bundle

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/bando-vn/bando/bundle/adminbuild"
	"github.com/bando-vn/bando/bundle/basemapbuild"
	"github.com/bando-vn/bando/bundle/graphbuild"
	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/geocode"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/tile"
	"github.com/paulmach/osm"
)

// Generator names the program that wrote a bundle.
const Generator = "bando 0.1.0"

// Options say what to build from and where to write it.
type Options struct {
	OSM   []string  // .osm.pbf, .osm or Overpass JSON files, read in order
	Admin string    // directory of administrative layers ("" for none)
	Out   string    // bundle directory, replaced atomically
	Log   io.Writer // progress messages; nil for silence
	CH    []string  // profiles given a contraction hierarchy (nil: DefaultCH)

	NoBasemap bool                 // skip the basemap layer (vector tiles)
	NoGraph   bool                 // skip the routing graph (a bundle for search and geocoding only)
	Regional  bool                 // one search index per province plus a national one (core/place/FORMAT.md §2.1)
	Basemap   basemapbuild.Options // zooms and archive size; Admin is taken from Admin
	// Pack writes a packed bundle (core/tile/SPEC.md §9: archives read by
	// byte range and a directory) instead of loose tiles.
	Pack bool
	// PackOptions: archive size and the tiles' regions when Pack is set.
	PackOptions tile.PackOptions
}

// Stats summarise a build.
type Stats struct {
	Objects, Places, Tiles, Bytes int
	// Layers are the bundle's bytes and files per layer (the hierarchy
	// layer per profile: "ch/car"...), in key order.
	Layers []LayerSize
}

// LayerSize is what one layer of a bundle weighs.
type LayerSize struct {
	Name         string
	Files, Bytes int
}

// layerSizes sums the tiles per manifest layer (by longest key prefix;
// layers sharing a prefix under the prefix's name; hierarchies per
// profile; keys of no layer under "other").
func layerSizes(m *tile.Manifest, tiles map[string][]byte) []LayerSize {
	names := map[string]string{} // prefix → name
	for _, l := range m.Layers {
		if n, ok := names[l.Prefix]; ok && n != l.Name {
			names[l.Prefix] = strings.TrimSuffix(l.Prefix, "/")
		} else if !ok {
			names[l.Prefix] = l.Name
		}
	}
	sums := map[string]*LayerSize{}
	for k, b := range tiles {
		name, best := "other", -1
		for prefix, n := range names {
			if prefix != "" && strings.HasPrefix(k, prefix) && len(prefix) > best {
				name, best = n, len(prefix)
			}
		}
		if name == "ch" {
			if p, _, ok := strings.Cut(strings.TrimPrefix(k, graph.CHPrefix), "/"); ok {
				name = "ch/" + p
			}
		}
		if sums[name] == nil {
			sums[name] = &LayerSize{Name: name}
		}
		sums[name].Files++
		sums[name].Bytes += len(b)
	}
	out := make([]LayerSize, 0, len(sums))
	for _, l := range sums {
		out = append(out, *l)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Build reads the inputs and writes the bundle. On any error nothing is
// written to Out.
func Build(ctx context.Context, o Options) (Stats, error) {
	var st Stats
	if len(o.OSM) == 0 {
		return st, errors.New("no --osm input given")
	}
	c := newPlaceCollector()
	m := &tile.Manifest{Generator: Generator, Attribution: []string{tile.OSMAttribution}}
	gc := graphbuild.NewCollector()
	add := c.add
	if !o.NoGraph {
		add = func(obj osm.Object) { c.add(obj); gc.Add(obj) }
	}
	var ac *adminbuild.OSMCollector
	var ev *evidenceCollector
	if o.Admin == "" { // no admin data given: take boundaries from the OSM relations
		ac = adminbuild.NewOSMCollector()
		prev := add
		add = func(obj osm.Object) { prev(obj); ac.Add(obj) }
	} else { // admin data given: gather what names the old wards at points
		ev = newEvidenceCollector()
		prev := add
		add = func(obj osm.Object) { prev(obj); ev.add(obj) }
	}
	var bm *basemapbuild.Collector
	if !o.NoBasemap {
		bm = basemapbuild.NewCollector()
		prev := add
		add = func(obj osm.Object) { prev(obj); bm.Add(obj) }
	}
	for _, f := range o.OSM {
		logf(o.Log, "reading %s", f)
		if err := scanOSM(ctx, f, o.Log, add); err != nil {
			return st, err
		}
		m.Sources = append(m.Sources, tile.SourceInfo{Name: "OpenStreetMap: " + filepath.Base(f), License: "ODbL-1.0", Role: "places, search"})
	}
	if c.newest > 0 {
		m.DataDate = time.Unix(c.newest, 0).UTC().Format("2006-01-02")
	}
	tiles := map[string][]byte{}
	var evidence []adminbuild.Evidence
	if ev != nil {
		evidence = ev.finish(c)
	}
	units, err := buildAdmin(o, ac, evidence, m, tiles)
	if err != nil {
		return st, err
	}
	if o.Pack && o.PackOptions.Region == nil {
		o.PackOptions.Region = TileRegion(units)
	}
	places, err := addPlaces(c, tiles, units, o.Regional, m, o.Log)
	if err != nil {
		return st, err
	}
	st = Stats{Objects: c.objects, Places: len(places)}
	c, places = nil, nil // the graph and basemap phases need neither: let the collector take them
	if err := addGraph(gc, o.CH, m, tiles, o.Log); err != nil {
		return st, err
	}
	if bm != nil {
		if err := addBasemap(bm, o, m, tiles); err != nil {
			return st, err
		}
	}
	logf(o.Log, "writing %d tiles to %s", len(tiles), o.Out)
	write := func() error { return tile.WriteBundle(o.Out, m, tiles) }
	if o.Pack {
		write = func() error {
			keys := make([]string, 0, len(tiles))
			for k := range tiles {
				keys = append(keys, k)
			}
			get := func(k string) ([]byte, error) { return tiles[k], nil }
			return tile.WritePacked(o.Out, m, keys, get, o.PackOptions)
		}
	}
	if err := write(); err != nil {
		return st, fmt.Errorf("writing %s: %w", o.Out, err)
	}
	st.Tiles = len(tiles)
	for _, b := range tiles {
		st.Bytes += len(b)
	}
	st.Layers = layerSizes(m, tiles)
	return st, nil
}

// buildAdmin adds the administrative layers (from the admin directory, or
// else from the OSM boundary relations) and returns their units.
func buildAdmin(o Options, ac *adminbuild.OSMCollector, ev []adminbuild.Evidence, m *tile.Manifest, tiles map[string][]byte) ([]adminbuild.UnitPoint, error) {
	if o.Admin == "" {
		return nil, addOSMAdmin(ac, m, tiles, o.Log)
	}
	logf(o.Log, "building administrative layers from %s", o.Admin)
	return addAdmin(o.Admin, ev, m, tiles)
}

// addPlaces is the places hook: finishes the collected places (admin codes
// from the admin tiles already built, plus the units as places) and adds
// the place and search layers.
func addPlaces(c *placeCollector, tiles map[string][]byte, units []adminbuild.UnitPoint, regional bool, m *tile.Manifest, log io.Writer) ([]place.Place, error) {
	var at adminAt
	if hasAdmin(tiles) {
		var err error
		if at, err = newLookupAt(tiles); err != nil {
			return nil, err
		}
	}
	places := c.finish(at, units)
	logf(log, "%d objects, %d places", c.objects, len(places))
	var regions []string
	if regional {
		regions = placeRegions(places, units)
	}
	m.MinReaderVersion = max(m.MinReaderVersion, place.ReaderVersion) // id layer 2, search layer 3
	pt, err := placeTiles(places, regions, m)
	if err != nil {
		return nil, err
	}
	for k, b := range pt {
		tiles[k] = b
	}
	return places, nil
}

func hasAdmin(tiles map[string][]byte) bool {
	_, ok := tiles[admin.MetaKey]
	return ok
}

// placeTiles encodes the place layer (by grid cell) and the search layer.
func placeTiles(places []place.Place, regions []string, m *tile.Manifest) (map[string][]byte, error) {
	cells := map[string][]place.Place{}
	for _, p := range places {
		k := place.CellKey(p.LatF(), p.LngF())
		cells[k] = append(cells[k], p)
	}
	tiles := map[string][]byte{}
	keys := make([]string, 0, len(cells))
	for k := range cells {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b, err := place.EncodePlaceTile(cells[k])
		if err != nil {
			return nil, err
		}
		tiles[k] = b
	}
	index, sxVersion, sxDesc := map[string][]byte(nil), place.SearchLayerVersion, "sharded search index: prefix shards of folded name tokens, summaries of the most important places, area shards of common words (core/place/FORMAT.md)"
	var err error
	if regions != nil {
		index, err = place.BuildRegionalIndex(places, regions)
		sxVersion, sxDesc = place.RegionalLayerVersion, "one sharded search index per province of the new structure under sx/<code>/ and a national one (administrative units, localities of national importance) under sx/vn/ (core/place/FORMAT.md §2.1)"
	} else {
		index, err = place.BuildIndex(places)
	}
	if err != nil {
		return nil, err
	}
	for k, b := range index {
		tiles[k] = b
	}
	ids, err := place.BuildIDTiles(places)
	if err != nil {
		return nil, err
	}
	for k, b := range ids {
		tiles[k] = b
	}
	addrs, err := geocode.BuildAddressTiles(places)
	if err != nil {
		return nil, err
	}
	for k, b := range addrs {
		tiles[k] = b
	}
	m.Layers = append(m.Layers,
		tile.LayerInfo{Name: "place", Prefix: "place/", Version: place.PlaceLayerVersion, Count: len(places), Exact: true,
			Description: "named POIs and place=* objects with their tags, by 0.1° cell"},
		tile.LayerInfo{Name: "place_id", Prefix: place.IDPrefix, Version: place.IDLayerVersion, Count: len(ids), Exact: true,
			Description: "place ids with the 0.1° cell of their place tile, keyed by the shortest hex prefix of the short id that fits (core/place/FORMAT.md §6)"},
		tile.LayerInfo{Name: "search", Prefix: place.IndexPrefix, Version: sxVersion, Count: len(index), Exact: true, Description: sxDesc})
	if len(addrs) > 0 {
		m.Layers = append(m.Layers, tile.LayerInfo{Name: "address", Prefix: geocode.AddressPrefix, Version: geocode.AddressLayerVersion,
			Count: len(addrs), Exact: true,
			Description: "addresses with a street by new ward (split by a hash of the street's name when large), for forward geocoding (core/geocode/FORMAT.md)"})
	}
	return tiles, nil
}

func logf(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, "bando build: "+format+"\n", args...)
	}
}

// addBasemap cuts the basemap vector tiles and adds them as a layer.
func addBasemap(bm *basemapbuild.Collector, o Options, m *tile.Manifest, tiles map[string][]byte) error {
	bo := o.Basemap
	bo.Admin = o.Admin
	logf(o.Log, "cutting basemap vector tiles")
	out, idx, err := bm.Build(bo)
	if err != nil {
		return err
	}
	n := 0
	for _, z := range idx.Zooms {
		n += z.Tiles
		logf(o.Log, "  basemap z%d: %d tiles, %d bytes", z.Z, z.Tiles, z.Bytes)
	}
	for k, b := range out {
		tiles[k] = b
	}
	m.Layers = append(m.Layers, tile.LayerInfo{Name: "basemap", Prefix: "basemap/", Version: idx.Version, Count: n, Exact: false,
		Description: fmt.Sprintf("Mapbox Vector Tiles z%d–%d (%s) in %d archives; simplified per zoom (core/basemap/FORMAT.md)",
			idx.MinZoom, idx.MaxZoom, strings.Join(idx.Layers, ", "), len(idx.Archives))})
	return nil
}
