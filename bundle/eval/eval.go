// Package eval runs query cases (JSON lines, FORMAT below) through the
// search engine and reports top-1 / top-5 hit rates per variant, latency
// percentiles and the tiles and bytes each query read.
//
// Case format, one JSON object per line:
//
//	{"id": "hn-poi-123-exact",
//	 "kind": "autocomplete",            // "forward" and "reverse" are reserved
//	 "query": {"text": "Phở Huế",        // API.md §3.1 parameters: text or input,
//	           "boundary.circle.lat": 21.02, "boundary.circle.lon": 105.85,
//	           "boundary.circle.radius": 50, // or "location": "lat,lng", "radius"
//	           "size": 5},
//	 "expect": {"name": "Phố Huế", "lat": 21.0179, "lon": 105.8514, "within_m": 300,
//	            "new_ward": "00091", "old_ward": "", "old_district": ""},
//	 "variant": "exact"}
//
// A result is a hit when it lies within within_m metres of the expected
// point and its folded name equals the folded expected name (or one of its
// alternative names does). Admin codes, when given, must also match.
package eval

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/search"
	"github.com/bando-vn/bando/core/text"
)

// Case is one query case.
type Case struct {
	ID      string            `json:"id"`
	Kind    string            `json:"kind"`
	Query   map[string]any    `json:"query"`
	Expect  Expect            `json:"expect"`
	Variant string            `json:"variant"`
	Extra   map[string]string `json:"extra,omitempty"`
}

// Expect is what a case must find.
type Expect struct {
	Name        string  `json:"name"`
	Lat         float64 `json:"lat"`
	Lon         float64 `json:"lon"`
	WithinM     float64 `json:"within_m"`
	NewWard     string  `json:"new_ward,omitempty"`
	OldWard     string  `json:"old_ward,omitempty"`
	OldDistrict string  `json:"old_district,omitempty"`
}

// ReadCases reads a JSON-lines case file.
func ReadCases(r io.Reader) ([]Case, error) {
	var out []Case
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "//") {
			continue
		}
		var c Case
		if err := json.Unmarshal([]byte(s), &c); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		out = append(out, c)
	}
	return out, sc.Err()
}

// Request turns a case's API parameters into an engine request.
func (c *Case) Request() (search.Query, error) {
	r := search.Query{Size: 5, RadiusKm: 50}
	str := c.str
	num := func(k string) (float64, bool) {
		s := str(k)
		if s == "" {
			return 0, false
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		return f, err == nil
	}
	r.Text = str("text")
	if s := str("input"); s != "" {
		r.Text = s
	}
	if lat, ok := num("boundary.circle.lat"); ok {
		lon, _ := num("boundary.circle.lon")
		r.Focus = &geo.LatLng{Lat: lat, Lng: lon}
	}
	if loc := str("location"); loc != "" {
		parts := strings.Split(loc, ",")
		if len(parts) != 2 {
			return r, fmt.Errorf("case %s: bad location %q", c.ID, loc)
		}
		lat, e1 := strconv.ParseFloat(strings.TrimSpace(parts[0]), 64)
		lng, e2 := strconv.ParseFloat(strings.TrimSpace(parts[1]), 64)
		if e1 != nil || e2 != nil {
			return r, fmt.Errorf("case %s: bad location %q", c.ID, loc)
		}
		r.Focus = &geo.LatLng{Lat: lat, Lng: lng}
	}
	for _, k := range []string{"boundary.circle.radius", "radius"} {
		if v, ok := num(k); ok {
			r.RadiusKm = v
		}
	}
	if v, ok := num("size"); ok {
		r.Size = int(v)
	}
	if r.Size < 5 {
		r.Size = 5 // top-5 is measured whatever the case asks
	}
	return r, nil
}

// Hit reports whether p satisfies the expectation.
func (e *Expect) Hit(p *place.Place) bool {
	d := geo.DistanceM(geo.LatLng{Lat: e.Lat, Lng: e.Lon}, geo.PointE7(p.Lat, p.Lng))
	if d > math.Max(e.WithinM, 1) {
		return false
	}
	want := text.Fold(e.Name)
	ok := false
	for _, n := range p.Names() {
		if text.Fold(n) == want {
			ok = true
		}
	}
	if !ok {
		return false
	}
	codes := func(i int) string {
		if i < len(p.Admin) {
			return p.Admin[i]
		}
		return ""
	}
	return (e.NewWard == "" || e.NewWard == codes(0)) && (e.OldWard == "" || e.OldWard == codes(1)) &&
		(e.OldDistrict == "" || e.OldDistrict == codes(2))
}

// Outcome is one case's result.
type Outcome struct {
	Case    *Case
	Rank    int // 1-based rank of the first hit, 0 if none in the results
	Latency time.Duration
	Stats   search.Stats
	Top     []string // names of the results, for reports
}

// Run runs every case; cold, when not nil, is called before each query to
// empty the caches (Stats count the tiles a query reads either way).
func Run(ctx context.Context, src search.Source, cases []Case, cold func()) ([]Outcome, error) {
	out := make([]Outcome, 0, len(cases))
	for i := range cases {
		c := &cases[i]
		if c.Kind != "" && c.Kind != "autocomplete" {
			continue
		}
		req, err := c.Request()
		if err != nil {
			return nil, err
		}
		if cold != nil {
			cold()
		}
		t0 := time.Now()
		res, st, err := search.Search(ctx, src, req)
		lat := time.Since(t0)
		if err != nil {
			return nil, fmt.Errorf("case %s: %w", c.ID, err)
		}
		o := Outcome{Case: c, Latency: lat, Stats: st}
		for j := range res {
			o.Top = append(o.Top, res[j].Place.Name)
			if o.Rank == 0 && c.Expect.Hit(&res[j].Place) {
				o.Rank = j + 1
			}
		}
		out = append(out, o)
	}
	return out, nil
}

// Summary per variant.
type Summary struct {
	Variant    string
	N          int
	Top1, Top5 int
}

// Summarise groups outcomes by variant (sorted), plus "all".
func Summarise(os []Outcome) []Summary {
	by := map[string]*Summary{}
	all := &Summary{Variant: "all"}
	for _, o := range os {
		s := by[o.Case.Variant]
		if s == nil {
			s = &Summary{Variant: o.Case.Variant}
			by[o.Case.Variant] = s
		}
		for _, t := range []*Summary{s, all} {
			t.N++
			if o.Rank == 1 {
				t.Top1++
			}
			if o.Rank >= 1 && o.Rank <= 5 {
				t.Top5++
			}
		}
	}
	var out []Summary
	for _, s := range by {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Variant < out[j].Variant })
	return append(out, *all)
}

// Percentile returns the p-th percentile (0..100, nearest rank) of xs.
func Percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	i := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[max(0, min(i, len(s)-1))]
}

// Report writes the per-variant table, latency percentiles and the cold
// reads of the outcomes.
func Report(w io.Writer, warm, cold []Outcome) {
	fmt.Fprintf(w, "%-14s %5s %7s %7s\n", "variant", "n", "top1", "top5")
	for _, s := range Summarise(warm) {
		fmt.Fprintf(w, "%-14s %5d %6.1f%% %6.1f%%\n", s.Variant, s.N, pct(s.Top1, s.N), pct(s.Top5, s.N))
	}
	var lat, tiles, kb []float64
	for _, o := range warm {
		lat = append(lat, float64(o.Latency.Microseconds())/1000)
	}
	for _, o := range cold {
		tiles = append(tiles, float64(o.Stats.Tiles))
		kb = append(kb, float64(o.Stats.Bytes)/1024)
	}
	fmt.Fprintf(w, "latency warm ms: p50 %.3f p95 %.3f p99 %.3f max %.3f\n",
		Percentile(lat, 50), Percentile(lat, 95), Percentile(lat, 99), Percentile(lat, 100))
	if len(cold) > 0 {
		fmt.Fprintf(w, "cold tiles/query: p50 %.0f p95 %.0f max %.0f; KB/query: p50 %.1f p95 %.1f max %.1f\n",
			Percentile(tiles, 50), Percentile(tiles, 95), Percentile(tiles, 100), Percentile(kb, 50), Percentile(kb, 95), Percentile(kb, 100))
	}
}

func pct(a, n int) float64 {
	if n == 0 {
		return 0
	}
	return 100 * float64(a) / float64(n)
}

// Misses writes the cases that missed top-1, for tuning.
func Misses(w io.Writer, os []Outcome) {
	for _, o := range os {
		if o.Rank != 1 {
			fmt.Fprintf(w, "%s [%s] q=%v want=%q rank=%d top=%q keys=%v\n", o.Case.ID, o.Case.Variant, o.Case.Query["text"], o.Case.Expect.Name, o.Rank, o.Top, o.Stats.Keys)
		}
	}
}

// Open opens the cases file.
func Open(path string) ([]Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadCases(f)
}
