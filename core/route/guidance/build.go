package guidance

import (
	"context"
	"errors"
	"math"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/route/snap"
)

// Tuning of what is worth saying (metres, degrees).
const (
	// ShortM: a stretch shorter than this under a new name does not earn a
	// "continue onto" of its own.
	ShortM = 30
	// connectorM: two same-side turns closer than this that together turn
	// back are one u-turn (through a gap in a median).
	connectorM = 35
	// forwardMax: a competing branch within this of straight makes the
	// junction a fork.
	forwardMax = 45
)

// builder carries one Build call.
type builder struct {
	ctx    context.Context
	g      *graph.Graph
	c      pathfind.Costing
	leg    *pathfind.Leg
	l      line
	starts []int // per step, the index in l.pts of its first point; starts[n] = the last point
}

// event is a maneuver found at a junction, before its stretch is known.
type event struct {
	step                         int // the first step the maneuver covers
	d                            float64
	kind                         Kind
	mod                          Modifier
	angle, before, after, afterM float64
	exit                         int
	name, ref                    string
}

// Build turns one leg (from Engine.Route, routed with costing c) into its
// maneuvers: Depart, the maneuvers at junctions, Arrive. from and to are
// the leg's snapped ends (the origin's and destination's side of the
// road). The maneuvers' distances and durations sum to the leg's, their
// geometries join end to start and together are the leg's geometry.
//
// What earns a maneuver at a junction (the node between two steps):
// entering or leaving a roundabout (exits counted as the allowed ways out
// passed on the ring, plus one) or a ferry; a ramp off an expressway or
// trunk road (RampOff), onto one (RampOn), from a ramp onto one (Merge,
// unless it turns ≥ 60°), a split between ramps (Fork); a dead-end u-turn;
// elsewhere, with other allowed ways out (minor roads — service, alleys,
// tracks, paths — do not count against a bigger road): two branches
// within 45° of straight make a Fork, the straightest branch is followed
// silently unless its name changes (Continue), anything else is a Turn
// (UTurn beyond 170°). Without other ways out only a name change is said.
// A Continue is said only for a new non-empty name held for ShortM or
// more; two same-side turns less than 35 m apart that together turn back
// are one u-turn.
func Build(ctx context.Context, g *graph.Graph, c pathfind.Costing, leg *pathfind.Leg, from, to snap.Point) ([]Maneuver, error) {
	n := len(leg.Steps)
	if n == 0 {
		return nil, errors.New("guidance: a leg without steps")
	}
	b := &builder{ctx: ctx, g: g, c: c, leg: leg, starts: make([]int, n+1)}
	total := 0
	for i := range leg.Steps {
		total += len(leg.Steps[i].Geometry)
	}
	b.l.pts, b.l.cum = make([]geo.LatLng, 0, total), make([]float64, 0, total)
	for i := range leg.Steps {
		b.starts[i] = len(b.l.pts) - 1
		for k, p := range leg.Steps[i].Geometry {
			if idx := b.l.add(p); k == 0 {
				b.starts[i] = idx
			}
		}
		b.starts[i] = max(b.starts[i], 0)
	}
	if len(b.l.pts) == 0 {
		return nil, errors.New("guidance: a leg without geometry")
	}
	b.starts[n] = len(b.l.pts) - 1
	evs, err := b.events()
	if err != nil {
		return nil, err
	}
	evs = b.foldUTurns(evs)
	return b.maneuvers(evs, from, to), nil
}

// at is the distance along the leg where step i starts.
func (b *builder) at(i int) float64 { return b.l.cum[b.starts[i]] }

// events walks the junctions of the leg.
func (b *builder) events() ([]event, error) {
	steps := b.leg.Steps
	var evs []event
	curName, curRef := b.firstName()
	ring, ringExits := -1, 0 // the RoundaboutEnter event being counted
	total := b.l.length()
	for i := 1; i < len(steps); i++ {
		prev, cur := &steps[i-1], &steps[i]
		d := b.at(i)
		node, err := b.head(prev)
		if err != nil {
			return nil, err
		}
		if prev.Roundabout && cur.Roundabout {
			opts, err := b.junctionOptions(node, prev.Edge, cur.Edge, cur.Forward, 0)
			if err != nil {
				return nil, err
			}
			for _, o := range opts {
				if !o.roundabout {
					ringExits++
				}
			}
			continue
		}
		if d < 0.5 || d > total-0.5 { // the leg starts or ends at this node
			continue
		}
		if quiet, err := b.quiet(node, prev, cur, curName, curRef); err != nil {
			return nil, err
		} else if quiet {
			continue
		}
		before, after := b.l.bearingsAt(d, 0)
		ev := event{step: i, d: d, angle: TurnAngle(before, after), before: before, after: after, name: cur.Name, ref: cur.Ref}
		ev.mod = ModifierOf(ev.angle)
		ok, err := b.classify(&ev, prev, cur, node, curName, curRef)
		if err != nil {
			return nil, err
		}
		switch {
		case ev.kind == RoundaboutEnter:
			ring, ringExits = len(evs), 0
			ev.name, ev.ref = "", ""
		case ev.kind == RoundaboutExit:
			ev.exit = ringExits + 1
			if ring >= 0 {
				evs[ring].exit, evs[ring].name, evs[ring].ref = ev.exit, ev.name, ev.ref
			}
			ring = -1
		}
		if ok {
			evs = append(evs, ev)
			curName, curRef = ev.name, ev.ref
		}
	}
	return evs, nil
}

// quiet: a node where the road merely goes on — no other edge meets it,
// nothing about the road changes but possibly an unknown name — needs no
// geometry to know that nothing is said there.
func (b *builder) quiet(node uint32, prev, cur *pathfind.Step, curName, curRef string) (bool, error) {
	if prev.Roundabout != cur.Roundabout || prev.Ferry != cur.Ferry || prev.Edge == cur.Edge ||
		highway(prev.Class) != highway(cur.Class) || link(prev.Class) != link(cur.Class) {
		return false, nil
	}
	if !sameRoad(cur.Name, cur.Ref, curName, curRef) && (cur.Name != "" || cur.Ref != "") {
		return false, nil
	}
	adj, _, err := b.g.Adjacent(b.ctx, node)
	return len(adj) <= 2, err
}

// firstName is the name of the road the leg starts on (its first step
// with some length).
func (b *builder) firstName() (string, string) {
	for i := range b.leg.Steps {
		if st := &b.leg.Steps[i]; st.DistanceM > 0.5 {
			return st.Name, st.Ref
		}
	}
	return b.leg.Steps[0].Name, b.leg.Steps[0].Ref
}

// classify decides the maneuver at the junction between prev and cur;
// ok=false when nothing needs saying.
func (b *builder) classify(ev *event, prev, cur *pathfind.Step, node uint32, curName, curRef string) (bool, error) {
	switch {
	case !prev.Roundabout && cur.Roundabout:
		ev.kind = RoundaboutEnter
		return true, nil
	case prev.Roundabout:
		ev.kind = RoundaboutExit
		return true, nil
	case !prev.Ferry && cur.Ferry:
		ev.kind = FerryEnter
		return true, nil
	case prev.Ferry && !cur.Ferry:
		ev.kind = FerryExit
		return true, nil
	case prev.Edge == cur.Edge: // turning back at a dead end
		b.turn(ev)
		return true, nil
	}
	opts, err := b.junctionOptions(node, prev.Edge, cur.Edge, cur.Forward, ev.before)
	if err != nil {
		return false, err
	}
	if !minorClass(cur.Class) {
		opts = dropMinor(opts)
	}
	// A class change without another way out (or, for a merge, without
	// another road arriving) is no ramp: the road just changes class.
	switch {
	case highway(prev.Class) && link(cur.Class) && len(opts) > 0:
		ev.kind, ev.mod = RampOff, sideAgainst(ev.angle, opts)
		return true, nil
	case !highway(prev.Class) && !link(prev.Class) && link(cur.Class) && len(opts) > 0:
		ev.kind, ev.mod = RampOn, sideAgainst(ev.angle, opts)
		return true, nil
	case link(prev.Class) && highway(cur.Class) && math.Abs(ev.angle) < slightMax:
		if ok, err := b.mergeSide(ev, node, prev.Edge); ok || err != nil {
			ev.kind = Merge
			return true, err
		}
	case link(prev.Class) && link(cur.Class):
		if forward(opts) {
			ev.kind, ev.mod = Fork, sideAgainst(ev.angle, opts)
			return true, nil
		}
		return false, nil
	}
	return b.ordinary(ev, cur, opts, curName, curRef), nil
}

func dropMinor(opts []option) []option {
	out := opts[:0:0]
	for _, o := range opts {
		if !o.minor {
			out = append(out, o)
		}
	}
	return out
}

// forward: some option is within forwardMax of straight.
func forward(opts []option) bool {
	for _, o := range opts {
		if math.Abs(o.angle) < forwardMax {
			return true
		}
	}
	return false
}

// ordinary junction rules (see Build).
func (b *builder) ordinary(ev *event, cur *pathfind.Step, opts []option, curName, curRef string) bool {
	same := sameRoad(cur.Name, cur.Ref, curName, curRef)
	renamed := !same && (cur.Name != "" || cur.Ref != "") && b.heldFor(ev.step) >= ShortM
	if len(opts) == 0 {
		if !renamed {
			return false
		}
		if math.Abs(ev.angle) < slightMax {
			ev.kind = Continue
		} else {
			b.turn(ev)
		}
		return true
	}
	a := math.Abs(ev.angle)
	straightest, obvious := true, true
	for _, o := range opts {
		if math.Abs(o.angle) < a {
			straightest = false
		}
		if math.Abs(o.angle) < forwardMax && !outranked(cur, same, o, curName, curRef) {
			obvious = false
		}
	}
	switch {
	case a < forwardMax && obvious && (straightest || same):
		ev.kind = Continue
		return renamed
	case a < forwardMax && forward(opts):
		ev.kind, ev.mod = Fork, sideAgainst(ev.angle, opts)
		return true
	case straightest && a < slightMax:
		ev.kind = Continue
		return renamed
	}
	b.turn(ev)
	return true
}

// outranked: a forward branch o is no real choice against the route's
// own branch — the route stays on its road and o is another road, or o is
// a lesser road.
func outranked(cur *pathfind.Step, same bool, o option, curName, curRef string) bool {
	if same && !sameRoad(o.name, o.ref, curName, curRef) {
		return true
	}
	return rank(o.class) > rank(cur.Class)
}

// turn makes ev a Turn (UTurn beyond sharp; Continue when straight).
func (b *builder) turn(ev *event) {
	switch ev.mod {
	case UTurnLeft, UTurnRight:
		ev.kind = UTurn
	case Straight:
		ev.kind = Continue
	default:
		ev.kind = Turn
	}
}

// heldFor is how far the road of step i keeps its name and ref.
func (b *builder) heldFor(i int) float64 {
	steps := b.leg.Steps
	d := 0.0
	for j := i; j < len(steps) && steps[j].Name == steps[i].Name && steps[j].Ref == steps[i].Ref; j++ {
		d += steps[j].DistanceM
	}
	return d
}

// mergeSide: merging onto a road that arrives from our left is merging
// left (and from the right, right); ok=false when no other road arrives.
func (b *builder) mergeSide(ev *event, node, in uint32) (bool, error) {
	arr, err := b.arriving(node, in)
	if err != nil || len(arr) == 0 {
		return false, err
	}
	ev.mod = SlightRight
	if TurnAngle(ev.before, arr[0]) < 0 {
		ev.mod = SlightLeft
	}
	return true, nil
}

// foldUTurns merges two maneuvers that are one on the ground into one at
// the first point. A name change within ShortM of a maneuver names that
// maneuver's road. Two turns become one whose angle runs from the bearing
// before the first to the bearing after the second: two same-side turns
// less than connectorM apart that together turn back (a u-turn through a
// gap in a median), and any two turns less than jogM apart (a staggered
// junction: right then left is "straight on").
func (b *builder) foldUTurns(evs []event) []event {
	out := evs[:0]
	for i := 0; i < len(evs); i++ {
		e := evs[i]
		switch {
		case i+1 < len(evs) && foldable(e, evs[i+1]):
			f := evs[i+1]
			e.after, e.afterM, e.angle, e.name, e.ref = f.after, f.d-e.d, TurnAngle(e.before, f.after), f.name, f.ref
			e.mod = ModifierOf(e.angle)
			b.turn(&e)
			i++
		case i+1 < len(evs) && evs[i+1].kind == Continue && evs[i+1].d-e.d < ShortM && e.kind != Depart:
			// a name held for a few metres after a maneuver gives way to the
			// next one: "turn left onto Đại Cồ Việt", not onto the 14 m of
			// Xã Đàn before it
			e.name, e.ref = evs[i+1].name, evs[i+1].ref
			i++
		}
		out = append(out, e)
	}
	return out
}

// jogM: two turns this close are one.
const jogM = 12

func foldable(e, f event) bool {
	if !turning(e) || !turning(f) {
		return false
	}
	gap := f.d - e.d
	if gap < jogM {
		return true
	}
	return gap < connectorM && (e.angle < 0) == (f.angle < 0) && math.Abs(e.angle) >= forwardMax &&
		math.Abs(f.angle) >= forwardMax && math.Abs(TurnAngle(e.before, f.after)) >= plainMax+30
}

func turning(e event) bool { return e.kind == Turn || e.kind == UTurn }

// maneuvers gives every event its stretch, and adds Depart and Arrive.
func (b *builder) maneuvers(evs []event, from, to snap.Point) []Maneuver {
	steps := b.leg.Steps
	n := len(steps)
	dep := event{step: 0, kind: Depart}
	dep.name, dep.ref = b.firstName()
	dep.after = b.l.bearing(0, ApproachM)
	all := append([]event{dep}, evs...)
	ms := make([]Maneuver, 0, len(all)+1)
	for k, e := range all {
		last := n - 1
		if k+1 < len(all) {
			last = all[k+1].step - 1
		}
		m := Maneuver{Kind: e.kind, Modifier: e.mod, Angle: e.angle, Name: e.name, Ref: e.ref, Exit: e.exit,
			BearingBefore: e.before, BearingAfter: e.after, AfterM: e.afterM, FirstStep: e.step, LastStep: last}
		if e.kind == Depart {
			m.Modifier, m.Angle, m.BearingBefore = Straight, 0, 0
			m.Side = sideOfTravel(from.Side, steps[0].Forward)
		}
		for j := e.step; j <= last; j++ {
			st := &steps[j]
			m.DistanceM += st.DistanceM
			m.DurationS += st.DurationS
			m.Toll = m.Toll || st.Toll
			m.Ferry = m.Ferry || st.Ferry
			m.Highway = m.Highway || st.Class == graph.ClassMotorway || st.Class == graph.ClassMotorwayLink
			m.Unpaved = m.Unpaved || st.Class == graph.ClassTrack
		}
		m.Geometry = b.l.pts[b.starts[e.step] : b.starts[last+1]+1 : b.starts[last+1]+1]
		ms = append(ms, m)
	}
	end := len(b.l.pts) - 1
	arr := Maneuver{Kind: Arrive, Side: sideOfTravel(to.Side, steps[n-1].Forward), FirstStep: -1, LastStep: -1,
		BearingBefore: b.l.bearing(b.l.length()-ApproachM, b.l.length()), Geometry: b.l.pts[end : end+1 : end+1]}
	arr.Name, arr.Ref = steps[n-1].Name, steps[n-1].Ref
	return append(ms, arr)
}

// sideOfTravel turns a side relative to an edge's U→V direction into the
// side relative to travel along it.
func sideOfTravel(s snap.Side, forward bool) Side {
	switch {
	case s == snap.SideOn:
		return OnRoad
	case (s == snap.SideLeft) == forward:
		return SideLeft
	}
	return SideRight
}

// FoldRoundaboutExits returns the maneuvers with every RoundaboutExit that
// follows its RoundaboutEnter folded into it (one step "at the roundabout,
// take the 2nd exit onto X", as Google gives it); distances, durations and
// geometry are joined so the sums still hold.
func FoldRoundaboutExits(ms []Maneuver) []Maneuver {
	out := make([]Maneuver, 0, len(ms))
	for _, m := range ms {
		if k := len(out) - 1; m.Kind == RoundaboutExit && k >= 0 && out[k].Kind == RoundaboutEnter {
			p := &out[k]
			p.DistanceM += m.DistanceM
			p.DurationS += m.DurationS
			geom := make([]geo.LatLng, 0, len(p.Geometry)+len(m.Geometry))
			geom = append(append(geom, p.Geometry...), m.Geometry[min(1, len(m.Geometry)):]...)
			p.Geometry = geom
			p.LastStep = m.LastStep
			p.Toll, p.Ferry, p.Highway, p.Unpaved = p.Toll || m.Toll, p.Ferry || m.Ferry, p.Highway || m.Highway, p.Unpaved || m.Unpaved
			continue
		}
		out = append(out, m)
	}
	return out
}
