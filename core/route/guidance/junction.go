package guidance

import (
	"math"
	"strings"

	"github.com/bando-vn/bando/core/geo"
	rg "github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/search"
)

// option is another way the vehicle may leave a junction.
type option struct {
	angle      float64 // turn angle from the arriving bearing
	class      rg.Class
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
		info, err := b.g.EdgeInfo(b.ctx, e)
		if err != nil {
			return nil, err
		}
		if _, ok := b.c.EdgeCost(info.Edge, fwd); !ok {
			continue
		}
		br := edgeBearing(info, fwd)
		opts = append(opts, option{angle: TurnAngle(before, br), class: info.Class, name: info.Name, ref: info.Ref,
			roundabout: info.Has(rg.FlagRoundabout), minor: minor(info.Edge)})
	}
	return opts, nil
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
		info, err := b.g.EdgeInfo(b.ctx, e)
		if err != nil {
			return nil, err
		}
		// arriving at n means traversing the edge towards n: backward when n is U
		if _, ok := b.c.EdgeCost(info.Edge, !nIsU); !ok || !highway(info.Class) {
			continue
		}
		out = append(out, math.Mod(edgeBearing(info, nIsU)+180, 360))
	}
	return out, nil
}

// edgeBearing is the bearing leaving an edge's end node into the edge over
// up to ApproachM metres: from U when fwd, else from V.
func edgeBearing(info rg.EdgeInfo, fwd bool) float64 {
	n := len(info.Lat)
	if n < 2 {
		return 0
	}
	pt := func(k int) geo.LatLng {
		if !fwd {
			k = n - 1 - k
		}
		return geo.PointE7(info.Lat[k], info.Lng[k])
	}
	var l line
	for k := 0; k < n; k++ {
		l.add(pt(k))
		if l.length() >= ApproachM {
			break
		}
	}
	return l.bearing(0, ApproachM)
}

// minor: roads that do not count as a competing way out for a vehicle on
// a bigger road (driveways, alleys, tracks, paths).
func minor(e *rg.Edge) bool {
	switch e.Class {
	case rg.ClassService, rg.ClassTrack, rg.ClassPath, rg.ClassFootway, rg.ClassCycleway, rg.ClassSteps,
		rg.ClassPedestrian, rg.ClassBridleway, rg.ClassLivingStreet:
		return true
	}
	return e.Has(rg.FlagAlley)
}

func minorClass(c rg.Class) bool { return minor(&rg.Edge{Class: c}) }

// highway: expressways and trunk roads, the roads ramps lead to.
func highway(c rg.Class) bool { return c == rg.ClassMotorway || c == rg.ClassTrunk }

// link: their ramps.
func link(c rg.Class) bool { return c == rg.ClassMotorwayLink || c == rg.ClassTrunkLink }

// head is the node a step arrives at.
func (b *builder) head(st *search.Step) (uint32, error) {
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
func rank(c rg.Class) int {
	switch c {
	case rg.ClassMotorway, rg.ClassMotorwayLink:
		return 0
	case rg.ClassTrunk, rg.ClassTrunkLink:
		return 1
	case rg.ClassPrimary, rg.ClassPrimaryLink:
		return 2
	case rg.ClassSecondary, rg.ClassSecondaryLink:
		return 3
	case rg.ClassTertiary, rg.ClassTertiaryLink:
		return 4
	case rg.ClassUnclassified, rg.ClassResidential, rg.ClassRoad:
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
