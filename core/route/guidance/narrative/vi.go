package narrative

import (
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/bando-vn/bando/core/route/guidance"
)

// vi is the Vietnamese dictionary.
type vi struct{}

var viWords = words{sides: [3]string{"", "trái", "phải"},
	cardinal: [8]string{"bắc", "đông bắc", "đông", "đông nam", "nam", "tây nam", "tây", "tây bắc"},
	and:      " và ",
	ferry:    "Tuyến đường này có đi phà.", toll: "Tuyến đường này có trạm thu phí.",
	unpaved: "Tuyến đường này có đoạn đường chưa trải nhựa."}

func (vi) words() *words { return &viWords }

func (g vi) say(m, next *guidance.Maneuver, st style) phrase {
	r := road(m.Name, m.Ref)
	switch m.Kind {
	case guidance.Depart:
		return toward(g.head("Đi", m.BearingAfter, r, st), " về phía ", nextRoad(m, next), st)
	case guidance.Continue:
		if len(r) == 0 || st == styleSuccinct {
			return phrase{{"Đi ", false}, {"thẳng", true}}
		}
		return append(phrase{{"Tiếp tục vào ", false}}, r...)
	case guidance.UTurn:
		return join(phrase{{"Quay đầu", true}}, " vào ", r, st)
	case guidance.Fork:
		if dir := viWords.sideOf(m.Modifier); dir != "" {
			return join(phrase{{"Giữ bên ", false}, {dir, true}, {" tại ngã ba", false}}, " để vào ", r, st)
		}
		return join(phrase{{"Đi ", false}, {"thẳng", true}, {" tại ngã ba", false}}, " để vào ", r, st)
	case guidance.RampOn, guidance.RampOff:
		return g.ramp(m, next, r, st)
	case guidance.Merge:
		if dir := viWords.sideOf(m.Modifier); dir != "" {
			return join(phrase{{"Nhập làn bên ", false}, {dir, true}}, " vào ", r, st)
		}
		return join(phrase{{"Nhập làn", false}}, " vào ", r, st)
	case guidance.RoundaboutEnter:
		p := phrase{{"Đi tiếp vào vòng xuyến", false}}
		if m.Exit > 0 {
			p = append(p, seg{", đi theo lối ra thứ ", false}, seg{ordinalVI(m.Exit, st == styleVerbal || st == styleSuccinct), true})
		}
		return join(p, " vào ", r, st)
	case guidance.RoundaboutExit:
		return join(phrase{{"Ra khỏi vòng xuyến", false}}, " vào ", r, st)
	case guidance.FerryEnter:
		if len(r) == 0 || st == styleSuccinct {
			return phrase{{"Lên ", false}, {"phà", true}}
		}
		return append(phrase{{"Lên ", false}}, r...)
	case guidance.FerryExit:
		return g.head("Rời phà, đi", m.BearingAfter, r, st)
	case guidance.Arrive:
		if s := viWords.side(m.Side); s != "" {
			return phrase{{"Điểm đến ở bên ", false}, {s, true}}
		}
		return phrase{{"Bạn đã đến nơi", false}}
	}
	side := "trái"
	if m.Modifier.IsRight() {
		side = "phải"
	}
	verb := "Rẽ "
	switch m.Modifier {
	case guidance.SlightLeft, guidance.SlightRight:
		verb = "Chếch sang "
	case guidance.SharpLeft, guidance.SharpRight:
		verb = "Rẽ ngoặt sang "
	case guidance.Straight:
		verb, side = "Đi ", "thẳng"
	}
	return join(phrase{{verb, false}, {side, true}}, " vào ", r, st)
}

// head is a departure: "Đi về hướng bắc trên X".
func (vi) head(lead string, bearing float64, r phrase, st style) phrase {
	p := phrase{{lead, false}, {" về hướng ", false}, {viWords.compass(bearing), true}}
	return join(p, " trên ", r, st)
}

// ramp: an on-ramp names the road it leads onto (its own name, else the
// road of the merge that follows); an exit names where it leads toward.
func (vi) ramp(m, next *guidance.Maneuver, r phrase, st style) phrase {
	dir := viWords.sideOf(m.Modifier)
	turned := m.Modifier != guidance.SlightLeft && m.Modifier != guidance.SlightRight && dir != ""
	var p phrase
	switch {
	case m.Kind == guidance.RampOff && dir == "":
		p = phrase{{"Đi ", false}, {"thẳng", true}, {" theo lối ra", false}}
	case m.Kind == guidance.RampOff:
		p = phrase{{"Đi theo lối ra bên ", false}, {dir, true}}
	case turned:
		p = phrase{{"Rẽ ", false}, {dir, true}, {" vào đường dẫn", false}}
	case dir == "":
		p = phrase{{"Đi ", false}, {"thẳng", true}, {" vào đường dẫn", false}}
	default:
		p = phrase{{"Đi vào đường dẫn bên ", false}, {dir, true}}
	}
	if m.Kind == guidance.RampOn {
		if len(r) == 0 && next != nil && next.Kind == guidance.Merge {
			r = road(next.Name, next.Ref)
		}
		return join(p, " lên ", r, st)
	}
	if len(r) > 0 {
		return join(p, " vào ", r, st)
	}
	return toward(p, " về phía ", nextRoad(m, next), st)
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

func (vi) arriveAlert(m *guidance.Maneuver) string {
	if s := viWords.side(m.Side); s != "" {
		return "Điểm đến sẽ ở bên " + s
	}
	return "Bạn sắp đến nơi"
}

func (vi) forLength(m float64, u Units) string   { return " khoảng " + VerbalLength(m, VI, u) }
func (vi) continueFor(m float64, u Units) string { return "Đi tiếp " + VerbalLength(m, VI, u) }

// then joins "… Sau đó rẽ trái …", the next cue's first letter lowered.
func (vi) then(next string) string {
	if next == "" {
		return " Sau đó "
	}
	r, n := utf8.DecodeRuneInString(next)
	return " Sau đó " + string(unicode.ToLower(r)) + next[n:]
}
