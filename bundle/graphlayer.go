package bundle

import (
	"io"

	"github.com/bando-vn/bando/bundle/graphbuild"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/tile"
)

// GraphMinReader is the oldest reader of the graph layer this builder writes.
const GraphMinReader = 3

// DefaultCH lists the profiles given a contraction hierarchy when
// Options.CH is nil (taxi shares car's: same rules, same fingerprint).
var DefaultCH = []string{"car", "motor", "truck", "bike", "walking"}

// addGraph finishes the routing graph, contracts it per profile (two at a
// time) and adds its tiles and layers.
func addGraph(gc *graphbuild.Collector, profiles []string, m *tile.Manifest, tiles map[string][]byte, logw io.Writer) error {
	g := gc.Finish()
	logf(logw, "routing graph: %d nodes, %d edges, %d restrictions", g.NumNodes(), len(g.Edges), len(g.Restr))
	if g.NumNodes() == 0 {
		return nil
	}
	if profiles == nil {
		profiles = DefaultCH
	}
	ps, err := graphbuild.UniqueProfiles(profiles)
	if err != nil {
		return err
	}
	pr := newProgress(logw, "contraction hierarchies", "nodes contracted", 1, int64(len(ps))*int64(g.NumNodes()))
	if err := graphbuild.Encode(g, profiles, 2, tiles, func(n int) { pr.add(int64(n)) }); err != nil {
		return err
	}
	// graph v3 tiles are varint-coded: a reader of format 1 must refuse the
	// bundle rather than fail on its routing tiles (core/tile/SPEC.md §6).
	m.MinReaderVersion = max(m.MinReaderVersion, GraphMinReader)
	m.Layers = append(m.Layers,
		tile.LayerInfo{Name: "graph", Prefix: graph.Prefix, Version: graph.Version, Count: g.NumNodes(), Exact: true,
			Description: "routing graph from OSM highways and ferries: junction nodes, edges with attributes and geometry, turn restrictions, by 0.25° cell"},
		tile.LayerInfo{Name: "ch", Prefix: graph.CHPrefix, Version: graph.Version, Count: len(ps), Exact: false,
			Description: "contraction hierarchy per built-in profile (upward arcs by cell, top-ranked nodes in a core tile)"})
	return nil
}
