package main

import (
	"context"
	"fmt"
	"os"

	"github.com/bando-vn/bando/bundle/eval"
	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/geocode"
	"github.com/bando-vn/bando/core/geocode/addr"
	"github.com/bando-vn/bando/core/tile"
)

// splitGeoCases separates the forward and reverse cases from the others.
func splitGeoCases(cases []eval.Case) (geo, other []eval.Case) {
	for _, c := range cases {
		if c.Kind == "forward" || c.Kind == "reverse" {
			geo = append(geo, c)
		} else {
			other = append(other, c)
		}
	}
	return geo, other
}

// evalGeo runs forward and reverse cases on a warm engine (after one warm-up pass) and
// reports them (bundle/eval geo.go).
func evalGeo(ctx context.Context, dir string, cases []eval.Case, misses bool) error {
	st, err := tile.Open(ctx, tile.DirSource(dir), 256<<20)
	if err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	if !st.Has(admin.UnitsKey) {
		return fmt.Errorf("%s: no administrative layer (build with --admin)", dir)
	}
	l := admin.New(st)
	u, err := l.Units(ctx)
	if err != nil {
		return err
	}
	fw := geocode.NewForwarder(st, u, addr.NewGazetteer(u))
	run := func() ([]eval.GeoOutcome, []eval.GeoOutcome, error) {
		f, err := eval.RunForward(ctx, fw, cases)
		if err != nil {
			return nil, nil, err
		}
		r, err := eval.RunReverse(ctx, st, l, cases)
		return f, r, err
	}
	if _, _, err := run(); err != nil { // warm-up
		return err
	}
	f, r, err := run()
	if err != nil {
		return err
	}
	if len(f) > 0 {
		eval.ReportForward(os.Stdout, f)
	}
	if len(r) > 0 {
		eval.ReportReverse(os.Stdout, r)
	}
	if misses {
		eval.GeoMisses(os.Stdout, append(f, r...))
	}
	return nil
}
