package narrative

import (
	"strconv"

	"github.com/bando-vn/bando/core/route/guidance"
)

// en is the English dictionary: Google's verbs in html_instructions,
// Valhalla's in its instructions.
type en struct{}

var enWords = words{sides: [3]string{"", "left", "right"},
	cardinal: [8]string{"north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"},
	and:      " and ",
	ferry:    "This route includes a ferry.", toll: "This route has tolls.",
	unpaved: "This route includes unpaved roads."}

func (en) words() *words { return &enWords }

func (g en) say(m, next *guidance.Maneuver, st style) phrase {
	r := road(m.Name, m.Ref)
	switch m.Kind {
	case guidance.Depart:
		return toward(g.head("Head", m.BearingAfter, r, st), " toward ", nextRoad(m, next), st)
	case guidance.Continue:
		if len(r) == 0 || st == styleSuccinct {
			return phrase{{"Continue ", false}, {"straight", true}}
		}
		return append(phrase{{"Continue onto ", false}}, r...)
	case guidance.UTurn:
		if st == styleGoogle {
			return join(phrase{{"Make a ", false}, {"U-turn", true}}, " onto ", r, st)
		}
		side := "left"
		if m.Modifier == guidance.UTurnRight {
			side = "right"
		}
		return join(phrase{{"Make a ", false}, {side, true}, {" U-turn", false}}, " onto ", r, st)
	case guidance.Fork:
		dir := enWords.sideOf(m.Modifier)
		if dir == "" {
			dir = "straight"
		}
		if len(r) == 0 || st == styleSuccinct {
			return phrase{{"Keep ", false}, {dir, true}, {" at the fork", false}}
		}
		return append(phrase{{"Keep ", false}, {dir, true}, {" to take ", false}}, r...)
	case guidance.RampOn, guidance.RampOff:
		return g.ramp(m, next, r, st)
	case guidance.Merge:
		if dir := enWords.sideOf(m.Modifier); dir != "" {
			return join(phrase{{"Merge ", false}, {dir, true}}, " onto ", r, st)
		}
		return join(phrase{{"Merge", false}}, " onto ", r, st)
	case guidance.RoundaboutEnter:
		return g.roundabout(m, r, st)
	case guidance.RoundaboutExit:
		return join(phrase{{"Exit the roundabout", false}}, " onto ", r, st)
	case guidance.FerryEnter:
		if len(r) == 0 || st == styleSuccinct {
			return phrase{{"Take the ", false}, {"ferry", true}}
		}
		return append(phrase{{"Take the ", false}}, append(r, seg{" ferry", false})...)
	case guidance.FerryExit:
		return g.head("Leave the ferry and head", m.BearingAfter, r, st)
	case guidance.Arrive:
		if s := enWords.side(m.Side); s != "" {
			return phrase{{"Your destination is on the ", false}, {s, true}}
		}
		return phrase{{"You have arrived at your destination", false}}
	}
	side := "left"
	if m.Modifier.IsRight() {
		side = "right"
	}
	verb := "Turn "
	switch m.Modifier {
	case guidance.SlightLeft, guidance.SlightRight:
		verb = "Bear "
		if st == styleGoogle {
			verb = "Slight "
		}
	case guidance.SharpLeft, guidance.SharpRight:
		verb = "Turn sharp "
		if st == styleGoogle {
			verb = "Sharp "
		}
	case guidance.Straight:
		verb, side = "Continue ", "straight"
	}
	return join(phrase{{verb, false}, {side, true}}, " onto ", r, st)
}

// head is a departure: "Head north on X".
func (en) head(lead string, bearing float64, r phrase, st style) phrase {
	p := phrase{{lead, false}, {" ", false}, {enWords.compass(bearing), true}}
	return join(p, " on ", r, st)
}

// ramp: an on-ramp names the road it leads onto (its own name, else the
// road of the merge that follows); an exit names where it leads toward.
func (en) ramp(m, next *guidance.Maneuver, r phrase, st style) phrase {
	dir := enWords.sideOf(m.Modifier)
	turned := m.Modifier != guidance.SlightLeft && m.Modifier != guidance.SlightRight && dir != ""
	var p phrase
	switch {
	case m.Kind == guidance.RampOff && dir == "":
		p = phrase{{"Take the exit ", false}, {"straight", true}, {" ahead", false}}
	case m.Kind == guidance.RampOff:
		p = phrase{{"Take the exit on the ", false}, {dir, true}}
	case turned:
		p = phrase{{"Turn ", false}, {dir, true}, {" to take the ramp", false}}
	case dir == "":
		p = phrase{{"Stay ", false}, {"straight", true}, {" to take the ramp", false}}
	default:
		p = phrase{{"Take the ramp on the ", false}, {dir, true}}
	}
	if m.Kind == guidance.RampOn {
		if len(r) == 0 && next != nil && next.Kind == guidance.Merge {
			r = road(next.Name, next.Ref)
		}
		return join(p, " onto ", r, st)
	}
	if len(r) > 0 {
		return join(p, " onto ", r, st)
	}
	return toward(p, " toward ", nextRoad(m, next), st)
}

func (en) roundabout(m *guidance.Maneuver, r phrase, st style) phrase {
	if st == styleGoogle {
		if m.Exit == 0 {
			return join(phrase{{"Enter the roundabout", false}}, " onto ", r, st)
		}
		return join(phrase{{"At the roundabout, take the ", false}, {ordinalEN(m.Exit), true}, {" exit", false}}, " onto ", r, st)
	}
	p := phrase{{"Enter the roundabout", false}}
	if m.Exit > 0 {
		p = append(p, seg{" and take the ", false}, seg{ordinalEN(m.Exit), true}, seg{" exit", false})
	}
	return join(p, " onto ", r, st)
}

// ordinalEN is "1st", "2nd", "3rd", "4th"...
func ordinalEN(n int) string {
	s := strconv.Itoa(n)
	if n%100/10 == 1 {
		return s + "th"
	}
	switch n % 10 {
	case 1:
		return s + "st"
	case 2:
		return s + "nd"
	case 3:
		return s + "rd"
	}
	return s + "th"
}

func (en) arriveAlert(m *guidance.Maneuver) string {
	if s := enWords.side(m.Side); s != "" {
		return "Your destination will be on the " + s
	}
	return "You will arrive at your destination"
}

func (en) forLength(m float64, u Units) string   { return " for " + VerbalLength(m, EN, u) }
func (en) continueFor(m float64, u Units) string { return "Continue for " + VerbalLength(m, EN, u) }

// then joins "… Then Turn right …" (Valhalla keeps the capital).
func (en) then(next string) string { return " Then " + next }
