package openhours

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"testing"

	"github.com/bando-vn/bando/internal/fixture"
)

func TestParseTable(t *testing.T) {
	cases := []struct {
		in   string
		want []Period // nil: unparsable
	}{
		{"Mo-Fr 08:00-17:00", []Period{{{1, 8, 0}, {1, 17, 0}}, {{2, 8, 0}, {2, 17, 0}}, {{3, 8, 0}, {3, 17, 0}}, {{4, 8, 0}, {4, 17, 0}}, {{5, 8, 0}, {5, 17, 0}}}},
		{"Sa,Su 10:00-14:00", []Period{{{0, 10, 0}, {0, 14, 0}}, {{6, 10, 0}, {6, 14, 0}}}},
		{"Su 11:00-14:00, 17:00-22:30", []Period{{{0, 11, 0}, {0, 14, 0}}, {{0, 17, 0}, {0, 22, 30}}}},
		{"Sa 19:00-02:00", []Period{{{6, 19, 0}, {0, 2, 0}}}}, // past midnight: Saturday → Sunday
		{"Sa 18:00-26:00", []Period{{{6, 18, 0}, {0, 2, 0}}}}, // extended hours
		{"Su 08:00-24:00", []Period{{{0, 8, 0}, {1, 0, 0}}}},  // until midnight
		{"Fr-Mo 09:00-10:00", []Period{{{0, 9, 0}, {0, 10, 0}}, {{1, 9, 0}, {1, 10, 0}}, {{5, 9, 0}, {5, 10, 0}}, {{6, 9, 0}, {6, 10, 0}}}},
		{"Mo-Sa 08:00-12:00; We off", nil}, // placeholder, replaced below
		{"Mo 10:00-21:00; Tu-Su 10:00-20:00; PH off", nil},
		{"24/7", nil},
		{"Mo-Sa 11:30+", nil},
		{"10:00", nil},
		{"sunrise-sunset", nil},
		{"Jan-Mar Mo 10:00-12:00", nil},
		{"", nil},
		{"Mo 25:00-26:00", nil},
		// real values from ../shared/data/osm
		{"Su-Th 17:00-0:00;Fr-Sa 17:00-2:00", []Period{{{0, 17, 0}, {1, 0, 0}}, {{1, 17, 0}, {2, 0, 0}}, {{2, 17, 0}, {3, 0, 0}}, {{3, 17, 0}, {4, 0, 0}}, {{4, 17, 0}, {5, 0, 0}}, {{5, 17, 0}, {6, 2, 0}}, {{6, 17, 0}, {0, 2, 0}}}},
		{"Mo-Th 07:00-22:30; Sa, Su 07:00-23:00", []Period{{{0, 7, 0}, {0, 23, 0}}, {{1, 7, 0}, {1, 22, 30}}, {{2, 7, 0}, {2, 22, 30}}, {{3, 7, 0}, {3, 22, 30}}, {{4, 7, 0}, {4, 22, 30}}, {{6, 7, 0}, {6, 23, 0}}}},
		{"Mo-Fr 07:00-19:00; Sa-Su 07:00-11:00,14:00-18:00", []Period{{{0, 7, 0}, {0, 11, 0}}, {{0, 14, 0}, {0, 18, 0}}, {{1, 7, 0}, {1, 19, 0}}, {{2, 7, 0}, {2, 19, 0}}, {{3, 7, 0}, {3, 19, 0}}, {{4, 7, 0}, {4, 19, 0}}, {{5, 7, 0}, {5, 19, 0}}, {{6, 7, 0}, {6, 11, 0}}, {{6, 14, 0}, {6, 18, 0}}}},
		{"15:00 - 20:00", []Period{{{0, 15, 0}, {0, 20, 0}}, {{1, 15, 0}, {1, 20, 0}}, {{2, 15, 0}, {2, 20, 0}}, {{3, 15, 0}, {3, 20, 0}}, {{4, 15, 0}, {4, 20, 0}}, {{5, 15, 0}, {5, 20, 0}}, {{6, 15, 0}, {6, 20, 0}}}},
		{"Mo-Sat 08:00-20:00", []Period{{{1, 8, 0}, {1, 20, 0}}, {{2, 8, 0}, {2, 20, 0}}, {{3, 8, 0}, {3, 20, 0}}, {{4, 8, 0}, {4, 20, 0}}, {{5, 8, 0}, {5, 20, 0}}, {{6, 8, 0}, {6, 20, 0}}}},
		{"Mo 10:60-11:00", nil},
	}
	// the three built from others
	var week []Period
	for d := 0; d < 7; d++ {
		week = append(week, Period{{d, 0, 0}, {(d + 1) % 7, 0, 0}})
	}
	cases[9].want = week
	cases[7].want = []Period{{{1, 8, 0}, {1, 12, 0}}, {{2, 8, 0}, {2, 12, 0}}, {{4, 8, 0}, {4, 12, 0}}, {{5, 8, 0}, {5, 12, 0}}, {{6, 8, 0}, {6, 12, 0}}}
	cases[8].want = []Period{{{0, 10, 0}, {0, 20, 0}}, {{1, 10, 0}, {1, 21, 0}}, {{2, 10, 0}, {2, 20, 0}}, {{3, 10, 0}, {3, 20, 0}}, {{4, 10, 0}, {4, 20, 0}}, {{5, 10, 0}, {5, 20, 0}}, {{6, 10, 0}, {6, 20, 0}}}
	for _, c := range cases {
		got, err := Parse(c.in)
		if c.want == nil {
			if !errors.Is(err, ErrUnparsable) {
				t.Errorf("Parse(%q) = %v, %v; want ErrUnparsable", c.in, got, err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

func TestFlatten(t *testing.T) {
	p, err := Parse("Mo 08:00-17:30; Tu 18:00-02:00")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Flatten(p), "1,8,0,1,17,30,2,18,0,3,2,0"; got != want {
		t.Fatalf("Flatten = %q, want %q", got, want)
	}
	if Flatten(nil) != "" {
		t.Fatal("Flatten(nil) not empty")
	}
	b, _ := json.Marshal(p[:1])
	if string(b) != "[[[1,8,0],[1,17,30]]]" {
		t.Fatalf("JSON %s", b)
	}
}

// realValues collects every opening_hours value of the OSM extracts in ../shared/data/osm.
func realValues(t *testing.T) []string {
	dir := fixture.Shared(t, fixture.OSMDir)
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no OSM extracts under %s: %v", dir, err)
	}
	xmlRe := regexp.MustCompile(`k="opening_hours" v="([^"]*)"`)
	jsonRe := regexp.MustCompile(`"opening_hours":\s*"((?:[^"\\]|\\.)*)"`)
	seen := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, re := range []*regexp.Regexp{xmlRe, jsonRe} {
			for _, m := range re.FindAllSubmatch(b, -1) {
				seen[string(m[1])] = true
			}
		}
	}
	var out []string
	for v := range seen {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}

// TestRealValues parses every distinct value found in the real extracts. The values we leave
// unparsable are listed: each is either not a weekly schedule or ambiguous.
func TestRealValues(t *testing.T) {
	unparsable := map[string]string{
		"Mo-Sa 11:30+": "open end: no closing time",
		"10:00":        "a lone time",
	}
	vals := realValues(t)
	ok := 0
	for _, v := range vals {
		p, err := Parse(v)
		if why, bad := unparsable[v]; bad {
			if err == nil {
				t.Errorf("%q (%s) parsed as %v", v, why, p)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", v, err)
			continue
		}
		if len(p) == 0 || len(p) > 7*4 {
			t.Errorf("%q: %d periods", v, len(p))
		}
		ok++
	}
	t.Logf("%d distinct real values, %d parsed, %d unparsable by design", len(vals), ok, len(vals)-ok)
	if len(vals) < 100 {
		t.Errorf("only %d distinct values found", len(vals))
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"Mo-Fr 08:00-17:00; Sa 09:00-12:00", "24/7", "Su-Th 17:00-0:00;Fr-Sa 17:00-2:00", "PH off", "Mo,We 1:00-48:00", ",,;;--"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrUnparsable) {
				t.Fatalf("%q: error %v does not wrap ErrUnparsable", s, err)
			}
			return
		}
		for _, q := range p {
			for _, x := range q {
				if x[0] < 0 || x[0] > 6 || x[1] < 0 || x[1] > 23 || x[2] < 0 || x[2] > 59 {
					t.Fatalf("%q: bad triple %v", s, x)
				}
			}
		}
	})
}
