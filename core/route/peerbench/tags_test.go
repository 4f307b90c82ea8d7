//go:build routino

package peerbench

import (
	"context"
	"os"
	"runtime"
	"strings"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmpbf"
)

// osmTags holds the OSM tags the diagnosis names: every way's, and those
// of the nodes with barrier or access tags (by E7 position).
type osmTags struct {
	ways  map[int64]osm.Tags
	nodes map[[2]int32]osm.Tags
	// every vertex of the highway ways bando's graph lacks, by grid cell
	lacking map[[2]int32][]wayVertex
}

type wayVertex struct {
	way      int64
	lat, lng int32
}

var nodeKeys = []string{"barrier", "access", "vehicle", "motor_vehicle", "motorcar"}

func readTags(path string, inGraph map[int64]bool) (*osmTags, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := osmpbf.New(context.Background(), f, runtime.GOMAXPROCS(0))
	defer s.Close()
	t := &osmTags{ways: map[int64]osm.Tags{}, nodes: map[[2]int32]osm.Tags{}, lacking: map[[2]int32][]wayVertex{}}
	coords := map[osm.NodeID][2]int32{}
	for s.Scan() {
		switch o := s.Object().(type) {
		case *osm.Way:
			if o.Tags.Find("highway") == "" && o.Tags.Find("route") == "" {
				continue
			}
			t.ways[int64(o.ID)] = o.Tags
			if inGraph[int64(o.ID)] {
				continue
			}
			for _, n := range o.Nodes {
				if c, ok := coords[n.ID]; ok {
					k := cellOf(c[0], c[1])
					t.lacking[k] = append(t.lacking[k], wayVertex{int64(o.ID), c[0], c[1]})
				}
			}
		case *osm.Node:
			coords[o.ID] = [2]int32{geo.E7(o.Lat), geo.E7(o.Lon)}
			for _, k := range nodeKeys {
				if o.Tags.Find(k) != "" {
					t.nodes[[2]int32{geo.E7(o.Lat), geo.E7(o.Lon)}] = o.Tags
					break
				}
			}
		}
	}
	return t, s.Err()
}

// lackingWays lists the ways bando's graph lacks with a vertex within 1 m
// of p.
func (t *osmTags) lackingWays(p geo.LatLng) map[int64]bool {
	c := cellOf(geo.E7(p.Lat), geo.E7(p.Lng))
	out := map[int64]bool{}
	for di := int32(-1); di <= 1; di++ {
		for dj := int32(-1); dj <= 1; dj++ {
			for _, v := range t.lacking[[2]int32{c[0] + di, c[1] + dj}] {
				if geo.GeodesicM(p, geo.PointE7(v.lat, v.lng)) <= vertexTolM {
					out[v.way] = true
				}
			}
		}
	}
	return out
}

// summary is the routing-relevant tags of a way, "k=v k=v".
func summary(t osm.Tags) string {
	var s []string
	for _, k := range []string{"highway", "route", "area", "access", "vehicle", "motor_vehicle", "motorcar", "oneway", "junction"} {
		if v := t.Find(k); v != "" {
			s = append(s, k+"="+v)
		}
	}
	return strings.Join(s, " ")
}

func (t *osmTags) node(latE7, lngE7 int32) osm.Tags { return t.nodes[[2]int32{latE7, lngE7}] }

func set(vs ...string) map[string]bool {
	m := map[string]bool{}
	for _, v := range vs {
		m[v] = true
	}
	return m
}

// Routino's tagging.xml (3.3.3): values it reads as "yes" and as "no" for
// any access key, the highway types its motorcar may use by default, and
// the barriers that stop a motorcar.
var (
	routinoYes      = set("yes", "designated", "permissive", "true", "public", "official")
	routinoNo       = set("no", "destination", "permit", "customer", "customers", "delivery", "residents", "private", "unsuitable", "limited", "restricted", "agricultural", "forestry")
	routinoCarRoads = set("motorway", "motorway_link", "trunk", "trunk_link", "primary", "primary_link", "secondary",
		"secondary_link", "tertiary", "tertiary_link", "minor", "road", "unclassified", "living_street", "residential",
		"access", "services", "rest_area", "layby", "service")
	routinoCarBarriers = set("bollard", "post", "car_barrier", "car_trap", "cycle_barrier", "motorcycle_barrier",
		"kissing_gate", "footgate", "stile", "v_stile", "turnstile", "squeeze", "squeeze_stile", "foot_only",
		"horse_stile", "horse_jump", "step_over", "not_wheeled", "not_2plus_wheels", "no_motorised")
)

// routinoAccess applies Routino's rules for a motorcar to a way's or a
// node's access tags: motorcar=* decides; otherwise any generic key
// (motor_vehicle, vehicle, access) with a value other than yes closes.
// It returns the deciding tag and whether it opens (def when none).
func routinoAccess(tags osm.Tags, def bool) (string, bool) {
	if v := tags.Find("motorcar"); v != "" {
		return "motorcar=" + v, routinoYes[v]
	}
	for _, k := range []string{"motor_vehicle", "vehicle", "access"} {
		if v := tags.Find(k); v != "" && !routinoYes[v] {
			return k + "=" + v, false
		}
	}
	return "", def
}

// routinoWayForbids names the tag for which Routino's motorcar may not
// use the way in this direction ("" when it may, by these rules).
func routinoWayForbids(tags osm.Tags, forward bool) string {
	hw := tags.Find("highway")
	if tags.Find("route") == "ferry" {
		hw = "ferry"
	}
	tag, ok := routinoAccess(tags, routinoCarRoads[hw])
	if !ok {
		if tag == "" {
			tag = "highway=" + hw
		}
		return tag
	}
	switch ow := tags.Find("oneway"); {
	case forward && ow == "-1":
		return "oneway=-1"
	case !forward && (ow == "yes" || ow == "true" || ow == "1"):
		return "oneway=" + ow
	case !forward && tags.Find("junction") == "roundabout":
		return "junction=roundabout"
	case !forward && (hw == "motorway" || hw == "motorway_link"):
		return "highway=" + hw + " (one-way implied)"
	}
	return ""
}

// routinoNodeForbids names the node tag that stops Routino's motorcar.
func routinoNodeForbids(tags osm.Tags) string {
	b := tags.Find("barrier")
	tag, ok := routinoAccess(tags, !routinoCarBarriers[b])
	if !ok {
		if tag == "" {
			tag = "barrier=" + b
		}
		return tag
	}
	return ""
}

// bandoForbids names why the bench profile may not use edge e in this
// direction (tags: its way's).
func bandoForbids(e *graph.Edge, forward bool, tags osm.Tags) string {
	two := *e
	two.Flags &^= onewayMask
	if _, ok := setup.c.car.EdgeCost(&two, forward); !ok {
		if e.AccessFor(graph.ModeCar) == graph.AccessNo {
			for _, k := range []string{"motorcar", "motor_vehicle", "vehicle", "access"} {
				if v := tags.Find(k); v != "" {
					return k + "=" + v
				}
			}
		}
		if tags.Find("route") == "ferry" {
			return "route=ferry"
		}
		return "highway=" + tags.Find("highway")
	}
	for _, k := range []string{"oneway", "junction"} {
		if v := tags.Find(k); v != "" {
			return k + "=" + v
		}
	}
	return "highway=" + tags.Find("highway") + " (one-way implied)"
}

const onewayMask = graph.FlagOneway | graph.FlagOnewayRev | graph.FlagRoundabout
