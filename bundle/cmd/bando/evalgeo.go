package main

import (
	"context"
	"fmt"
	"os"

	"github.com/bando-vn/bando/bundle/eval"
	"github.com/bando-vn/bando/core/addr"
	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/geocode"
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
		return bundleError(dir, err)
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
	if err := coldGeo(ctx, dir, cases); err != nil {
		return err
	}
	if misses {
		eval.GeoMisses(os.Stdout, append(f, r...))
	}
	return nil
}

// readCounter is a tile source that records the distinct tiles read and their bytes.
type readCounter struct {
	src   tile.Source
	seen  map[string]bool
	bytes int
}

func (c *readCounter) Get(ctx context.Context, path string) ([]byte, error) {
	b, err := c.src.Get(ctx, path)
	if err == nil && !c.seen[path] {
		c.seen[path] = true
		c.bytes += len(b)
	}
	return b, err
}

// coldGeo runs every forward and reverse case on an engine whose cache keeps nothing and
// reports the distinct tiles each query reads and their bytes (the units tile the forward
// geocoder and the gazetteer are built from is read once, before the queries).
func coldGeo(ctx context.Context, dir string, cases []eval.Case) error {
	rc := &readCounter{src: tile.DirSource(dir), seen: map[string]bool{}}
	st, err := tile.Open(ctx, rc, 1)
	if err != nil {
		return err
	}
	l := admin.New(st)
	u, err := l.Units(ctx)
	if err != nil {
		return err
	}
	fw := geocode.NewForwarder(st, u, addr.NewGazetteer(u))
	tiles := map[string][]float64{}
	kb := map[string][]float64{}
	for i := range cases {
		c := &cases[i]
		rc.seen, rc.bytes = map[string]bool{}, 0
		switch c.Kind {
		case "forward":
			_, err = eval.RunForward(ctx, fw, cases[i:i+1])
		case "reverse":
			_, err = eval.RunReverse(ctx, st, l, cases[i:i+1])
		}
		if err != nil {
			return err
		}
		tiles[c.Kind] = append(tiles[c.Kind], float64(len(rc.seen)))
		kb[c.Kind] = append(kb[c.Kind], float64(rc.bytes)/1024)
	}
	for _, k := range []string{"forward", "reverse"} {
		if len(tiles[k]) > 0 {
			fmt.Printf("%s: cold tiles/query p50 %.0f p95 %.0f max %.0f; KB/query p50 %.1f p95 %.1f max %.1f\n", k,
				eval.Percentile(tiles[k], 50), eval.Percentile(tiles[k], 95), eval.Percentile(tiles[k], 100),
				eval.Percentile(kb[k], 50), eval.Percentile(kb[k], 95), eval.Percentile(kb[k], 100))
		}
	}
	return nil
}
