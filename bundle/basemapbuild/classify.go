package basemapbuild

import (
	"sort"

	"github.com/paulmach/osm"
)

// class says where an OSM object goes: layer, class property, the first
// zoom it is drawn at, whether it is an area, and the tags it keeps.
type class struct {
	layer string
	kind  string
	minz  int
	area  bool
	keep  []string
}

var (
	roadKeep  = []string{"name", "ref"}
	nameKeep  = []string{"name"}
	noKeep    []string
	roadClass = map[string]struct {
		kind string
		minz int
	}{
		"motorway": {"motorway", 5}, "trunk": {"trunk", 6}, "primary": {"primary", 8},
		"secondary": {"secondary", 9}, "tertiary": {"tertiary", 11},
		"motorway_link": {"motorway", 11}, "trunk_link": {"trunk", 11}, "primary_link": {"primary", 12},
		"secondary_link": {"secondary", 12}, "tertiary_link": {"tertiary", 13},
		"unclassified": {"minor", 13}, "residential": {"minor", 13}, "living_street": {"minor", 13},
		"road": {"minor", 13}, "service": {"service", 14}, "pedestrian": {"path", 14},
		"track": {"path", 14}, "footway": {"path", 14}, "path": {"path", 14},
		"cycleway": {"path", 14}, "steps": {"path", 14},
	}
	waterwayClass = map[string]int{"river": 8, "canal": 10, "stream": 12, "drain": 13, "ditch": 13}
	placeClass    = map[string]int{
		"city": 5, "town": 8, "suburb": 10, "village": 11, "quarter": 12,
		"neighbourhood": 13, "hamlet": 13,
	}
	landuseClass = map[string]string{
		"landuse=residential": "residential", "landuse=commercial": "commercial", "landuse=retail": "commercial",
		"landuse=industrial": "industrial", "landuse=farmland": "farmland", "landuse=farmyard": "farmland",
		"landuse=orchard": "farmland", "landuse=aquaculture": "farmland", "landuse=forest": "forest",
		"natural=wood": "forest", "natural=scrub": "grass", "natural=grassland": "grass",
		"landuse=grass": "grass", "landuse=meadow": "grass", "landuse=recreation_ground": "park",
		"leisure=park": "park", "leisure=garden": "park", "leisure=pitch": "pitch", "leisure=golf_course": "park",
		"landuse=cemetery": "cemetery", "amenity=grave_yard": "cemetery", "natural=sand": "sand",
		"natural=beach": "sand", "natural=wetland": "wetland",
	}
)

// deepest marks a class drawn only at the build's deepest zoom (Options.MaxZoom).
const deepest = -1

// poiClass: the POI icon (a Maki icon name) of key=value tags; a key alone
// (shop, tourism) is the fallback for its other values.
var poiClass = map[string]string{
	"amenity=restaurant": "restaurant", "amenity=food_court": "restaurant", "amenity=cafe": "cafe",
	"amenity=fast_food": "fast-food", "amenity=ice_cream": "ice-cream", "amenity=bar": "bar", "amenity=pub": "bar",
	"amenity=biergarten": "bar", "amenity=nightclub": "bar", "amenity=bank": "bank", "amenity=atm": "bank",
	"amenity=bureau_de_change": "bank", "amenity=school": "school", "amenity=kindergarten": "school",
	"amenity=college": "school", "amenity=university": "school", "amenity=library": "library",
	"amenity=hospital": "hospital", "amenity=clinic": "hospital", "amenity=doctors": "doctor",
	"amenity=dentist": "dentist", "amenity=pharmacy": "pharmacy", "amenity=place_of_worship": "place-of-worship",
	"amenity=post_office": "post", "amenity=police": "police", "amenity=fire_station": "fire-station",
	"amenity=townhall": "town-hall", "amenity=community_centre": "town-hall", "amenity=theatre": "theatre",
	"amenity=cinema": "cinema", "amenity=arts_centre": "theatre", "amenity=marketplace": "grocery",
	"amenity=fuel": "fuel", "amenity=parking": "parking", "amenity=bus_station": "bus",
	"amenity=toilets": "toilet", "amenity=drinking_water": "drinking-water",
	"shop=supermarket": "grocery", "shop=convenience": "convenience", "shop=bakery": "bakery",
	"shop=clothes": "clothing-store", "shop=hairdresser": "hairdresser", "shop=beauty": "hairdresser",
	"shop=mobile_phone": "mobile-phone", "shop=books": "library", "shop=travel_agency": "suitcase",
	"shop=motorcycle": "scooter", "shop=bicycle": "bicycle", "shop=car_repair": "car-repair", "shop": "shop",
	"tourism=hotel": "lodging", "tourism=hostel": "lodging", "tourism=guest_house": "lodging",
	"tourism=motel": "lodging", "tourism=apartment": "lodging", "tourism=museum": "museum",
	"tourism=attraction": "attraction", "tourism=viewpoint": "attraction", "tourism=artwork": "attraction",
	"tourism=information": "information", "tourism=zoo": "zoo", "historic=monument": "monument",
	"historic=memorial": "monument", "historic": "landmark", "leisure=park": "park", "leisure=garden": "park",
	"leisure=sports_centre": "fitness-centre", "leisure=fitness_centre": "fitness-centre",
	"leisure=stadium": "stadium", "railway=station": "rail", "aeroway=aerodrome": "airport",
}

// POIClasses lists every POI class (icon name) the basemap may hold, sorted.
func POIClasses() []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range poiClass {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	sort.Strings(out)
	return out
}

// poiOf: the icon of a named point of interest, if it is one.
func poiOf(t osm.Tags) (string, bool) {
	if t.Find("name") == "" {
		return "", false
	}
	for _, k := range [...]string{"amenity", "shop", "tourism", "historic", "leisure", "railway", "aeroway"} {
		v := t.Find(k)
		if v == "" {
			continue
		}
		if c, ok := poiClass[k+"="+v]; ok {
			return c, true
		}
		if c, ok := poiClass[k]; ok && v != "no" && v != "vacant" {
			return c, true
		}
	}
	return "", false
}

// classifyNode: places (cities, towns, villages, …) with a name; named
// points of interest and house numbers, both only at the deepest zoom
// (styles draw them from z15 and z18 by overzoom).
func classifyNode(t osm.Tags) []class {
	var out []class
	if z, ok := placeClass[t.Find("place")]; ok && t.Find("name") != "" {
		out = append(out, class{layer: "places", kind: t.Find("place"), minz: z, keep: []string{"name", "name:en"}})
	}
	if c, ok := poiOf(t); ok {
		out = append(out, class{layer: "pois", kind: c, minz: deepest, keep: nameKeep})
	}
	if t.Find("addr:housenumber") != "" {
		out = append(out, class{layer: "housenumbers", minz: deepest, keep: []string{"addr:housenumber"}})
	}
	return out
}

// classifyWay: roads and railways, waterways, and closed ways that are areas.
func classifyWay(t osm.Tags, nodes osm.WayNodes) (class, bool) {
	if h, ok := roadClass[t.Find("highway")]; ok && t.Find("area") != "yes" {
		return class{layer: "roads", kind: h.kind, minz: h.minz, keep: roadKeep}, true
	}
	if t.Find("railway") == "rail" {
		return class{layer: "roads", kind: "rail", minz: 10, keep: nameKeep}, true
	}
	if z, ok := waterwayClass[t.Find("waterway")]; ok {
		return class{layer: "waterways", kind: t.Find("waterway"), minz: z, keep: nameKeep}, true
	}
	closed := len(nodes) >= 4 && nodes[0].ID == nodes[len(nodes)-1].ID
	if !closed {
		return class{}, false
	}
	if b := t.Find("building"); b != "" && b != "no" {
		return class{layer: "buildings", minz: 14, area: true, keep: noKeep}, true
	}
	return classifyArea(t)
}

// areaTags: tags of a way that may be an area (so a multipolygon may use it).
func areaTags(t osm.Tags) bool {
	_, ok := classifyArea(t)
	return ok || t.Find("natural") == "coastline"
}

// classifyArea: water bodies and land use.
func classifyArea(t osm.Tags) (class, bool) {
	switch {
	case t.Find("natural") == "water", t.Find("waterway") == "riverbank",
		t.Find("landuse") == "reservoir", t.Find("landuse") == "basin", t.Find("natural") == "bay":
		return class{layer: "water", kind: "water", minz: 8, area: true, keep: nameKeep}, true
	}
	for _, k := range [...]string{"landuse", "leisure", "natural", "amenity"} {
		if c, ok := landuseClass[k+"="+t.Find(k)]; ok {
			return class{layer: "landuse", kind: c, minz: 10, area: true, keep: noKeep}, true
		}
	}
	return class{}, false
}
