package main

// Forward geocoding cases (--kind forward): addresses as Vietnamese people write them, made
// from the bundle's places (addresses with their street, POIs, streets) and administrative
// units of Hà Nội and TP.HCM, each with the administrative part in the old structure (ward,
// district, province), the old structure without its ward, or the new one (ward, province).
// Every case draws, independently: accents kept or removed, commas or none, lower case or
// as written, unit words spelled out, abbreviated (P., Q., TX., H., TT., TP.) or left out
// (a numbered unit keeps its word), the province's usual short forms, and for addresses the
// ways numbers are written (as in the data, "số 12", "113/34", "34 hẻm 113", "số 2 ngõ 34
// ngách 5"), with the street's type word kept, dropped or abbreviated ("Đ."). A target is
// only used when no other place answering the same text lies more than 100 m away in the
// area the text names (the text must have one right answer). The expected point is the
// place's own, within 100 m.

import (
	"context"
	"fmt"
	"strings"
	"unicode"

	"github.com/bando-vn/bando/bundle/eval"
	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/geocode"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/text"
	"github.com/bando-vn/bando/core/tile"
)

// forwardWithinM is the acceptance distance of a forward case (ISSUE 11).
const forwardWithinM = 100

// units are the names and parents of both structures, by code.
type units struct {
	newWard, newProv, oldWard, oldDist, oldProv map[string]string // code → official name
	newWardProv, oldWardDist, oldDistProv       map[string]string // code → parent code
	oldWardTo                                   map[string][]string
}

func loadUnits(dir string) (*units, error) {
	ctx := context.Background()
	st, err := tile.Open(ctx, tile.DirSource(dir), 1<<20)
	if err != nil {
		return nil, err
	}
	if !st.Has(admin.UnitsKey) {
		return nil, fmt.Errorf("%s: no administrative layer", dir)
	}
	u, err := admin.New(st).Units(ctx)
	if err != nil {
		return nil, err
	}
	us := &units{newWard: map[string]string{}, newProv: map[string]string{}, oldWard: map[string]string{}, oldDist: map[string]string{},
		oldProv: map[string]string{}, newWardProv: map[string]string{}, oldWardDist: map[string]string{}, oldDistProv: map[string]string{},
		oldWardTo: map[string][]string{}}
	for _, p := range u.NewProvinces {
		us.newProv[p.Code] = p.Name
	}
	for _, w := range u.NewWards {
		us.newWard[w.Code], us.newWardProv[w.Code] = w.Name, w.Province
	}
	for _, p := range u.OldProvinces {
		us.oldProv[p.Code] = p.Name
	}
	for _, d := range u.OldDistricts {
		us.oldDist[d.Code], us.oldDistProv[d.Code] = d.Name, d.Province
	}
	for _, w := range u.OldWards {
		us.oldWard[w.Code], us.oldWardDist[w.Code] = w.Name, w.District
		for _, l := range w.To {
			us.oldWardTo[w.Code] = append(us.oldWardTo[w.Code], l.Code)
		}
	}
	return us, nil
}

// structure of a case's administrative part.
const (
	structOld         = "old"          // ward, district, province (63-province names)
	structOldDistrict = "old_district" // district, province
	structNew         = "new"          // ward, province (34-province names)
)

// fwdTarget is a place a forward case may ask for.
type fwdTarget struct {
	p    *place.Place
	kind string // address, poi, street, unit
	key  string // what must be unique in the area: address key, folded name
}

type fwdGen struct {
	*gen
	u       *units
	targets map[string][]fwdTarget // kind → targets
	byKey   map[string][]int       // kind|key → place indexes
	units   []*place.Place         // unit places of the two cities' wards
}

func newFwdGen(g *gen, u *units) *fwdGen {
	f := &fwdGen{gen: g, u: u, targets: map[string][]fwdTarget{}, byKey: map[string][]int{}}
	for i := range g.places {
		p := &g.places[i]
		if !f.inCities(p) {
			continue
		}
		if t, ok := f.target(p); ok {
			f.targets[t.kind] = append(f.targets[t.kind], t)
			f.byKey[t.kind+"|"+t.key] = append(f.byKey[t.kind+"|"+t.key], i)
		}
	}
	return f
}

// inCities: a place with its codes known, in the new provinces of Hà Nội (01) or TP.HCM (79).
func (f *fwdGen) inCities(p *place.Place) bool {
	if len(p.Admin) < 3 {
		return false
	}
	switch p.ID[:min(3, len(p.ID))] {
	case place.UnitOldWard: // an old ward's place: its codes are [new ward, code, district]
	case place.UnitNewWard:
		prov := f.u.newWardProv[p.Tag("admin_code")]
		return prov == "01" || prov == "79"
	}
	prov := f.u.newWardProv[p.Admin[0]]
	return (prov == "01" || prov == "79") && p.Admin[1] != "" && p.Admin[2] != ""
}

func (f *fwdGen) target(p *place.Place) (fwdTarget, bool) {
	switch {
	case hasCat(p, "admin"):
		lv := p.Tag("admin_level")
		if lv != "new_ward" && lv != "old_ward" {
			return fwdTarget{}, false
		}
		return fwdTarget{p: p, kind: "unit", key: p.ID}, true
	case p.Layer == "address":
		num, street := p.Tag("addr:housenumber"), p.Tag("addr:street")
		k := geocode.KeyOf(num, street)
		if street == "" || k.Base == "" || len(k.Path) == 0 || !text.IsHouseNumber(strings.ToLower(num)) ||
			!hasWord(street) || len(street) > 60 || strings.ContainsAny(street, ",()") {
			return fwdTarget{}, false
		}
		return fwdTarget{p: p, kind: "address", key: k.Base + "|" + strings.Join(k.Path, "/")}, true
	case p.Layer == "venue":
		if !usable(p.Name) || strings.ContainsAny(p.Name, ",()") {
			return fwdTarget{}, false
		}
		return fwdTarget{p: p, kind: "poi", key: text.Fold(p.Name)}, true
	case p.Layer == "street":
		k := geocode.KeyOf("", p.Name)
		if !usable(k.Base) || strings.ContainsAny(p.Name, ",()") {
			return fwdTarget{}, false
		}
		return fwdTarget{p: p, kind: "street", key: k.Base + "|" + strings.Join(k.Path, "/")}, true
	}
	return fwdTarget{}, false
}

func startsWithDigit(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

// hasWord: the name has a word of two letters or more (not only numbers: "422/14/18", "410E").
func hasWord(name string) bool {
	for _, w := range text.Tokens(name) {
		letters := 0
		for i := 0; i < len(w); i++ {
			if w[i] >= 'a' && w[i] <= 'z' {
				letters++
			}
		}
		if letters >= 2 && letters == len(w) {
			return true
		}
	}
	return false
}

// inArea reports whether q lies in the area the case's administrative part names for p.
func (f *fwdGen) inArea(structure string, p, q *place.Place) bool {
	if len(q.Admin) < 3 {
		return false
	}
	switch structure {
	case structNew:
		return q.Admin[0] == p.Admin[0]
	case structOldDistrict:
		return q.Admin[2] == p.Admin[2]
	}
	for _, w := range f.u.oldWardTo[p.Admin[1]] { // an old ward is known by the new wards it went into
		if q.Admin[0] == w {
			return true
		}
	}
	return false
}

// unique: no other place with the target's key in the area lies beyond 100 m.
func (f *fwdGen) unique(t fwdTarget, structure string) bool {
	for _, j := range f.byKey[t.kind+"|"+t.key] {
		q := &f.places[j]
		if q != t.p && f.inArea(structure, t.p, q) && dist(t.p, q) > forwardWithinM {
			return false
		}
	}
	if t.kind == "poi" { // a street or address of the same name would answer too
		for _, kind := range []string{"street"} {
			for _, j := range f.byKey[kind+"|"+t.key+"|"] {
				if q := &f.places[j]; f.inArea(structure, t.p, q) && dist(t.p, q) > forwardWithinM {
					return false
				}
			}
		}
	}
	return true
}

// forwardMix is the share of each kind of target.
var forwardMix = []struct {
	kind  string
	share float64
}{{"address", 0.5}, {"poi", 0.2}, {"street", 0.15}, {"unit", 0.15}}

// cases draws n forward cases.
func (f *fwdGen) cases(n int) []eval.Case {
	var out []eval.Case
	used := map[string]bool{}
	for _, m := range forwardMix {
		want := int(float64(n)*m.share + 0.5)
		pool := f.targets[m.kind]
		for got, tries := 0, 0; got < want && tries < 500*want && len(pool) > 0; tries++ {
			t := pool[f.rng.Intn(len(pool))]
			if used[t.p.ID] || f.region(t.p) != []string{"hn", "hcm"}[got%2] {
				continue
			}
			c, ok := f.forwardCase(t)
			if !ok {
				continue
			}
			used[t.p.ID] = true
			out = append(out, c)
			got++
		}
	}
	return out
}

// region: hn or hcm by latitude.
func (f *fwdGen) region(p *place.Place) string {
	if p.LatF() > 15 {
		return "hn"
	}
	return "hcm"
}

// forwardCase writes one case for target t.
func (f *fwdGen) forwardCase(t fwdTarget) (eval.Case, bool) {
	structure := []string{structOld, structOld, structNew, structNew, structOldDistrict}[f.rng.Intn(5)]
	if t.kind == "unit" {
		structure = structOld
		if t.p.Tag("admin_level") == "new_ward" {
			structure = structNew
		}
	}
	if !f.unique(t, structure) {
		return eval.Case{}, false
	}
	st := style{units: []string{"full", "abbr", "none"}[f.rng.Intn(3)], commas: f.rng.Intn(10) < 7}
	if t.kind == "unit" && st.units == "none" { // units alone and bare are ambiguous ("Long Biên": the ward or the district?)
		st.units = "abbr"
	}
	adminPart, ok := f.adminPart(t.p, structure, st.units)
	if !ok {
		return eval.Case{}, false
	}
	extra := map[string]string{"units": st.units, "commas": yesNo(st.commas)}
	var lead string
	switch t.kind {
	case "address":
		var form string
		lead, form = f.addressLead(t.p)
		extra["number"] = form
	case "poi":
		lead = t.p.Name
	case "street":
		lead = f.streetForm(t.p.Name)
	}
	parts := append([]string{}, adminPart...)
	if lead != "" {
		parts = append([]string{lead}, parts...)
	}
	sep := ", "
	if !st.commas {
		sep = " "
	}
	s := strings.Join(parts, sep)
	if f.rng.Intn(2) == 0 {
		s = unaccent(s)
		extra["accents"] = "no"
	} else {
		extra["accents"] = "yes"
	}
	if f.rng.Intn(10) < 3 {
		s = strings.ToLower(s)
		extra["case"] = "lower"
	}
	c := eval.Case{ID: fmt.Sprintf("%s-%s-%s-%s", f.region(t.p), t.p.ID, t.kind, structure), Kind: "forward",
		Variant: t.kind + "_" + structure, Query: map[string]any{"text": s}, Extra: extra,
		Expect: eval.Expect{Name: t.p.Name, Lat: round6(t.p.LatF()), Lon: round6(t.p.LngF()), WithinM: forwardWithinM}}
	return c, true
}

type style struct {
	units  string // full, abbr, none
	commas bool
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// adminPart names p's units in the structure, finest first.
func (f *fwdGen) adminPart(p *place.Place, structure, units string) ([]string, bool) {
	var names []string
	switch structure {
	case structNew:
		w := p.Admin[0]
		if t := p.Tag("admin_level"); t == "new_ward" {
			w = p.Tag("admin_code")
		}
		names = []string{f.u.newWard[w], f.u.newProv[f.u.newWardProv[w]]}
	case structOldDistrict:
		d := p.Admin[2]
		names = []string{f.u.oldDist[d], f.u.oldProv[f.u.oldDistProv[d]]}
	default:
		w := p.Admin[1]
		if t := p.Tag("admin_level"); t == "old_ward" {
			w = p.Tag("admin_code")
		}
		d := f.u.oldWardDist[w]
		names = []string{f.u.oldWard[w], f.u.oldDist[d], f.u.oldProv[f.u.oldDistProv[d]]}
	}
	for i, n := range names {
		if n == "" {
			return nil, false
		}
		names[i] = f.unitForm(n, units, i == len(names)-1)
	}
	return names, true
}

// unitWordForms: official unit words, their abbreviations.
var unitWordForms = []struct{ word, abbr string }{
	{"Thành phố ", "TP. "}, {"Thị xã ", "TX. "}, {"Thị trấn ", "TT. "}, {"Phường ", "P. "}, {"Quận ", "Q. "},
	{"Huyện ", "H. "}, {"Xã ", "X. "}, {"Tỉnh ", ""},
}

// provinceForms: what people write for the two cities besides the official names.
var provinceForms = map[string][]string{
	"Thành phố Hà Nội":       {"Hà Nội", "TP. Hà Nội", "TP Hà Nội", "HN", "Thành phố Hà Nội"},
	"Thành phố Hồ Chí Minh":  {"TP.HCM", "TP. Hồ Chí Minh", "Hồ Chí Minh", "HCM", "TPHCM", "Sài Gòn", "Thành phố Hồ Chí Minh"},
	"Tỉnh Bình Dương":        {"Bình Dương", "Tỉnh Bình Dương"},
	"Tỉnh Bà Rịa - Vũng Tàu": {"Bà Rịa - Vũng Tàu", "Vũng Tàu", "BRVT"},
}

// unitForm writes an official unit name with its word spelled out, abbreviated or left out;
// a numbered unit ("Phường 12", "Quận 1") keeps a word; provinces take their usual forms.
func (f *fwdGen) unitForm(name, units string, province bool) string {
	if province && units != "full" {
		if fs, ok := provinceForms[name]; ok {
			return fs[f.rng.Intn(len(fs))]
		}
	}
	for _, w := range unitWordForms {
		rest, ok := strings.CutPrefix(name, w.word)
		if !ok {
			continue
		}
		numbered := text.AllDigits(rest)
		switch {
		case units == "full":
			return name
		case units == "abbr" && w.abbr != "" || numbered:
			abbr := w.abbr
			if abbr == "" {
				abbr = w.word
			}
			if numbered && f.rng.Intn(2) == 0 {
				return strings.TrimSpace(abbr) + rest // "Q.1", "P.12"
			}
			return abbr + rest
		default:
			return rest
		}
	}
	return name
}

// addressLead writes an address's house number and street one of the ways people do; it
// returns the form used.
func (f *fwdGen) addressLead(p *place.Place) (string, string) {
	num, street := p.Tag("addr:housenumber"), p.Tag("addr:street")
	k := geocode.KeyOf(num, street)
	alleyWord, base := splitAlleyStreet(street)
	streetName := f.streetForm(base)
	if alleyWord == "" || len(k.Path) < 2 {
		if f.rng.Intn(4) == 0 && text.AllDigits(num) {
			return "số " + num + " " + f.streetForm(street), "so"
		}
		return num + " " + f.streetForm(street), "as_data"
	}
	alleys, house := k.Path[:len(k.Path)-1], k.Path[len(k.Path)-1]
	switch f.rng.Intn(4) {
	case 0: // 113/34 Lê Lợi
		return strings.Join(k.Path, "/") + " " + streetName, "slash"
	case 1: // 34 hẻm 113 Lê Lợi
		return house + " " + strings.ToLower(alleyWord) + " " + strings.Join(alleys, "/") + " " + streetName, "alley"
	case 2: // số 34 ngõ 113 ngách 5 Lê Lợi
		var b strings.Builder
		b.WriteString("số " + house)
		for i, a := range alleys {
			w := strings.ToLower(alleyWord)
			if i > 0 {
				w = map[string]string{"ngõ": "ngách", "hẻm": "hẻm", "kiệt": "kiệt", "ngách": "ngách"}[w]
			}
			b.WriteString(" " + w + " " + a)
		}
		return b.String() + " " + streetName, "so_alley"
	}
	return num + " " + street, "as_data"
}

// splitAlleyStreet splits "Hẻm 252 Phan Anh" into "Hẻm" and "Phan Anh"; "" and the name when
// it does not start with an alley.
func splitAlleyStreet(street string) (string, string) {
	ws := strings.Fields(street)
	if len(ws) < 3 {
		return "", street
	}
	switch text.Fold(ws[0]) {
	case "ngo", "hem", "ngach", "kiet":
		i := 1
		for i < len(ws) && startsWithDigit(ws[i]) {
			i++
		}
		if i == 1 || i == len(ws) {
			return "", street
		}
		return ws[0], strings.Join(ws[i:], " ")
	}
	return "", street
}

// streetForm keeps, drops or abbreviates a street's type word ("Đường Lê Lợi", "Lê Lợi",
// "Đ. Lê Lợi"); a numbered street keeps it ("Đường số 5").
func (f *fwdGen) streetForm(name string) string {
	for _, w := range []string{"Đường ", "Phố ", "đường ", "phố "} {
		rest, ok := strings.CutPrefix(name, w)
		if !ok || startsWithDigit(rest) || strings.HasPrefix(text.Fold(rest), "so ") {
			continue
		}
		switch f.rng.Intn(3) {
		case 0:
			return rest
		case 1:
			if w[0] == 'P' || w[0] == 'p' {
				return name
			}
			return "Đ. " + rest
		}
	}
	return name
}

// unaccent removes Vietnamese marks keeping case, digits and punctuation.
func unaccent(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 {
			b.WriteRune(r)
			continue
		}
		fr := text.Fold(string(r))
		if len(fr) != 1 {
			b.WriteRune(r)
			continue
		}
		c := rune(fr[0])
		if unicode.IsUpper(r) {
			c = unicode.ToUpper(c)
		}
		b.WriteRune(c)
	}
	return b.String()
}
