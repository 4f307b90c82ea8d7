//go:build routino

package peerbench

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/bando-vn/bando/bundle/graphbuild"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/paulmach/osm"
)

// Classes of a pair whose lengths differ by more than 1 % (task routino,
// issue #10).
const (
	classRoutinoForbidden = "a: Routino used a way/direction bando forbids"
	classBandoForbidden   = "b: bando's path is one Routino forbids"
	classMeasured         = "c: same or equally short path, measured differently"
	classEnds             = "d: different snapped ends"
	classNotShortest      = "e: bando not shortest (Routino's path legal in bando and shorter)"
	classUnconfirmed      = "e?: Routino's path legal and shorter, exact Dijkstra agrees with the hierarchy"
)

// routinoMetric is a path's length as Routino sums it: each segment's
// haversine distance on a sphere of radius 6378.137 km, truncated to
// whole metres (Routino's Distance() and km_to_distance()).
func routinoMetric(pts []geo.LatLng) float64 {
	const rad = math.Pi / 180
	m := 0.0
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		s1, s2 := math.Sin((a.Lat-b.Lat)*rad/2), math.Sin((a.Lng-b.Lng)*rad/2)
		h := s1*s1 + math.Cos(a.Lat*rad)*math.Cos(b.Lat*rad)*s2*s2
		m += math.Floor(6378.137 * 2 * math.Asin(math.Min(1, math.Sqrt(h))) * 1000)
	}
	return m
}

// geodesicLength is a polyline's length by bando's formula.
func geodesicLength(pts []geo.LatLng) float64 {
	m := 0.0
	for i := 1; i < len(pts); i++ {
		m += geo.GeodesicM(pts[i-1], pts[i])
	}
	return m
}

// bandoPoints is the polyline of bando's route.
func bandoPoints(r *pathfind.Route) []geo.LatLng {
	var pts []geo.LatLng
	for _, l := range r.Legs {
		for _, s := range l.Steps {
			for _, p := range s.Geometry {
				if len(pts) == 0 || pts[len(pts)-1] != p {
					pts = append(pts, p)
				}
			}
		}
	}
	return pts
}

// diagnosis holds what classifying needs.
type diagnosis struct {
	g     *graphbuild.Graph
	ix    *segIndex
	tags  *osmTags
	exact *pathfind.Engine
}

// verdict is one pair's class, with why.
type verdict struct{ class, reason, detail string }

// classify explains why bando's route r and Routino's (length ld, points
// pts) differ.
func (dg *diagnosis) classify(ctx context.Context, pair [2]geo.LatLng, r *pathfind.Route, ld float64, pts []geo.LatLng) verdict {
	lb, lrGeo := r.DistanceM, geodesicLength(pts)
	num := fmt.Sprintf("bando %.1f m, Routino %.1f m (its points by bando's formula %.1f m)", lb, ld, lrGeo)
	bs, bt := r.Points[0].Snapped, r.Points[len(r.Points)-1].Snapped
	if ds, dt := geo.GeodesicM(bs, pts[0]), geo.GeodesicM(bt, pts[len(pts)-1]); max(ds, dt) > 2 {
		return verdict{classEnds, endReason(ds, dt), fmt.Sprintf("%s; start %.1f m apart (request→bando %.1f, →Routino %.1f), end %.1f m apart (%.1f, %.1f)",
			num, ds, r.Points[0].DistanceM, geo.GeodesicM(pair[0], pts[0]), dt, r.Points[len(r.Points)-1].DistanceM, geo.GeodesicM(pair[1], pts[len(pts)-1]))}
	}
	if why, at := dg.illegalInBando(pts); why != "" {
		return verdict{classRoutinoForbidden, why, fmt.Sprintf("%s; at %.6f,%.6f", num, at.Lat, at.Lng)}
	}
	if lrGeo < lb-max(1, 0.001*lb) {
		ex, err := dg.exact.Route(ctx, setup.c, pair[:])
		if err == nil && ex.DistanceM < lb-0.5 {
			return verdict{classNotShortest, "hierarchy longer than exact Dijkstra", fmt.Sprintf("%s; exact Dijkstra %.1f m", num, ex.DistanceM)}
		}
		return verdict{classUnconfirmed, "", num}
	}
	if math.Abs(lrGeo-lb) <= 0.01*lrGeo {
		return verdict{classMeasured, measuredReason(ld, lrGeo, pts), num}
	}
	bp := bandoPoints(r)
	if mr := routinoMetric(bp); mr < ld-0.5 {
		why, at := dg.forbiddenByRoutino(r, pts)
		return verdict{classBandoForbidden, why, fmt.Sprintf("%s; bando's path by Routino's formula %.0f m; at %.6f,%.6f", num, mr, at.Lat, at.Lng)}
	}
	return verdict{classMeasured, "Routino's whole-metre sums rank its path first", num}
}

func endReason(ds, dt float64) string {
	if ds > 2 && dt > 2 {
		return "both ends"
	}
	return "one end"
}

// measuredReason says which of Routino's length rules explains most of
// the gap: whole metres per segment or the sphere.
func measuredReason(ld, lrGeo float64, pts []geo.LatLng) string {
	if math.Abs(routinoMetric(pts)-ld) < math.Abs(lrGeo-ld) {
		return "Routino's formula (whole metres per segment, sphere R=6378.137 km)"
	}
	return "other"
}

// illegalInBando maps Routino's points onto bando's edges and names the
// first piece bando's bench profile forbids ("" when all are allowed).
func (dg *diagnosis) illegalInBando(pts []geo.LatLng) (string, geo.LatLng) {
	prev := dg.ix.positions(pts[0])
	var last *step
	for i := 1; i < len(pts); i++ {
		if geo.GeodesicM(pts[i-1], pts[i]) < 0.05 {
			continue
		}
		cur := dg.ix.positions(pts[i])
		if samePlace(prev, cur) { // one node listed twice (float32 rounding apart)
			continue
		}
		steps := stepsBetween(prev, cur)
		if len(steps) == 0 {
			return dg.lacking(pts[i-1], pts[i]), pts[i]
		}
		st, ok := dg.allowedStep(steps)
		if !ok {
			e := &dg.g.Edges[st.edge]
			return bandoForbids(e, st.forward, dg.tags.ways[dg.g.WayIDs[st.edge]]), pts[i]
		}
		if last != nil {
			if why := dg.nodeBlocked(last); why != "" {
				return why, pts[i-1]
			}
		}
		last, prev = &st, cur
	}
	return "", geo.LatLng{}
}

// lacking names the way bando's graph lacks between p and q.
func (dg *diagnosis) lacking(p, q geo.LatLng) string {
	wp, wq := dg.tags.lackingWays(p), dg.tags.lackingWays(q)
	for w := range wp {
		if wq[w] {
			return "way not in bando's graph: " + summary(dg.tags.ways[w])
		}
	}
	return fmt.Sprintf("no bando edge joins two points (%d, %d positions)", len(dg.ix.positions(p)), len(dg.ix.positions(q)))
}

// samePlace: both lists hold the same positions (a vertex listed twice).
func samePlace(a, b []edgePos) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	in := map[edgePos]bool{}
	for _, p := range a {
		in[p] = true
	}
	for _, p := range b {
		if !in[p] || p.pos != math.Trunc(p.pos) {
			return false
		}
	}
	return true
}

// allowedStep picks a step the profile allows (else the first).
func (dg *diagnosis) allowedStep(steps []step) (step, bool) {
	for _, s := range steps {
		if _, ok := setup.c.EdgeCost(&dg.g.Edges[s.edge], s.forward); ok {
			return s, true
		}
	}
	return steps[0], false
}

// nodeBlocked: when step s ends at a junction node the profile may not
// pass, its tag.
func (dg *diagnosis) nodeBlocked(s *step) string {
	e := &dg.g.Edges[s.edge]
	lat, _ := dg.g.Geometry(s.edge)
	var n uint32
	switch s.to {
	case 0:
		n = e.U
	case float64(len(lat) - 1):
		n = e.V
	default:
		return ""
	}
	if _, ok := setup.c.NodeCost(dg.g.NodeFlags[n]); ok {
		return ""
	}
	t := dg.tags.node(dg.g.Lat[n], dg.g.Lng[n])
	return "barrier=" + t.Find("barrier") + accessSuffix(t)
}

func accessSuffix(t osm.Tags) string {
	var s []string
	for _, k := range nodeKeys[1:] {
		if v := t.Find(k); v != "" {
			s = append(s, k+"="+v)
		}
	}
	if len(s) == 0 {
		return ""
	}
	return " (" + strings.Join(s, ", ") + ")"
}

// forbiddenByRoutino names the first way or node of bando's route that
// Routino's tagging rules close for a motorcar.
func (dg *diagnosis) forbiddenByRoutino(r *pathfind.Route, pts []geo.LatLng) (string, geo.LatLng) {
	for _, l := range r.Legs {
		for _, s := range l.Steps {
			if why := routinoWayForbids(dg.tags.ways[dg.g.WayIDs[s.Edge]], s.Forward); why != "" {
				return why, s.Geometry[len(s.Geometry)/2]
			}
			for _, p := range s.Geometry {
				if t := dg.tags.node(geo.E7(p.Lat), geo.E7(p.Lng)); t != nil {
					if why := routinoNodeForbids(t); why != "" {
						return "node " + why, p
					}
				}
			}
		}
	}
	return "no rule found", pts[0]
}

// TestRoutinoDiagnosis classifies every pair whose lengths differ by more
// than 1 % (task routino): a, b, c, d, e as in the constants above, with
// counts per class and reason and one example of each.
func TestRoutinoDiagnosis(t *testing.T) {
	peers(t)
	ctx := context.Background()
	inGraph := map[int64]bool{}
	for _, w := range setup.g.WayIDs {
		inGraph[w] = true
	}
	tags, err := readTags(hanoiPBF, inGraph)
	if err != nil {
		t.Fatal(err)
	}
	dg := &diagnosis{g: setup.g, ix: newSegIndex(setup.g), tags: tags,
		exact: &pathfind.Engine{G: setup.en.G, Snap: setup.en.Snap, NoHierarchy: true}}
	counts, examples := map[string]int{}, map[string]string{}
	both, within := 0, 0
	for i, p := range setup.pairs {
		r, err := setup.en.Route(ctx, setup.c, p[:])
		ld, pts, errR := setup.rt.RoutePoints(p[0].Lat, p[0].Lng, p[1].Lat, p[1].Lng)
		if err != nil || errR != nil || ld < 200 {
			continue
		}
		both++
		if math.Abs(r.DistanceM-ld) <= 0.01*ld {
			within++
			continue
		}
		v := dg.classify(ctx, p, r, ld, pts)
		key := v.class + " | " + v.reason
		counts[v.class]++
		counts[key]++
		if _, ok := examples[key]; !ok {
			examples[key] = fmt.Sprintf("pair %d (%.6f,%.6f → %.6f,%.6f): %s", i, p[0].Lat, p[0].Lng, p[1].Lat, p[1].Lng, v.detail)
		}
	}
	t.Logf("%d pairs routed by both; %d (%.1f %%) within ±1 %% by the engines' own lengths", both, within, 100*float64(within)/float64(both))
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%4d  %s", counts[k], k)
		if ex, ok := examples[k]; ok {
			t.Logf("        e.g. %s", ex)
		}
	}
	if counts[classNotShortest] > 0 {
		t.Errorf("%d pairs where bando's hierarchy is longer than the exact Dijkstra", counts[classNotShortest])
	}
}
