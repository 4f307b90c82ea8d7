package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/bando-vn/bando/bundle"
	"github.com/bando-vn/bando/bundle/eval"
	"github.com/bando-vn/bando/core"
	"github.com/bando-vn/bando/core/access"
	"github.com/bando-vn/bando/core/addr"
	"github.com/bando-vn/bando/core/httpserve"
	"github.com/bando-vn/bando/core/search"
	"github.com/bando-vn/bando/core/tile"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type multi []string

func (m *multi) String() string     { return strings.Join(*m, ",") }
func (m *multi) Set(v string) error { *m = append(*m, v); return nil }

func build(args []string) error {
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	var osmFiles multi
	fs.Var(&osmFiles, "osm", "OpenStreetMap input (.osm.pbf, .osm, Overpass .json); repeatable")
	admin := fs.String("admin", "", "directory of administrative layers (../shared/data/admin)")
	out := fs.String("out", "", "bundle directory to write")
	quiet := quietFlag(fs, "no progress messages")
	noBasemap := fs.Bool("no-basemap", false, "skip the basemap (vector tiles)")
	noGraph := fs.Bool("no-graph", false, "skip the routing graph (a bundle for search and geocoding only)")
	regional := fs.Bool("regional", false, "one search index per province plus a national one, for province downloads (core/place/FORMAT.md §2.1; needs admin data)")
	minZoom := fs.Int("basemap-minzoom", 5, "first zoom of the basemap")
	maxZoom := fs.Int("basemap-maxzoom", 14, "last zoom of the basemap (clients overzoom beyond it)")
	archMiB := fs.Int("basemap-archive-mib", 4, "split basemap archives above this size (MiB, ≤ 25)")
	ch := fs.String("ch", "", "comma-separated profiles given a contraction hierarchy (default: car,motor,truck,bike,walking; \"none\" for none)")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the build to this file")
	memprofile := fs.String("memprofile", "", "write a heap profile (at the end of the build) to this file")
	pack := fs.Bool("pack", false, "write a packed bundle: archives read by byte range and a directory (core/tile/SPEC.md §9)")
	memLimit := fs.Int("mem-limit-mib", 7168, "soft limit of the Go heap in MiB: the collector works harder near it instead of letting garbage double the resident size (0: none; GOMEMLIMIT overrides)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if os.Getenv("GOMEMLIMIT") == "" && *memLimit > 0 {
		debug.SetMemoryLimit(int64(*memLimit) << 20)
	}
	if *out == "" || len(osmFiles) == 0 {
		return usageError{"build", errors.New("build needs --osm FILE and --out DIR")}
	}
	// Refuse a directory that is not a bundle, and clean up after earlier
	// interrupted builds, before the work (core/tile SPEC §1.1).
	if err := tile.PrepareOut(*out); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	stop, err := startProfiles(*cpuprofile, *memprofile)
	if err != nil {
		return err
	}
	defer stop()
	opts := bundle.Options{OSM: osmFiles, Admin: *admin, Out: *out, Log: os.Stderr, NoBasemap: *noBasemap, NoGraph: *noGraph, Pack: *pack, Regional: *regional}
	opts.Basemap.MinZoom, opts.Basemap.MaxZoom, opts.Basemap.ArchiveBytes = *minZoom, *maxZoom, *archMiB<<20
	switch *ch {
	case "":
	case "none":
		opts.CH = []string{}
	default:
		opts.CH = strings.Split(*ch, ",")
	}
	if *quiet {
		opts.Log = nil
	}
	start := time.Now()
	st, err := bundle.Build(context.Background(), opts)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "bando build: %d objects, %d places, %d tiles, %d bytes in %s\n",
		st.Objects, st.Places, st.Tiles, st.Bytes, time.Since(start).Round(time.Millisecond))
	routing := bundle.LayerSize{Name: "routing (graph + ch)"}
	for _, l := range st.Layers {
		fmt.Fprintf(os.Stderr, "  %-22s %7d files %13d bytes\n", l.Name, l.Files, l.Bytes)
		if l.Name == "graph" || strings.HasPrefix(l.Name, "ch/") {
			routing.Files, routing.Bytes = routing.Files+l.Files, routing.Bytes+l.Bytes
		}
	}
	if routing.Files > 0 {
		fmt.Fprintf(os.Stderr, "  %-22s %7d files %13d bytes\n", routing.Name, routing.Files, routing.Bytes)
	}
	return nil
}

// packCmd writes the packed bundle of a loose one (core/tile/SPEC.md §9).
func packCmd(args []string) error {
	fs := flag.NewFlagSet("pack", flag.ContinueOnError)
	in := fs.String("in", "", "loose bundle directory to read")
	out := fs.String("out", "", "packed bundle directory to write")
	mib := fs.Int("archive-mib", tile.DefaultArchiveBytes>>20, "cut archives at this size (MiB, ≤ 25)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *in == "" || *out == "" {
		return usageError{"pack", errors.New("pack needs --in DIR and --out DIR")}
	}
	if *mib < 1 || *mib > tile.MaxArchiveBytes>>20 {
		return fmt.Errorf("pack: --archive-mib %d: expected 1 to %d", *mib, tile.MaxArchiveBytes>>20)
	}
	// Regions from the keys alone: a regional search index's sx/<code>/
	// tiles go to their province; address tiles (whose ward's province
	// only the build knows) stay national: `bando build --pack` assigns them.
	return tile.PackDir(*in, *out, tile.PackOptions{ArchiveBytes: *mib << 20, Region: bundle.TileRegion(nil)})
}

func serve(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	dir := fs.String("bundle", "", "bundle directory")
	addr := fs.String("addr", "127.0.0.1:8787", "listen address")
	keys := fs.String("keys", "", "key file (bando keys add): SHA-256 hashes of accepted API keys, one per line; usage counters are kept beside it in FILE.usage")
	page := fs.String("page", "", "directory served at / (the demo page)")
	quiet := quietFlag(fs, "no access log")
	usageFile := fs.String("usage", "", "file keeping the keys' usage counters across restarts (default: the key file's name + .usage)")
	logFormat := fs.String("log-format", "text", "access and error log on stderr: text or json (log/slog)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *dir == "" {
		return usageError{"serve", errors.New("serve needs --bundle DIR")}
	}
	var handler slog.Handler
	switch *logFormat {
	case "text":
		handler = slog.NewTextHandler(os.Stderr, nil)
	case "json":
		handler = slog.NewJSONHandler(os.Stderr, nil)
	default:
		return usageError{"serve", fmt.Errorf("--log-format %q: expected text or json", *logFormat)}
	}
	logger := slog.New(handler)
	// A replacement of the bundle interrupted between two renames leaves
	// the old bundle beside the path: put it back (core/tile SPEC §1.1).
	if err := tile.RecoverBundle(*dir); err != nil {
		return err
	}
	var opts core.Options
	var usage *access.FileUsage
	if *keys != "" {
		ks, err := openFileKeys(*keys)
		if err != nil {
			return err
		}
		// Counters survive restarts: kept in a file beside the keys.
		if *usageFile == "" {
			*usageFile = *keys + ".usage"
		}
		if usage, err = access.OpenFileUsage(*usageFile); err != nil {
			return err
		}
		defer usage.Close()
		opts.Gate = &access.Gate{Keys: ks, Usage: usage}
	}
	eng, err := core.New(context.Background(), tile.DirSource(*dir), opts)
	if err != nil {
		return bundleError(*dir, err)
	}
	var h http.Handler = httpserve.Server(eng, httpserve.Files{Page: *page, Bundle: *dir})
	if !*quiet {
		h = httpserve.AccessLogger(h, logger)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "bando serve: http://%s/v1/status (%d tiles, keys required: %v)\n", ln.Addr(), eng.Store().Manifest().Tiles.Len(), opts.Gate != nil)
	srv := httpserve.NewServer(*addr, h)
	// SIGTERM or Ctrl-C: stop accepting, let the requests in flight finish
	// (up to shutdownGrace), save the usage counters, exit 0.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	drained := make(chan error, 1)
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		drained <- srv.Shutdown(sctx)
	}()
	if err := srv.Serve(httpserve.JSONErrors(ln)); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	err = <-drained
	logger.Info("shutdown", "drained", err == nil)
	return err
}

// shutdownGrace is how long serve waits for requests in flight when told
// to stop.
const shutdownGrace = 10 * time.Second

// bundleError explains a bundle that cannot be opened: the path, and what
// to run when there is no bundle there.
func bundleError(dir string, err error) error {
	if errors.Is(err, tile.ErrNotFound) || errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("no bando bundle at %s (no manifest.json there): build one with `bando build --osm FILE.osm.pbf --admin DIR --out %s`", dir, dir)
	}
	return fmt.Errorf("bundle %s: %w", dir, err)
}

// startProfiles starts a CPU profile and arranges a heap profile; stop
// ends the one and writes the other.
func startProfiles(cpu, mem string) (stop func(), err error) {
	var cf *os.File
	if cpu != "" {
		if cf, err = os.Create(cpu); err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(cf); err != nil {
			return nil, err
		}
	}
	return func() {
		if cf != nil {
			pprof.StopCPUProfile()
			cf.Close()
		}
		if mem != "" {
			if f, err := os.Create(mem); err == nil {
				pprof.Lookup("allocs").WriteTo(f, 0)
				f.Close()
			}
		}
	}, nil
}

func evalCmd(args []string) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	dir := fs.String("bundle", "", "bundle directory")
	casesFile := fs.String("cases", "", "cases, JSON lines (format: bundle/eval package doc)")
	misses := fs.Bool("misses", false, "list the cases that missed top-1")
	cold := fs.Bool("cold", true, "also run every case cold (empty cache) to count tiles and bytes read")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the warm runs to this file")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *dir == "" || *casesFile == "" {
		return usageError{"eval", errors.New("eval needs --bundle DIR and --cases FILE")}
	}
	cases, err := eval.Open(*casesFile)
	if err != nil {
		return err
	}
	ctx := context.Background()
	if geo, other := splitGeoCases(cases); len(geo) > 0 {
		if err := evalGeo(ctx, *dir, geo, *misses); err != nil || len(other) == 0 {
			return err
		}
		cases = other
	}
	open := func(cache int) (search.Source, error) {
		store, err := tile.Open(ctx, tile.DirSource(*dir), cache)
		if err != nil {
			return nil, bundleError(*dir, err)
		}
		may, err := addr.MayEndFor(ctx, store) // as autocomplete: the gazetteer only for a text that may end with a unit
		if err != nil {
			return nil, err
		}
		// one gazetteer for the run, built on first use, as core.Engine keeps one
		gaz := sync.OnceValues(func() (*addr.Gazetteer, error) { return addr.GazetteerFor(ctx, store) })
		return search.WithAreas(search.FromStore(store), may, gaz), nil
	}
	var coldOut []eval.Outcome
	if *cold {
		src, err := open(1) // a cache of one byte keeps nothing: every query reads cold
		if err != nil {
			return err
		}
		if coldOut, err = eval.Run(ctx, src, cases, nil); err != nil {
			return err
		}
	}
	src, err := open(256 << 20)
	if err != nil {
		return err
	}
	if _, err := eval.Run(ctx, src, cases, nil); err != nil { // warm-up
		return err
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		for i := 0; i < 4; i++ {
			eval.Run(ctx, src, cases, nil)
		}
		pprof.StopCPUProfile()
	}
	warm, err := eval.Run(ctx, src, cases, nil)
	if err != nil {
		return err
	}
	eval.Report(os.Stdout, warm, coldOut)
	if *misses {
		eval.Misses(os.Stdout, warm)
	}
	return nil
}
