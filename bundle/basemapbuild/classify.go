package basemapbuild

import "github.com/paulmach/osm"

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
		"unclassified": {"minor", 12}, "residential": {"minor", 12}, "living_street": {"minor", 13},
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

// classifyNode: places (cities, towns, villages, …) with a name.
func classifyNode(t osm.Tags) (class, bool) {
	z, ok := placeClass[t.Find("place")]
	if !ok || t.Find("name") == "" {
		return class{}, false
	}
	return class{layer: "places", kind: t.Find("place"), minz: z, keep: []string{"name", "name:en"}}, true
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
