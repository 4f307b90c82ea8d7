package narrative

import (
	"strconv"
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

// words of one language.
type words struct {
	sides    [3]string // by guidance.Side: "", left, right
	cardinal [8]string
	and      string // joins two road names in a route's summary
	// a route's warnings (docs/API.md §3.7 says what qualifies)
	ferry, toll, unpaved string
}

var vocab = [2]words{
	VI: {sides: [3]string{"", "trái", "phải"},
		cardinal: [8]string{"bắc", "đông bắc", "đông", "đông nam", "nam", "tây nam", "tây", "tây bắc"},
		and:      " và ",
		ferry:    "Tuyến đường này có đi phà.", toll: "Tuyến đường này có trạm thu phí.",
		unpaved: "Tuyến đường này có đoạn đường chưa trải nhựa."},
	EN: {sides: [3]string{"", "left", "right"},
		cardinal: [8]string{"north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"},
		and:      " and ",
		ferry:    "This route includes a ferry.", toll: "This route has tolls.",
		unpaved: "This route includes unpaved roads."},
}

// And joins two road names: "Phố Huế và Giải Phóng" / "Phố Huế and Giải Phóng".
func And(a, b string, l Lang) string { return a + vocab[l].and + b }

// Warnings phrases a route's warnings in l: ferries, toll roads and
// unpaved roads, in that order.
func Warnings(ferry, toll, unpaved bool, l Lang) []string {
	out := []string{}
	for _, w := range []struct {
		on   bool
		text string
	}{{ferry, vocab[l].ferry}, {toll, vocab[l].toll}, {unpaved, vocab[l].unpaved}} {
		if w.on {
			out = append(out, w.text)
		}
	}
	return out
}

func sideWord(s guidance.Side, l Lang) string {
	if int(s) < len(vocab[l].sides) && s >= 0 {
		return vocab[l].sides[s]
	}
	return ""
}

// cardinal names the compass direction of a bearing.
func cardinal(bearing float64, l Lang) string {
	i := int((bearing+22.5)/45) % 8
	if i < 0 {
		i += 8
	}
	return vocab[l].cardinal[i]
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

// modifier words: the verb phrase before the bold direction and the bold
// direction itself, per language and style.
func turnWords(mod guidance.Modifier, l Lang, st style) (verb, dir string) {
	right := mod.IsRight()
	side := "trái"
	if right {
		side = "phải"
	}
	if l == EN {
		side = "left"
		if right {
			side = "right"
		}
	}
	switch mod {
	case guidance.SlightLeft, guidance.SlightRight:
		switch {
		case l == VI:
			return "Chếch sang ", side
		case st == styleGoogle:
			return "Slight ", side
		}
		return "Bear ", side
	case guidance.SharpLeft, guidance.SharpRight:
		switch {
		case l == VI:
			return "Rẽ ngoặt sang ", side
		case st == styleGoogle:
			return "Sharp ", side
		}
		return "Turn sharp ", side
	case guidance.Straight:
		if l == VI {
			return "Đi ", "thẳng"
		}
		return "Continue ", "straight"
	}
	if l == VI {
		return "Rẽ ", side
	}
	return "Turn ", side
}

// onto appends " vào X" / " onto X" when the road has a name.
func onto(p phrase, r phrase, l Lang, st style) phrase {
	if len(r) == 0 || st == styleSuccinct {
		return p
	}
	if l == VI {
		return append(append(p, seg{" vào ", false}), r...)
	}
	return append(append(p, seg{" onto ", false}), r...)
}

// toward appends " về phía X" / " toward X".
func toward(p phrase, r phrase, l Lang, st style) phrase {
	if len(r) == 0 || st == styleSuccinct || st == styleVerbal {
		return p
	}
	if l == VI {
		return append(append(p, seg{" về phía ", false}), r...)
	}
	return append(append(p, seg{" toward ", false}), r...)
}

// nextRoad is the road the next maneuver takes when it differs from m's.
func nextRoad(m, next *guidance.Maneuver) phrase {
	if next == nil || next.Kind == guidance.Arrive || next.Name == m.Name && next.Ref == m.Ref {
		return nil
	}
	return road(next.Name, next.Ref)
}

// say phrases one maneuver.
func say(m, next *guidance.Maneuver, l Lang, st style) phrase {
	r := road(m.Name, m.Ref)
	switch m.Kind {
	case guidance.Depart:
		return toward(head(m.BearingAfter, r, l, st), nextRoad(m, next), l, st)
	case guidance.Continue:
		if l == VI {
			if len(r) == 0 || st == styleSuccinct {
				return phrase{{"Đi ", false}, {"thẳng", true}}
			}
			return append(phrase{{"Tiếp tục vào ", false}}, r...)
		}
		if len(r) == 0 || st == styleSuccinct {
			return phrase{{"Continue ", false}, {"straight", true}}
		}
		return append(phrase{{"Continue onto ", false}}, r...)
	case guidance.UTurn:
		return onto(uturn(m, l, st), r, l, st)
	case guidance.Fork:
		return fork(m, r, l, st)
	case guidance.RampOn, guidance.RampOff:
		return ramp(m, next, r, l, st)
	case guidance.Merge:
		return merge(m, r, l, st)
	case guidance.RoundaboutEnter:
		return roundabout(m, r, l, st)
	case guidance.RoundaboutExit:
		if l == VI {
			return onto(phrase{{"Ra khỏi vòng xuyến", false}}, r, l, st)
		}
		return onto(phrase{{"Exit the roundabout", false}}, r, l, st)
	case guidance.FerryEnter:
		return ferry(r, l, st)
	case guidance.FerryExit:
		lead := "Rời phà, đi"
		if l == EN {
			lead = "Leave the ferry and head"
		}
		return headWith(lead, m.BearingAfter, r, l, st)
	case guidance.Arrive:
		return arrive(m, l)
	}
	verb, dir := turnWords(m.Modifier, l, st)
	return onto(phrase{{verb, false}, {dir, true}}, r, l, st)
}

// head is a departure: "Đi về hướng bắc trên X" / "Head north on X".
func head(bearing float64, r phrase, l Lang, st style) phrase {
	if l == EN {
		return headWith("Head", bearing, r, l, st)
	}
	return headWith("Đi", bearing, r, l, st)
}

func headWith(lead string, bearing float64, r phrase, l Lang, st style) phrase {
	p := phrase{{lead, false}}
	on := " on "
	if l == VI {
		p = append(p, seg{" về hướng ", false}, seg{cardinal(bearing, l), true})
		on = " trên "
	} else {
		p = append(p, seg{" ", false}, seg{cardinal(bearing, l), true})
	}
	if len(r) > 0 && st != styleSuccinct {
		p = append(append(p, seg{on, false}), r...)
	}
	return p
}

func uturn(m *guidance.Maneuver, l Lang, st style) phrase {
	if l == VI {
		return phrase{{"Quay đầu", true}}
	}
	if st == styleGoogle {
		return phrase{{"Make a ", false}, {"U-turn", true}}
	}
	side := "left"
	if m.Modifier == guidance.UTurnRight {
		side = "right"
	}
	return phrase{{"Make a ", false}, {side, true}, {" U-turn", false}}
}

func fork(m *guidance.Maneuver, r phrase, l Lang, st style) phrase {
	dir := sideOf(m.Modifier, l)
	if l == VI {
		if dir == "" {
			return withName(phrase{{"Đi ", false}, {"thẳng", true}, {" tại ngã ba", false}}, " để vào ", r, st)
		}
		return withName(phrase{{"Giữ bên ", false}, {dir, true}, {" tại ngã ba", false}}, " để vào ", r, st)
	}
	if dir == "" {
		dir = "straight"
	}
	if len(r) == 0 || st == styleSuccinct {
		return phrase{{"Keep ", false}, {dir, true}, {" at the fork", false}}
	}
	return append(phrase{{"Keep ", false}, {dir, true}, {" to take ", false}}, r...)
}

func withName(p phrase, join string, r phrase, st style) phrase {
	if len(r) == 0 || st == styleSuccinct {
		return p
	}
	return append(append(p, seg{join, false}), r...)
}

// sideOf is "trái"/"phải" ("left"/"right") for a modifier, "" straight.
func sideOf(mod guidance.Modifier, l Lang) string {
	switch {
	case mod.IsRight():
		return sideWord(guidance.SideRight, l)
	case mod.IsLeft():
		return sideWord(guidance.SideLeft, l)
	}
	return ""
}

// ramp: an on-ramp names the road it leads onto (its own name, else the
// road of the merge that follows); an exit names where it leads toward.
func ramp(m, next *guidance.Maneuver, r phrase, l Lang, st style) phrase {
	dir := sideOf(m.Modifier, l)
	var p phrase
	turned := m.Modifier != guidance.SlightLeft && m.Modifier != guidance.SlightRight && dir != ""
	switch {
	case m.Kind == guidance.RampOff && l == VI:
		p = phrase{{"Đi theo lối ra bên ", false}, {dir, true}}
		if dir == "" {
			p = phrase{{"Đi ", false}, {"thẳng", true}, {" theo lối ra", false}}
		}
	case m.Kind == guidance.RampOff:
		p = phrase{{"Take the exit on the ", false}, {dir, true}}
		if dir == "" {
			p = phrase{{"Take the exit ", false}, {"straight", true}, {" ahead", false}}
		}
	case l == VI && turned:
		p = phrase{{"Rẽ ", false}, {dir, true}, {" vào đường dẫn", false}}
	case l == VI && dir == "":
		p = phrase{{"Đi ", false}, {"thẳng", true}, {" vào đường dẫn", false}}
	case l == VI:
		p = phrase{{"Đi vào đường dẫn bên ", false}, {dir, true}}
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
		if l == VI {
			return withName(p, " lên ", r, st)
		}
		return onto(p, r, l, st)
	}
	if len(r) > 0 {
		return onto(p, r, l, st)
	}
	return toward(p, nextRoad(m, next), l, st)
}

func merge(m *guidance.Maneuver, r phrase, l Lang, st style) phrase {
	dir := sideOf(m.Modifier, l)
	var p phrase
	switch {
	case l == VI && dir != "":
		p = phrase{{"Nhập làn bên ", false}, {dir, true}}
	case l == VI:
		p = phrase{{"Nhập làn", false}}
	case dir != "":
		p = phrase{{"Merge ", false}, {dir, true}}
	default:
		p = phrase{{"Merge", false}}
	}
	return onto(p, r, l, st)
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

// ordinalVI is the spoken Vietnamese ordinal ("thứ nhất", "thứ tư");
// written text uses digits ("thứ 2").
func ordinalVI(n int, spoken bool) string {
	words := [...]string{"", "nhất", "hai", "ba", "tư", "năm", "sáu", "bảy", "tám", "chín", "mười"}
	if n == 1 || spoken && n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}

func roundabout(m *guidance.Maneuver, r phrase, l Lang, st style) phrase {
	spoken := st == styleVerbal || st == styleSuccinct
	if l == VI {
		p := phrase{{"Đi tiếp vào vòng xuyến", false}}
		if m.Exit > 0 {
			p = append(p, seg{", đi theo lối ra thứ ", false}, seg{ordinalVI(m.Exit, spoken), true})
		}
		return onto(p, r, l, st)
	}
	if st == styleGoogle {
		if m.Exit == 0 {
			return onto(phrase{{"Enter the roundabout", false}}, r, l, st)
		}
		return onto(phrase{{"At the roundabout, take the ", false}, {ordinalEN(m.Exit), true}, {" exit", false}}, r, l, st)
	}
	p := phrase{{"Enter the roundabout", false}}
	if m.Exit > 0 {
		p = append(p, seg{" and take the ", false}, seg{ordinalEN(m.Exit), true}, seg{" exit", false})
	}
	return onto(p, r, l, st)
}

func ferry(r phrase, l Lang, st style) phrase {
	if st == styleSuccinct {
		r = nil
	}
	if l == VI {
		if len(r) == 0 {
			return phrase{{"Lên ", false}, {"phà", true}}
		}
		return append(phrase{{"Lên ", false}}, r...)
	}
	if len(r) == 0 {
		return phrase{{"Take the ", false}, {"ferry", true}}
	}
	return append(phrase{{"Take the ", false}}, append(r, seg{" ferry", false})...)
}

func arrive(m *guidance.Maneuver, l Lang) phrase {
	if s := sideWord(m.Side, l); s != "" {
		if l == EN {
			return phrase{{"Your destination is on the ", false}, {s, true}}
		}
		return phrase{{"Điểm đến ở bên ", false}, {s, true}}
	}
	if l == EN {
		return phrase{{"You have arrived at your destination", false}}
	}
	return phrase{{"Bạn đã đến nơi", false}}
}
