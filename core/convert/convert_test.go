package convert

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/text"
)

// abbreviate writes the unit words of an official name short ("Phường X" → "P. X").
func abbreviate(name string) string {
	for _, p := range [][2]string{{"Thành phố ", "TP. "}, {"Thị xã ", "TX. "}, {"Thị Xã ", "TX. "}, {"Thị trấn ", "TT. "}, {"Thị Trấn ", "TT. "},
		{"Phường ", "P. "}, {"Quận ", "Q. "}, {"Huyện ", "H. "}, {"Xã ", "X. "}, {"Tỉnh ", ""}} {
		if strings.HasPrefix(name, p[0]) {
			return p[1] + name[len(p[0]):]
		}
	}
	return name
}

// variants are the ways a row's old address is written in the tests.
var variants = []struct {
	name string
	make func(ward, district, province string) string
}{
	{"official", func(w, d, p string) string { return "12 Nguyễn Trãi, " + w + ", " + d + ", " + p }},
	{"no accents", func(w, d, p string) string { return text.Fold("12 Nguyễn Trãi, " + w + ", " + d + ", " + p) }},
	{"abbreviated", func(w, d, p string) string {
		return "12 Nguyễn Trãi, " + abbreviate(w) + ", " + abbreviate(d) + ", " + abbreviate(p)
	}},
}

// expectedNew returns the row's new ward code as the units know it (codes recoded after July
// 2025, e.g. Ba Chẽ 06970 → 06978, are matched by name within the province, as bundle/adminbuild does).
func expectedNew(w *world, r tableRow) string {
	if w.conv.newWard[r["new_ward_code"]] != nil {
		return r["new_ward_code"]
	}
	for _, nw := range w.units.NewWards {
		if nw.Province == r["new_province_code"] && text.Fold(nw.Name) == text.Fold(r["new_ward_name"]) {
			return nw.Code
		}
	}
	return ""
}

// TestEveryRowOldToNew: for every row of the official table, an address in the old ward
// converts to the row's new ward: among the candidates without a point, and as the one exact
// answer with a point inside the new ward.
func TestEveryRowOldToNew(t *testing.T) {
	w := load(t)
	rows := readTable(t, w.dir)
	pts := wardPoints(t, w)
	ctx := context.Background()
	fails := map[string]int{}
	failf := func(kind, format string, args ...any) {
		if fails[kind] < 5 {
			t.Errorf(kind+": "+format, args...)
		}
		fails[kind]++
	}
	checked, split := 0, 0
	stride := rowStride(t)
	for i, r := range rows {
		if i%stride != 0 {
			continue
		}
		want := expectedNew(w, r)
		if want == "" {
			failf("unknown new ward", "%s %s", r["new_ward_code"], r["new_ward_name"])
			continue
		}
		ow := w.conv.oldWard[r["old_ward_code"]]
		var d, p, ward string
		switch {
		case ow != nil:
			side := w.conv.oldSide(ow.Code)
			ward, d, p = side.Ward.Name, side.District.Name, side.Province.Name
		case r["old_ward_code"] == "" && len(w.conv.distTo[r["old_district_code"]]) > 0: // island district
			side := w.conv.oldSide(r["old_district_code"])
			d, p = side.District.Name, side.Province.Name
		default:
			t.Logf("not applicable: row %s → %s has no old ward (%q)", r["old_ward_name"], r["new_ward_name"], r["note"])
			continue
		}
		checked++
		if ow != nil && len(ow.To) > 1 {
			split++
		}
		for vi, v := range variants {
			nCand := 1
			if ow != nil {
				nCand = len(homonymTargets(w, ow, vi == 1))
			}
			in := v.make(ward, d, p)
			if ward == "" {
				in = strings.Replace(in, "12 Nguyễn Trãi, , ", "", 1)
				in = strings.Replace(in, "12 Nguyen Trai, , ", "", 1)
			}
			res, err := w.conv.Convert(ctx, in, true, nil)
			if err != nil {
				failf(v.name, "%q: %v", in, err)
				continue
			}
			found := false
			for _, x := range res {
				found = found || x.To.Ward.Code == want
			}
			if !found || len(res) != nCand || res[0].Exact != (nCand == 1) {
				failf(v.name, "%q: want %s among %d candidates, got %s", in, want, nCand, describe(res))
				continue
			}
			if from := w.conv.oldWard[res[0].From.Ward.Code]; ward != "" && (from == nil || from.District != ow.District ||
				!homonymTargets(w, ow, vi == 1)[from.To[0].Code] || text.Fold(from.Name) != text.Fold(ow.Name)) {
				failf(v.name, "%q: read as old ward %s, want %s", in, res[0].From.Ward.Code, ow.Code)
			}
			lead := strings.TrimSuffix(v.make("", "", ""), ", , , ")
			if ward != "" && (res[0].Lead != lead || !strings.HasPrefix(res[0].Formatted, lead+", ") || res[0].HouseNumber != "12") {
				failf(v.name, "%q: house number and street lost: %q", in, res[0].Formatted)
			}
		}
		pt, ok := pts[want]
		if !ok {
			failf("no point", "no point found inside new ward %s", want)
			continue
		}
		in := variants[0].make(ward, d, p)
		res, err := w.conv.Convert(ctx, in, true, &pt)
		if err != nil || len(res) != 1 || res[0].To.Ward.Code != want || !res[0].Exact {
			failf("with point", "%q at %v: want exactly %s, got %s %v", in, pt, want, describe(res), err)
		}
	}
	t.Logf("%d rows checked (%d of split old wards), %d variants each plus a point; failures %v", checked, split, len(variants), fails)
	if checked < len(rows)/stride-1 {
		t.Errorf("only %d of %d rows checked (every %d)", checked, len(rows), stride)
	}
}

// homonymTargets is the set of new wards of the old wards of ow's district that are written
// like ow (the same official name, or the same without accents when folded): the text cannot
// tell them apart, so each of their targets is a candidate.
func homonymTargets(w *world, ow *admin.UnitsOldWard, folded bool) map[string]bool {
	key := func(s string) string {
		if folded {
			return text.Fold(s)
		}
		return strings.ToLower(strings.TrimSpace(s))
	}
	out := map[string]bool{}
	for _, o := range w.conv.oldWard {
		if o.District == ow.District && key(o.Name) == key(ow.Name) {
			for _, l := range o.To {
				out[l.Code] = true
			}
		}
	}
	return out
}

func describe(res []Result) string {
	var s []string
	for _, r := range res {
		s = append(s, fmt.Sprintf("%s(%s, exact=%v)", r.To.Ward.Code, r.To.Ward.Name, r.Exact))
	}
	return "[" + strings.Join(s, " ") + "]"
}

// TestRoundTripOneToOne: where the table is one-to-one (a new ward made of exactly one old
// ward that went nowhere else), new → old → new gives back the same ward, every time.
func TestRoundTripOneToOne(t *testing.T) {
	w := load(t)
	ctx := context.Background()
	n, bad := 0, 0
	for _, nw := range w.units.NewWards {
		if len(nw.From) != 1 {
			continue
		}
		ow := w.conv.oldWard[nw.From[0].Code]
		if ow == nil || len(ow.To) != 1 {
			continue
		}
		n++
		side := w.conv.newSide(nw.Code)
		in := "5 Lê Lợi, " + side.Ward.Name + ", " + side.Province.Name
		old, err := w.conv.Convert(ctx, in, false, nil)
		if err != nil || len(old) != 1 || old[0].To.Ward.Code != ow.Code || !old[0].Exact {
			if bad++; bad <= 5 {
				t.Errorf("%q → old: want %s, got %s %v", in, ow.Code, describe(old), err)
			}
			continue
		}
		back, err := w.conv.Convert(ctx, old[0].Formatted, true, nil)
		if err != nil || len(back) != 1 || back[0].To.Ward.Code != nw.Code || back[0].Formatted != in {
			if bad++; bad <= 5 {
				t.Errorf("%q → %q → new: got %s %v", in, old[0].Formatted, describe(back), err)
			}
		}
	}
	t.Logf("%d one-to-one new wards, %d round trips failed", n, bad)
	if n < 100 {
		t.Errorf("only %d one-to-one wards", n)
	}
}

func TestUnknownAndEmpty(t *testing.T) {
	w := load(t)
	for _, in := range []string{"", "   ", "12 Foo Bar, Quux", strings.Repeat("x", 10240)} {
		if _, err := w.conv.Convert(context.Background(), in, true, nil); !errors.Is(err, ErrNoUnits) {
			t.Errorf("%.40q: %v, want ErrNoUnits", in, err)
		}
	}
}

// rowStride is 1 (every row, the acceptance run) except in wasm with
// -short, where every 5th row is checked: the same code in Go's wasm port
// takes about 4 minutes for all of them on an idle CI core (10 under
// load), while the native run of `go test ./...` still checks every row.
func rowStride(t *testing.T) int {
	if testing.Short() && runtime.GOARCH == "wasm" {
		t.Logf("wasm -short: every 5th row of the table")
		return 5
	}
	return 1
}
