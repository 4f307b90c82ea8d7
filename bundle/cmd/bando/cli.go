package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/bando-vn/bando/bundle"
	"github.com/bando-vn/bando/core"
	"github.com/bando-vn/bando/core/tile"
)

// command is one subcommand: what it does, how it is called, an example,
// and its function.
type command struct {
	name, summary, usage, example string
	run                           func(args []string) error
}

// commands lists the subcommands in the order `bando help` shows them.
var commands []command

func init() {
	commands = []command{
		{"build", "build a bundle (tiles + manifest) from OpenStreetMap and administrative data",
			"bando build --osm FILE [--osm FILE...] [--admin DIR] [--pack] --out DIR [--quiet]",
			"bando build --osm ../shared/data/vn2021/hanoi.osm.pbf --admin ../shared/data/admin --out build/hanoi", build},
		{"pack", "turn a loose bundle into a packed one (archives read by byte range)",
			"bando pack --in DIR --out DIR [--archive-mib 16]",
			"bando pack --in build/hanoi --out build/hanoi-packed", packCmd},
		{"serve", "serve the /v1 API (and optionally the demo page) from a bundle on this machine",
			"bando serve --bundle DIR [--addr 127.0.0.1:8787] [--keys FILE] [--page DIR] [--quiet] [--log-format text|json]",
			"bando serve --bundle build/hanoi --keys testdata/keys.txt", serve},
		{"route", "print directions between points as text, from a bundle",
			"bando route --bundle DIR --from LAT,LNG --to LAT,LNG[;LAT,LNG...] [--vehicle car] [--language vi] [--alternatives]",
			"bando route --bundle build/hanoi --from 21.0285,105.8542 --to 21.0236,105.8475 --vehicle motor", routeCmd},
		{"eval", "measure search or geocoding on a bundle against a case set",
			"bando eval --bundle DIR --cases FILE.jsonl [--misses] [--cold=false]",
			"bando eval --bundle build/hanoi-hcmc --cases testdata/search/cases.jsonl", evalCmd},
		{"keys", "manage API keys (a file of SHA-256 hashes; the Worker's KV takes the same)",
			"bando keys add|list|revoke|export --file FILE [--rpm N] [--rpd N] [--admin] [ID]",
			"bando keys add --file keys.txt --rpd 1000", keysCmd},
		{"scenarios", "run the OSRM testbot scenarios through the bundle builder and router",
			"bando scenarios [--known FILE] [--md FILE] DIR",
			"bando scenarios ../shared/peer/osrm-testbot/features", scenarios},
		{"version", "print bando's version (also in every bundle's manifest and /v1/status)",
			"bando version", "bando --version", versionCmd},
	}
}

func findCommand(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

// errHelpShown: help was asked for and printed (exit 0).
var errHelpShown = errors.New("help shown")

// usageError is a command line that does not parse (exit 2).
type usageError struct {
	cmd string
	err error
}

func (e usageError) Error() string { return e.err.Error() }

// run dispatches args (os.Args[1:]) and returns the exit status: 0 done or
// help shown (on stdout), 1 the command failed, 2 a bad command line (on
// stderr, with how to get help).
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		topHelp(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		if len(args) > 1 {
			c := findCommand(args[1])
			if c == nil {
				fmt.Fprintf(stderr, "bando: no command %q (bando help lists them)\n", args[1])
				return 2
			}
			commandHelp(stdout, c, nil)
			return 0
		}
		topHelp(stdout)
		return 0
	case "-version", "--version", "-v":
		args = []string{"version"}
	}
	c := findCommand(args[0])
	if c == nil {
		fmt.Fprintf(stderr, "bando: unknown command %q\n\n", args[0])
		topHelp(stderr)
		return 2
	}
	err := c.run(args[1:])
	var ue usageError
	switch {
	case err == nil, errors.Is(err, errHelpShown):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "bando %s: %v\nusage: %s\n(bando help %s shows every flag)\n", c.name, ue.err, c.usage, c.name)
		return 2
	}
	fmt.Fprintf(stderr, "bando %s: %v\n", c.name, err)
	return 1
}

func topHelp(w io.Writer) {
	fmt.Fprintf(w, "bando — the Vietnam map engine: build bundles from OpenStreetMap, serve the /v1 API\n\nusage: bando COMMAND [flags]\n\ncommands:\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nbando help COMMAND (or bando COMMAND --help) shows a command's flags and an example.\nbando --version prints the version.\n")
}

// commandHelp prints c's description, usage, example and, with fs, flags.
func commandHelp(w io.Writer, c *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "bando %s: %s\n\nusage: %s\n\nexample:\n  %s\n", c.name, c.summary, c.usage, c.example)
	if fs == nil {
		fs = flagsOf(c)
	}
	if fs != nil {
		has := false
		fs.VisitAll(func(*flag.Flag) { has = true })
		if has {
			fmt.Fprintf(w, "\nflags:\n")
			fs.SetOutput(w)
			fs.PrintDefaults()
		}
	}
}

// flagsOf returns c's flag set as its run function defines it (asked for
// with --help, which returns before doing anything).
func flagsOf(c *command) *flag.FlagSet {
	var got *flag.FlagSet
	capture = func(fs *flag.FlagSet) { got = fs }
	defer func() { capture = nil }()
	c.run([]string{"--help"})
	return got
}

// capture, when set, receives the flag set a command parses (flagsOf).
var capture func(*flag.FlagSet)

// parseFlags parses a command's flags: --help prints its help on stdout
// (errHelpShown); a bad flag is a usageError.
func parseFlags(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	if capture != nil {
		capture(fs)
		return errHelpShown
	}
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		name, _, _ := strings.Cut(fs.Name(), " ")
		if c := findCommand(name); c != nil {
			commandHelp(os.Stdout, c, fs)
		}
		return errHelpShown
	}
	if err != nil {
		return usageError{fs.Name(), err}
	}
	return nil
}

// quietFlag defines the one spelling of quiet every command accepts:
// --quiet, or -q for short.
func quietFlag(fs *flag.FlagSet, what string) *bool {
	q := fs.Bool("quiet", false, what)
	fs.BoolVar(q, "q", false, "short for --quiet")
	return q
}

// versionString is bando's version: the builder's name bundles record
// (manifest "generator") with the engine's version /v1/status reports.
func versionString() string {
	s := fmt.Sprintf("%s (engine %s, tile format %d, %s", bundle.Generator, core.Version, tile.FormatVersion, runtime.Version())
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, kv := range bi.Settings {
			if kv.Key == "vcs.revision" && len(kv.Value) >= 12 {
				s += ", revision " + kv.Value[:12]
			}
		}
	}
	return s + ")"
}

func versionCmd(args []string) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{"version", fmt.Errorf("unexpected %q", fs.Arg(0))}
	}
	fmt.Println(versionString())
	return nil
}
