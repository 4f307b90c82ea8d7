package plan_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmxml"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/route/plan"
	"github.com/bando-vn/bando/core/tile"
	"github.com/bando-vn/bando/internal/fixture"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

// realExtract is a real OSM extract with turn restriction relations.
const realExtract = fixture.OSMDir + "/hanoi-dongda-badinh.osm"

// noRules is a costing that ignores every turn restriction.
type noRules struct{ *costing.Profile }

func (noRules) Applies(*graph.Restriction) bool { return false }

// banned is a "no_*" turn of a real restriction relation: from the
// from-way's node before the via node, through it, to the to-way's node
// after it.
type banned struct {
	id            int64
	kind, except  string
	prev, via, to geo.LatLng
}

// bannedTurns reads the extract's no_* restrictions through a via node
// whose from and to ways end at it (so the turn is one pair of segments).
func bannedTurns(t *testing.T, path string) []banned {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	nodes := map[osm.NodeID]geo.LatLng{}
	ways := map[osm.WayID]osm.WayNodes{}
	var rels []*osm.Relation
	sc := osmxml.New(context.Background(), f)
	defer sc.Close()
	for sc.Scan() {
		switch o := sc.Object().(type) {
		case *osm.Node:
			nodes[o.ID] = geo.LatLng{Lat: o.Lat, Lng: o.Lon}
		case *osm.Way:
			ways[o.ID] = o.Nodes
		case *osm.Relation:
			if o.Tags.Find("type") == "restriction" && strings.HasPrefix(o.Tags.Find("restriction"), "no_") {
				rels = append(rels, o)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	// next is the node beside via on way w, when w ends at via.
	next := func(w osm.WayID, via osm.NodeID) (geo.LatLng, bool) {
		ns := ways[w]
		switch {
		case len(ns) < 2:
		case ns[0].ID == via:
			p, ok := nodes[ns[1].ID]
			return p, ok
		case ns[len(ns)-1].ID == via:
			p, ok := nodes[ns[len(ns)-2].ID]
			return p, ok
		}
		return geo.LatLng{}, false
	}
	var out []banned
	for _, r := range rels {
		var from, to osm.WayID
		var via osm.NodeID
		for _, m := range r.Members {
			switch {
			case m.Role == "from" && m.Type == osm.TypeWay:
				from = osm.WayID(m.Ref)
			case m.Role == "to" && m.Type == osm.TypeWay:
				to = osm.WayID(m.Ref)
			case m.Role == "via" && m.Type == osm.TypeNode:
				via = osm.NodeID(m.Ref)
			}
		}
		pv, ok1 := nodes[via]
		pf, ok2 := next(from, via)
		pt, ok3 := next(to, via)
		if ok1 && ok2 && ok3 && from != to {
			out = append(out, banned{int64(r.ID), r.Tags.Find("restriction"), r.Tags.Find("except"), pf, pv, pt})
		}
	}
	return out
}

func along(a, b geo.LatLng, f float64) geo.LatLng {
	return geo.LatLng{Lat: a.Lat + f*(b.Lat-a.Lat), Lng: a.Lng + f*(b.Lng-a.Lng)}
}

// TestRealRestrictions builds the Ba Đình/Đống Đa extract and, for each
// banned turn of its restriction relations, routes from its from-way just
// before the via node to its to-way just after: ignoring the rules the
// route takes the turn (its length is that of the two stretches); by car
// it never does, unless the relation excepts cars; by motorbike it does
// when the relation excepts motorcycles.
func TestRealRestrictions(t *testing.T) {
	path := fixture.Shared(t, realExtract)
	turns := bannedTurns(t, path)
	tiles, _, err := graphfix.FromFile(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := tile.OpenMap(tiles)
	if err != nil {
		t.Fatal(err)
	}
	g, err := graph.Open(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	en, ctx := pathfind.New(g), context.Background()
	car, _ := costing.Get("car")
	motor, _ := costing.Get("motor")
	carChecked, motorChecked := 0, 0
	for _, b := range turns {
		from, to := along(b.prev, b.via, 0.7), along(b.via, b.to, 0.3)
		direct := geo.DistanceM(from, b.via) + geo.DistanceM(b.via, to)
		free, err := en.Route(ctx, noRules{car}, []geo.LatLng{from, to})
		if err != nil || free.DistanceM > direct+1 || free.DistanceM < direct-1 {
			continue // the points did not snap onto the turn's two stretches, or the turn is closed to cars anyway
		}
		for _, v := range []struct {
			p      *costing.Profile
			exempt bool
			n      *int
		}{{car, strings.Contains(b.except, "motorcar") || strings.Contains(b.except, "motor_vehicle"), &carChecked},
			{motor, strings.Contains(b.except, "motorcycle"), &motorChecked}} {
			d, err := plan.Directions(ctx, en, plan.DirectionsRequest{Locations: []geo.LatLng{from, to}, Options: plan.Options{Costing: v.p}})
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Routes) == 0 {
				continue
			}
			got := d.Routes[0].Legs[0].Desc.DistanceM
			took := got < direct+1
			if took != v.exempt {
				t.Errorf("relation %d (%s, except %q) by %s: route of %.1f m, the banned turn's stretches %.1f m", b.id, b.kind, b.except, v.p.Name(), got, direct)
			}
			if !v.exempt || v.p == motor {
				*v.n++
			}
		}
	}
	t.Logf("%d banned turns in the extract; checked by car %d, by motorbike %d", len(turns), carChecked, motorChecked)
	if carChecked < 5 {
		t.Errorf("only %d restrictions checked by car", carChecked)
	}
}
