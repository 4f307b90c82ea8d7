package bundle

import (
	"testing"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/paulmach/osm"
)

// TestStreetsAndAddresses: two ways of one street merge into one place (id
// of the smaller way, point on the street, extent of both); a house number
// without a street takes the street within 50 m; one farther away stays a
// bare number; a number with addr:street keeps it.
func TestStreetsAndAddresses(t *testing.T) {
	c := newPlaceCollector()
	node := func(id int64, lat, lng float64, tags ...osm.Tag) {
		c.add(&osm.Node{ID: osm.NodeID(id), Lat: lat, Lon: lng, Tags: tags})
	}
	for i := int64(0); i < 6; i++ {
		node(i+1, 21.0, 105.80+0.001*float64(i))
	}
	way := func(id int64, nodes []int64, tags ...osm.Tag) {
		w := &osm.Way{ID: osm.WayID(id), Tags: tags}
		for _, n := range nodes {
			w.Nodes = append(w.Nodes, osm.WayNode{ID: osm.NodeID(n)})
		}
		c.add(w)
	}
	hw := []osm.Tag{{Key: "highway", Value: "residential"}, {Key: "name", Value: "Phố Hàng Bạc"}}
	way(20, []int64{3, 4, 5, 6}, hw...)
	way(10, []int64{1, 2, 3}, hw...)
	node(100, 21.0003, 105.8021, osm.Tag{Key: "addr:housenumber", Value: "30"})                                               // 33 m from the street
	node(101, 21.0020, 105.8021, osm.Tag{Key: "addr:housenumber", Value: "7"})                                                // 220 m
	node(102, 21.0100, 105.8000, osm.Tag{Key: "addr:housenumber", Value: "12"}, osm.Tag{Key: "addr:street", Value: "Lê Lợi"}) // tagged
	ps := c.finish(nil, nil)
	byID := map[string]place.Place{}
	for _, p := range ps {
		byID[p.ID] = p
	}
	st, ok := byID["w10"]
	if !ok || st.Layer != "street" || st.Name != "Phố Hàng Bạc" || len(byID) != 4 {
		t.Fatalf("street: %+v; places %v", st, ps)
	}
	if len(st.BBox) != 4 || st.BBox[1] != geo.E7(105.80) || st.BBox[3] != geo.E7(105.805) || st.Lat != geo.E7(21.0) {
		t.Errorf("street extent %v, point %d,%d", st.BBox, st.Lat, st.Lng)
	}
	for id, want := range map[string]string{"n100": "30 Phố Hàng Bạc", "n101": "7", "n102": "12 Lê Lợi"} {
		if got := byID[id]; got.Name != want || got.Layer != "address" {
			t.Errorf("%s: %q (%s), want %q", id, got.Name, got.Layer, want)
		}
	}
	n100, n102 := byID["n100"], byID["n102"]
	if n100.Tag("addr:street_derived") != "yes" || n102.Tag("addr:street_derived") != "" {
		t.Error("addr:street_derived marks the wrong addresses")
	}
}

func TestSplitUnitWord(t *testing.T) {
	for in, want := range map[string][2]string{
		"Phường Hàng Bạc": {"Phường", "Hàng Bạc"}, "Thành phố Hà Nội": {"Thành phố", "Hà Nội"},
		"Quận 1": {"Quận", "1"}, "Hà Nội": {"", "Hà Nội"},
	} {
		if w, s := splitUnitWord(in); w != want[0] || s != want[1] {
			t.Errorf("splitUnitWord(%q) = %q, %q", in, w, s)
		}
	}
}
