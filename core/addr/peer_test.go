package addr

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/text"
	"github.com/bando-vn/bando/internal/fixture"
)

// peerLabel maps the labels of the two pelias/parser forks to ours (README of the folder).
var peerLabel = map[string]string{
	"housenumber": "housenumber", "street": "street", "postcode": "postcode",
	"level1": "country", "level2": "province", "region": "province",
	"level3": "district", "county": "district", "level4": "ward", "locality": "ward",
}

// peerFloor is the pass count reached per file (2026-11-23); the test fails below it.
// The cases that fail, by kind (run with -v to list them):
//   - units dissolved before the admin data's date (1 March 2025): Phường Hòa Thuận Đông (Đà
//     Nẵng), Quận 2 and Quận 9 (TP.HCM, 2021), the wards of Quận 6, Bình Thạnh and Gò Vấp merged
//     in 2025 — we cannot name a unit the gazetteer does not have (9 cases);
//   - "hue" alone: upstream wants the old city (district level), we answer the province of the
//     same name (2 cases);
//   - a street named after a province ("... nguyen kim hai phong da nang" → street "hai phong")
//     or a venue whose words form a unit name ("trung tam anh ngu" → Xã Tam Anh) (5 cases);
//   - venue words we do not know ("my quang", "casio tttm ... le loi", "yamaha 3s") (4 cases).
var peerFloor = map[string]int{
	"map4d-parser.address.vn.jsonl":               60, // of 83
	"map4d-parser.housenumber.jsonl":              51, // of 53
	"trungtv1207-pelias_parser.address.vie.jsonl": 25, // of 25
}

// ours lists, per label, the folded values our parse accepts for an expected value: the text
// as written and, for units, the official name with and without its unit word.
func (g *Gazetteer) ours(a Address) map[string][]string {
	out := map[string][]string{}
	add := func(label string, vals ...string) {
		for _, v := range vals {
			if v != "" {
				out[label] = append(out[label], text.Fold(v))
			}
		}
	}
	add("housenumber", a.HouseNumber)
	add("street", a.Street)
	add("postcode", a.Postcode)
	if a.Country != "" {
		add("country", a.Country, "viet nam")
	}
	for label, c := range map[string]*Component{"province": a.Province, "district": a.District, "ward": a.Ward} {
		if c == nil {
			continue
		}
		add(label, c.Name, c.Text)
		for _, u := range c.Units {
			add(label, g.Unit(u).Name, g.core(u))
		}
	}
	return out
}

// peerPass: every expected label is found with an accepted value, and we label nothing the
// case does not (a venue is not compared: the upstream cases do not label venues).
func (g *Gazetteer) peerPass(a Address, expected []map[string]string) (bool, string) {
	got := g.ours(a)
	want := map[string]bool{}
	for _, e := range expected {
		for k, v := range e {
			label := peerLabel[k]
			want[label] = true
			ok := false
			for _, x := range got[label] {
				if x == text.Fold(v) {
					ok = true
				}
			}
			if !ok {
				return false, "missing " + label + "=" + v
			}
		}
	}
	var extra []string
	for label := range got {
		if !want[label] {
			extra = append(extra, label)
		}
	}
	sort.Strings(extra)
	if len(extra) > 0 {
		return false, "extra " + strings.Join(extra, ",")
	}
	return true, ""
}

func TestPeerCases(t *testing.T) {
	g := fullGazetteer(t)
	files, err := filepath.Glob(filepath.Join(fixture.Shared(t, fixture.PeerDir+"/vn-address-parser"), "*.jsonl"))
	if err != nil || len(files) != 3 {
		t.Fatalf("peer files: %v %v", files, err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		pass, total := 0, 0
		for sc.Scan() {
			var c struct {
				Input    string              `json:"input"`
				Expected []map[string]string `json:"expected"`
			}
			if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			total++
			a := g.Parse(c.Input)
			ok, why := g.peerPass(a, c.Expected)
			if ok {
				pass++
			} else if testing.Verbose() {
				t.Logf("FAIL %s %q: %s; got house=%q street=%q ward=%v district=%v province=%v", name, c.Input, why, a.HouseNumber, a.Street, compText(a.Ward), compText(a.District), compText(a.Province))
			}
		}
		fh.Close()
		t.Logf("%s: %d/%d pass", name, pass, total)
		if pass < peerFloor[name] {
			t.Errorf("%s: %d pass, floor %d", name, pass, peerFloor[name])
		}
	}
}

func compText(c *Component) string {
	if c == nil {
		return "-"
	}
	return c.Text
}
