package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"html"
	"net/url"
	"regexp"
	"strings"

	"github.com/bando-vn/bando/core"
	"github.com/bando-vn/bando/core/route/guidance/narrative"
	"github.com/bando-vn/bando/core/shape/google"
	"github.com/bando-vn/bando/core/tile"
)

// routeCmd: bando route --from LAT,LNG --to LAT,LNG[;LAT,LNG...] prints the
// /v1/direction answer as text a person reads.
func routeCmd(args []string) error {
	fs := flag.NewFlagSet("route", flag.ContinueOnError)
	dir := fs.String("bundle", "", "bundle directory")
	from := fs.String("from", "", "origin LAT,LNG")
	to := fs.String("to", "", "destination LAT,LNG; several joined by ;")
	vehicle := fs.String("vehicle", "car", "car, taxi, truck, motor, bike or walking")
	lang := fs.String("language", "vi", "vi or en")
	alt := fs.Bool("alternatives", false, "also print alternative routes (one destination)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *dir == "" || *from == "" || *to == "" {
		return usageError{"route", errors.New("route needs --bundle, --from and --to")}
	}
	ctx := context.Background()
	eng, err := core.New(ctx, tile.DirSource(*dir), core.Options{})
	if err != nil {
		return bundleError(*dir, err)
	}
	text, err := renderRoute(ctx, eng, routeQuery{*from, *to, *vehicle, *lang, *alt})
	fmt.Print(text)
	return err
}

type routeQuery struct {
	from, to, vehicle, lang string
	alternatives            bool
}

// renderRoute asks the engine for directions and renders them as text:
// per route its summary and totals, per leg its ends, then one numbered
// line per step with the step's distance and time, and the warnings.
func renderRoute(ctx context.Context, eng *core.Engine, q routeQuery) (string, error) {
	v := url.Values{"origin": {q.from}, "destination": {q.to}, "vehicle": {q.vehicle}, "language": {q.lang},
		"alternatives": {fmt.Sprint(q.alternatives)}}
	resp := eng.Get(ctx, "/v1/direction", v)
	if resp.Status != 200 {
		return "", fmt.Errorf("HTTP %d: %s", resp.Status, resp.Body)
	}
	var d google.Directions
	if err := json.Unmarshal(resp.Body, &d); err != nil {
		return "", err
	}
	lang, _ := narrative.ParseLang(q.lang)
	en := lang == narrative.EN
	word := func(vi, eng string) string {
		if en {
			return eng
		}
		return vi
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s → %s (%s, %s)\n", word("Chỉ đường", "Directions"), q.from, q.to, q.vehicle, q.lang)
	if d.Status != "OK" {
		fmt.Fprintf(&b, "%s: %s\n", word("Trạng thái", "Status"), d.Status)
		for i, w := range d.GeocodedWaypoints {
			fmt.Fprintf(&b, "  %s %d: %s\n", word("điểm", "waypoint"), i, w.GeocoderStatus)
		}
		return b.String(), nil
	}
	for i, r := range d.Routes {
		dist, dur := routeTotals(r, lang)
		fmt.Fprintf(&b, "\n%s %d: %s — %s, %s\n", word("Tuyến", "Route"), i+1, r.Summary, dist, dur)
		for _, w := range r.Warnings {
			fmt.Fprintf(&b, "  ! %s\n", w)
		}
		for j, lg := range r.Legs {
			fmt.Fprintf(&b, "  %s %d: %s → %s — %s, %s\n", word("Chặng", "Leg"), j+1, orDash(lg.StartAddress), orDash(lg.EndAddress),
				lg.Distance.Text, lg.Duration.Text)
			for k, st := range lg.Steps {
				fmt.Fprintf(&b, "    %2d. %-70s %8s  %s  [%s]\n", k+1, plainText(st.HTMLInstructions), st.Distance.Text, st.Duration.Text, orDash(st.Maneuver))
			}
		}
	}
	return b.String(), nil
}

// routeTotals sums a route's legs, as texts in the language.
func routeTotals(r google.DirRoute, l narrative.Lang) (string, string) {
	m, s := 0, 0
	for _, lg := range r.Legs {
		m += lg.Distance.Value
		s += lg.Duration.Value
	}
	return narrative.Distance(float64(m), l, narrative.Km), narrative.Duration(float64(s), l)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

var tags = regexp.MustCompile(`<[^>]*>`)

// plainText drops the HTML of an instruction.
func plainText(s string) string { return html.UnescapeString(tags.ReplaceAllString(s, "")) }
