package eval

// Forward and reverse geocoding cases.
//
// Forward ("kind": "forward"): query {"text": "…"} (Pelias) or {"address": "…"} (Google);
// a result is a hit when it lies within expect.within_m metres of expect.lat/lon (the name is
// for reading only: an address and the POI at it are both right). Top-1 and top-5 are
// counted over the first five results.
//
// Reverse ("kind": "reverse"): query {"point.lat": …, "point.lon": …} or {"latlng": "lat,lng"};
// expect.new_ward and expect.old_district are the GSO codes of the units containing the
// point (from the admin polygons); extra.ward_border_m and extra.district_border_m its
// distance to the nearest border of a new ward and of an old district. The answer is right
// when the units the endpoint names at the point have those codes.

import (
	"context"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/geocode"
	"github.com/bando-vn/bando/core/tile"
)

// str reads a query parameter as a string.
func (c *Case) str(k string) string {
	switch v := c.Query[k].(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return ""
}

// ForwardText is a forward case's address text.
func (c *Case) ForwardText() string {
	if s := c.str("address"); s != "" {
		return s
	}
	return c.str("text")
}

// ReversePoint is a reverse case's point.
func (c *Case) ReversePoint() (geo.LatLng, error) {
	if s := c.str("latlng"); s != "" {
		a, b, ok := strings.Cut(s, ",")
		lat, e1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
		lng, e2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
		if !ok || e1 != nil || e2 != nil {
			return geo.LatLng{}, fmt.Errorf("case %s: bad latlng %q", c.ID, s)
		}
		return geo.LatLng{Lat: lat, Lng: lng}, nil
	}
	lat, e1 := strconv.ParseFloat(c.str("point.lat"), 64)
	lng, e2 := strconv.ParseFloat(c.str("point.lon"), 64)
	if e1 != nil || e2 != nil {
		return geo.LatLng{}, fmt.Errorf("case %s: bad point", c.ID)
	}
	return geo.LatLng{Lat: lat, Lng: lng}, nil
}

// Near reports whether a point lies within within_m of the expected point.
func (e *Expect) Near(p geo.LatLng) bool {
	return geo.DistanceM(geo.LatLng{Lat: e.Lat, Lng: e.Lon}, p) <= math.Max(e.WithinM, 1)
}

// GeoOutcome is one forward or reverse case's result.
type GeoOutcome struct {
	Case    *Case
	Rank    int // forward: 1-based rank of the first hit, 0 if none in the first five
	Latency time.Duration
	Stats   geocode.ForwardStats
	Top     []string // forward: names and matches of the results, for reports
	// reverse: the codes answered and whether they are right
	NewWard, OldDistrict string
	WardOK, DistrictOK   bool
	// reverse with expect.old_ward: the old ward answered, how it is known
	// (admin.WardBasis: known, inferred, unknown) and whether it is right
	OldWard, OldBasis string
	OldWardOK         bool
}

// RunForward runs the forward cases through the forward geocoder (the engine of
// /v1/geocode/forward).
func RunForward(ctx context.Context, fw *geocode.Forwarder, cases []Case) ([]GeoOutcome, error) {
	var out []GeoOutcome
	for i := range cases {
		c := &cases[i]
		if c.Kind != "forward" {
			continue
		}
		t0 := time.Now()
		hits, st, err := fw.Forward(ctx, c.ForwardText(), 5)
		o := GeoOutcome{Case: c, Latency: time.Since(t0), Stats: st}
		if err != nil {
			return nil, fmt.Errorf("case %s: %w", c.ID, err)
		}
		for j := range hits {
			o.Top = append(o.Top, hits[j].Match.String()+":"+hits[j].Place.Name)
			if o.Rank == 0 && c.Expect.Near(hits[j].Place.Point()) {
				o.Rank = j + 1
			}
		}
		out = append(out, o)
	}
	return out, nil
}

// RunReverse runs the reverse cases as /v1/geocode/reverse answers them: the nearest places
// (timed with the rest) and the units containing the point.
func RunReverse(ctx context.Context, st *tile.Store, l *admin.Lookup, cases []Case) ([]GeoOutcome, error) {
	var out []GeoOutcome
	for i := range cases {
		c := &cases[i]
		if c.Kind != "reverse" {
			continue
		}
		pt, err := c.ReversePoint()
		if err != nil {
			return nil, err
		}
		t0 := time.Now()
		if _, err := geocode.Reverse(ctx, st, pt, 1, 1); err != nil {
			return nil, fmt.Errorf("case %s: %w", c.ID, err)
		}
		r, err := l.Lookup(ctx, pt.Lat, pt.Lng)
		if err != nil {
			return nil, fmt.Errorf("case %s: %w", c.ID, err)
		}
		o := GeoOutcome{Case: c, Latency: time.Since(t0), NewWard: r.New.Ward.Code, OldDistrict: r.Old.District.Code}
		o.WardOK = c.Expect.NewWard == "" || c.Expect.NewWard == o.NewWard
		o.DistrictOK = c.Expect.OldDistrict == "" || c.Expect.OldDistrict == o.OldDistrict
		o.OldWard, o.OldBasis = r.Old.Ward.Code, r.Old.Basis.String()
		o.OldWardOK = c.Expect.OldWard == "" || c.Expect.OldWard == o.OldWard
		out = append(out, o)
	}
	return out, nil
}

// borderM reads an extra distance to a border; +Inf when absent.
func (c *Case) borderM(k string) float64 {
	if f, err := strconv.ParseFloat(c.Extra[k], 64); err == nil {
		return f
	}
	return math.Inf(1)
}

// ReverseFarM is the distance from a border beyond which the ward must always be right.
const ReverseFarM = 150

// ReportForward writes forward top-1/top-5 per variant and per extra dimension, latency and
// reads.
func ReportForward(w io.Writer, os []GeoOutcome) {
	groups := map[string][]GeoOutcome{}
	var names []string
	add := func(k string, o GeoOutcome) {
		if _, ok := groups[k]; !ok {
			names = append(names, k)
		}
		groups[k] = append(groups[k], o)
	}
	for _, o := range os {
		add(o.Case.Variant, o)
		for _, k := range sortedExtra(o.Case.Extra) {
			add(k+"="+o.Case.Extra[k], o)
		}
	}
	sort.Strings(names)
	fmt.Fprintf(w, "forward: %-22s %5s %7s %7s\n", "variant", "n", "top1", "top5")
	for _, k := range append(names, "all") {
		g := groups[k]
		if k == "all" {
			g = os
		}
		t1, t5 := 0, 0
		for _, o := range g {
			if o.Rank == 1 {
				t1++
			}
			if o.Rank >= 1 {
				t5++
			}
		}
		fmt.Fprintf(w, "forward: %-22s %5d %6.1f%% %6.1f%%\n", k, len(g), pct(t1, len(g)), pct(t5, len(g)))
	}
	reportLatency(w, "forward", os)
}

func sortedExtra(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// reportLatency writes latency percentiles and the index reads per query.
func reportLatency(w io.Writer, kind string, os []GeoOutcome) {
	var lat, tiles, kb []float64
	for _, o := range os {
		lat = append(lat, float64(o.Latency.Nanoseconds())/1e6)
		tiles = append(tiles, float64(o.Stats.Tiles))
		kb = append(kb, float64(o.Stats.Bytes)/1024)
	}
	fmt.Fprintf(w, "%s: latency ms p50 %.3f p95 %.3f p99 %.3f max %.3f\n", kind,
		Percentile(lat, 50), Percentile(lat, 95), Percentile(lat, 99), Percentile(lat, 100))
	if kind == "forward" {
		fmt.Fprintf(w, "%s: tiles/query p50 %.0f p95 %.0f max %.0f; KB/query p50 %.1f p95 %.1f max %.1f\n", kind,
			Percentile(tiles, 50), Percentile(tiles, 95), Percentile(tiles, 100), Percentile(kb, 50), Percentile(kb, 95), Percentile(kb, 100))
	}
}

// ReportReverse writes per variant: the new ward right, the old district right, and the
// same for the points at least ReverseFarM from a border of their level.
func ReportReverse(w io.Writer, os []GeoOutcome) {
	by := map[string][]GeoOutcome{}
	var names []string
	for _, o := range os {
		if _, ok := by[o.Case.Variant]; !ok {
			names = append(names, o.Case.Variant)
		}
		by[o.Case.Variant] = append(by[o.Case.Variant], o)
	}
	sort.Strings(names)
	fmt.Fprintf(w, "reverse: %-12s %5s %8s %8s | %5s %8s | %5s %8s\n", "variant", "n", "ward", "district", "n≥150", "ward", "n≥150", "district")
	for _, k := range append(names, "all") {
		g := by[k]
		if k == "all" {
			g = os
		}
		var wok, dok, fw, fwok, fd, fdok int
		for _, o := range g {
			if o.WardOK {
				wok++
			}
			if o.DistrictOK {
				dok++
			}
			if o.Case.borderM("ward_border_m") >= ReverseFarM {
				fw++
				if o.WardOK {
					fwok++
				}
			}
			if o.Case.borderM("district_border_m") >= ReverseFarM {
				fd++
				if o.DistrictOK {
					fdok++
				}
			}
		}
		fmt.Fprintf(w, "reverse: %-12s %5d %7.1f%% %7.1f%% | %5d %7.1f%% | %5d %7.1f%%\n", k, len(g), pct(wok, len(g)), pct(dok, len(g)),
			fw, pct(fwok, fw), fd, pct(fdok, fd))
	}
	reportOldWards(w, os)
	reportLatency(w, "reverse", os)
}

// reportOldWards writes, over the cases that expect an old ward, how many are
// right, unknown (no ward named: the answer says it cannot decide), wrong but
// marked inferred, and wrong while marked known (confidently wrong).
func reportOldWards(w io.Writer, os []GeoOutcome) {
	var n, right, unknown, inferredWrong, knownWrong int
	for _, o := range os {
		if o.Case.Expect.OldWard == "" {
			continue
		}
		n++
		switch {
		case o.OldWardOK:
			right++
		case o.OldWard == "":
			unknown++
		case o.OldBasis == "known":
			knownWrong++
		default:
			inferredWrong++
		}
	}
	if n == 0 {
		return
	}
	fmt.Fprintf(w, "reverse: old ward %d cases: right %d (%.1f%%), unknown %d, wrong marked inferred %d, wrong marked known %d\n",
		n, right, pct(right, n), unknown, inferredWrong, knownWrong)
}

// GeoMisses writes the forward cases that missed top-1 and the reverse cases answered wrong.
func GeoMisses(w io.Writer, os []GeoOutcome) {
	for _, o := range os {
		switch o.Case.Kind {
		case "forward":
			if o.Rank != 1 {
				fmt.Fprintf(w, "%s [%s] q=%q want=%q rank=%d top=%q\n", o.Case.ID, o.Case.Variant, o.Case.ForwardText(), o.Case.Expect.Name, o.Rank, o.Top)
			}
		case "reverse":
			if !o.OldWardOK {
				fmt.Fprintf(w, "%s [%s] %q old ward %q (%s) want %s %s\n", o.Case.ID, o.Case.Variant, o.Case.Expect.Name, o.OldWard, o.OldBasis,
					o.Case.Expect.OldWard, o.Case.Extra["old_ward_name"])
			}
			if !o.WardOK || !o.DistrictOK {
				fmt.Fprintf(w, "%s [%s] ward %s want %s (border %s m), district %s want %s (border %s m)\n", o.Case.ID, o.Case.Variant,
					o.NewWard, o.Case.Expect.NewWard, o.Case.Extra["ward_border_m"], o.OldDistrict, o.Case.Expect.OldDistrict, o.Case.Extra["district_border_m"])
			}
		}
	}
}
