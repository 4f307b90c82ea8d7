package graph

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sync"

	"github.com/bando-vn/bando/core/route/costing"
	rg "github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/search"
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
	hs, err := BuildHierarchies(g, profiles, 2)
	if err != nil {
		return nil, nil, err
	}
	tiles, err := Tiles(g, hs)
	return tiles, g, err
}

// EngineFromFile builds the graph tiles of one OSM file (FromFile) and
// opens the routing engine over them in memory: a shortcut for tests and
// benchmarks that route on a real city.
func EngineFromFile(path string, profiles ...string) (*search.Engine, error) {
	tiles, _, err := FromFile(path, profiles...)
	if err != nil {
		return nil, err
	}
	st, err := tile.Open(context.Background(), tile.MapBundle(tiles), 256<<20)
	if err != nil {
		return nil, err
	}
	g, err := rg.Open(context.Background(), st)
	if err != nil {
		return nil, err
	}
	return search.New(g), nil
}

// BuildHierarchies contracts the graph for each named profile, at most
// parallel at a time. Profiles with the fingerprint of an earlier one
// (taxi = car) share its hierarchy and are skipped.
func BuildHierarchies(g *Graph, profiles []string, parallel int) ([]*Hierarchy, error) {
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
	hs := make([]*Hierarchy, len(ps))
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(parallel, 1))
	for i, p := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			hs[i] = BuildHierarchy(g, p)
			<-sem
		}()
	}
	wg.Wait()
	return hs, nil
}
