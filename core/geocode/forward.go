package geocode

import (
	"context"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/bando-vn/bando/core/addr"
	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/search"
	"github.com/bando-vn/bando/core/text"
	"github.com/bando-vn/bando/core/tile"
)

// Forward geocoding (API.md §3.4): the address parser splits the text into its venue, house
// number, street and administrative part; the administrative part, in either structure,
// becomes an area (the units the text names, as sets of codes the places carry); the search
// index, focused on the area's unit, finds the places the venue and street words name; those
// inside the area are ranked: the address itself, then the venue, then the street, then
// other places the words found; when nothing in the area matches, the unit itself.

// Match says how a forward result matches the text; smaller is better.
type Match uint8

const (
	MatchAddress Match = iota // the house number on the street, in the area
	MatchVenue                // a POI or named place by its name, in the area
	MatchStreet               // the street, in the area
	MatchName                 // a place named as what the text gives as its street or lead ("KTX sinh viên")
	MatchNear                 // another place the text's words find in the area (another number, …)
	MatchUnit                 // the administrative unit the text names
)

var matchNames = [...]string{"address", "venue", "street", "name", "near", "unit"}

func (m Match) String() string {
	if int(m) < len(matchNames) {
		return matchNames[m]
	}
	return "?"
}

// ForwardHit is one forward geocoding result.
type ForwardHit struct {
	Place place.Place
	Match Match
	Score float64 // within a Match, higher is better
}

// ForwardStats say what a query did: the searches it ran and the distinct tiles it read
// (address layer, search index, id layer) with their bytes.
type ForwardStats struct {
	Searches int
	Tiles    int
	Bytes    int
	keys     map[string]bool
}

// read counts tile key of the store once.
func (s *ForwardStats) read(st *tile.Store, key string) {
	if s == nil || s.keys[key] {
		return
	}
	if s.keys == nil {
		s.keys = map[string]bool{}
	}
	s.keys[key] = true
	if size, ok := st.Manifest().Tiles.SizeOf(key); ok {
		s.Tiles++
		s.Bytes += size
	}
}

// add counts the tiles of another run of the same query.
func (s *ForwardStats) add(st *tile.Store, o ForwardStats) {
	s.Searches += o.Searches
	for k := range o.keys {
		s.read(st, k)
	}
}

// MaxForwardAreas bounds the readings of the administrative part a query searches.
const MaxForwardAreas = 4

// exactScore is the score of an address found in the address layer, half of it that of a
// street found there (search scores are far below both).
const exactScore = 1000

// forwardCandidates is how many results each search brings for ranking.
const forwardCandidates = 20

// Radii of the search around an area's unit (km): wide enough to hold the unit, the exact
// test being its codes.
var areaRadiusKm = map[addr.Level]float64{addr.Ward: 15, addr.District: 30, addr.Province: 150}

// Forwarder geocodes address text over one bundle. It is read-only after NewForwarder and
// safe for concurrent use.
type Forwarder struct {
	st  *tile.Store
	src search.Source
	gaz *addr.Gazetteer

	wardProvince     map[string]string          // new ward → new province
	districtProvince map[string]string          // old district → old province
	oldWardTo        map[string][]string        // old ward → the new wards it went into
	districtWards    map[string][]string        // old district → the new wards its wards went into
	oldProvTo        map[string]map[string]bool // old province → the new provinces it went into
}

// NewForwarder sets a forwarder up over the store's search index and id layer, the units of
// both structures and their gazetteer.
func NewForwarder(st *tile.Store, u *admin.Units, g *addr.Gazetteer) *Forwarder {
	f := &Forwarder{st: st, src: search.FromStore(st), gaz: g,
		wardProvince: map[string]string{}, districtProvince: map[string]string{}, oldWardTo: map[string][]string{}}
	for _, w := range u.NewWards {
		f.wardProvince[w.Code] = w.Province
	}
	for _, d := range u.OldDistricts {
		f.districtProvince[d.Code] = d.Province
	}
	f.oldProvTo = map[string]map[string]bool{}
	for _, p := range u.OldProvinces {
		f.oldProvTo[p.Code] = map[string]bool{}
		for _, c := range p.To {
			f.oldProvTo[p.Code][c] = true
		}
	}
	f.districtWards = map[string][]string{}
	seen := map[[2]string]bool{}
	for _, w := range u.OldWards {
		for _, l := range w.To {
			if l.Kind == admin.LinkDistrict {
				continue
			}
			f.oldWardTo[w.Code] = append(f.oldWardTo[w.Code], l.Code)
			if k := [2]string{w.District, l.Code}; !seen[k] {
				seen[k] = true
				f.districtWards[w.District] = append(f.districtWards[w.District], l.Code)
			}
		}
	}
	return f
}

// maxAddressWards bounds the new wards whose address tiles one area reads (an old district
// went into a handful of them; a province is left to the search index).
const maxAddressWards = 24

// wardsOf lists the new wards an area lies in, nil for a province (too many to read).
func (f *Forwarder) wardsOf(a *area) []string {
	var ws []string
	switch {
	case a.new && a.level == addr.Ward:
		ws = []string{a.code}
	case a.new || a.level == addr.Province:
		return nil
	case a.level == addr.Ward:
		ws = f.oldWardTo[a.code]
	default:
		ws = f.districtWards[a.district]
	}
	if len(ws) > maxAddressWards {
		ws = ws[:maxAddressWards]
	}
	return ws
}

// area is the part of the country one reading of the administrative part names.
type area struct {
	new      bool
	level    addr.Level // the finest level named
	code     string     // that unit's code
	unitID   string     // that unit's place id
	province string     // the province's code
	district string     // old structure: the district's code, "" when not named
	newWards map[string]bool
	oldWard  string
}

// accepts reports whether a place lies in the area, by the codes it carries (place.Place.Admin:
// new ward, old ward, old district). An old ward is known exactly only through the new wards
// it went into (old wards have no polygons): those decide.
func (f *Forwarder) accepts(a *area, p *place.Place) bool {
	if len(p.Admin) < 3 {
		return false
	}
	nw, od := p.Admin[0], p.Admin[2]
	switch {
	case a.new && a.level == addr.Ward:
		return nw == a.code
	case a.new:
		return nw != "" && f.wardProvince[nw] == a.province
	case a.level == addr.Ward:
		return a.newWards[nw]
	case a.level == addr.District:
		return od == a.district
	}
	return od != "" && f.districtProvince[od] == a.province
}

// areas turns the parse's readings into areas, best first, without repeats: the new
// structure's first unless the text names a district (then it is written in the old one).
func (f *Forwarder) areas(a *addr.Address) []*area {
	var out []*area
	seen := map[string]bool{}
	rs := append([]addr.Reading(nil), a.Readings...)
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].New != rs[j].New && rs[i].New == (a.District == nil) })
	for _, r := range a.Readings {
		rs = append(rs, f.namesakes(r)...)
	}
	for _, r := range rs {
		ar := f.areaOf(r)
		if ar == nil {
			continue
		}
		k := ar.unitID
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, ar)
		if len(out) == MaxForwardAreas {
			break
		}
	}
	return out
}

// namesakes are the readings of the other structure that a bare unit name also gives: an old
// district and the new ward named after it in the same city ("Tây Hồ, Hà Nội" is Quận Tây Hồ
// or Phường Tây Hồ, which do not cover the same streets).
func (f *Forwarder) namesakes(r addr.Reading) []addr.Reading {
	var out []addr.Reading
	switch {
	case !r.New && r.Ward < 0 && r.District >= 0:
		prov := f.gaz.Parent(r.District)
		for _, u := range f.gaz.SameName(r.District) {
			w := f.gaz.Unit(u)
			if w.New && w.Level == addr.Ward && prov >= 0 && f.oldProvTo[f.gaz.Code(prov)][f.wardProvince[w.Code]] {
				out = append(out, addr.Reading{New: true, Ward: u, District: -1, Province: w.Parent})
			}
		}
	case r.New && r.Ward >= 0:
		nprov := f.wardProvince[f.gaz.Code(r.Ward)]
		for _, u := range f.gaz.SameName(r.Ward) {
			d := f.gaz.Unit(u)
			if !d.New && d.Level == addr.District && d.Parent >= 0 && f.oldProvTo[f.gaz.Code(d.Parent)][nprov] {
				out = append(out, addr.Reading{New: false, Ward: -1, District: u, Province: d.Parent})
			}
		}
	}
	return out
}

func (f *Forwarder) areaOf(r addr.Reading) *area {
	u := func(i int32) *addr.Unit {
		if i < 0 || int(i) >= f.gaz.Len() {
			return nil
		}
		x := f.gaz.Unit(i)
		return &x
	}
	ward, dist, prov := u(r.Ward), u(r.District), u(r.Province)
	a := &area{new: r.New}
	if prov != nil {
		a.province = prov.Code
	}
	switch {
	case ward != nil:
		a.level, a.code = addr.Ward, ward.Code
		if p := f.gaz.ProvinceOf(r.Ward); p >= 0 {
			a.province = f.gaz.Code(p)
		}
	case dist != nil:
		a.level, a.code, a.district = addr.District, dist.Code, dist.Code
	case prov != nil:
		a.level, a.code = addr.Province, prov.Code
	default:
		return nil
	}
	switch {
	case r.New && a.level == addr.Ward:
		a.unitID = place.UnitNewWard + a.code
	case r.New:
		a.unitID = place.UnitNewProvince + a.code
	case a.level == addr.Ward:
		a.unitID = place.UnitOldWard + a.code
		a.oldWard = a.code
		if ward.Parent >= 0 {
			a.district = f.gaz.Code(ward.Parent)
		}
		a.newWards = map[string]bool{}
		for _, c := range f.oldWardTo[a.code] {
			a.newWards[c] = true
		}
	case a.level == addr.District:
		a.unitID = place.UnitOldDistrict + a.code
	default:
		a.unitID = place.UnitOldProvince + a.code
	}
	return a
}

// query is what a text asks for, from its parse.
type query struct {
	// keys are the readings of the house number and street, the parse's first; a venue
	// parsed from words that could be a house number and street ("126 truong dinh":
	// "trường" is a school, "Trương Định" a street) adds that reading.
	keys       []AddressKey
	hasNumber  bool
	streetText string   // house number, alleys and street, for the index
	venueText  string   // the venue's name
	venueLong  string   // the venue with the unit written right after it ("Công an quận Ba Đình")
	leadText   string   // the text before the administrative part when neither parsed
	venues     []string // folded texts that name a venue: the venue, the house number and street ("CT5-X2 Bắc Linh Đàm")
	names      []string // folded texts that may be a place's whole name when no street has it ("KTX sinh viên")
}

func queryOf(input string, a *addr.Address) query {
	q := query{hasNumber: a.Number != ""} // "ngõ 34 Hàng Bạc" alone asks for the alley
	if k := KeyOf(a.HouseNumber, a.Street); k.Base != "" {
		q.keys = append(q.keys, k)
		q.streetText = searchText(k, a.HouseNumber+" "+a.Street)
	}
	if h := text.ParseHouse(a.Venue); a.Street == "" && h.Number != "" && h.Street != "" {
		if k := KeyOf(strings.Join(append(h.Alleys, h.Number), " "), h.Street); k.Base != "" {
			q.keys = append(q.keys, k)
			q.hasNumber = true
		}
	}
	if street := streetWithUnitWord(input, a); street != "" {
		if k := KeyOf(a.HouseNumber, street); k.Base != "" {
			q.keys = append(q.keys, k)
		}
	}
	venue := a.Venue
	if venue == "" {
		venue = beforeAddress(a)
	}
	q.venueText = venue
	q.venueLong = venueWithUnit(input, a)
	if q.streetText == "" && q.venueText == "" {
		q.leadText = a.Lead
	}
	fold := func(ts ...string) (out []string) {
		for _, t := range ts {
			if f := text.Fold(t); f != "" {
				out = append(out, f)
			}
		}
		return out
	}
	q.venues = fold(venue, q.venueLong)
	if a.HouseNumber != "" {
		q.venues = append(q.venues, fold(a.HouseNumber+" "+a.Street)...)
	}
	if a.Number == "" && a.Alley == "" { // not "Bạch Mai" in "ngõ 300 Bạch Mai"
		q.names = fold(a.Lead, a.Street)
	}
	return q
}

// unitWordAfterStreet finds the unit word written right after the street when the
// administrative part starts with one: unaccented, "Lạc Long Quân Tây Hồ" reads as "Lạc Long,
// quận Tây Hồ", and "Liên Phường Thủ Đức" as "Liên, phường Thủ Đức". It returns the end of the
// street in the input and the word.
func unitWordAfterStreet(input string, a *addr.Address) (int, string, bool) {
	i := strings.Index(input, a.Street)
	if a.Street == "" || i < 0 {
		return 0, "", false
	}
	end := i + len(a.Street)
	for _, c := range []*addr.Component{a.Ward, a.District, a.Province} {
		if c == nil || c.Start < end || strings.TrimSpace(input[end:c.Start]) != "" || len(c.Text) == len(c.Name) {
			continue
		}
		if word, _, ok := strings.Cut(c.Text, " "); ok && strings.IndexByte(word, '.') < 0 {
			return end, word, true
		}
	}
	return 0, "", false
}

// streetWithUnitWord is the street with the unit word after it (unitWordAfterStreet), "" when
// there is none.
func streetWithUnitWord(input string, a *addr.Address) string {
	if end, word, ok := unitWordAfterStreet(input, a); ok {
		return input[strings.Index(input, a.Street):end] + " " + word
	}
	return ""
}

// splitAfterUnitWord writes the input with a comma after the unit word that follows the
// street, so that the parser keeps the word in the street.
func splitAfterUnitWord(input string, a *addr.Address) (string, bool) {
	end, word, ok := unitWordAfterStreet(input, a)
	if !ok {
		return "", false
	}
	j := end + strings.Index(input[end:], word) + len(word)
	return input[:j] + "," + input[j:], true
}

// beforeAddress is what the text gives before its house number and street ("Phở Huế 36" in
// "Phở Huế 36, 36 Phố Huế, …"): the parser names a venue only when a venue word says so.
func beforeAddress(a *addr.Address) string {
	first := strings.TrimSpace(a.HouseNumber + " " + a.Street)
	i := strings.LastIndex(a.Lead, first)
	if i < 0 && a.HouseNumber != "" { // written with other separators between them
		first = a.HouseNumber
		i = strings.LastIndex(a.Lead, first)
	}
	if first == "" || i <= 0 {
		return ""
	}
	return strings.Trim(a.Lead[:i], " ,;-\t")
}

// venueWithUnit is the venue with the administrative unit written right after it, when one
// is: venues are often named after their unit ("Công an quận Ba Đình", "UBND phường Cửa Nam"),
// and the parser reads the unit as the address's.
func venueWithUnit(input string, a *addr.Address) string {
	i := strings.Index(input, a.Venue)
	if a.Venue == "" || i < 0 {
		return ""
	}
	end := i + len(a.Venue)
	for _, c := range []*addr.Component{a.Ward, a.District, a.Province} {
		if c != nil && c.Start >= end && strings.TrimSpace(input[end:c.Start]) == "" {
			return input[i : c.Start+len(c.Text)]
		}
	}
	return ""
}

// searchText is what the index is asked for an address: its numbers and its street's base
// name ("252 16 phan anh" for "16 hẻm 252 Phan Anh"), without the words the index treats as
// generic ("số", "ngõ", "hẻm", "đường"), which would spend its read budget; a numbered street
// keeps its street word ("21 duong 85"); a street made only of alleys stays as written.
func searchText(k AddressKey, written string) string {
	switch {
	case k.Base == "":
		return written
	case text.AllDigits(k.Base):
		return strings.TrimSpace(strings.Join(k.Path, " ") + " duong " + k.Base)
	}
	return strings.TrimSpace(strings.Join(k.Path, " ") + " " + k.Base)
}

// candidate is a place found for the query, with where it was found.
type candidate struct {
	hit   ForwardHit
	order int // area index, then search rank: earlier readings and ranks win ties
}

// fwdRun is one forward query under way.
type fwdRun struct {
	f     *Forwarder
	size  int
	q     query
	areas []*area
	byID  map[string]*candidate
	stats ForwardStats
}

// consider keeps place p as a candidate when area ar (nil: none named) holds it; true when
// p is new.
func (r *fwdRun) consider(ar *area, p *place.Place, m Match, score float64, order int) bool {
	if ar != nil && !r.f.accepts(ar, p) {
		return false
	}
	if ar != nil && ar.oldWard != "" && p.Admin[1] == ar.oldWard {
		score++ // in the old ward itself, as far as its derived partition tells
	}
	c := &candidate{hit: ForwardHit{Place: *p, Match: m, Score: score}, order: order}
	old, seen := r.byID[p.ID]
	if !seen || better(c, old) {
		r.byID[p.ID] = c
	}
	return !seen
}

// fromLayer reads the address layer of each area's wards for each reading of the street:
// the house itself and the street; it returns how many addresses match exactly and how many
// streets are the text's street itself.
func (r *fwdRun) fromLayer(ctx context.Context) (exact, streets int, err error) {
	for ai, ar := range r.areas {
		if exact >= r.size { // found in a better reading of the administrative part
			break
		}
		for _, k := range r.q.keys {
			addrs, strs, err := OnStreet(ctx, r.f.st, r.f.wardsOf(ar), k, &r.stats)
			if err != nil {
				return 0, 0, err
			}
			for i := range addrs {
				if r.q.hasNumber && r.consider(ar, &addrs[i], MatchAddress, exactScore-float64(ai), ai*1000) {
					exact++
				}
			}
			for i := range strs {
				p := &strs[i].Place
				sc := r.q.keyScore(strs[i].Key)
				if sc > 0 && r.consider(ar, p, MatchStreet, exactScore/2+20*sc+0.1*float64(p.Rank)-float64(ai), ai*1000) && sc == 2 {
					streets++
				}
			}
		}
	}
	return exact, streets, nil
}

// search asks the index for txt around focus and keeps the hits inside the area; venue:
// the text names a venue (its best POI is the venue).
func (r *fwdRun) search(ctx context.Context, ar *area, ai int, focus *geo.LatLng, txt string, venue bool) error {
	if strings.TrimSpace(txt) == "" {
		return nil
	}
	radius := 0.0
	if ar != nil {
		radius = areaRadiusKm[ar.level]
	}
	// a trailing space: every word is whole (no prefix matching while typing)
	hits, ss, err := search.Search(ctx, r.f.src, search.Query{Text: txt + " ", Focus: focus, RadiusKm: radius, Size: forwardCandidates})
	r.stats.Searches++
	for _, k := range ss.Keys {
		r.stats.read(r.f.st, k)
	}
	if err != nil {
		return err
	}
	rank, venueSeen := 0, false
	for i := range hits {
		p := &hits[i].Place
		if isAdminUnit(p) || ar != nil && !r.f.accepts(ar, p) {
			continue
		}
		m, bonus := r.q.classify(p, venue && !venueSeen)
		venueSeen = venueSeen || m == MatchVenue
		r.consider(ar, p, m, hits[i].Score+bonus, ai*1000+rank)
		rank++
	}
	return nil
}

// fromIndex searches the index in each area (or everywhere when the text names none) for
// the street, the venue or the lead text; it returns the place of the unit to answer with
// when nothing matches.
func (r *fwdRun) fromIndex(ctx context.Context, district bool) (*place.Place, error) {
	texts := func(ar *area, ai int, focus *geo.LatLng) error {
		for _, t := range []struct {
			s     string
			venue bool
		}{{r.q.streetText, false}, {r.q.venueText, true}, {r.q.venueLong, true}, {r.q.leadText, true}} {
			if err := r.search(ctx, ar, ai, focus, t.s, t.venue); err != nil {
				return err
			}
		}
		return nil
	}
	if len(r.areas) == 0 {
		return nil, texts(nil, 0, nil)
	}
	var unit *place.Place
	var unitArea *area
	for ai, ar := range r.areas {
		u, ok, err := r.f.unitPlace(ctx, ar, &r.stats)
		if err != nil {
			return nil, err
		}
		var focus *geo.LatLng
		if ok {
			if unit == nil || finer(ar, unitArea, district) {
				unit, unitArea = &u, ar
			}
			pt := u.Point()
			focus = &pt
		}
		if err := texts(ar, ai, focus); err != nil {
			return nil, err
		}
	}
	return unit, nil
}

// Forward geocodes text: at most size results, best first. A text naming nothing known gives
// no results, not an error.
func (f *Forwarder) Forward(ctx context.Context, text string, size int) ([]ForwardHit, ForwardStats, error) {
	if size <= 0 {
		return nil, ForwardStats{}, nil
	}
	out, st, err := f.forwardAnyUnitWord(ctx, text, size)
	if err != nil || len(out) > 0 && out[0].Match <= MatchVenue {
		return out, st, err
	}
	// written big-to-small ("Thành phố Hà Nội, Quận Ba Đình, Công an quận Ba Đình", as
	// forms and databases write it): read it again small-to-big; the better answer wins
	if alt, ok := f.smallToBig(text); ok {
		out2, st2, err := f.forwardAnyUnitWord(ctx, alt, size)
		st.add(f.st, st2)
		if err != nil {
			return nil, st, err
		}
		if len(out2) > 0 && (len(out) == 0 || out2[0].Match < out[0].Match) {
			return out2, st, nil
		}
	}
	return out, st, nil
}

// smallToBig rewrites a text that starts with its administrative units so that it ends
// with them, finest first: the longest run of leading comma-separated parts (or words,
// without commas) that the gazetteer reads as units and nothing else moves to the end, its
// units in the reverse of the order written. ok=false when the text does not start with
// units or is nothing but units.
func (f *Forwarder) smallToBig(text string) (string, bool) {
	sep := " "
	parts := strings.Fields(text)
	if strings.Contains(text, ",") {
		sep, parts = ", ", nil
		for _, p := range strings.Split(text, ",") {
			if p = strings.TrimSpace(p); p != "" {
				parts = append(parts, p)
			}
		}
	}
	if len(parts) < 2 || len(parts) > 40 {
		return "", false
	}
	if c := parts[0][0]; c >= '0' && c <= '9' {
		return "", false // a house number first: written small-to-big
	}
	if sep != " " && !unitsOnly(f.gaz.Parse(parts[0]), parts[0]) {
		return "", false // the first part is no unit: no longer run of parts is units only
	}
	for k := min(len(parts)-1, maxUnitWords); k >= 1; k-- {
		head := strings.Join(parts[:k], sep)
		a := f.gaz.Parse(head)
		if !unitsOnly(a, head) {
			continue
		}
		units := unitsOf(a)
		slices.SortFunc(units, func(x, y *addr.Component) int { return y.Start - x.Start }) // last written first
		out := strings.Join(parts[k:], sep)
		for _, c := range units {
			out += ", " + c.Text
		}
		return out, true
	}
	return "", false
}

// maxUnitWords bounds the words (or comma parts) a run of units may take at the start of
// a text ("Thành phố Hồ Chí Minh Quận Bình Thạnh Phường 25" is 11).
const maxUnitWords = 12

// unitsOnly: the parse of s found units and nothing else, every word of s in one of them
// (not "333 Vinh Khanh", which the parser leaves out).
func unitsOnly(a addr.Address, s string) bool {
	if a.Lead != "" || a.HouseNumber != "" || a.Street != "" || a.Venue != "" || a.Ward == nil && a.District == nil && a.Province == nil {
		return false
	}
	return covers(s, unitsOf(a))
}

// unitsOf lists the units a parse found.
func unitsOf(a addr.Address) []*addr.Component {
	var units []*addr.Component
	for _, c := range []*addr.Component{a.Ward, a.District, a.Province} {
		if c != nil {
			units = append(units, c)
		}
	}
	return units
}

// covers: every letter or digit of s lies in the text of one of the units.
func covers(s string, units []*addr.Component) bool {
	for i, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			continue
		}
		in := false
		for _, c := range units {
			in = in || i >= c.Start && i < c.Start+len(c.Text)
		}
		if !in {
			return false
		}
	}
	return true
}

// forwardAnyUnitWord answers text; when no house is found and a unit word right after the
// street may belong to it, it reads the text again with that word in the street.
func (f *Forwarder) forwardAnyUnitWord(ctx context.Context, text string, size int) ([]ForwardHit, ForwardStats, error) {
	a := f.gaz.Parse(text)
	out, st, err := f.forward(ctx, text, &a, size)
	if err != nil || a.Number == "" || len(out) > 0 && out[0].Match == MatchAddress {
		return out, st, err
	}
	// no house found: a unit word right after the street may belong to it ("Đường Liên
	// Phường Thủ Đức" is Liên Phường street in Thủ Đức): read the text again so
	if split, ok := splitAfterUnitWord(text, &a); ok {
		b := f.gaz.Parse(split)
		out2, st2, err := f.forward(ctx, split, &b, size)
		st.add(f.st, st2)
		if err != nil {
			return nil, st, err
		}
		if len(out2) > 0 && out2[0].Match == MatchAddress {
			return out2, st, nil
		}
	}
	return out, st, nil
}

// forward answers one parse of text.
func (f *Forwarder) forward(ctx context.Context, text string, a *addr.Address, size int) ([]ForwardHit, ForwardStats, error) {
	r := &fwdRun{f: f, size: size, q: queryOf(text, a), areas: f.areas(a), byID: map[string]*candidate{}}
	exact, streets, err := r.fromLayer(ctx)
	if err != nil {
		return nil, r.stats, err
	}
	// the address itself fills the answer, or the text is a street (no house number, no
	// venue) and the street itself does: nothing else to look for
	done := exact >= size || !r.q.hasNumber && r.q.venueText == "" && r.q.venueLong == "" && streets >= size
	var unit *place.Place
	if !done {
		if unit, err = r.fromIndex(ctx, a.District != nil); err != nil {
			return nil, r.stats, err
		}
	}
	out := rank(r.byID)
	if len(out) == 0 && unit != nil { // nothing in the area matches: the unit itself
		out = append(out, ForwardHit{Place: *unit, Match: MatchUnit})
	}
	if len(out) > size {
		out = out[:size]
	}
	return out, r.stats, nil
}

// finer reports whether area a names a better unit to answer with than b: a finer level;
// at the same level the new structure, unless the text names a district (then the text is
// written in the old one).
func finer(a, b *area, district bool) bool {
	if a.level != b.level {
		return a.level > b.level
	}
	return a.new != b.new && a.new != district
}

// unitPlace reads the place of the area's unit from the id layer.
func (f *Forwarder) unitPlace(ctx context.Context, ar *area, st *ForwardStats) (place.Place, bool, error) {
	return search.ByIDRead(ctx, f.st, ar.unitID, func(key string) { st.read(f.st, key) })
}

// better orders two candidates for the same place.
func better(a, b *candidate) bool {
	if a.hit.Match != b.hit.Match {
		return a.hit.Match < b.hit.Match
	}
	if a.hit.Score != b.hit.Score {
		return a.hit.Score > b.hit.Score
	}
	return a.order < b.order
}

// rank sorts the candidates best first (ties by id).
func rank(byID map[string]*candidate) []ForwardHit {
	cs := make([]*candidate, 0, len(byID))
	for _, c := range byID {
		cs = append(cs, c)
	}
	sort.Slice(cs, func(i, j int) bool {
		if better(cs[i], cs[j]) != better(cs[j], cs[i]) {
			return better(cs[i], cs[j])
		}
		return cs[i].hit.Place.ID < cs[j].hit.Place.ID
	})
	out := make([]ForwardHit, len(cs))
	for i, c := range cs {
		out[i] = c.hit
	}
	return out
}

// classify says how place p matches the query, with a bonus to its score within the match;
// firstVenue: p would be the best POI of a venue search.
func (q *query) classify(p *place.Place, firstVenue bool) (Match, float64) {
	poi := p.Layer != "address" && p.Layer != "street"
	switch {
	case p.Layer == "address" && q.hasNumber && q.isAddress(p):
		return MatchAddress, 0
	case poi && named(p, q.venues):
		return MatchVenue, 100 // named exactly: before any venue the search ranks first
	case poi && firstVenue:
		return MatchVenue, 0
	case p.Layer == "street":
		if s := q.streetScore(p); s > 0 {
			return MatchStreet, 20 * s
		}
	}
	if poi && named(p, q.names) {
		return MatchName, 0
	}
	return MatchNear, 0
}

// isAddress: the address place is the query's house on its street.
func (q *query) isAddress(p *place.Place) bool {
	pk := KeyOf(p.Tag("addr:housenumber"), p.Tag("addr:street"))
	for _, k := range q.keys {
		if pk.Equal(k) {
			return true
		}
	}
	return false
}

// named: one of the folded texts is one of the place's names.
func named(p *place.Place, texts []string) bool {
	if len(texts) == 0 {
		return false
	}
	for _, n := range p.Names() {
		fn := text.Fold(n)
		for _, t := range texts {
			if fn == t {
				return true
			}
		}
	}
	return false
}

// streetScore rates a street against the query's streets: 2 for the street itself (its
// alleys included: "Ngõ 354 Phố Bắc Cầu" for "Ngõ 354 Bắc Cầu"), 1 and a little more per
// alley for a street the query's house lies on or off ("Ngõ 5 Quảng An", then "Quảng An",
// for "16 ngõ 5 Quảng An"), 0 for another street.
func (q *query) streetScore(p *place.Place) float64 {
	best := 0.0
	for _, n := range p.Names() {
		best = max(best, q.keyScore(KeyOf("", n)))
	}
	return best
}

// keyScore is streetScore for a street's key.
func (q *query) keyScore(k AddressKey) float64 {
	best := 0.0
	for _, qk := range q.keys {
		switch {
		case k.Base != qk.Base:
		case len(k.Path) == len(qk.Path) && (len(k.Path) == 0 || hasPrefix(qk.Path, k.Path)):
			best = max(best, 2)
		case len(k.Path) == 0 || hasPrefix(qk.Path, k.Path):
			best = max(best, 1+0.1*float64(len(k.Path)))
		}
	}
	return best
}
