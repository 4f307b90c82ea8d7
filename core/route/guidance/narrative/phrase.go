package narrative

import (
	"strings"

	"github.com/bando-vn/bando/core/route/guidance"
)

// style is the convention a phrase follows.
type style uint8

const (
	styleGoogle   style = iota // html_instructions: Google's English verbs ("Slight right")
	styleValhalla              // plain instruction: Valhalla's English verbs ("Bear right")
	styleVerbal                // spoken: as Valhalla, nothing after the road name
	styleSuccinct              // spoken, short: no road names
)

// grammar is one language's dictionary: every word and sentence the
// narrative writes in it (vi.go, en.go).
type grammar interface {
	words() *words
	// say phrases one maneuver; next is the following one (nil for the last).
	say(m, next *guidance.Maneuver, st style) phrase
	// arriveAlert announces the arrival ahead of it.
	arriveAlert(m *guidance.Maneuver) string
	// forLength and continueFor speak a length after a departure and
	// after a maneuver ("for 300 meters", "Continue for 300 meters").
	forLength(m float64, u Units) string
	continueFor(m float64, u Units) string
	// then joins a maneuver's spoken cue to the next one's.
	then(next string) string
}

var grammars = [2]grammar{VI: vi{}, EN: en{}}

// words of one language.
type words struct {
	sides    [3]string // by guidance.Side: "", left, right
	cardinal [8]string
	and      string // joins two road names in a route's summary
	// a route's warnings (docs/API.md §3.7 says what qualifies)
	ferry, toll, unpaved string
}

// And joins two road names: "Phố Huế và Giải Phóng" / "Phố Huế and Giải Phóng".
func And(a, b string, l Lang) string { return a + grammars[l].words().and + b }

// Warnings phrases a route's warnings in l: ferries, toll roads and
// unpaved roads, in that order.
func Warnings(ferry, toll, unpaved bool, l Lang) []string {
	w := grammars[l].words()
	out := []string{}
	for _, x := range []struct {
		on   bool
		text string
	}{{ferry, w.ferry}, {toll, w.toll}, {unpaved, w.unpaved}} {
		if x.on {
			out = append(out, x.text)
		}
	}
	return out
}

// say phrases one maneuver in l.
func say(m, next *guidance.Maneuver, l Lang, st style) phrase { return grammars[l].say(m, next, st) }

func (w *words) side(s guidance.Side) string {
	if int(s) < len(w.sides) && s >= 0 {
		return w.sides[s]
	}
	return ""
}

// sideOf is the side word of a modifier, "" straight.
func (w *words) sideOf(mod guidance.Modifier) string {
	switch {
	case mod.IsRight():
		return w.side(guidance.SideRight)
	case mod.IsLeft():
		return w.side(guidance.SideLeft)
	}
	return ""
}

// compass names the compass direction of a bearing.
func (w *words) compass(bearing float64) string {
	i := int((bearing+22.5)/45) % 8
	if i < 0 {
		i += 8
	}
	return w.cardinal[i]
}

// road is a road's name and refs as bold pieces: "Giải Phóng/QL1A"; refs
// listed with ";" in OSM are joined with "/". nil when it has neither.
func road(name, ref string) phrase {
	var p phrase
	if name != "" {
		p = append(p, seg{name, true})
	}
	for _, r := range strings.Split(ref, ";") {
		if r = strings.TrimSpace(r); r == "" || r == name {
			continue
		}
		if len(p) > 0 {
			p = append(p, seg{"/", false})
		}
		p = append(p, seg{r, true})
	}
	return p
}

// nextRoad is the road the next maneuver takes when it differs from m's.
func nextRoad(m, next *guidance.Maneuver) phrase {
	if next == nil || next.Kind == guidance.Arrive || next.Name == m.Name && next.Ref == m.Ref {
		return nil
	}
	return road(next.Name, next.Ref)
}

// join appends word and r to p when r is a road and the style names roads.
func join(p phrase, word string, r phrase, st style) phrase {
	if len(r) == 0 || st == styleSuccinct {
		return p
	}
	return append(append(p, seg{word, false}), r...)
}

// toward is join for where a maneuver heads, which spoken styles leave out.
func toward(p phrase, word string, r phrase, st style) phrase {
	if st == styleVerbal {
		return p
	}
	return join(p, word, r, st)
}
