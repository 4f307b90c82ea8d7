package bundle

import (
	"strings"

	"github.com/paulmach/osm"

	"github.com/bando-vn/bando/bundle/adminbuild"
	"github.com/bando-vn/bando/core/geo"
)

// evidenceCollector gathers, while the input is scanned, what names old
// wards at points (bundle/admin Evidence): ward-named place nodes, objects
// tagged addr:subdistrict / addr:ward / is_in, and ward boundary relations
// with the ways tagged as boundaries. Ways and relations are resolved to
// points after the scan, from the place collector's node store.
type evidenceCollector struct {
	points    []adminbuild.Evidence
	tagWays   []*osm.Way
	bWays     map[osm.WayID][]osm.WayNode
	relations []*osm.Relation
}

func newEvidenceCollector() *evidenceCollector {
	return &evidenceCollector{bWays: map[osm.WayID][]osm.WayNode{}}
}

// wardPlaces are the place=* values named after wards in Vietnamese data.
var wardPlaces = map[string]bool{"quarter": true, "neighbourhood": true, "suburb": true}

// wardTag is the ward an object's tags name, "" if none: addr:subdistrict,
// then addr:ward, then the first is_in part that names a ward.
func wardTag(t osm.Tags) string {
	for _, k := range []string{"addr:subdistrict", "addr:ward"} {
		if v := strings.TrimSpace(t.Find(k)); v != "" {
			return v
		}
	}
	for _, part := range strings.Split(t.Find("is_in"), ",") {
		p := strings.TrimSpace(part)
		if l := strings.ToLower(p); strings.HasPrefix(l, "phường ") || strings.HasPrefix(l, "xã ") || strings.HasPrefix(l, "thị trấn ") {
			return p
		}
	}
	return ""
}

// namesakeKinds are the amenities that usually bear the name of the ward
// they serve (a market, a school, a ward's offices).
var namesakeKinds = map[string]bool{"marketplace": true, "school": true, "kindergarten": true, "townhall": true, "community_centre": true, "police": true}

// namesakeWords open the names of places that bear their ward's name
// whatever their tags: markets, schools, community halls, health stations.
var namesakeWords = []string{"chợ ", "trường ", "nhà văn hóa ", "nhà văn hoá ", "trạm y tế "}

func namesakeName(n string) bool {
	l := strings.ToLower(n)
	for _, w := range namesakeWords {
		if strings.HasPrefix(l, w) {
			return true
		}
	}
	return false
}

// offices are the openings of the names of a ward's own offices, lower case.
var offices = []string{"ubnd ", "ủy ban nhân dân ", "uỷ ban nhân dân ", "công an ", "trạm y tế ", "đảng ủy ", "đảng uỷ ", "hđnd - ubnd ", "hđnd ubnd "}

// officeWard is the ward a ward office's name names ("UBND Phường Bến Nghé" →
// "Phường Bến Nghé", "Công an phường 6" → "phường 6"), "" for other names.
// The unit word is required: "Công an quận 1" or "Trạm y tế Bến Nghé" say nothing.
func officeWard(name string) string {
	l := strings.ToLower(strings.TrimSpace(name))
	for _, o := range offices {
		if rest, ok := strings.CutPrefix(l, o); ok {
			for _, u := range []string{"phường ", "xã ", "thị trấn "} {
				if strings.HasPrefix(rest, u) && len(rest) > len(u) {
					return rest
				}
			}
			return ""
		}
	}
	return ""
}

func (e *evidenceCollector) add(o osm.Object) {
	switch v := o.(type) {
	case *osm.Node:
		if w := wardTag(v.Tags); w != "" {
			e.points = append(e.points, adminbuild.Evidence{Name: w, Kind: adminbuild.EvidenceTag, X: geo.E7(v.Lon), Y: geo.E7(v.Lat), Edited: v.Timestamp.Unix()})
		} else if n := v.Tags.Find("name"); n != "" && wardPlaces[v.Tags.Find("place")] {
			e.points = append(e.points, adminbuild.Evidence{Name: n, Kind: adminbuild.EvidencePlace, X: geo.E7(v.Lon), Y: geo.E7(v.Lat), Edited: v.Timestamp.Unix()})
		} else if w := officeWard(v.Tags.Find("name")); w != "" {
			e.points = append(e.points, adminbuild.Evidence{Name: w, Kind: adminbuild.EvidenceOffice, X: geo.E7(v.Lon), Y: geo.E7(v.Lat), Edited: v.Timestamp.Unix()})
		} else if n := v.Tags.Find("name"); n != "" && (namesakeKinds[v.Tags.Find("amenity")] || namesakeName(n)) {
			e.points = append(e.points, adminbuild.Evidence{Name: n, Kind: adminbuild.EvidenceNamesake, X: geo.E7(v.Lon), Y: geo.E7(v.Lat), Edited: v.Timestamp.Unix()})
		}
	case *osm.Way:
		if wardTag(v.Tags) != "" || officeWard(v.Tags.Find("name")) != "" {
			e.tagWays = append(e.tagWays, v)
		}
		if v.Tags.Find("boundary") == "administrative" {
			e.bWays[v.ID] = v.Nodes
		}
	case *osm.Relation:
		if adminbuild.IsWardBoundary(v) {
			e.relations = append(e.relations, v)
		}
	}
}

// finish returns every evidence point, ways at the mean of their nodes.
func (e *evidenceCollector) finish(c *placeCollector) []adminbuild.Evidence {
	out := append([]adminbuild.Evidence(nil), e.points...)
	for _, w := range e.tagWays {
		lat, lng, ok := c.wayCentre(w)
		if !ok {
			continue
		}
		if t := wardTag(w.Tags); t != "" {
			out = append(out, adminbuild.Evidence{Name: t, Kind: adminbuild.EvidenceTag, X: geo.E7(lng), Y: geo.E7(lat), Edited: w.Timestamp.Unix()})
		} else {
			out = append(out, adminbuild.Evidence{Name: officeWard(w.Tags.Find("name")), Kind: adminbuild.EvidenceOffice, X: geo.E7(lng), Y: geo.E7(lat), Edited: w.Timestamp.Unix()})
		}
	}
	if len(e.relations) > 0 {
		out = append(out, adminbuild.BoundaryEvidence(e.relations, e.bWays, func(id osm.NodeID) ([2]int32, bool) {
			p, ok := c.nodes.get(id)
			return [2]int32{geo.E7(p[1]), geo.E7(p[0])}, ok
		})...)
	}
	return out
}
