package narrative

import (
	"html"
	"strings"

	"github.com/bando-vn/bando/core/route/guidance"
)

// seg is a piece of a phrase; bold pieces are the direction and the names
// (Google wraps them in <b>).
type seg struct {
	text string
	bold bool
}

// phrase is an instruction in pieces.
type phrase []seg

func (p phrase) plain() string {
	var b strings.Builder
	for _, s := range p {
		b.WriteString(s.text)
	}
	return b.String()
}

func (p phrase) html() string {
	var b strings.Builder
	for _, s := range p {
		if s.bold {
			b.WriteString("<b>")
			b.WriteString(html.EscapeString(s.text))
			b.WriteString("</b>")
		} else {
			b.WriteString(html.EscapeString(s.text))
		}
	}
	return b.String()
}

// sentence ends a plain phrase with a full stop.
func sentence(s string) string {
	if s == "" || strings.HasSuffix(s, ".") {
		return s
	}
	return s + "."
}

// HTML is the Google html_instructions of maneuver m in language l: the
// direction and the road names in <b>, everything HTML-escaped, no final
// full stop. next is the following maneuver (nil for the last); it names
// where a departure heads ("toward") and the road a ramp leads onto.
func HTML(m, next *guidance.Maneuver, l Lang) string { return say(m, next, l, styleGoogle).html() }

// Instruction is the Valhalla plain `instruction` of m: one sentence
// without markup ("Rẽ phải vào Phố Huế." / "Turn right onto Phố Huế.").
func Instruction(m, next *guidance.Maneuver, l Lang) string {
	return sentence(say(m, next, l, styleValhalla).plain())
}

// Verbal are the four spoken instructions Valhalla gives a maneuver
// (empty when it gives none; see Verbals).
type Verbal struct {
	// Alert announces the maneuver well before it (none for the start).
	Alert string
	// Pre is said just before the maneuver; with MultiCue it also
	// announces the next one ("… Sau đó rẽ trái vào Y.").
	Pre string
	// Post is said just after it: how far to go on (none for arrivals).
	Post string
	// Succinct is the short form without names (none for arrivals).
	Succinct string
	// MultiCue: the next maneuver follows so soon that Pre announces both.
	MultiCue bool
}

// MultiCueS is the longest maneuver duration (s) after which the next
// maneuver is announced together with it.
const MultiCueS = 13

// Verbals phrases m for speech, as Valhalla's narrative does: a start
// gets Pre ("Head east on X for 300 meters."), Post and Succinct; an
// arrival gets Alert ("You will arrive at your destination.") and Pre;
// every other maneuver gets all four (Alert = Pre without multi-cue,
// Succinct without names, Post "Continue for 300 meters."). Lengths are
// spoken in units u.
func Verbals(m, next *guidance.Maneuver, l Lang, u Units) Verbal {
	var v Verbal
	full := sentence(say(m, next, l, styleVerbal).plain())
	switch m.Kind {
	case guidance.Arrive:
		v.Alert = sentence(grammars[l].arriveAlert(m))
		v.Pre = full
		return v
	case guidance.Depart:
		v.Pre = sentence(say(m, nil, l, styleVerbal).plain() + grammars[l].forLength(m.DistanceM, u))
	default:
		v.Alert, v.Pre = full, full
	}
	v.Succinct = sentence(say(m, nil, l, styleSuccinct).plain())
	if m.DistanceM > 0 {
		v.Post = sentence(grammars[l].continueFor(m.DistanceM, u))
	}
	if next != nil && m.DurationS < MultiCueS && m.Kind != guidance.Depart {
		v.MultiCue = true
		nextAlert := Verbals(next, nil, l, u).Alert
		if next.Kind == guidance.Depart || nextAlert == "" {
			v.MultiCue = false
		} else {
			v.Pre += grammars[l].then(nextAlert)
			v.Succinct += grammars[l].then(sentence(say(next, nil, l, styleSuccinct).plain()))
		}
	}
	return v
}
