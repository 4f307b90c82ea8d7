package adminbuild

import (
	"bytes"
	"context"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/admin"
)

const fixtureDir = "testdata/gso"

func buildFixture(t *testing.T) *Result {
	t.Helper()
	res, err := Build(fixtureDir)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestFixtureLookup(t *testing.T) {
	res := buildFixture(t)
	l := lookupOf(t, res.Tiles)
	for _, tc := range []struct {
		name                 string
		lat, lng             float64
		status               admin.Status
		newWard, prov, short string
		oldProv, oldDist     string
		oldWards             []string // any of these; nil: must be empty
	}{
		{"ward A, district 001 (two old wards share it, no evidence)", 21.025, 105.81, admin.Found, "00004", "01", "HN", "01", "001", nil},
		{"ward B inside district 002: its only old ward there", 21.025, 105.88, admin.Found, "00008", "01", "HN", "01", "002", []string{"00003"}},
		{"ward B inside district 001: the part of 00002", 21.025, 105.86, admin.Found, "00008", "01", "HN", "01", "001", []string{"00002"}},
		// two old wards of one district and no evidence: no old ward (FORMAT.md §4.2)
		{"Ba Chẽ recoded 06970→06978, district 202 has no polygon", 21.05, 107.05, admin.Found, "06978", "22", "QNH", "22", "202", nil},
		{"sea", 20.0, 107.5, admin.NotFound, "", "", "", "", "", nil},
		{"cell without tile", -33.9, 151.2, admin.NotFound, "", "", "", "", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := l.Lookup(context.Background(), tc.lat, tc.lng)
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != tc.status || r.New.Ward.Code != tc.newWard || r.New.Province.Code != tc.prov || r.New.ProvinceShort != tc.short ||
				r.Old.Province.Code != tc.oldProv || r.Old.District.Code != tc.oldDist {
				t.Fatalf("got %+v", r)
			}
			if tc.oldWards == nil && r.Old.Ward.Code != "" {
				t.Fatalf("old ward %v, want none", r.Old.Ward)
			}
			if tc.oldWards != nil && !contains(tc.oldWards, r.Old.Ward.Code) {
				t.Fatalf("old ward %v, want one of %v", r.Old.Ward, tc.oldWards)
			}
		})
	}
}

// TestFixtureEvidence: a point naming one of the two old wards of Ba Chẽ
// (06978) makes it the answer there, marked inferred.
func TestFixtureEvidence(t *testing.T) {
	res, err := BuildWith(fixtureDir, Options{Evidence: []Evidence{
		{Name: "Thị trấn Ba Chẽ", Kind: EvidencePlace, X: 1070500000, Y: 210500000, Edited: 1},
		{Name: "Somewhere else", Kind: EvidencePlace, X: 1070500000, Y: 210500000, Edited: 1},
	}})
	if err != nil {
		t.Fatal(err)
	}
	u, err := admin.DecodeUnits(res.Tiles[admin.UnitsKey])
	if err != nil {
		t.Fatal(err)
	}
	want := ""
	for _, w := range u.OldWards {
		if (w.Code == "06970" || w.Code == "06973") && WardNameMatches("Thị trấn Ba Chẽ", w.Name) {
			want = w.Code
		}
	}
	if want == "" {
		t.Fatal("the fixture has no old ward named Thị trấn Ba Chẽ among 06970, 06973")
	}
	r, err := lookupOf(t, res.Tiles).Lookup(context.Background(), 21.05, 107.05)
	if err != nil {
		t.Fatal(err)
	}
	if r.Old.Ward.Code != want || r.Old.Basis != admin.WardInferred {
		t.Fatalf("old ward %v (%v), want %s inferred", r.Old.Ward, r.Old.Basis, want)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestFixtureNamesAndUnits(t *testing.T) {
	res := buildFixture(t)
	r, err := lookupOf(t, res.Tiles).Lookup(context.Background(), 21.025, 105.88)
	if err != nil {
		t.Fatal(err)
	}
	if r.New.Province.Name != "Thành phố Hà Nội" || r.New.Ward.Name != "Phường Ngọc Hà" || r.Old.District.Name != "Quận Hoàn Kiếm" || r.Old.Ward.Name != "Phường Hàng Bạc" {
		t.Fatalf("names: %+v", r)
	}
	u, err := admin.DecodeUnits(res.Tiles[admin.UnitsKey])
	if err != nil {
		t.Fatal(err)
	}
	if len(u.NewProvinces) != 2 || len(u.NewWards) != 3 || len(u.OldProvinces) != 2 || len(u.OldDistricts) != 3 || len(u.OldWards) != 5 {
		t.Fatalf("units: %+v", u)
	}
	if got := u.OldWards[1]; got.Code != "00002" || len(got.To) != 2 || got.To[0].Kind != admin.LinkPart {
		t.Fatalf("old ward 00002 links: %+v", got)
	}
	if got := u.NewWards[2]; got.Code != "06978" || len(got.From) != 2 {
		t.Fatalf("Ba Chẽ: %+v", got)
	}
	if u.NewProvinces[1].Short != "QNH" || strings.Join(u.NewProvinces[1].Former, ";") != "22" {
		t.Fatalf("province 22: %+v", u.NewProvinces[1])
	}
}

func TestFixtureKeysAndDeterminism(t *testing.T) {
	a, b := buildFixture(t), buildFixture(t)
	key := regexp.MustCompile(`^admin/[a-z0-9_/.-]+$`)
	var keys []string
	for k := range a.Tiles {
		keys = append(keys, k)
		if !key.MatchString(k) {
			t.Errorf("bad key %q", k)
		}
		if !bytes.Equal(a.Tiles[k], b.Tiles[k]) {
			t.Errorf("tile %s differs between builds", k)
		}
	}
	sort.Strings(keys)
	t.Logf("keys: %v", keys)
	if len(a.Tiles) != len(b.Tiles) {
		t.Fatalf("%d vs %d tiles", len(a.Tiles), len(b.Tiles))
	}
	if len(a.Layers) != 6 {
		t.Fatalf("layers: %+v", a.Layers)
	}
	for _, l := range a.Layers {
		if l.Source == "" || l.License == "" || l.Method == "" {
			t.Errorf("layer %s incomplete: %+v", l.Name, l)
		}
	}
}

func TestFoldName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Hoà", "hoa"}, {"Hòa", "hoa"}, {"  Xã  Đạ M'ri ", "xa da m'ri"}, {"HÒA", "hoa"}, {"Hoa\u0300", "hoa"},
	} {
		if got := foldName(tc.in); got != tc.want {
			t.Errorf("foldName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestClipRect(t *testing.T) {
	// An L-shaped ring clipped to a box: interior points keep their answer.
	l := polygon{ring{0, 0, 100, 0, 100, 40, 40, 40, 40, 100, 0, 100}}
	box := bbox{20, 20, 80, 80}
	c := clipRect(l, box)
	for _, p := range [][2]int32{{30, 30}, {60, 30}, {30, 60}, {60, 60}, {70, 70}, {25, 75}} {
		if got, want := c.contains(p[0], p[1]), l.contains(p[0], p[1]); got != want {
			t.Errorf("point %v: clipped %v, original %v", p, got, want)
		}
	}
}
