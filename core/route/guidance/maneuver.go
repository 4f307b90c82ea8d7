package guidance

import "github.com/bando-vn/bando/core/geo"

// Kind is what a maneuver asks the traveller to do at its start point.
type Kind uint8

// Maneuver kinds. Depart is always the first maneuver of a leg and Arrive
// the last (distance and duration 0, one point of geometry).
const (
	Depart          Kind = iota // leave the origin along the first road
	Continue                    // go on along a road whose name/ref changed (or straight through a junction that needs saying)
	Turn                        // turn by Modifier at a junction
	UTurn                       // turn back (Modifier UTurnLeft/UTurnRight)
	Fork                        // keep left/right/straight where the road splits (Modifier SlightLeft/SlightRight/Straight)
	RampOn                      // take a ramp (a *_link) onto a motorway or trunk road (Modifier gives the side)
	RampOff                     // leave a motorway/trunk by a ramp (Modifier gives the side)
	Merge                       // join a motorway/trunk from a ramp (Modifier gives the side when known)
	RoundaboutEnter             // enter a roundabout; Exit is the exit to take
	RoundaboutExit              // leave the roundabout by exit Exit
	FerryEnter                  // board a ferry
	FerryExit                   // leave the ferry
	Arrive                      // reach the leg's destination (Side says which side)
)

// Modifier is the direction of a maneuver, from the turn angle at its point.
type Modifier int8

// Modifiers, from the signed turn angle a in degrees (right positive):
// |a| < 20 Straight; 20–60 Slight; 60–120 plain; 120–170 Sharp; beyond UTurn.
const (
	Straight Modifier = iota
	SlightRight
	Right
	SharpRight
	UTurnRight
	UTurnLeft
	SharpLeft
	Left
	SlightLeft
)

// Side is where a point lies relative to the road's direction of travel.
type Side int8

// Sides; OnRoad when the point is on the road itself (within a few metres).
const (
	OnRoad Side = iota
	SideLeft
	SideRight
)

// Maneuver is one instruction of a leg and the stretch of road it covers,
// from its point to the next maneuver's point.
type Maneuver struct {
	Kind     Kind
	Modifier Modifier
	// Angle is the signed turn angle in degrees at the maneuver's point,
	// right positive, in (-180, 180]; 0 for Depart and Arrive.
	Angle float64
	// BearingBefore and BearingAfter (added with the builder) are compass
	// bearings in [0, 360), clockwise from north: the direction of travel
	// over the up to ApproachM metres of route before the maneuver's point
	// (0 for Depart), and over the ApproachM metres after AfterM metres past
	// it (0 for Arrive). For turns Angle = BearingAfter − BearingBefore
	// normalised to (-180, 180]. AfterM is 0 except when a short connector
	// was folded into the maneuver (two left turns through a median gap
	// read as one u-turn): then it is the connector's length.
	BearingBefore, BearingAfter, AfterM float64
	// Name and Ref are the road taken (Ref like "QL1A"; both may be empty).
	Name, Ref string
	// Exit is the roundabout exit number (1-based) for RoundaboutEnter/Exit.
	Exit int
	// Side is the destination's side of the road for Arrive (and the
	// origin's for Depart).
	Side Side
	// DistanceM and DurationS cover the maneuver's stretch; over a leg they
	// sum to the leg's distance and duration.
	DistanceM, DurationS float64
	// Geometry runs from the maneuver's point to the next maneuver's point
	// (consecutive maneuvers share their joining point).
	Geometry []geo.LatLng
	// FirstStep and LastStep are the leg's step indexes the stretch covers
	// (inclusive; -1 for Arrive).
	FirstStep, LastStep int
	// Stretch flags, for warnings and Valhalla summaries.
	Toll, Ferry, Highway, Unpaved bool
}
