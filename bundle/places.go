package bundle

import (
	"sort"

	"github.com/bando-vn/bando/bundle/adminbuild"
	"strconv"
	"strings"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/paulmach/osm"
)

// poiKeys are the tags that make a named object a POI, in the order their
// values become categories.
var poiKeys = []string{"amenity", "shop", "tourism", "leisure", "office", "craft", "healthcare", "historic", "public_transport", "railway", "aeroway", "sport", "landuse", "natural", "man_made", "building"}

// keptTags are copied into a place record (sorted by key when stored).
var keptTags = map[string]bool{
	"name": true, "name:en": true, "name:vi": true, "old_name": true, "alt_name": true, "short_name": true,
	"addr:housenumber": true, "addr:street": true, "addr:postcode": true, "addr:city": true, "addr:district": true,
	"addr:subdistrict": true, "addr:province": true, "addr:street_derived": true, "phone": true, "contact:phone": true, "website": true,
	"contact:website": true, "opening_hours": true, "cuisine": true, "place": true, "brand": true, "operator": true,
	"entrance": true, "population": true, "wikidata": true,
}

// placeLayers maps place=* values to Pelias layers and ranks.
var placeLayers = map[string]struct {
	layer string
	rank  int
}{
	"province": {"region", 40}, "state": {"region", 40}, "city": {"locality", 35}, "district": {"county", 30},
	"county": {"county", 30}, "town": {"locality", 28}, "municipality": {"locality", 26}, "suburb": {"neighbourhood", 22},
	"quarter": {"neighbourhood", 20}, "village": {"locality", 18}, "neighbourhood": {"neighbourhood", 15},
	"hamlet": {"locality", 12}, "city_block": {"neighbourhood", 10}, "isolated_dwelling": {"locality", 8},
	"island": {"locality", 16}, "islet": {"locality", 8}, "square": {"venue", 12}, "locality": {"locality", 10},
	"allotments": {"neighbourhood", 5}, "plot": {"neighbourhood", 5}, "farm": {"locality", 5},
}

// classify decides whether tags describe a place for the place layer, with
// its layer, categories and rank.
func classify(tags osm.Tags) (layer string, cats []string, rank int, ok bool) {
	if tags.Find("name") == "" {
		return "", nil, 0, false
	}
	if v := tags.Find("place"); v != "" {
		if pl, known := placeLayers[v]; known {
			return pl.layer, []string{v}, pl.rank, true
		}
	}
	for _, k := range poiKeys {
		if v := tags.Find(k); v != "" && v != "no" && k != "building" {
			cats = append(cats, slug(v))
		}
	}
	if len(cats) == 0 && tags.Find("building") != "" && tags.Find("building") != "no" {
		cats = append(cats, "building")
	}
	if tags.Find("highway") == "bus_stop" {
		cats = append(cats, "bus_stop")
	}
	if e := tags.Find("entrance"); e != "" && e != "no" {
		cats = append(cats, "entrance")
	}
	if len(cats) == 0 {
		return "", nil, 0, false
	}
	if c := tags.Find("cuisine"); c != "" && tags.Find("amenity") == "restaurant" {
		for _, one := range strings.Split(c, ";") {
			if s := slug(one); s != "" {
				cats = append(cats, s+"_restaurant")
			}
		}
	}
	rank = poiRank(cats)
	if tags.Find("website") != "" || tags.Find("wikidata") != "" {
		rank++
	}
	return "venue", dedupe(cats), rank, true
}

// slug turns an OSM value into a snake_case category slug.
func slug(v string) string {
	v = strings.ToLower(strings.TrimSpace(v))
	var b strings.Builder
	for _, r := range v {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "_"):
			b.WriteByte('_')
		}
	}
	return strings.TrimSuffix(b.String(), "_")
}

func dedupe(s []string) []string {
	seen := map[string]bool{}
	out := s[:0]
	for _, x := range s {
		if x != "" && !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// newPlace builds a place record from an OSM object's id, tags and point.
func newPlace(id string, tags osm.Tags, lat, lng float64, layer string, cats []string, rank int) place.Place {
	var kept []string
	keys := make([]string, 0, len(tags))
	vals := map[string]string{}
	for _, t := range tags {
		if keptTags[t.Key] {
			if _, dup := vals[t.Key]; !dup {
				keys = append(keys, t.Key)
			}
			vals[t.Key] = t.Value
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		kept = append(kept, k, vals[k])
	}
	return place.Place{
		ID: id, Name: tags.Find("name"), Lat: geo.E7(lat), Lng: geo.E7(lng),
		Layer: layer, Category: cats, Rank: rank, Tags: kept,
	}
}

// placeCollector gathers places from a stream of OSM objects; ways get the
// centroid of their nodes once every node has been seen. Named highways
// (streets) and house numbers are kept aside for streets.go and
// addresses.go.
type placeCollector struct {
	nodes     *nodeStore
	ways      []*osm.Way
	streets   []*osm.Way  // named highways
	addrNodes []*osm.Node // nodes with addr:housenumber and no place of their own
	addrWays  []*osm.Way  // ways with addr:housenumber and no place of their own
	relations []*osm.Relation
	places    map[string]place.Place
	grid      map[[2]int32][]string // node places by segKey cell (children.go)
	newest    int64                 // unix seconds of the newest object
	objects   int
}

func newPlaceCollector() *placeCollector {
	return &placeCollector{nodes: newNodeStore(), places: map[string]place.Place{}}
}

func (c *placeCollector) add(o osm.Object) {
	c.objects++
	switch v := o.(type) {
	case *osm.Node:
		c.stamp(v.Timestamp.Unix())
		c.nodes.add(v.ID, v.Lat, v.Lon)
		if layer, cats, rank, ok := classify(v.Tags); ok {
			id := "n" + itoa(int64(v.ID))
			c.places[id] = newPlace(id, v.Tags, v.Lat, v.Lon, layer, cats, rank)
		} else if v.Tags.Find("addr:housenumber") != "" {
			c.addrNodes = append(c.addrNodes, v)
		}
	case *osm.Way:
		c.stamp(v.Timestamp.Unix())
		if _, _, _, ok := classify(v.Tags); ok {
			c.ways = append(c.ways, v)
		} else if isStreet(v.Tags) {
			c.streets = append(c.streets, v)
		} else if v.Tags.Find("addr:housenumber") != "" {
			c.addrWays = append(c.addrWays, v)
		}
	case *osm.Relation:
		c.stamp(v.Timestamp.Unix())
		if t := v.Tags.Find("type"); t == "site" || t == "public_transport" && v.Tags.Find("public_transport") == "stop_area" {
			c.relations = append(c.relations, v)
		}
	}
}

func (c *placeCollector) stamp(t int64) {
	if t > c.newest {
		c.newest = t
	}
}

// wayCentre is the mean of the positions of a way's distinct nodes;
// ok=false when none of them was seen.
func (c *placeCollector) wayCentre(w *osm.Way) (lat, lng float64, ok bool) {
	var sLat, sLng float64
	n := 0
	seen := map[osm.NodeID]bool{}
	for _, wn := range w.Nodes {
		if p, ok := c.nodes.get(wn.ID); ok && !seen[wn.ID] {
			seen[wn.ID] = true
			sLat += p[0]
			sLng += p[1]
			n++
		}
	}
	if n == 0 {
		return 0, 0, false
	}
	return sLat / float64(n), sLng / float64(n), true
}

// finish places the collected ways at the mean of their nodes' positions
// (ways whose nodes are all missing are left out), adds streets, addresses
// and the administrative units of units, fills every place's admin codes
// through at (nil: none known) and returns all places sorted by id.
func (c *placeCollector) finish(at adminAt, units []adminbuild.UnitPoint) []place.Place {
	for _, w := range c.ways {
		lat, lng, ok := c.wayCentre(w)
		if !ok {
			continue
		}
		layer, cats, rank, _ := classify(w.Tags)
		id := "w" + itoa(int64(w.ID))
		c.places[id] = newPlace(id, w.Tags, lat, lng, layer, cats, rank)
	}
	c.addChildren()
	streets := c.buildStreets(at)
	for _, p := range streets.places {
		c.places[p.ID] = p
	}
	for _, p := range c.buildAddresses(streets) {
		c.places[p.ID] = p
	}
	out := make([]place.Place, 0, len(c.places)+len(units))
	for _, p := range c.places {
		if at != nil && p.Admin == nil {
			p.Admin = at.codes(p.LatF(), p.LngF())
		}
		out = append(out, p)
	}
	out = append(out, unitPlaces(units)...)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// categoryRank raises the importance of POIs people search for by name
// from afar (hospitals, universities, markets, stations, sights); others
// get 10, named buildings and land uses 8.
var categoryRank = map[string]int{
	"hospital": 20, "university": 19, "college": 16, "marketplace": 17, "station": 19, "bus_station": 18,
	"museum": 18, "attraction": 17, "aerodrome": 20, "stadium": 17, "theatre": 16, "townhall": 15,
	"place_of_worship": 14, "school": 13, "kindergarten": 11, "clinic": 12, "park": 14, "zoo": 17,
	"mall": 17, "department_store": 13, "supermarket": 13, "hotel": 13, "police": 13, "post_office": 13,
	"bank": 12, "fuel": 11, "pharmacy": 10, "building": 8, "industrial": 11, "cemetery": 9,
	"residential": 9, "commercial": 10, "monument": 15, "memorial": 12, "temple": 14, "pagoda": 14,
}

func poiRank(cats []string) int {
	r := 10
	for _, c := range cats {
		if v, ok := categoryRank[c]; ok && (r == 10 || v > r) {
			r = v
		}
	}
	return r
}
