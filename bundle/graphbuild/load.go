package graphbuild

import (
	"context"
	"fmt"
	"os"
	"runtime"

	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/tile"
	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmpbf"
	"github.com/paulmach/osm/osmxml"
)

// FromFile builds the graph tiles of one .osm.pbf or OSM XML file with
// hierarchies for the named profiles: a shortcut for tests and benchmarks
// that need only the graph layer.
func FromFile(path string, profiles ...string) (map[string][]byte, *Graph, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	c := NewCollector()
	var s osm.Scanner
	if len(path) > 4 && path[len(path)-4:] == ".pbf" {
		s = osmpbf.New(context.Background(), f, runtime.GOMAXPROCS(0))
	} else {
		s = osmxml.New(context.Background(), f)
	}
	defer s.Close()
	for s.Scan() {
		c.Add(s.Object())
	}
	if err := s.Err(); err != nil {
		return nil, nil, err
	}
	g := c.Finish()
	tiles := map[string][]byte{}
	return tiles, g, Encode(g, profiles, 2, tiles, nil)
}

// UniqueProfiles looks the named profiles up, dropping any with the
// fingerprint of an earlier one (taxi = car: one hierarchy serves both).
func UniqueProfiles(profiles []string) ([]*costing.Profile, error) {
	var ps []*costing.Profile
	seen := map[string]bool{}
	for _, name := range profiles {
		p, ok := costing.Get(name)
		if !ok {
			return nil, fmt.Errorf("unknown profile %q", name)
		}
		if !seen[p.Fingerprint()] {
			seen[p.Fingerprint()] = true
			ps = append(ps, p)
		}
	}
	return ps, nil
}

// EngineFromFile builds the graph tiles of one OSM file (FromFile) and
// opens the routing engine over them in memory: a shortcut for tests and
// benchmarks that route on a real city.
func EngineFromFile(path string, profiles ...string) (*pathfind.Engine, error) {
	tiles, _, err := FromFile(path, profiles...)
	if err != nil {
		return nil, err
	}
	st, err := tile.Open(context.Background(), tile.MapBundle(tiles), 256<<20)
	if err != nil {
		return nil, err
	}
	g, err := graph.Open(context.Background(), st)
	if err != nil {
		return nil, err
	}
	return pathfind.New(g), nil
}
