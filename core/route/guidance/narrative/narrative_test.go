package narrative

import (
	"strings"
	"testing"

	g "github.com/bando-vn/bando/core/route/guidance"
)

func TestDistance(t *testing.T) {
	cases := []struct {
		m      float64
		l      Lang
		u      Units
		want   string
		reason string
	}{
		{1800, VI, Km, "1,8 km", "decimal comma"},
		{1800, EN, Km, "1.8 km", "decimal point"},
		{350, VI, Km, "350 m", "metres below 1 km"},
		{354, EN, Km, "350 m", "to 10 m above 100 m"},
		{57.4, VI, Km, "57 m", "to the metre below 100 m"},
		{0, VI, Km, "0 m", "the arrival step"},
		{996, EN, Km, "1 km", "rounds up into km, no .0"},
		{2000, VI, Km, "2 km", "no ,0"},
		{123456, VI, Km, "123 km", "whole km beyond 100"},
		{1234567, VI, Km, "1.235 km", "dot thousands in Vietnamese"},
		{1234567, EN, Km, "1,235 km", "comma thousands in English"},
		{2896.8, EN, Mi, "1.8 mi", "miles"},
		{2896.8, VI, Mi, "1,8 dặm", "miles in Vietnamese"},
		{100, EN, Mi, "330 ft", "feet below 0.1 mi"},
		{-3, EN, Km, "0 m", "never negative"},
	}
	for _, c := range cases {
		if got := Distance(c.m, c.l, c.u); got != c.want {
			t.Errorf("Distance(%v, %v, %v) = %q, want %q (%s)", c.m, c.l, c.u, got, c.want, c.reason)
		}
	}
}

func TestDuration(t *testing.T) {
	cases := []struct {
		s    float64
		l    Lang
		want string
	}{
		{180, VI, "3 phút"},
		{180, EN, "3 mins"},
		{60, EN, "1 min"},
		{12, EN, "1 min"},
		{0, VI, "0 phút"},
		{3900, VI, "1 giờ 5 phút"},
		{3900, EN, "1 hour 5 mins"},
		{7200, EN, "2 hours"},
		{3600*26 + 600, VI, "1 ngày 2 giờ"},
		{3600 * 50, EN, "2 days 2 hours"},
		{89, EN, "1 min"},
		{91, EN, "2 mins"},
	}
	for _, c := range cases {
		if got := Duration(c.s, c.l); got != c.want {
			t.Errorf("Duration(%v, %v) = %q, want %q", c.s, c.l, got, c.want)
		}
	}
}

func TestVerbalLength(t *testing.T) {
	cases := []struct {
		m    float64
		l    Lang
		u    Units
		want string
	}{
		{5, EN, Km, "less than 10 meters"},
		{5, VI, Km, "chưa đến 10 mét"},
		{304, EN, Km, "300 meters"},
		{1000, EN, Km, "1 kilometer"},
		{2540, VI, Km, "2,5 ki-lô-mét"},
		{1609.344, EN, Mi, "1 mile"},
		{90, EN, Mi, "300 feet"},
	}
	for _, c := range cases {
		if got := VerbalLength(c.m, c.l, c.u); got != c.want {
			t.Errorf("VerbalLength(%v) = %q, want %q", c.m, got, c.want)
		}
	}
}

func TestParseLang(t *testing.T) {
	for s, want := range map[string]Lang{"vi": VI, "VI": VI, "vi-VN": VI, "en": EN, "en-US": EN, "en_GB": EN} {
		if got, ok := ParseLang(s); !ok || got != want {
			t.Errorf("ParseLang(%q) = %v, %v", s, got, ok)
		}
	}
	for _, s := range []string{"", "fr", "vietnamese", "-"} {
		if _, ok := ParseLang(s); ok {
			t.Errorf("ParseLang(%q) accepted", s)
		}
	}
}

// phr is one maneuver's expected Google HTML and Valhalla instruction in
// both languages.
type phr struct {
	name       string
	m          g.Maneuver
	next       *g.Maneuver
	htmlVI     string
	htmlEN     string
	instrVI    string
	instrEN    string
	googleCode string
	valhalla   int
}

func TestPhrases(t *testing.T) {
	hue := "Phố Huế"
	cases := []phr{
		{name: "turn right", m: g.Maneuver{Kind: g.Turn, Modifier: g.Right, Name: hue},
			htmlVI: "Rẽ <b>phải</b> vào <b>Phố Huế</b>", htmlEN: "Turn <b>right</b> onto <b>Phố Huế</b>",
			instrVI: "Rẽ phải vào Phố Huế.", instrEN: "Turn right onto Phố Huế.", googleCode: "turn-right", valhalla: 10},
		{name: "slight left, unnamed", m: g.Maneuver{Kind: g.Turn, Modifier: g.SlightLeft},
			htmlVI: "Chếch sang <b>trái</b>", htmlEN: "Slight <b>left</b>",
			instrVI: "Chếch sang trái.", instrEN: "Bear left.", googleCode: "turn-slight-left", valhalla: 16},
		{name: "sharp right with ref", m: g.Maneuver{Kind: g.Turn, Modifier: g.SharpRight, Name: "Giải Phóng", Ref: "QL1A;AH1"},
			htmlVI: "Rẽ ngoặt sang <b>phải</b> vào <b>Giải Phóng</b>/<b>QL1A</b>/<b>AH1</b>", htmlEN: "Sharp <b>right</b> onto <b>Giải Phóng</b>/<b>QL1A</b>/<b>AH1</b>",
			instrVI: "Rẽ ngoặt sang phải vào Giải Phóng/QL1A/AH1.", instrEN: "Turn sharp right onto Giải Phóng/QL1A/AH1.", googleCode: "turn-sharp-right", valhalla: 11},
		{name: "roundabout 2nd exit", m: g.Maneuver{Kind: g.RoundaboutEnter, Exit: 2, Name: "Kim Mã"},
			htmlVI: "Đi tiếp vào vòng xuyến, đi theo lối ra thứ <b>2</b> vào <b>Kim Mã</b>", htmlEN: "At the roundabout, take the <b>2nd</b> exit onto <b>Kim Mã</b>",
			instrVI: "Đi tiếp vào vòng xuyến, đi theo lối ra thứ 2 vào Kim Mã.", instrEN: "Enter the roundabout and take the 2nd exit onto Kim Mã.", googleCode: "roundabout-right", valhalla: 26},
		{name: "roundabout 1st exit", m: g.Maneuver{Kind: g.RoundaboutEnter, Exit: 1},
			htmlVI: "Đi tiếp vào vòng xuyến, đi theo lối ra thứ <b>nhất</b>", htmlEN: "At the roundabout, take the <b>1st</b> exit",
			instrVI: "Đi tiếp vào vòng xuyến, đi theo lối ra thứ nhất.", instrEN: "Enter the roundabout and take the 1st exit.", googleCode: "roundabout-right", valhalla: 26},
		{name: "depart toward", m: g.Maneuver{Kind: g.Depart, BearingAfter: 92, Name: "Hàng Bài"}, next: &g.Maneuver{Kind: g.Turn, Modifier: g.Left, Name: "Tràng Tiền"},
			htmlVI: "Đi về hướng <b>đông</b> trên <b>Hàng Bài</b> về phía <b>Tràng Tiền</b>", htmlEN: "Head <b>east</b> on <b>Hàng Bài</b> toward <b>Tràng Tiền</b>",
			instrVI: "Đi về hướng đông trên Hàng Bài về phía Tràng Tiền.", instrEN: "Head east on Hàng Bài toward Tràng Tiền.", googleCode: "", valhalla: 1},
		{name: "depart, origin on the right", m: g.Maneuver{Kind: g.Depart, BearingAfter: 350, Side: g.SideRight},
			htmlVI: "Đi về hướng <b>bắc</b>", htmlEN: "Head <b>north</b>", instrVI: "Đi về hướng bắc.", instrEN: "Head north.", valhalla: 2},
		{name: "arrive left", m: g.Maneuver{Kind: g.Arrive, Side: g.SideLeft},
			htmlVI: "Điểm đến ở bên <b>trái</b>", htmlEN: "Your destination is on the <b>left</b>",
			instrVI: "Điểm đến ở bên trái.", instrEN: "Your destination is on the left.", valhalla: 6},
		{name: "arrive on the road", m: g.Maneuver{Kind: g.Arrive},
			htmlVI: "Bạn đã đến nơi", htmlEN: "You have arrived at your destination",
			instrVI: "Bạn đã đến nơi.", instrEN: "You have arrived at your destination.", valhalla: 4},
		{name: "u-turn", m: g.Maneuver{Kind: g.UTurn, Modifier: g.UTurnLeft, Name: "Láng"},
			htmlVI: "<b>Quay đầu</b> vào <b>Láng</b>", htmlEN: "Make a <b>U-turn</b> onto <b>Láng</b>",
			instrVI: "Quay đầu vào Láng.", instrEN: "Make a left U-turn onto Láng.", googleCode: "uturn-left", valhalla: 13},
		{name: "on-ramp named by the merge", m: g.Maneuver{Kind: g.RampOn, Modifier: g.SlightRight}, next: &g.Maneuver{Kind: g.Merge, Modifier: g.SlightLeft, Name: "Vành đai 3", Ref: "CT20"},
			htmlVI: "Đi vào đường dẫn bên <b>phải</b> lên <b>Vành đai 3</b>/<b>CT20</b>", htmlEN: "Take the ramp on the <b>right</b> onto <b>Vành đai 3</b>/<b>CT20</b>",
			instrVI: "Đi vào đường dẫn bên phải lên Vành đai 3/CT20.", instrEN: "Take the ramp on the right onto Vành đai 3/CT20.", googleCode: "ramp-right", valhalla: 18},
		{name: "exit toward", m: g.Maneuver{Kind: g.RampOff, Modifier: g.SlightRight}, next: &g.Maneuver{Kind: g.Turn, Modifier: g.Right, Name: "Phạm Văn Đồng"},
			htmlVI: "Đi theo lối ra bên <b>phải</b> về phía <b>Phạm Văn Đồng</b>", htmlEN: "Take the exit on the <b>right</b> toward <b>Phạm Văn Đồng</b>",
			instrVI: "Đi theo lối ra bên phải về phía Phạm Văn Đồng.", instrEN: "Take the exit on the right toward Phạm Văn Đồng.", googleCode: "ramp-right", valhalla: 20},
		{name: "merge left", m: g.Maneuver{Kind: g.Merge, Modifier: g.SlightLeft, Name: "Pháp Vân - Cầu Giẽ"},
			htmlVI: "Nhập làn bên <b>trái</b> vào <b>Pháp Vân - Cầu Giẽ</b>", htmlEN: "Merge <b>left</b> onto <b>Pháp Vân - Cầu Giẽ</b>",
			instrVI: "Nhập làn bên trái vào Pháp Vân - Cầu Giẽ.", instrEN: "Merge left onto Pháp Vân - Cầu Giẽ.", googleCode: "merge", valhalla: 38},
		{name: "fork right", m: g.Maneuver{Kind: g.Fork, Modifier: g.SlightRight, Name: "Nguyễn Văn Cừ"},
			htmlVI: "Giữ bên <b>phải</b> tại ngã ba để vào <b>Nguyễn Văn Cừ</b>", htmlEN: "Keep <b>right</b> to take <b>Nguyễn Văn Cừ</b>",
			instrVI: "Giữ bên phải tại ngã ba để vào Nguyễn Văn Cừ.", instrEN: "Keep right to take Nguyễn Văn Cừ.", googleCode: "fork-right", valhalla: 23},
		{name: "continue onto a new name", m: g.Maneuver{Kind: g.Continue, Name: "Tràng Thi"},
			htmlVI: "Tiếp tục vào <b>Tràng Thi</b>", htmlEN: "Continue onto <b>Tràng Thi</b>",
			instrVI: "Tiếp tục vào Tràng Thi.", instrEN: "Continue onto Tràng Thi.", googleCode: "straight", valhalla: 8},
		{name: "ferry", m: g.Maneuver{Kind: g.FerryEnter, Name: "Phà Vân Phúc"},
			htmlVI: "Lên <b>Phà Vân Phúc</b>", htmlEN: "Take the <b>Phà Vân Phúc</b> ferry",
			instrVI: "Lên Phà Vân Phúc.", instrEN: "Take the Phà Vân Phúc ferry.", googleCode: "ferry", valhalla: 28},
		{name: "names are escaped", m: g.Maneuver{Kind: g.Turn, Modifier: g.Left, Name: "A & <B>"},
			htmlVI: "Rẽ <b>trái</b> vào <b>A &amp; &lt;B&gt;</b>", htmlEN: "Turn <b>left</b> onto <b>A &amp; &lt;B&gt;</b>",
			instrVI: "Rẽ trái vào A & <B>.", instrEN: "Turn left onto A & <B>.", googleCode: "turn-left", valhalla: 15},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			check := func(what, got, want string) {
				if got != want {
					t.Errorf("%s = %q\n want %q", what, got, want)
				}
			}
			check("HTML vi", HTML(&c.m, c.next, VI), c.htmlVI)
			check("HTML en", HTML(&c.m, c.next, EN), c.htmlEN)
			check("Instruction vi", Instruction(&c.m, c.next, VI), c.instrVI)
			check("Instruction en", Instruction(&c.m, c.next, EN), c.instrEN)
			check("Google", c.m.Google(), c.googleCode)
			if got := c.m.Valhalla(); got != c.valhalla {
				t.Errorf("Valhalla = %d, want %d", got, c.valhalla)
			}
		})
	}
}

func TestVerbals(t *testing.T) {
	turn := g.Maneuver{Kind: g.Turn, Modifier: g.Right, Name: "Phố Huế", DistanceM: 300, DurationS: 40}
	v := Verbals(&turn, nil, EN, Km)
	want := Verbal{Alert: "Turn right onto Phố Huế.", Pre: "Turn right onto Phố Huế.", Post: "Continue for 300 meters.", Succinct: "Turn right."}
	if v != want {
		t.Errorf("turn: %+v\nwant %+v", v, want)
	}
	v = Verbals(&turn, nil, VI, Km)
	want = Verbal{Alert: "Rẽ phải vào Phố Huế.", Pre: "Rẽ phải vào Phố Huế.", Post: "Đi tiếp 300 mét.", Succinct: "Rẽ phải."}
	if v != want {
		t.Errorf("turn vi: %+v\nwant %+v", v, want)
	}
	dep := g.Maneuver{Kind: g.Depart, BearingAfter: 180, Name: "Lý Thái Tổ", DistanceM: 1000, DurationS: 120}
	v = Verbals(&dep, &turn, EN, Km)
	if v.Alert != "" || v.Pre != "Head south on Lý Thái Tổ for 1 kilometer." || v.Succinct != "Head south." || v.MultiCue {
		t.Errorf("depart: %+v", v)
	}
	arr := g.Maneuver{Kind: g.Arrive, Side: g.SideRight}
	v = Verbals(&arr, nil, VI, Km)
	if v.Alert != "Điểm đến sẽ ở bên phải." || v.Pre != "Điểm đến ở bên phải." || v.Post != "" || v.Succinct != "" {
		t.Errorf("arrive: %+v", v)
	}
	short := g.Maneuver{Kind: g.Turn, Modifier: g.Left, Name: "Hàng Khay", DistanceM: 60, DurationS: 8}
	v = Verbals(&short, &turn, VI, Km)
	if !v.MultiCue || v.Pre != "Rẽ trái vào Hàng Khay. Sau đó rẽ phải vào Phố Huế." || v.Succinct != "Rẽ trái. Sau đó rẽ phải." {
		t.Errorf("multi-cue: %+v", v)
	}
	v = Verbals(&short, &turn, EN, Mi)
	if !v.MultiCue || v.Pre != "Turn left onto Hàng Khay. Then Turn right onto Phố Huế." || v.Post != "Continue for 200 feet." {
		t.Errorf("multi-cue en: %+v", v)
	}
}

// TestEveryKindPhrased: every kind and modifier gives a non-empty phrase
// in every style, with balanced <b> tags in HTML.
func TestEveryKindPhrased(t *testing.T) {
	for k := g.Depart; k <= g.Arrive; k++ {
		for mod := g.Straight; mod <= g.SlightLeft; mod++ {
			for _, l := range []Lang{VI, EN} {
				for _, name := range []string{"", "X"} {
					m := g.Maneuver{Kind: k, Modifier: mod, Name: name, Exit: int(mod), DistanceM: 50, DurationS: 5}
					h := HTML(&m, &m, l)
					if h == "" || strings.Count(h, "<b>") != strings.Count(h, "</b>") {
						t.Errorf("kind %d mod %d lang %d: HTML %q", k, mod, l, h)
					}
					if Instruction(&m, nil, l) == "" {
						t.Errorf("kind %d mod %d: empty instruction", k, mod)
					}
					v := Verbals(&m, &m, l, Km)
					if v.Pre == "" {
						t.Errorf("kind %d mod %d: empty pre-transition", k, mod)
					}
				}
			}
		}
	}
}
