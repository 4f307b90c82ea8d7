// casegen writes autocomplete eval cases (bundle/eval format) generated from
// the places of a bundle, seeded, so a set can be regenerated or a held-out
// set made the same way with another seed:
//
//	go run ./bundle/cmd/casegen --bundle build/hanoi-hcmc --seed 1 --per 70 > testdata/search/cases.jsonl
//	go run ./bundle/cmd/casegen --bundle build/hanoi-hcmc --corpus > places.jsonl   # the places, for peers
//
// Variants (ISSUE 9): exact, no_accents, prefix_word (cut after a word),
// prefix_mid (cut inside a word), both cut only where the prefix tells the
// place apart (no other name starts with it: a user keeps typing until
// then), typo (one edit in a word of ≥ 4 letters), telex (keystrokes of
// the Telex input method with it off),
// abbreviation (a phrase of core/text's table, with its marks, written
// short), no_street_word (a street without "Phố"/"Đường", its bare name
// unique), focus (a name that occurs several times ≥ 2 km apart, with the
// focus point near one of them and far from the others), with_area (the
// name then, after a comma or a space, its old district or its old or new
// province, with or without the unit word, accents or none; the name need
// only be unique in that unit). Places are drawn
// evenly from Hà Nội and TP.HCM (OSM places) and from every administrative
// unit; a case whose name is ambiguous (the same folded name elsewhere
// beyond within_m) is only used for the focus variant.
//
// --kind forward and --kind reverse write geocoding cases instead (forward.go, reverse.go):
//
//	go run ./bundle/cmd/casegen --bundle build/hanoi-hcmc --kind forward --n 400 --seed 1 > testdata/geocode/forward.jsonl
//	go run ./bundle/cmd/casegen --bundle build/hanoi-hcmc --kind reverse --n 400 --seed 1 --admin ../shared/data/admin > testdata/geocode/reverse.jsonl
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand"
	"os"
	"sort"
	"strings"
	"unicode"

	"github.com/bando-vn/bando/bundle/eval"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/text"
	"github.com/bando-vn/bando/core/tile"
)

func main() {
	dir := flag.String("bundle", "", "bundle directory")
	seed := flag.Int64("seed", 1, "random seed")
	per := flag.Int("per", 70, "cases per variant")
	kind := flag.String("kind", "autocomplete", "autocomplete, forward or reverse")
	n := flag.Int("n", 400, "forward or reverse: number of cases")
	adminDir := flag.String("admin", "../shared/data/admin", "reverse: the admin data directory (polygons)")
	corpus := flag.Bool("corpus", false, "write the bundle's places instead (JSON lines: id, names, lat, lon, layer, rank), the names peers index (js/bench/search-peers)")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "casegen: --bundle DIR required")
		os.Exit(2)
	}
	fmt.Fprintf(os.Stderr, "casegen: seed %d\n", *seed)
	places, err := loadPlaces(*dir)
	if err != nil {
		fail(err)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	if *corpus {
		if err := writeCorpus(enc, places); err != nil {
			fail(err)
		}
		return
	}
	g := newGen(places, rand.New(rand.NewSource(*seed)))
	var cases []eval.Case
	switch *kind {
	case "autocomplete":
		if g.u, err = loadUnits(*dir); err != nil {
			fail(err)
		}
		for _, v := range variants {
			cases = append(cases, g.cases(v, *per)...)
		}
	case "forward":
		u, err := loadUnits(*dir)
		if err != nil {
			fail(err)
		}
		cases = newFwdGen(g, u).cases(*n)
	case "reverse":
		r, err := newRevGen(g, *adminDir)
		if err != nil {
			fail(err)
		}
		cases = r.cases(*n)
	default:
		fail(fmt.Errorf("unknown --kind %q", *kind))
	}
	for _, c := range cases {
		if err := enc.Encode(c); err != nil {
			fail(err)
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "casegen:", err)
	os.Exit(1)
}

func loadPlaces(dir string) ([]place.Place, error) {
	ctx := context.Background()
	st, err := tile.Open(ctx, tile.DirSource(dir), 1<<20)
	if err != nil {
		return nil, err
	}
	var keys []string
	for _, k := range st.Manifest().Keys() {
		if strings.HasPrefix(k, "place/") {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var out []place.Place
	for _, k := range keys {
		b, err := st.Tile(ctx, k)
		if err != nil {
			return nil, err
		}
		pt, err := place.DecodePlaceTile(b)
		if err != nil {
			return nil, err
		}
		for i := 0; i < pt.Len(); i++ {
			p, err := pt.At(i)
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		}
	}
	return out, nil
}

// writeCorpus writes every place as a JSON line: the names a peer engine
// indexes and what a hit is judged by.
func writeCorpus(enc *json.Encoder, places []place.Place) error {
	for i := range places {
		p := &places[i]
		if err := enc.Encode(map[string]any{"id": p.ID, "names": p.Names(), "lat": round6(p.LatF()), "lon": round6(p.LngF()),
			"layer": p.Layer, "rank": p.Rank}); err != nil {
			return err
		}
	}
	return nil
}

// variants in the order their cases are drawn: a new one goes last, so a
// seed's cases of the others stay the same.
var variants = []string{"exact", "no_accents", "prefix_word", "prefix_mid", "typo", "telex", "abbreviation", "no_street_word", "focus", "with_area"}

type gen struct {
	rng      *rand.Rand
	places   []place.Place
	byName   map[string][]int // folded name → places
	byBare   map[string][]int // folded name without its leading street word → streets
	pools    map[string][]int // "hn", "hcm", "admin" → places with a usable name
	allNames []string         // every folded name of every place, sorted, each once
	anyName  map[string]bool  // the same, as a set
	u        *units           // with_area: the units of both structures
}

func region(p *place.Place) string {
	if p.Layer == "region" || p.Layer == "county" || p.Layer == "locality" && hasCat(p, "admin") {
		return "admin"
	}
	if p.LatF() > 15 {
		return "hn"
	}
	return "hcm"
}

func hasCat(p *place.Place, c string) bool {
	for _, x := range p.Category {
		if x == c {
			return true
		}
	}
	return false
}

func newGen(places []place.Place, rng *rand.Rand) *gen {
	g := &gen{rng: rng, places: places, byName: map[string][]int{}, byBare: map[string][]int{}, pools: map[string][]int{}}
	seen := map[string]bool{}
	for i := range places {
		p := &places[i]
		f := text.Fold(p.Name)
		g.byName[f] = append(g.byName[f], i)
		if rest, ok := stripStreetWord(p.Name); ok {
			g.byBare[text.Fold(rest)] = append(g.byBare[text.Fold(rest)], i)
		}
		for _, n := range p.Names() {
			if fn := text.Fold(n); !seen[fn] {
				seen[fn] = true
				g.allNames = append(g.allNames, fn)
			}
		}
		if usable(p.Name) {
			r := region(p)
			g.pools[r] = append(g.pools[r], i)
		}
	}
	sort.Strings(g.allNames)
	g.anyName = seen
	return g
}

// distinctive reports whether a user who typed prefix (as typed) has
// told place i apart: no name of another place starts with the folded
// prefix, other than place i's own names (its namesakes are ruled out by
// unique). A user keeps typing until the prefix is distinctive.
func (g *gen) distinctive(i int, prefix string) bool {
	fp := text.Fold(prefix)
	own := map[string]bool{}
	for _, n := range g.places[i].Names() {
		own[text.Fold(n)] = true
	}
	for k := sort.SearchStrings(g.allNames, fp); k < len(g.allNames) && strings.HasPrefix(g.allNames[k], fp); k++ {
		if !own[g.allNames[k]] {
			return false
		}
	}
	return true
}

// usable: a name with at least 4 letters that is not just a number.
func usable(name string) bool {
	letters := 0
	for _, r := range text.Fold(name) {
		if r >= 'a' && r <= 'z' {
			letters++
		}
	}
	return letters >= 4 && len(name) <= 60
}

func withinM(p *place.Place) float64 {
	switch p.Layer {
	case "street":
		if len(p.BBox) == 4 {
			d := geo.DistanceM(geo.PointE7(p.BBox[0], p.BBox[1]), geo.PointE7(p.BBox[2], p.BBox[3]))
			return math.Max(300, d/2+100)
		}
		return 300
	case "region", "county", "locality":
		return 2000
	case "address":
		return 100
	}
	return 150
}

// unique: no other place with the same folded name lies beyond within_m.
func (g *gen) unique(i int) bool {
	p := &g.places[i]
	w := withinM(p)
	for _, j := range g.byName[text.Fold(p.Name)] {
		if j != i && dist(p, &g.places[j]) > w {
			return false
		}
	}
	return true
}

func dist(a, b *place.Place) float64 {
	return geo.DistanceM(geo.PointE7(a.Lat, a.Lng), geo.PointE7(b.Lat, b.Lng))
}

// pick draws a place: 40% Hà Nội, 40% TP.HCM, 20% administrative units.
func (g *gen) pick() int {
	r := g.rng.Float64()
	pool := g.pools["admin"]
	switch {
	case r < 0.4:
		pool = g.pools["hn"]
	case r < 0.8:
		pool = g.pools["hcm"]
	}
	return pool[g.rng.Intn(len(pool))]
}

func (g *gen) cases(variant string, n int) []eval.Case {
	var out []eval.Case
	used := map[int]bool{}
	for tries := 0; len(out) < n && tries < 200*n; tries++ {
		i := g.pick()
		if used[i] {
			continue
		}
		p := &g.places[i]
		q, focus, ok := g.query(variant, i)
		if !ok || text.Fold(q) == "" {
			continue
		}
		used[i] = true
		c := eval.Case{ID: fmt.Sprintf("%s-%s-%s", region(p), p.ID, variant), Kind: "autocomplete", Variant: variant,
			Query:  map[string]any{"text": q},
			Expect: eval.Expect{Name: p.Name, Lat: round6(p.LatF()), Lon: round6(p.LngF()), WithinM: math.Round(withinM(p))}}
		if focus != nil {
			c.Query["boundary.circle.lat"] = round6(focus.Lat)
			c.Query["boundary.circle.lon"] = round6(focus.Lng)
		}
		out = append(out, c)
	}
	return out
}

func round6(f float64) float64 { return math.Round(f*1e6) / 1e6 }

// query makes the typed text of a variant for place i; ok=false when the
// place does not lend itself to the variant.
func (g *gen) query(variant string, i int) (string, *geo.LatLng, bool) {
	p := &g.places[i]
	name := p.Name
	if variant == "with_area" {
		return g.withArea(i)
	}
	if variant != "focus" && !g.unique(i) {
		return "", nil, false
	}
	switch variant {
	case "exact":
		return name, nil, true
	case "no_accents":
		return text.Fold(name), nil, true
	case "prefix_word":
		return g.prefixWord(i)
	case "prefix_mid":
		return g.prefixMid(i)
	case "typo":
		return g.typo(text.Fold(name))
	case "telex":
		t := telex(name)
		return t, nil, t != text.Fold(name)
	case "abbreviation":
		return abbreviate(name)
	case "no_street_word":
		return g.noStreetWord(p)
	case "focus":
		return g.focus(i)
	}
	return "", nil, false
}

func (g *gen) maybeFold(s string) string {
	if g.rng.Intn(2) == 0 {
		return text.Fold(s)
	}
	return s
}

// prefixWord keeps the first k words of the name, at least one dropped,
// where the first k words are distinctive (a user stops typing a word
// early only once the place is told apart); k is drawn among those cuts.
func (g *gen) prefixWord(i int) (string, *geo.LatLng, bool) {
	ws := strings.Fields(g.places[i].Name)
	var cuts []string
	for k := 1; k < len(ws); k++ {
		if p := strings.Join(ws[:k], " "); len(text.Tokens(p)) > 0 && g.distinctive(i, p) {
			cuts = append(cuts, p)
		}
	}
	if len(cuts) == 0 {
		return "", nil, false
	}
	return g.maybeFold(cuts[g.rng.Intn(len(cuts))]), nil, true
}

// prefixMid cuts the name inside a word (after at least 2 of its letters,
// before its last letter), at a distinctive cut; the cut is drawn among
// those.
func (g *gen) prefixMid(i int) (string, *geo.LatLng, bool) {
	rs := []rune(g.places[i].Name)
	var cuts []string
	for n := 3; n < len(rs); n++ {
		if !isLetter(rs[n-1]) || !isLetter(rs[n-2]) || !isLetter(rs[n]) {
			continue // not at least two letters into a word, or at its end
		}
		if p := string(rs[:n]); g.distinctive(i, p) {
			cuts = append(cuts, p)
		}
	}
	if len(cuts) == 0 {
		return "", nil, false
	}
	return g.maybeFold(cuts[g.rng.Intn(len(cuts))]), nil, true
}

func isLetter(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// typo applies one edit (substitution, deletion, insertion, transposition)
// to a word of at least 4 letters of the folded name.
func (g *gen) typo(folded string) (string, *geo.LatLng, bool) {
	ws := strings.Fields(folded)
	var long []int
	for i, w := range ws {
		if len(w) >= 4 && !strings.ContainsAny(w, "0123456789") {
			long = append(long, i)
		}
	}
	if len(long) == 0 {
		return "", nil, false
	}
	wi := long[g.rng.Intn(len(long))]
	w := []byte(ws[wi])
	pos := 1 + g.rng.Intn(len(w)-1) // users rarely miss the first letter
	letter := byte('a' + g.rng.Intn(26))
	switch g.rng.Intn(4) {
	case 0:
		if w[pos] == letter {
			letter = 'x'
		}
		w[pos] = letter
	case 1:
		w = append(w[:pos], w[pos+1:]...)
	case 2:
		w = append(w[:pos], append([]byte{letter}, w[pos:]...)...)
	default:
		if pos == len(w)-1 {
			pos--
		}
		if pos < 1 || w[pos] == w[pos+1] {
			return "", nil, false
		}
		w[pos], w[pos+1] = w[pos+1], w[pos]
	}
	ws[wi] = string(w)
	return strings.Join(ws, " "), nil, true
}

// telexMarks spells the vowel-quality letters in Telex.
var telexMarks = map[rune]string{'ă': "aw", 'â': "aa", 'ê': "ee", 'ô': "oo", 'ơ': "ow", 'ư': "uw", 'đ': "dd"}

// telexTones are the Telex tone keys by core/text tone number.
var telexTones = [...]string{"", "f", "s", "r", "x", "j"}

// telex writes name as typed with the Telex method switched off: marks as
// key pairs, each syllable's tone key at the end of its letters (before
// the digits or punctuation after them: "Số138" → "soos138", "Nội)" →
// "nooij)").
func telex(name string) string {
	var out []string
	for _, w := range strings.Fields(text.Lower(name)) {
		var b strings.Builder
		tone := 0
		for _, r := range w {
			base, t := text.StripTone(r)
			f := text.Fold(string(base))
			if !unicode.IsLetter(base) && tone > 0 {
				b.WriteString(telexTones[tone]) // the syllable ended
				tone = 0
			}
			if t > 0 {
				tone = t
			}
			if s, ok := telexMarks[base]; ok {
				b.WriteString(s)
			} else if f != "" {
				b.WriteString(f)
			} else {
				b.WriteRune(base) // punctuation is typed as is
			}
		}
		b.WriteString(telexTones[tone])
		out = append(out, b.String())
	}
	return strings.Join(out, " ")
}

// abbreviations written by users, from longest phrase: lower-case phrase
// with its marks (a short form stands for the words it abbreviates, not
// for their accent-free look-alikes: "Đ." is "Đường", never "Dương") →
// short form as typed.
var shortForms = [][2]string{
	{"trường trung học phổ thông", "THPT"}, {"trung học phổ thông", "THPT"}, {"trung học cơ sở", "THCS"},
	{"ủy ban nhân dân", "UBND"}, {"uỷ ban nhân dân", "UBND"}, {"bệnh viện", "BV"}, {"đại học", "ĐH"},
	{"thành phố", "TP."}, {"khách sạn", "KS"}, {"công ty", "Cty"}, {"ngân hàng", "NH"}, {"quận", "Q."},
	{"phường", "P."}, {"huyện", "H."}, {"thị xã", "TX."}, {"đường", "Đ."}, {"hồ chí minh", "HCM"},
	{"hà nội", "HN"}, {"trung tâm thương mại", "TTTM"}, {"khu đô thị", "KĐT"}, {"khu công nghiệp", "KCN"},
}

// abbreviate replaces the first phrase of shortForms found at word
// boundaries of the name (compared lower-cased, marks kept).
func abbreviate(name string) (string, *geo.LatLng, bool) {
	ws := strings.Fields(name)
	lw := make([]string, len(ws))
	for i, w := range ws {
		lw[i] = text.Lower(w)
	}
	for _, sf := range shortForms {
		ph := strings.Fields(sf[0])
		for i := 0; i+len(ph) <= len(lw); i++ {
			if strings.Join(lw[i:i+len(ph)], " ") == sf[0] {
				out := append(append(append([]string(nil), ws[:i]...), sf[1]), ws[i+len(ph):]...)
				return strings.Join(out, " "), nil, true
			}
		}
	}
	return "", nil, false
}

// streetWords are the leading words a user leaves out of a street name.
var streetWords = []string{"Phố ", "Đường ", "phố ", "đường "}

// stripStreetWord returns a name without its leading street word.
func stripStreetWord(name string) (string, bool) {
	for _, w := range streetWords {
		if rest, ok := strings.CutPrefix(name, w); ok {
			return rest, true
		}
	}
	return "", false
}

// noStreetWord: a street named without its "Phố"/"Đường", when the bare
// name is neither another place's name nor the bare name of another
// street (a "Phố X" and a "Đường X" far apart) beyond within_m.
func (g *gen) noStreetWord(p *place.Place) (string, *geo.LatLng, bool) {
	if p.Layer != "street" {
		return "", nil, false
	}
	rest, ok := stripStreetWord(p.Name)
	if !ok || !usable(rest) {
		return "", nil, false
	}
	if g.anyName[text.Fold(rest)] {
		return "", nil, false // the bare name is another place's name (or short name: "Quận An Dương")
	}
	w := withinM(p)
	for _, j := range g.byBare[text.Fold(rest)] {
		if dist(p, &g.places[j]) > w {
			return "", nil, false
		}
	}
	return g.maybeFold(rest), nil, true
}

// focus: a name found at least twice ≥ 2 km apart; the focus point lies
// within 300 m of this place, and every namesake (beyond within_m of it)
// lies at least 1 km and three times as far from the focus point, so the
// focus tells this one apart.
func (g *gen) focus(i int) (string, *geo.LatLng, bool) {
	p := &g.places[i]
	far := false
	for _, j := range g.byName[text.Fold(p.Name)] {
		if j != i && dist(p, &g.places[j]) > 2000 {
			far = true
		}
	}
	if !far || p.Layer == "region" || p.Layer == "county" {
		return "", nil, false
	}
	r, th := 300*math.Sqrt(g.rng.Float64()), 2*math.Pi*g.rng.Float64()
	f := geo.LatLng{Lat: p.LatF() + r*math.Cos(th)/111195, Lng: p.LngF() + r*math.Sin(th)/(111195*math.Cos(p.LatF()*math.Pi/180))}
	w, d := withinM(p), geo.DistanceM(f, p.Point())
	for _, j := range g.byName[text.Fold(p.Name)] {
		q := &g.places[j]
		if j != i && dist(p, q) > w && geo.DistanceM(f, q.Point()) < math.Max(1000, 3*d) {
			return "", nil, false
		}
	}
	return g.maybeFold(p.Name), &f, true
}

// withArea writes place i's name followed by one of its units (with_area):
// its old district, old province or new province, named with its unit word
// or without, after ", " or " ", accents kept or not. The place must be
// the only one of its name in that unit (beyond within_m); administrative
// units themselves are left out.
func (g *gen) withArea(i int) (string, *geo.LatLng, bool) {
	p := &g.places[i]
	if g.u == nil || region(p) == "admin" || len(p.Admin) < 3 || p.Admin[0] == "" || p.Admin[2] == "" {
		return "", nil, false
	}
	var in func(q *place.Place) bool
	var name string
	switch g.rng.Intn(3) {
	case 0:
		d := p.Admin[2]
		name, in = g.u.oldDist[d], func(q *place.Place) bool { return len(q.Admin) > 2 && q.Admin[2] == d }
	case 1:
		prov := g.u.oldDistProv[p.Admin[2]]
		name, in = g.u.oldProv[prov], func(q *place.Place) bool { return len(q.Admin) > 2 && g.u.oldDistProv[q.Admin[2]] == prov }
	default:
		prov := g.u.newWardProv[p.Admin[0]]
		name, in = g.u.newProv[prov], func(q *place.Place) bool { return len(q.Admin) > 0 && g.u.newWardProv[q.Admin[0]] == prov }
	}
	if name == "" {
		return "", nil, false
	}
	for _, j := range g.byName[text.Fold(p.Name)] {
		if j != i && in(&g.places[j]) && dist(p, &g.places[j]) > withinM(p) {
			return "", nil, false
		}
	}
	if g.rng.Intn(2) == 0 {
		name = stripUnitWord(name)
	}
	sep := ", "
	if g.rng.Intn(2) == 0 {
		sep = " "
	}
	return g.maybeFold(p.Name + sep + name), nil, true
}

// unitWords start the official names of districts and provinces.
var unitWords = []string{"Thành phố ", "Thị xã ", "Quận ", "Huyện ", "Tỉnh "}

// stripUnitWord writes a unit's name without its unit word ("Đống Đa" for
// "Quận Đống Đa"); a number keeps it ("Quận 1").
func stripUnitWord(name string) string {
	for _, w := range unitWords {
		if rest, ok := strings.CutPrefix(name, w); ok && !text.AllDigits(rest) {
			return rest
		}
	}
	return name
}
