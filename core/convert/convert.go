package convert

import (
	"context"
	"errors"
	"sort"
	"strings"

	"github.com/bando-vn/bando/core/addr"
	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/text"
)

// MaxResults bounds the candidates of one answer.
const MaxResults = 10

// Unit names one administrative unit; zero when absent.
type Unit struct {
	Code, Name string
}

// Side is an address's units in one structure (District is zero in the new structure).
type Side struct {
	New                      bool
	Ward, District, Province Unit
	ProvinceShort            string // bando's short code of a new province ("HN"), "" otherwise
}

// Result is the address rewritten into the other structure.
type Result struct {
	Formatted   string // Lead then the target units, comma-separated
	Lead        string // the input before its administrative part, as written
	HouseNumber string // as parsed (with the alley chain)
	Street      string
	From, To    Side
	// Exact: the table (or the given point) leaves one answer. A ward split between several
	// new wards without a point gives one Result per candidate, Exact false, likeliest first.
	Exact bool
}

// Locator answers which units contain a point (admin.Lookup implements it).
type Locator interface {
	Lookup(ctx context.Context, lat, lng float64) (admin.Result, error)
}

// Point is an optional position that settles a split ward.
type Point struct {
	Lat, Lng float64
}

// Converter converts addresses. It is read-only after New and safe for concurrent use.
type Converter struct {
	g       *addr.Gazetteer
	loc     Locator
	newWard map[string]*admin.UnitsNewWard
	oldWard map[string]*admin.UnitsOldWard
	newProv map[string]*admin.UnitsNewProvince
	oldProv map[string]*admin.UnitsOldProvince
	oldDist map[string]*admin.UnitsOldDistrict
	// whole old districts without wards (island districts) → the new units they became
	distTo map[string][]string
}

// New indexes the units tile; loc may be nil (points are then ignored).
func New(u *admin.Units, g *addr.Gazetteer, loc Locator) *Converter {
	u = trimmed(u)
	c := &Converter{g: g, loc: loc,
		newWard: map[string]*admin.UnitsNewWard{}, oldWard: map[string]*admin.UnitsOldWard{},
		newProv: map[string]*admin.UnitsNewProvince{}, oldProv: map[string]*admin.UnitsOldProvince{},
		oldDist: map[string]*admin.UnitsOldDistrict{}, distTo: map[string][]string{}}
	for i := range u.NewWards {
		w := &u.NewWards[i]
		c.newWard[w.Code] = w
		for _, l := range w.From {
			if l.Kind == admin.LinkDistrict {
				c.distTo[l.Code] = append(c.distTo[l.Code], w.Code)
			}
		}
	}
	for i := range u.OldWards {
		c.oldWard[u.OldWards[i].Code] = &u.OldWards[i]
	}
	for i := range u.NewProvinces {
		c.newProv[u.NewProvinces[i].Code] = &u.NewProvinces[i]
	}
	for i := range u.OldProvinces {
		c.oldProv[u.OldProvinces[i].Code] = &u.OldProvinces[i]
	}
	for i := range u.OldDistricts {
		c.oldDist[u.OldDistricts[i].Code] = &u.OldDistricts[i]
	}
	return c
}

// ErrNoUnits: the text names no administrative unit of the source structure (ZERO_RESULTS).
var ErrNoUnits = errors.New("convert: no known administrative unit in the text")

// Convert rewrites text into the new structure (toNew) or the old one. pt, when not nil,
// settles a ward the table splits. It answers ErrNoUnits when the text names no unit it can
// convert, and errors of the Locator.
func (c *Converter) Convert(ctx context.Context, s string, toNew bool, pt *Point) ([]Result, error) {
	a := c.g.Parse(s)
	var here *admin.Result
	if pt != nil && c.loc != nil {
		r, err := c.loc.Lookup(ctx, pt.Lat, pt.Lng)
		if err != nil {
			return nil, err
		}
		here = &r
	}
	var out []Result
	for _, r := range preferred(a.Readings, toNew) {
		var res []Result
		switch {
		case r.New == toNew:
			res = c.same(r)
		case toNew:
			res = c.oldToNew(r, here)
		default:
			res = c.newToOld(r, here)
		}
		out = appendNew(out, res)
		if len(out) >= MaxResults {
			out = out[:MaxResults]
			break
		}
	}
	if len(out) == 0 {
		return nil, ErrNoUnits
	}
	if len(out) > 1 { // several answers: none is certain
		for i := range out {
			out[i].Exact = false
		}
	}
	for i := range out {
		out[i].Lead, out[i].HouseNumber, out[i].Street = a.Lead, a.HouseNumber, a.Street
		out[i].Formatted = format(a.Lead, out[i].To)
	}
	return out, nil
}

// preferred keeps the most specific readings (ward, else district, else province) and, among
// them, those of the source structure when there are any: a text that reads both ways is taken
// to be written in the structure it is converted from.
func preferred(rs []addr.Reading, toNew bool) []addr.Reading {
	rank := func(r addr.Reading) int {
		switch {
		case r.Ward >= 0:
			return 2
		case r.District >= 0:
			return 1
		}
		return 0
	}
	best, source := -1, false
	for _, r := range rs {
		if k := rank(r); k > best {
			best, source = k, false
		}
		if rank(r) == best && r.New != toNew {
			source = true
		}
	}
	var out []addr.Reading
	for _, r := range rs {
		if rank(r) == best && (!source || r.New != toNew) {
			out = append(out, r)
		}
	}
	return out
}

// appendNew appends the results whose target is not there yet: two readings of the text that
// give the same target ("Phường Sa Pa" and "Phường Sa Pả", both now Phường Sa Pa) are one answer.
func appendNew(out, res []Result) []Result {
	for _, r := range res {
		dup := false
		for i, o := range out {
			if o.To == r.To {
				dup = true
				out[i].Exact = o.Exact && r.Exact
			}
		}
		if !dup {
			out = append(out, r)
		}
	}
	return out
}

func format(lead string, s Side) string {
	parts := []string{}
	if lead != "" {
		parts = append(parts, lead)
	}
	for _, u := range []Unit{s.Ward, s.District, s.Province} {
		if u.Name != "" {
			parts = append(parts, u.Name)
		}
	}
	return strings.Join(parts, ", ")
}

// unitAt returns the gazetteer unit i (zero Unit for -1).
func (c *Converter) unitAt(i int32) Unit {
	if i < 0 {
		return Unit{}
	}
	u := c.g.Unit(i)
	return Unit{Code: u.Code, Name: u.Name}
}

// readingSide is the side a parse reading names.
func (c *Converter) readingSide(r addr.Reading) Side {
	s := Side{New: r.New, Ward: c.unitAt(r.Ward), District: c.unitAt(r.District), Province: c.unitAt(r.Province)}
	if s.New {
		s.ProvinceShort = c.short(s.Province.Code)
	}
	return s
}

func (c *Converter) short(code string) string {
	if p := c.newProv[code]; p != nil {
		return p.Short
	}
	return ""
}

// same answers a text already in the target structure.
func (c *Converter) same(r addr.Reading) []Result {
	s := c.readingSide(r)
	return []Result{{From: s, To: s, Exact: true}}
}

// newSide is the new ward code's side.
func (c *Converter) newSide(code string) Side {
	w := c.newWard[code]
	if w == nil {
		return Side{New: true}
	}
	s := Side{New: true, Ward: Unit{w.Code, w.Name}}
	if p := c.newProv[w.Province]; p != nil {
		s.Province, s.ProvinceShort = Unit{p.Code, p.Name}, p.Short
	}
	return s
}

// oldSide is the old ward code's side (or an old district's, for island districts).
func (c *Converter) oldSide(code string) Side {
	s := Side{}
	dcode := code
	if w := c.oldWard[code]; w != nil {
		s.Ward = Unit{w.Code, w.Name}
		dcode = w.District
	}
	if d := c.oldDist[dcode]; d != nil {
		s.District = Unit{d.Code, d.Name}
		if p := c.oldProv[d.Province]; p != nil {
			s.Province = Unit{p.Code, p.Name}
		}
	}
	return s
}

// oldToNew converts one old reading.
func (c *Converter) oldToNew(r addr.Reading, here *admin.Result) []Result {
	from := c.readingSide(r)
	var cands []string
	switch {
	case r.Ward >= 0:
		w := c.oldWard[from.Ward.Code]
		if w == nil {
			return nil
		}
		for _, l := range w.To {
			cands = append(cands, l.Code)
		}
		cands = likeliest(cands, from.Ward.Name, func(code string) string { return c.newWard[code].Name })
	case r.District >= 0:
		cands = c.distTo[from.District.Code] // island districts became one unit
	default:
		return c.provinceOnly(from, true)
	}
	var settled string
	if here != nil {
		settled = here.New.Ward.Code
	}
	return pick(from, cands, settled, c.newSide)
}

// newToOld converts one new reading.
func (c *Converter) newToOld(r addr.Reading, here *admin.Result) []Result {
	from := c.readingSide(r)
	if r.Ward < 0 {
		return c.provinceOnly(from, false)
	}
	w := c.newWard[from.Ward.Code]
	if w == nil {
		return nil
	}
	var cands []string
	for _, l := range w.From {
		cands = append(cands, l.Code)
	}
	var settled string
	if here != nil {
		settled = here.Old.Ward.Code
		if settled == "" {
			settled = here.Old.District.Code
		}
	}
	return pick(from, cands, settled, c.oldSide)
}

// pick makes one result per candidate, or the one the point settles.
func pick(from Side, cands []string, settled string, side func(string) Side) []Result {
	if len(cands) == 0 {
		return nil
	}
	for _, k := range cands {
		if k == settled {
			return []Result{{From: from, To: side(k), Exact: true}}
		}
	}
	var out []Result
	for _, k := range cands {
		out = append(out, Result{From: from, To: side(k), Exact: len(cands) == 1})
	}
	return out
}

// likeliest orders the new wards an old ward went into: the one that kept its name first,
// then the table's order.
func likeliest(cands []string, oldName string, name func(string) string) []string {
	core := func(s string) string {
		f := text.Fold(s)
		if i := strings.IndexByte(f, ' '); i >= 0 && (strings.HasPrefix(f, "phuong ") || strings.HasPrefix(f, "xa ")) {
			return f[i+1:]
		}
		return strings.TrimPrefix(strings.TrimPrefix(f, "thi tran "), "dac khu ")
	}
	want := core(oldName)
	sort.SliceStable(cands, func(i, j int) bool {
		return core(name(cands[i])) == want && core(name(cands[j])) != want
	})
	return cands
}

// provinceOnly converts a text naming only a province.
func (c *Converter) provinceOnly(from Side, toNew bool) []Result {
	var out []Result
	if toNew {
		if p := c.oldProv[from.Province.Code]; p != nil {
			for _, code := range p.To {
				if np := c.newProv[code]; np != nil {
					out = append(out, Result{From: from, To: Side{New: true, Province: Unit{np.Code, np.Name}, ProvinceShort: np.Short}, Exact: len(p.To) == 1})
				}
			}
		}
		return out
	}
	if p := c.newProv[from.Province.Code]; p != nil {
		for _, code := range p.Former {
			if op := c.oldProv[code]; op != nil {
				out = append(out, Result{From: from, To: Side{Province: Unit{op.Code, op.Name}}, Exact: len(p.Former) == 1})
			}
		}
	}
	return out
}

// trimmed returns a copy of u with the names' surrounding spaces removed ("Xã Bình Thanh ").
func trimmed(u *admin.Units) *admin.Units {
	t := *u
	t.NewWards = append([]admin.UnitsNewWard(nil), u.NewWards...)
	for i := range t.NewWards {
		t.NewWards[i].Name = strings.TrimSpace(t.NewWards[i].Name)
	}
	t.OldWards = append([]admin.UnitsOldWard(nil), u.OldWards...)
	for i := range t.OldWards {
		t.OldWards[i].Name = strings.TrimSpace(t.OldWards[i].Name)
	}
	t.OldDistricts = append([]admin.UnitsOldDistrict(nil), u.OldDistricts...)
	for i := range t.OldDistricts {
		t.OldDistricts[i].Name = strings.TrimSpace(t.OldDistricts[i].Name)
	}
	return &t
}
