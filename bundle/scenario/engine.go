package scenario

import (
	"context"
	"errors"
	"math"
	"strings"

	"github.com/bando-vn/bando/core/geo"
)

// Engine is what the harness needs from bando: build a bundle from an OSM
// XML file (through the real bundle builder) and open a router on it.
type Engine interface {
	// Open builds the bundle of osmFile into dir and opens a router for
	// the named profile ("testbot").
	Open(ctx context.Context, osmFile, dir, profile string) (Router, error)
}

// ErrNoRoute is returned by Router methods when the points are not
// connected (or a point has no usable road near it).
var ErrNoRoute = errors.New("no route")

// Router answers the queries of the scenario steps.
type Router interface {
	// Route returns the fastest route through the waypoints in order, one
	// leg per consecutive pair, or ErrNoRoute; uturns lets a leg start
	// back the way the leg before arrived (OSRM's continue_straight=false).
	Route(ctx context.Context, waypoints []geo.LatLng, uturns bool) (*Route, error)
	// Nearest returns the point on the nearest usable road.
	Nearest(ctx context.Context, p geo.LatLng) (geo.LatLng, error)
	// Matrix returns durations (s) and distances (m) from every source to
	// every target; an unreachable pair is NaN in both.
	Matrix(ctx context.Context, sources, targets []geo.LatLng) (dur, dist [][]float64, err error)
}

// Route is a routed path: one leg per consecutive waypoint pair.
type Route struct {
	Legs []Leg
}

// Leg is the path between two consecutive waypoints as the pieces of road
// it runs along, in order (one per graph edge or part of an edge is fine:
// equal names collapse). A leg between two points snapped to the same
// place holds one zero-length segment on the way it snapped to, so that it
// still has a depart and an arrive step.
type Leg struct {
	Segments []Segment
}

// Segment is a stretch of one way (or part of it) on a route.
type Segment struct {
	Name     string
	Mode     string       // travel mode ("driving", "ferry", ...)
	Points   []geo.LatLng // geometry, at least two points, in travel order
	Distance float64      // metres
	Duration float64      // seconds
	Weight   float64      // the profile's cost
	// Branches counts the roads meeting where the segment starts other
	// than the two the route uses there: 0 means the route had no choice,
	// so a change of name there is a plain new name whatever the angle.
	Branches int
}

// Totals are the sums over a route.
func (r *Route) Totals() (dist, dur, weight float64) {
	for _, l := range r.Legs {
		for _, s := range l.Segments {
			dist += s.Distance
			dur += s.Duration
			weight += s.Weight
		}
	}
	return
}

// RouteStep is one manoeuvre of a route, as OSRM lists them: a depart step, a
// step wherever the name or mode changes or the road turns back, an
// arrive step (distance 0) repeating the last name.
type RouteStep struct {
	Name                       string
	Mode                       string
	Turn                       string // "depart", "arrive", "turn left", "new name straight", "continue uturn", ...
	Location                   geo.LatLng
	Distance, Duration, Weight float64
}

// Steps turns each leg's segments into steps as OSRM's guidance does in
// outline: consecutive segments with the same name and mode collapse into
// one step unless the path turns back (a u-turn) or turns (more than
// slightly) where other roads meet; a new step's manoeuvre
// comes from the angle between the incoming and outgoing directions
// (turnModifier); a first or next-to-last step of at most 1 m is trimmed
// (OSRM's trimShortSegments); a new name shorter than 105 m is folded into
// the step before it (OSRM's suppressShortNameSegments,
// NAME_SEGMENT_CUTOFF_LENGTH). Each leg ends with an arrive step.
func (r *Route) Steps() [][]RouteStep {
	var out [][]RouteStep
	for _, l := range r.Legs {
		out = append(out, suppressShortNames(trimShort(legSteps(l))))
	}
	return out
}

// nameCutoffM is OSRM's NAME_SEGMENT_CUTOFF_LENGTH: a new name over a
// shorter stretch is not announced.
const nameCutoffM = 105

// trimLengthM is how short a first or next-to-last step OSRM trims.
const trimLengthM = 1

func legSteps(l Leg) []RouteStep {
	var steps []RouteStep
	var prev *Segment
	for i := range l.Segments {
		s := &l.Segments[i]
		if len(s.Points) == 0 {
			continue
		}
		if prev == nil {
			steps = append(steps, RouteStep{Name: s.Name, Mode: s.Mode, Turn: "depart", Location: s.Points[0]})
		} else {
			turn := turnModifier(lastBearing(prev.Points), firstBearing(s.Points))
			if s.Name != prev.Name || s.Mode != prev.Mode || turn == "uturn" || s.Branches > 0 && !slight(turn) {
				steps = append(steps, RouteStep{Name: s.Name, Mode: s.Mode, Turn: turnType(prev, s, turn), Location: s.Points[0]})
			}
		}
		addTo(&steps[len(steps)-1], s.Distance, s.Duration, s.Weight)
		prev = s
	}
	if prev != nil {
		steps = append(steps, RouteStep{Name: prev.Name, Mode: prev.Mode, Turn: "arrive", Location: prev.Points[len(prev.Points)-1]})
	}
	return steps
}

// slight reports whether a modifier keeps roughly straight on.
func slight(modifier string) bool {
	return modifier == "straight" || modifier == "slight left" || modifier == "slight right"
}

func addTo(st *RouteStep, dist, dur, weight float64) {
	st.Distance += dist
	st.Duration += dur
	st.Weight += weight
}

// trimShort drops a first step of at most trimLengthM (the next step
// departs instead) and a next-to-last one (the arrival takes the name of
// the step before it), when the leg has more than two steps.
func trimShort(steps []RouteStep) []RouteStep {
	if len(steps) > 2 && steps[0].Distance <= trimLengthM {
		next := &steps[1]
		addTo(next, steps[0].Distance, steps[0].Duration, steps[0].Weight)
		next.Turn = "depart"
		steps = steps[1:]
	}
	if n := len(steps); n > 2 && steps[n-2].Distance <= trimLengthM {
		short, before := steps[n-2], &steps[n-3]
		addTo(before, short.Distance, short.Duration, short.Weight)
		arrive := steps[n-1]
		arrive.Name, arrive.Mode = before.Name, before.Mode
		steps = append(steps[:n-2], arrive)
	}
	return steps
}

// suppressShortNames folds every new-name step shorter than nameCutoffM,
// in the same mode as the step before it, into that step.
func suppressShortNames(steps []RouteStep) []RouteStep {
	out := steps[:0:0]
	for i, st := range steps {
		if i > 0 && i < len(steps)-1 && strings.HasPrefix(st.Turn, "new name") && st.Distance < nameCutoffM && out[len(out)-1].Mode == st.Mode {
			addTo(&out[len(out)-1], st.Distance, st.Duration, st.Weight)
			continue
		}
		out = append(out, st)
	}
	return out
}

// turnType names a manoeuvre: a turn back is a u-turn, the same name a
// continue, a change of name going straight or where there was no other
// road a new name, anything else a turn.
func turnType(prev, next *Segment, modifier string) string {
	switch {
	case modifier == "uturn":
		return "continue uturn"
	case next.Name == prev.Name:
		return "continue " + modifier
	case modifier == "straight" || next.Branches == 0:
		return "new name " + modifier
	}
	return "turn " + modifier
}

// firstBearing is the direction the geometry leaves in; lastBearing the
// direction it arrives in (degrees from north; NaN when degenerate).
func firstBearing(pts []geo.LatLng) float64 {
	for i := 1; i < len(pts); i++ {
		if pts[i] != pts[0] {
			return geo.BearingDeg(pts[0], pts[i])
		}
	}
	return math.NaN()
}

func lastBearing(pts []geo.LatLng) float64 {
	n := len(pts) - 1
	for i := n - 1; i >= 0; i-- {
		if pts[i] != pts[n] {
			return geo.BearingDeg(pts[i], pts[n])
		}
	}
	return math.NaN()
}

// turnModifier classifies the change of direction from bearing in to
// bearing out with OSRM's angle bands (the turn angle is 180° going
// straight, smaller turning right): sharp right < 60 ≤ right < 140 ≤
// slight right < 160 ≤ straight ≤ 200 < slight left ≤ 220 < left ≤ 300 <
// sharp left < 360; a turn back (angle within 1° of 0) is a u-turn.
func turnModifier(in, out float64) string {
	if math.IsNaN(in) || math.IsNaN(out) {
		return "straight"
	}
	angle := math.Mod(180-(out-in)+720, 360)
	switch {
	case angle < 1 || angle > 359:
		return "uturn"
	case angle < 60:
		return "sharp right"
	case angle < 140:
		return "right"
	case angle < 160:
		return "slight right"
	case angle <= 200:
		return "straight"
	case angle <= 220:
		return "slight left"
	case angle <= 300:
		return "left"
	}
	return "sharp left"
}
