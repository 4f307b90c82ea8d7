package bundle

import (
	"strings"

	"github.com/bando-vn/bando/core/place"
	"github.com/paulmach/osm"
)

// addrAttachM is how far a house number without addr:street may lie from
// the named street it is attached to.
const addrAttachM = 50

// addressRank is the importance of an address.
const addressRank = 6

// buildAddresses makes one place per house number: named "<number>
// <street>" with addr:street as tagged, or else the nearest named street
// within addrAttachM (tagged addr:street, and addr:street_derived=yes),
// or else the bare number. Ids are the OSM ids of the objects.
func (c *placeCollector) buildAddresses(streets *streetSet) []place.Place {
	var out []place.Place
	add := func(id string, tags osm.Tags, lat, lng float64) {
		num := strings.TrimSpace(tags.Find("addr:housenumber"))
		street := strings.TrimSpace(tags.Find("addr:street"))
		kept := append(osm.Tags(nil), tags...)
		if street == "" {
			if i := streets.nearest(lat, lng, addrAttachM); i >= 0 {
				street = streets.places[i].Name
				kept = append(kept, osm.Tag{Key: "addr:street", Value: street}, osm.Tag{Key: "addr:street_derived", Value: "yes"})
			}
		}
		name := num
		if street != "" && !strings.Contains(strings.ToLower(num), strings.ToLower(street)) {
			name = num + " " + street
		}
		kept = setTag(kept, "name", name)
		out = append(out, newPlace(id, kept, lat, lng, "address", []string{"address"}, addressRank))
	}
	for _, n := range c.addrNodes {
		add("n"+itoa(int64(n.ID)), n.Tags, n.Lat, n.Lon)
	}
	for _, w := range c.addrWays {
		if lat, lng, ok := c.wayCentre(w); ok {
			add("w"+itoa(int64(w.ID)), w.Tags, lat, lng)
		}
	}
	return out
}

func setTag(tags osm.Tags, k, v string) osm.Tags {
	for i := range tags {
		if tags[i].Key == k {
			tags[i].Value = v
			return tags
		}
	}
	return append(tags, osm.Tag{Key: k, Value: v})
}
