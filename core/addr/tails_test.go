package addr

import (
	"strings"
	"testing"
)

// TestTails reads the administrative part a search text ends with, over
// the real units of ../shared/data/admin (both structures).
func TestTails(t *testing.T) {
	g := fullGazetteer(t)
	for _, c := range []struct {
		text string
		want []string // the lead (text before the part) of each tail, shortest part first
		unit string   // a unit some reading of the first tail names
	}{
		{"bv bach mai dong da", []string{"bv bach mai"}, "Quận Đống Đa"},
		{"bach mai ha noi", []string{"bach mai"}, "Thành phố Hà Nội"},
		{"pho hue, hà nội", []string{"pho hue"}, "Thành phố Hà Nội"},
		{"nguyen trai thanh xuan", []string{"nguyen trai"}, "Quận Thanh Xuân"},
		{"cho ben thanh quan 1", []string{"cho ben thanh", "cho"}, "Quận 1"},
		{"cho ben thanh Q.1", []string{"cho ben thanh", "cho"}, "Quận 1"},
		{"vincom q1", []string{"vincom"}, "Quận 1"},
		{"highlands tphcm", []string{"highlands"}, "Thành phố Hồ Chí Minh"},
		{"pho hue sai gon", []string{"pho hue"}, "Thành phố Hồ Chí Minh"},
		{"duong 373 thanh pho ho chi minh", []string{"duong 373"}, "Thành phố Hồ Chí Minh"}, // not "ho chi minh" after "thanh pho"
		{"54b cau xay 2 thu duc", []string{"54b cau xay 2"}, "Thành phố Thủ Đức"},           // a district after a number
		{"H. Mai Sơn", nil, ""},        // the unit word is the part's: no word left before it
		{"cho ben thanh", nil, ""},     // a bare ward name must be its own segment
		{"xa dwng tien hung", nil, ""}, // likewise
		{"ha noi", nil, ""},            // nothing before the part
	} {
		tails := g.Tails(c.text, 2)
		var got []string
		for _, tl := range tails {
			got = append(got, strings.TrimRight(c.text[:tl.Start], " ,"))
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("Tails(%q) leads %q, want %q", c.text, got, c.want)
			continue
		}
		if c.unit != "" && !namesUnit(g, tails[0].Readings, c.unit) {
			t.Errorf("Tails(%q): no reading names %s", c.text, c.unit)
		}
	}
}

func namesUnit(g *Gazetteer, rs []Reading, name string) bool {
	for _, r := range rs {
		for _, u := range []int32{r.Ward, r.District, r.Province} {
			if u >= 0 && g.Unit(u).Name == name {
				return true
			}
		}
	}
	return false
}
