package guidance

// ApproachM is how much route the bearings before and after a maneuver's
// point look at: long enough to smooth the last bend of a way, short enough
// to stay on the junction's roads.
const ApproachM = 20

// Angle thresholds of the modifiers (degrees, absolute turn angle).
const (
	straightMax = 20
	slightMax   = 60
	plainMax    = 120
	sharpMax    = 170
)

// ModifierOf classes a signed turn angle (right positive) per the
// thresholds of the Modifier constants; every u-turn (|a| ≥ 170°) is
// UTurnLeft, as traffic keeps right in Việt Nam (UTurnRight is left for
// maneuvers whose side is known otherwise).
func ModifierOf(angle float64) Modifier {
	a, right := angle, angle > 0
	if a < 0 {
		a = -a
	}
	pick := func(r, l Modifier) Modifier {
		if right {
			return r
		}
		return l
	}
	switch {
	case a < straightMax:
		return Straight
	case a < slightMax:
		return pick(SlightRight, SlightLeft)
	case a < plainMax:
		return pick(Right, Left)
	case a < sharpMax:
		return pick(SharpRight, SharpLeft)
	}
	return UTurnLeft // in right-hand traffic a u-turn is made to the left, whatever the last degrees say
}

// TurnAngle is the signed angle (right positive) in (-180, 180] turning
// from bearing before to bearing after.
func TurnAngle(before, after float64) float64 {
	a := after - before
	for a <= -180 {
		a += 360
	}
	for a > 180 {
		a -= 360
	}
	return a
}

// IsRight reports whether the modifier points right (Straight is neither).
func (m Modifier) IsRight() bool { return m >= SlightRight && m <= UTurnRight }

// IsLeft reports whether the modifier points left.
func (m Modifier) IsLeft() bool { return m >= UTurnLeft && m <= SlightLeft }

// Google is the Google Directions `maneuver` string of the maneuver
// (API.md §3.7): empty for Depart and Arrive; "straight" for Continue and
// straight forks; turns, u-turns, forks and ramps by side; "merge";
// "roundabout-right" for a roundabout (traffic goes round anticlockwise in
// Việt Nam, entered to the right); "ferry" for boarding. A ferry exit or a
// separate roundabout exit is named as the turn its angle makes.
func (m *Maneuver) Google() string {
	side := func(prefix string) string {
		switch {
		case m.Modifier.IsLeft():
			return prefix + "-left"
		case m.Modifier.IsRight():
			return prefix + "-right"
		}
		return "straight"
	}
	switch m.Kind {
	case Depart, Arrive:
		return ""
	case Continue:
		return "straight"
	case UTurn:
		if m.Modifier == UTurnRight {
			return "uturn-right"
		}
		return "uturn-left"
	case Fork:
		return side("fork")
	case RampOn, RampOff:
		return side("ramp")
	case Merge:
		return "merge"
	case RoundaboutEnter:
		return "roundabout-right"
	case FerryEnter:
		return "ferry"
	}
	return googleTurn[m.Modifier]
}

var googleTurn = [...]string{Straight: "straight", SlightRight: "turn-slight-right", Right: "turn-right",
	SharpRight: "turn-sharp-right", UTurnRight: "uturn-right", UTurnLeft: "uturn-left",
	SharpLeft: "turn-sharp-left", Left: "turn-left", SlightLeft: "turn-slight-left"}

// Valhalla type codes (API.md §3.8).
var valhallaTurn = [...]int{Straight: 8, SlightRight: 9, Right: 10, SharpRight: 11, UTurnRight: 12,
	UTurnLeft: 13, SharpLeft: 14, Left: 15, SlightLeft: 16}

// Valhalla is the maneuver's Valhalla `type` code (API.md §3.8): 1–3 start
// (plain, origin on the right, on the left), 4–6 destination likewise,
// 8 continue, 9–16 turns and u-turns by modifier, 17–19 ramp straight/
// right/left, 20/21 exit right/left, 22–24 fork (stay) straight/right/left,
// 25 merge (37/38 merge right/left), 26/27 roundabout enter/exit, 28/29
// ferry enter/exit.
func (m *Maneuver) Valhalla() int {
	bySide := func(straight, right, left int) int {
		switch {
		case m.Modifier.IsRight():
			return right
		case m.Modifier.IsLeft():
			return left
		}
		return straight
	}
	switch m.Kind {
	case Depart:
		return sideCode(m.Side, 1, 2, 3)
	case Arrive:
		return sideCode(m.Side, 4, 5, 6)
	case Continue:
		return 8
	case RampOn:
		return bySide(17, 18, 19)
	case RampOff:
		return bySide(20, 20, 21)
	case Fork:
		return bySide(22, 23, 24)
	case Merge:
		return bySide(25, 37, 38)
	case RoundaboutEnter:
		return 26
	case RoundaboutExit:
		return 27
	case FerryEnter:
		return 28
	case FerryExit:
		return 29
	}
	return valhallaTurn[m.Modifier]
}

func sideCode(s Side, on, right, left int) int {
	switch s {
	case SideRight:
		return right
	case SideLeft:
		return left
	}
	return on
}
