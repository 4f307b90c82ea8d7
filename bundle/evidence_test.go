package bundle

import (
	"context"
	"path/filepath"
	"sort"
	"testing"

	"github.com/paulmach/osm"

	"github.com/bando-vn/bando/bundle/adminbuild"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/internal/fixture"
)

// tagged is an object of the extracts tagged addr:subdistrict, at its point.
type tagged struct {
	id   string
	tag  string
	x, y int32
	odd  bool
}

// TestOldWardsMatchSubdistrictTags builds the administrative layers with the
// evidence of the raw OSM extracts (ward boundaries, addr:* tags, place nodes)
// and checks the old ward answered at every object tagged addr:subdistrict:
// in-sample (all evidence), every tag the build kept as evidence must be
// answered; held out (the build without the odd-numbered tagged objects),
// the odd ones are answered from their neighbours' evidence. Tags naming no
// old ward of the new ward they lie in (wards merged before 2025, a district
// typed as a ward) cannot match and are listed.
func TestOldWardsMatchSubdistrictTags(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(fixture.Shared(t, fixture.OSMDir), "*.osm"))
	if len(files) == 0 {
		t.Fatal("no ../shared/data/osm/*.osm extracts")
	}
	sort.Strings(files)
	ctx := context.Background()
	c, ev := newPlaceCollector(), newEvidenceCollector()
	var objs []osm.Object
	for _, f := range files {
		if err := scanOSM(ctx, f, nil, func(o osm.Object) {
			c.add(o)
			ev.add(o)
			switch x := o.(type) {
			case *osm.Node:
				if x.Tags.Find("addr:subdistrict") != "" {
					objs = append(objs, o)
				}
			case *osm.Way:
				if x.Tags.Find("addr:subdistrict") != "" {
					objs = append(objs, o)
				}
			}
		}); err != nil {
			t.Fatal(err)
		}
	}
	var all []tagged
	for i, o := range objs {
		switch x := o.(type) {
		case *osm.Node:
			all = append(all, tagged{"n" + itoa(int64(x.ID)), x.Tags.Find("addr:subdistrict"), geo.E7(x.Lon), geo.E7(x.Lat), i%2 == 1})
		case *osm.Way:
			if lat, lng, ok := c.wayCentre(x); ok {
				all = append(all, tagged{"w" + itoa(int64(x.ID)), x.Tags.Find("addr:subdistrict"), geo.E7(lng), geo.E7(lat), i%2 == 1})
			}
		}
	}
	if len(all) < 250 {
		t.Fatalf("only %d objects tagged addr:subdistrict in the extracts", len(all))
	}
	evidence := ev.finish(c)
	admin := fixture.Shared(t, fixture.AdminDir)

	full := answers(t, admin, evidence, all)
	right, cands, candRight := 0, 0, 0
	for i, a := range all {
		ok := adminbuild.WardNameMatches(a.tag, full[i].ward)
		if full[i].candidate {
			cands++
			if ok {
				candRight++
			} else if full[i].basis == "known" {
				t.Errorf("%s addr:subdistrict=%q answered %q marked known", a.id, a.tag, full[i].ward)
			}
		}
		if ok {
			right++
			continue
		}
		t.Logf("miss: %s addr:subdistrict=%q answered %q (%s) in new ward %q (tag names one of its old wards: %v)", a.id, a.tag, full[i].ward, full[i].basis, full[i].newWard, full[i].candidate)
	}
	t.Logf("in-sample: %d of %d tagged objects answered with their tag's old ward (%.1f%%); of the %d whose tag names an old ward of their new ward, %d (%.1f%%)",
		right, len(all), 100*float64(right)/float64(len(all)), cands, candRight, 100*float64(candRight)/float64(cands))
	if float64(candRight) < 0.95*float64(cands) {
		t.Errorf("in-sample: %d of %d tags naming an old ward of their new ward answered, want ≥ 95%%", candRight, cands)
	}

	// held out: drop the odd-numbered tagged objects' evidence (points at their position)
	held := map[[2]int32]bool{}
	for _, a := range all {
		if a.odd {
			held[[2]int32{a.x, a.y}] = true
		}
	}
	var rest []adminbuild.Evidence
	for _, e := range evidence {
		if !(e.Kind == adminbuild.EvidenceTag && held[[2]int32{e.X, e.Y}]) {
			rest = append(rest, e)
		}
	}
	out := answers(t, admin, rest, all)
	n, ok, unknown, wrong := 0, 0, 0, 0
	for i, a := range all {
		if !a.odd || !full[i].candidate {
			continue
		}
		n++
		switch {
		case adminbuild.WardNameMatches(a.tag, out[i].ward):
			ok++
		case out[i].ward == "":
			unknown++
		default:
			wrong++
			if out[i].basis == "known" {
				t.Errorf("held out %s %q: answered %q marked known", a.id, a.tag, out[i].ward)
			}
		}
	}
	t.Logf("held out: %d tagged objects naming an old ward of their new ward: %d right, %d unknown, %d wrong (marked inferred)", n, ok, unknown, wrong)
	if n == 0 || float64(ok) < 0.8*float64(n) {
		t.Errorf("held out: %d of %d right, want ≥ 80%%", ok, n)
	}
}

type answer struct {
	ward, basis, newWard string
	candidate            bool // the tag names an old ward the table puts in newWard
}

// answers builds the admin layers with ev and looks up every tagged object.
func answers(t *testing.T, dir string, ev []adminbuild.Evidence, all []tagged) []answer {
	res, err := adminbuild.BuildWith(dir, adminbuild.Options{Evidence: ev})
	if err != nil {
		t.Fatal(err)
	}
	at, err := newLookupAt(res.Tiles)
	if err != nil {
		t.Fatal(err)
	}
	l := at.(lookupAt).l
	u, err := l.Units(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, w := range u.OldWards {
		names[w.Code] = w.Name
	}
	out := make([]answer, len(all))
	for i, a := range all {
		r, err := l.Lookup(context.Background(), geo.FromE7(a.y), geo.FromE7(a.x))
		if err != nil {
			t.Fatal(err)
		}
		out[i] = answer{ward: r.Old.Ward.Name, basis: r.Old.Basis.String(), newWard: r.New.Ward.Name}
		for _, nw := range u.NewWards {
			if nw.Code == r.New.Ward.Code {
				for _, f := range nw.From {
					if adminbuild.WardNameMatches(a.tag, names[f.Code]) {
						out[i].candidate = true
					}
				}
			}
		}
	}
	return out
}

func TestOfficeWard(t *testing.T) {
	for name, want := range map[string]string{
		"UBND Phường Bến Nghé":      "phường bến nghé",
		"Công an phường 6":          "phường 6",
		"Ủy ban nhân dân xã Cổ Đô":  "xã cổ đô",
		"Trạm Y tế Phường Hàng Bạc": "phường hàng bạc",
		"Công an quận 1":            "",
		"Trạm y tế Bến Nghé":        "",
		"Phở Thìn":                  "",
		"UBND phường ":              "",
	} {
		if got := officeWard(name); got != want {
			t.Errorf("officeWard(%q) = %q, want %q", name, got, want)
		}
	}
}
