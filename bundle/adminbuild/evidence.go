package adminbuild

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/paulmach/osm"

	"github.com/bando-vn/bando/core/admin"
)

// EvidenceKind says how a point came to name an old ward; lower is stronger.
type EvidenceKind uint8

const (
	// EvidenceBoundary: a point inside an OSM ward boundary relation.
	EvidenceBoundary EvidenceKind = iota
	// EvidenceTag: an address or POI tagged addr:subdistrict, addr:ward or is_in.
	EvidenceTag
	// EvidenceOffice: the ward's own office, named after it ("UBND phường Bến Nghé",
	// "Công an phường 6"): it lies in the ward it serves.
	EvidenceOffice
	// EvidencePlace: a place=quarter|neighbourhood|suburb node named after the ward.
	EvidencePlace
	// EvidenceNamesake: a market, school or public office whose name ends with
	// the ward's ("Chợ Đồng Xuân", "Trường THCS Quan Hoa"); Name is the whole
	// name; it counts only inside a new ward holding that old ward.
	EvidenceNamesake
)

// minNamesakeKey is the shortest ward key a namesake may end with (no
// numbers, no one-syllable names).
const minNamesakeKey = 6

// Evidence is a point that names the old ward it lies in. The build keeps
// only evidence whose name is an old ward the official table puts in the
// new ward containing the point.
type Evidence struct {
	Name string       // the ward as written: "Phường Hàng Trống", "Hàng Trống", "P. 6", "Ward 6", "2"
	Kind EvidenceKind //
	X, Y int32        // 1e-7°
	// Edited is when the object was last edited (unix seconds, 0 unknown). A
	// name that is also the name of the new ward containing the point may
	// mean the new ward: it counts only from objects edited before the
	// reform took effect.
	Edited int64
}

// reform is when the new structure took effect (1 July 2025, UTC+7).
var reform = time.Date(2025, 7, 1, 0, 0, 0, 0, time.FixedZone("ICT", 7*3600)).Unix()

// maxEvidencePerWard bounds the seeds one old ward gets inside one new ward
// (a street of tagged addresses gives hundreds); a spread subset is kept.
// Points closer than dedupeE7 (about 5 m) to a kept one of the same ward add
// nothing and are dropped first.
const (
	maxEvidencePerWard = 256
	dedupeE7           = 500
)

// unitWords are the words that may open a ward's name, lower case, longest
// first; asciiUnitWords the same typed without marks, stripped only from a
// name typed without marks ("Phuong 8"), so "Phương Mai" keeps its first word.
var (
	unitWords      = []string{"thị trấn ", "phường ", "ward ", "xã ", "tt. ", "tt ", "p. ", "p.", "p ", "x. "}
	asciiUnitWords = []string{"thi tran ", "phuong ", "xa "}
)

// wardKey folds a ward's name to what evidence and the unit lists agree on:
// no unit word, lower case without marks or spaces ("Đakao" = "Đa Kao"),
// numbers without leading zeros ("Phường 02", "P.2", "Ward 2" and "2" all
// give "2").
func wardKey(name string) string {
	s := strings.ToLower(strings.TrimSpace(name))
	words := unitWords
	if isASCII(s) {
		words = append(append([]string(nil), unitWords...), asciiUnitWords...)
	}
	for _, w := range words {
		if strings.HasPrefix(s, w) && len(s) > len(w) {
			s = strings.TrimSpace(s[len(w):])
			break
		}
	}
	s = strings.ReplaceAll(foldName(s), " ", "")
	if n, err := strconv.Atoi(s); err == nil && n >= 0 {
		return strconv.Itoa(n)
	}
	return s
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// wardKeys are the keys an official name answers to: its own, and each part
// of a name joined from two merged wards ("Phường Văn Miếu - Quốc Tử Giám"
// answers to "Văn Miếu" and "Quốc Tử Giám", which evidence older than the
// merger uses).
func wardKeys(name string) []string {
	keys := []string{wardKey(name)}
	if parts := strings.Split(name, " - "); len(parts) > 1 {
		for _, p := range parts {
			keys = append(keys, wardKey(p))
		}
	}
	return keys
}

// evidenceSeed is one matched evidence point.
type evidenceSeed struct {
	w, ow, od int
	kind      EvidenceKind
	pt        sample
}

// nearE7 is how far (about 2 km) around a new ward evidence of one of its old
// wards still counts: the part of an old ward split among new wards lies
// next to the part that holds its place node.
const nearE7 = 180000

// matchEvidence names each evidence point's old ward: among the old wards
// the table puts in the new ward containing the point, else among those of
// the new wards within nearE7 (one answer only, else it is ambiguous). The
// point then counts for every new ward that old ward went into and that lies
// within nearE7 of it, so an old ward split among new wards is placed in each
// by the evidence of its other parts. Counts go to the warnings.
func (m *model) matchEvidence(ev []Evidence, links []link) [][]evidenceSeed {
	out := make([][]evidenceSeed, len(m.newWards))
	if len(ev) == 0 {
		return out
	}
	cands := make([]map[string][]link, len(m.newWards)) // per new ward: key → links
	into := map[int][]int{}                             // old ward → new wards
	for _, l := range links {
		if l.ow < 0 {
			continue
		}
		if !slices.Contains(into[l.ow], l.w) {
			into[l.ow] = append(into[l.ow], l.w)
		}
		if cands[l.w] == nil {
			cands[l.w] = map[string][]link{}
		}
		for _, k := range wardKeys(m.oldWards[l.ow].Name) {
			if !slices.ContainsFunc(cands[l.w][k], func(x link) bool { return x.ow == l.ow }) {
				cands[l.w][k] = append(cands[l.w][k], l)
			}
		}
	}
	wardPolys := m.layers[admin.LayerNewWard]
	boxes := make([]bbox, len(m.newWards))
	for i := range boxes {
		boxes[i] = emptyBBox()
	}
	for _, p := range wardPolys {
		boxes[p.owner] = boxes[p.owner].union(p.poly.bbox())
	}
	near := func(w int, x, y int32) bool {
		b := boxes[w]
		return b.valid() && x >= b[0]-nearE7 && x <= b[2]+nearE7 && y >= b[1]-nearE7 && y <= b[3]+nearE7
	}
	kept, outside, unknown, ambiguous := 0, 0, 0, 0
	for _, e := range ev {
		w0 := -1
		for _, p := range wardPolys {
			b := p.poly.bbox()
			if e.X >= b[0] && e.X <= b[2] && e.Y >= b[1] && e.Y <= b[3] && p.poly.contains(e.X, e.Y) {
				w0 = p.owner
				break
			}
		}
		if w0 < 0 {
			outside++
			continue
		}
		key := wardKey(e.Name)
		if key == wardKey(m.newWards[w0].Name) && (e.Edited == 0 || e.Edited >= reform) && len(cands[w0]) > 1 {
			ambiguous++ // may name the new ward
			continue
		}
		var ls []link
		if e.Kind == EvidenceNamesake {
			ls = namesake(cands[w0], key)
		} else {
			ls = cands[w0][key]
		}
		if len(ls) == 0 && e.Kind != EvidenceNamesake {
			for w := range boxes {
				if w != w0 && near(w, e.X, e.Y) {
					for _, l := range cands[w][key] {
						if !slices.ContainsFunc(ls, func(x link) bool { return x.ow == l.ow }) {
							ls = append(ls, l)
						}
					}
				}
			}
		}
		switch {
		case len(ls) == 0:
			unknown++
			continue
		case len(ls) > 1:
			ambiguous++
			continue
		}
		for _, w := range into[ls[0].ow] {
			if w == w0 || near(w, e.X, e.Y) {
				out[w] = append(out[w], evidenceSeed{w: w, ow: ls[0].ow, od: ls[0].od, kind: e.Kind, pt: sample{e.X, e.Y}})
			}
		}
		kept++
	}
	for w := range out {
		out[w] = thin(out[w])
	}
	m.warnf("old-ward evidence: %d points kept, %d outside every new ward, %d naming no old ward near, %d ambiguous", kept, outside, unknown, ambiguous)
	return out
}

// namesake is the old ward whose key the name's key ends with (the longest
// such key; nil when none, or two different wards tie).
func namesake(cands map[string][]link, key string) []link {
	var best []link
	bestLen, tie := 0, false
	named := map[int]bool{} // old wards whose key the name holds anywhere
	for k, ls := range cands {
		if len(k) >= minNamesakeKey && strings.Contains(key, k) {
			named[ls[0].ow] = true
		}
	}
	if len(named) > 1 { // "Chợ đêm Hàng Đào – Đồng Xuân" names two wards: neither
		return nil
	}
	for k, ls := range cands {
		if len(k) < minNamesakeKey || len(k) >= len(key) || !strings.HasSuffix(key, k) {
			continue
		}
		switch {
		case len(k) > bestLen:
			best, bestLen, tie = ls, len(k), false
		case len(k) == bestLen && !slices.EqualFunc(ls, best, func(a, b link) bool { return a.ow == b.ow }):
			tie = true
		}
	}
	if tie {
		return nil
	}
	return best
}

// thin keeps at most maxEvidencePerWard points per old ward, strongest kind
// first, then spread evenly over the rest in a fixed order.
func thin(s []evidenceSeed) []evidenceSeed {
	sort.SliceStable(s, func(i, j int) bool {
		a, b := s[i], s[j]
		if a.ow != b.ow {
			return a.ow < b.ow
		}
		if a.kind != b.kind {
			return a.kind < b.kind
		}
		if a.pt.x != b.pt.x {
			return a.pt.x < b.pt.x
		}
		return a.pt.y < b.pt.y
	})
	var out []evidenceSeed
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j].ow == s[i].ow {
			j++
		}
		group := s[i:j]
		// a ward boundary, where there is one, is the only evidence kept
		k := len(group)
		if group[0].kind == EvidenceBoundary {
			k = 0
			for k < len(group) && group[k].kind == EvidenceBoundary {
				k++
			}
		}
		group = dedupe(group[:k])
		if len(group) <= maxEvidencePerWard {
			out = append(out, group...)
		} else {
			for n := 0; n < maxEvidencePerWard; n++ {
				out = append(out, group[n*len(group)/maxEvidencePerWard])
			}
		}
		i = j
	}
	return out
}

// dedupe drops points of one ward within dedupeE7 of a point kept before them.
func dedupe(g []evidenceSeed) []evidenceSeed {
	seen := map[[2]int32]bool{}
	var out []evidenceSeed
	for _, e := range g {
		k := [2]int32{e.pt.x / dedupeE7, e.pt.y / dedupeE7}
		if !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	return out
}

// applyEvidence turns the partition of new ward w (one k-means seed per link)
// into one that claims no more than the evidence supports. In each old
// district of w:
//   - a single old ward: its seed stands (the table alone decides);
//   - several, with evidence: the evidence points are the seeds, and each old
//     ward without evidence keeps its k-means site as an "unknown" seed
//     (OldWard -1), so the area near it is not claimed by its neighbours;
//   - several, without evidence: the k-means sites become unknown seeds (the
//     district is still known, the ward is not).
//
// The result is sorted by district, then old ward, as the writer needs.
func applyEvidence(seeds []admin.Seed, ev []evidenceSeed) []admin.Seed {
	wardsOf := map[int]map[int]bool{} // district → old wards
	for _, s := range seeds {
		if wardsOf[s.OldDistrict] == nil {
			wardsOf[s.OldDistrict] = map[int]bool{}
		}
		wardsOf[s.OldDistrict][s.OldWard] = true
	}
	hasEv := map[int]bool{} // old ward → evidence
	for _, e := range ev {
		hasEv[e.ow] = true
	}
	var out []admin.Seed
	for _, s := range seeds {
		if len(wardsOf[s.OldDistrict]) <= 1 || s.OldWard < 0 {
			out = append(out, s)
			continue
		}
		if !hasEv[s.OldWard] {
			s.OldWard = -1
			out = append(out, s)
		}
	}
	for _, e := range ev {
		if len(wardsOf[e.od]) <= 1 || !wardsOf[e.od][e.ow] {
			continue // the table alone decides there
		}
		out = append(out, admin.Seed{X: e.pt.x, Y: e.pt.y, OldWard: e.ow, OldDistrict: e.od})
	}
	return out
}

// IsWardBoundary reports whether r is a ward's boundary relation (a unit
// type of ward in its name, any admin_level above 4): evidence of old wards.
func IsWardBoundary(r *osm.Relation) bool {
	level, err := strconv.Atoi(r.Tags.Find("admin_level"))
	return err == nil && r.Tags.Find("boundary") == "administrative" && tierOf(level, r.Tags.Find("name")) == tierWard
}

// BoundaryEvidence samples the interior of each ward boundary relation whose
// rings close (relations cut at a file's edge give none): about 64 points
// each, named after the relation. ways holds the member ways' nodes, node
// the coordinates (1e-7°, x then y) of any node.
func BoundaryEvidence(rels []*osm.Relation, ways map[osm.WayID][]osm.WayNode, node func(osm.NodeID) ([2]int32, bool)) []Evidence {
	c := &OSMCollector{nodes: map[osm.NodeID][2]int32{}, ways: ways}
	for _, w := range ways {
		for _, n := range w {
			if p, ok := node(n.ID); ok {
				c.nodes[n.ID] = p
			}
		}
	}
	var out []Evidence
	for _, r := range rels {
		poly, _ := c.assemble(r)
		if len(poly) == 0 {
			continue
		}
		for _, s := range sampleInterior([]polygon{poly}, 64) {
			out = append(out, Evidence{Name: r.Tags.Find("name"), Kind: EvidenceBoundary, X: s.x, Y: s.y, Edited: r.Timestamp.Unix()})
		}
	}
	return out
}

// WardNameMatches reports whether a ward as written (a tag's value, a place
// node's name) names the old ward officially called official: the same key
// (wardKey), or one of a merged name's parts.
func WardNameMatches(written, official string) bool {
	k := wardKey(written)
	for _, o := range wardKeys(official) {
		if o == k {
			return true
		}
	}
	return false
}
