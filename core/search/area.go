package search

import (
	"strings"

	"github.com/bando-vn/bando/core/addr"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/text"
)

// A query may end with the administrative units it lies in ("bv bach mai
// dong da", "pho hue, hà nội", "vincom q1", "highlands tphcm"): the words
// before them name the place, the units restrict it. The units come from
// the gazetteer of the bundle's admin layer (addr.Gazetteer.Tails: ward,
// district, province, either structure, unit words and short forms), not
// from index tiles; a place's own units are its record's admin codes.

// areaSource is a Source that reads the administrative units a query ends
// with (WithAreas).
type areaSource interface {
	Source
	// areas returns the gazetteer to read the end of s with; nil when s
	// cannot end with an administrative part or there are no units.
	areas(s string) (*addr.Gazetteer, error)
}

type withAreas struct {
	Source
	may func(string) bool
	g   func() (*addr.Gazetteer, error)
}

func (w withAreas) areas(s string) (*addr.Gazetteer, error) {
	if w.may != nil && !w.may(s) {
		return nil, nil
	}
	return w.g()
}

func (w withAreas) eachKeyWithPrefix(p string, fn func(key string)) {
	if kl, ok := w.Source.(keyLister); ok {
		kl.eachKeyWithPrefix(p, fn)
	}
}

// WithAreas is src reading the administrative units a query ends with
// through the gazetteer g returns (addr.GazetteerFor: the admin layer's units;
// nil: none). g is called only for a text may says can end with an
// administrative part (addr.MayEndFor; may nil: every text), so a query
// naming no area neither decodes nor builds the gazetteer. Autocomplete
// searches through it; forward geocoding, which reads the units of an
// address itself, does not.
func WithAreas(src Source, may func(s string) bool, g func() (*addr.Gazetteer, error)) Source {
	return withAreas{src, may, g}
}

// WithGazetteer is WithAreas with a built gazetteer; src itself when g is nil.
func WithGazetteer(src Source, g *addr.Gazetteer) Source {
	if g == nil {
		return src
	}
	return WithAreas(src, nil, func() (*addr.Gazetteer, error) { return g, nil })
}

// Bounds of the area readings of one query.
const (
	maxTails        = 2  // administrative parts tried, shortest first
	maxAreaReadings = 32 // units (readings) per part
)

// A place lying in the administrative part gets pointsWhole per word of
// the part, as if its name had them, less areaCost: a place whose name
// has the words ("Phở Hà Nội" for "pho ha noi", with its phrase and
// coverage points) ranks first.
const areaCost = 6.0

// form is one way to read the query's text: all of it as the name (area
// nil), or the words before an administrative part it ends with as the
// name and the part's units as where the place lies.
type form struct {
	q    *text.Query
	vs   []text.Variant
	area *area
}

// area is the administrative part of a form.
type area struct {
	g     *addr.Gazetteer
	rs    []addr.Reading
	words int
}

// queryForms lists the forms of the query, the whole text first.
func queryForms(src Source, s string, q *text.Query) ([]form, error) {
	forms := []form{{q: q, vs: q.Variants()}}
	as, ok := src.(areaSource)
	if !ok {
		return forms, nil
	}
	g, err := as.areas(s)
	if g == nil || err != nil {
		return forms, err
	}
	for _, t := range g.Tails(s, maxTails) {
		lq := text.Analyze(s[:t.Start])
		if len(lq.Tokens) == 0 || len(t.Readings) == 0 {
			continue
		}
		lq.Prefix = false // words follow: every word of the name is whole
		rs := t.Readings
		if len(rs) > maxAreaReadings {
			rs = rs[:maxAreaReadings]
		}
		forms = append(forms, form{q: &lq, vs: lq.Variants(), area: &area{g: g, rs: rs, words: t.Words}})
	}
	return forms, nil
}

// points the area gives a place lying in it.
func (a *area) points() float64 { return pointsWhole*float64(a.words) - areaCost }

// contains: a place with these administrative codes (place.Place.Admin:
// new ward, old ward, old district) lies in a unit of one of the readings.
func (a *area) contains(codes []string) bool {
	var c [3]string
	copy(c[:], codes)
	for _, r := range a.rs {
		if a.in(r, c[0], c[1], c[2]) {
			return true
		}
	}
	return false
}

// in: a place in these units lies in reading r's finest unit.
func (a *area) in(r addr.Reading, newWard, oldWard, oldDistrict string) bool {
	g := a.g
	if r.New {
		switch {
		case r.Ward >= 0:
			return newWard != "" && g.Code(r.Ward) == newWard
		case r.Province >= 0:
			w := g.Lookup(true, addr.Ward, newWard)
			return w >= 0 && g.Parent(w) == r.Province
		}
		return false
	}
	switch {
	case r.Ward >= 0:
		return oldWard != "" && g.Code(r.Ward) == oldWard
	case r.District >= 0:
		return oldDistrict != "" && g.Code(r.District) == oldDistrict
	case r.Province >= 0:
		d := g.Lookup(false, addr.District, oldDistrict)
		return d >= 0 && g.Parent(d) == r.Province
	}
	return false
}

// codes reads a record's administrative codes once per scoring.
type codes struct {
	st   *place.SearchTile
	rec  int
	read bool
	c    []string
	err  error
}

func (c *codes) get() ([]string, error) {
	if !c.read {
		c.read = true
		c.c, c.err = c.st.Admin(c.rec)
	}
	return c.c, c.err
}

// leadWords adds to lead the words of the needs of a reading of a form
// with an administrative part, when one of them that resolves the reading
// has a complete shard (the name's words answer it from a tile holding
// every answer); lead is unchanged otherwise.
func leadWords(lead map[string]bool, ns []need) map[string]bool {
	complete := false
	for _, n := range ns {
		for _, ref := range n.refs {
			complete = complete || n.resolving && ref.complete()
		}
	}
	if !complete {
		return lead
	}
	if lead == nil {
		lead = map[string]bool{}
	}
	for _, n := range ns {
		a, b, _ := strings.Cut(n.tok, " ")
		lead[a], lead[b] = true, b != ""
	}
	return lead
}

// markLate marks the needs of the whole text's reading made of words of
// the administrative part only ("ha noi", "thanh pho"), when the name's
// words have complete shards (leadWords): those hold the answers of every
// form, the area's own shards mostly other places.
func markLate(ns []need, lead map[string]bool) {
	if lead == nil {
		return
	}
	for i := range ns {
		a, b, pair := strings.Cut(ns[i].tok, " ")
		ns[i].late = !lead[a] && (!pair || !lead[b])
	}
}
