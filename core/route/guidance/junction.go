package guidance

import (
	"encoding/binary"
	"errors"
	"math"
	"strings"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/pathfind"
)

// option is another way the vehicle may leave a junction.
type option struct {
	angle      float64 // turn angle from the arriving bearing
	class      graph.Class
	name, ref  string
	roundabout bool
	minor      bool
}

// junctionOptions lists the ways out of node n other than the route's own
// (out) and the way back onto the edge it arrived on (in): edges the
// costing allows leaving n, with their turn angles from the bearing before.
func (b *builder) junctionOptions(n, in, out uint32, outFwd bool, before float64) ([]option, error) {
	adj, _, err := b.g.Adjacent(b.ctx, n)
	if err != nil {
		return nil, err
	}
	var opts []option
	for _, a := range adj {
		e, fwd := a>>1, a&1 == 0
		if e == in || e == out && fwd == outFwd {
			continue
		}
		t, i, err := b.g.EdgeTile(b.ctx, e)
		if err != nil {
			return nil, err
		}
		ed := &t.Edges[i]
		if _, ok := b.c.EdgeCost(ed, fwd); !ok {
			continue
		}
		br, err := packedBearing(t.Geom[t.GeomOff[i]:t.GeomOff[i+1]], fwd)
		if err != nil {
			return nil, err
		}
		opts = append(opts, option{angle: TurnAngle(before, br), class: ed.Class, name: t.Strings[ed.Name], ref: t.Strings[ed.Ref],
			roundabout: ed.Has(graph.FlagRoundabout), minor: minor(ed)})
	}
	return opts, nil
}

// packedBearing is the bearing leaving an edge's end node into the edge
// over up to ApproachM metres (from U when fwd, else from V), read from
// the edge's packed geometry (FORMAT.md §3: zigzag varint deltas of 1e-7°
// from the previous point) without decoding it into slices: going
// forward it stops at ApproachM, going backward it keeps the last 32
// points.
func packedBearing(geom []byte, fwd bool) (float64, error) {
	var ring [32]geo.LatLng
	n := 0
	var la, lo int64
	for len(geom) > 0 {
		dl, k := binary.Varint(geom)
		if k <= 0 {
			return 0, errors.New("guidance: corrupt edge geometry")
		}
		dg, m := binary.Varint(geom[k:])
		if m <= 0 {
			return 0, errors.New("guidance: corrupt edge geometry")
		}
		geom = geom[k+m:]
		la, lo = la+dl, lo+dg
		ring[n%len(ring)] = geo.PointE7(int32(la), int32(lo))
		n++
		if fwd && n > 1 && planarM(ring[0], ring[(n-1)%len(ring)]) >= ApproachM {
			break
		}
	}
	if n < 2 {
		return 0, nil
	}
	if fwd {
		return planarBearing(ring[0], ring[(n-1)%len(ring)]), nil
	}
	end := ring[(n-1)%len(ring)]
	far := end
	for k := n - 2; k >= 0 && k > n-1-len(ring); k-- {
		far = ring[k%len(ring)]
		if planarM(end, far) >= ApproachM {
			break
		}
	}
	return planarBearing(end, far), nil
}

// planarM and planarBearing measure as line does, over a few metres.
func planarM(a, b geo.LatLng) float64 {
	k := math.Cos(a.Lat * math.Pi / 180)
	return math.Hypot(b.Lat-a.Lat, (b.Lng-a.Lng)*k) * metresPerDeg
}

func planarBearing(a, b geo.LatLng) float64 {
	if a == b {
		return 0
	}
	k := math.Cos(a.Lat * math.Pi / 180)
	br := math.Atan2((b.Lng-a.Lng)*k, b.Lat-a.Lat) * 180 / math.Pi
	if br < 0 {
		br += 360
	}
	return br
}

// arriving lists the bearings of travel on the other highway-class edges
// arriving at node n (the main road a ramp merges into).
func (b *builder) arriving(n, in uint32) ([]float64, error) {
	adj, _, err := b.g.Adjacent(b.ctx, n)
	if err != nil {
		return nil, err
	}
	var out []float64
	for _, a := range adj {
		e, nIsU := a>>1, a&1 == 0
		if e == in {
			continue
		}
		t, i, err := b.g.EdgeTile(b.ctx, e)
		if err != nil {
			return nil, err
		}
		ed := &t.Edges[i]
		// arriving at n means traversing the edge towards n: backward when n is U
		if _, ok := b.c.EdgeCost(ed, !nIsU); !ok || !highway(ed.Class) {
			continue
		}
		br, err := packedBearing(t.Geom[t.GeomOff[i]:t.GeomOff[i+1]], nIsU)
		if err != nil {
			return nil, err
		}
		out = append(out, math.Mod(br+180, 360))
	}
	return out, nil
}

// minor: roads that do not count as a competing way out for a vehicle on
// a bigger road (driveways, alleys, tracks, paths).
func minor(e *graph.Edge) bool {
	switch e.Class {
	case graph.ClassService, graph.ClassTrack, graph.ClassPath, graph.ClassFootway, graph.ClassCycleway, graph.ClassSteps,
		graph.ClassPedestrian, graph.ClassBridleway, graph.ClassLivingStreet:
		return true
	}
	return e.Has(graph.FlagAlley)
}

func minorClass(c graph.Class) bool { return minor(&graph.Edge{Class: c}) }

// highway: expressways and trunk roads, the roads ramps lead to.
func highway(c graph.Class) bool { return c == graph.ClassMotorway || c == graph.ClassTrunk }

// link: their ramps.
func link(c graph.Class) bool { return c == graph.ClassMotorwayLink || c == graph.ClassTrunkLink }

// head is the node a step arrives at.
func (b *builder) head(st *pathfind.Step) (uint32, error) {
	e, err := b.g.Edge(b.ctx, st.Edge)
	if err != nil {
		return 0, err
	}
	if st.Forward {
		return e.V, nil
	}
	return e.U, nil
}

// sideAgainst is the side of a branch at angle a relative to the nearest
// competing branch among opts (SlightRight when a is right of it); a
// clearly turning branch keeps its own modifier.
func sideAgainst(a float64, opts []option) Modifier {
	if math.Abs(a) >= straightMax {
		return ModifierOf(a)
	}
	best, found := 0.0, false
	for _, o := range opts {
		if !found || math.Abs(o.angle-a) < math.Abs(best-a) {
			best, found = o.angle, true
		}
	}
	switch {
	case !found:
		return Straight
	case a >= best:
		return SlightRight
	}
	return SlightLeft
}

// rank orders road classes by importance (0 the highest); a ramp ranks
// with its road.
func rank(c graph.Class) int {
	switch c {
	case graph.ClassMotorway, graph.ClassMotorwayLink:
		return 0
	case graph.ClassTrunk, graph.ClassTrunkLink:
		return 1
	case graph.ClassPrimary, graph.ClassPrimaryLink:
		return 2
	case graph.ClassSecondary, graph.ClassSecondaryLink:
		return 3
	case graph.ClassTertiary, graph.ClassTertiaryLink:
		return 4
	case graph.ClassUnclassified, graph.ClassResidential, graph.ClassRoad:
		return 5
	}
	return 6
}

// sameRoad: two name/ref pairs name the same road. An empty name (or
// ref) on one side is unknown, not different ("" / QL.2 is "Quốc lộ 2" /
// QL.2); with the same ref, names that differ only after a comma (the
// commune a stretch runs through: "Đường tỉnh 317, Tu Vũ") are the same
// road; two roads without name or ref are not known to be the same.
func sameRoad(n1, r1, n2, r2 string) bool {
	switch {
	case n1 != "" && n2 != "" && n1 == n2:
		return true
	case r1 != "" && r2 != "" && r1 != r2:
		return false
	case r1 != "" && r1 == r2 && (n1 == "" || n2 == "" || baseName(n1) == baseName(n2)):
		return true
	}
	return false
}

func baseName(n string) string {
	if i := strings.Index(n, ", "); i > 0 {
		return n[:i]
	}
	return n
}
