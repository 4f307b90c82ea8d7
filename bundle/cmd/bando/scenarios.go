package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/bando-vn/bando/bundle/scenario"
)

// scenarios runs OSRM-style .feature files through the bundle builder and
// the routing engine: bando scenarios [--md FILE] DIR.
func scenarios(args []string) error {
	fs := flag.NewFlagSet("scenarios", flag.ContinueOnError)
	md := fs.String("md", "", "also write per-file counts and the skip list as Markdown to FILE")
	known := fs.String("known", "", "file of known failures (`file :: scenario` per line, # comments): only other failures, or known ones that now pass, fail the run")
	writeKnown := fs.String("write-known", "", "write the failures of this run to FILE in the --known format")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("scenarios needs one directory of .feature files")
	}
	tmp, err := os.MkdirTemp("", "bando-scenarios-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	rep, err := scenario.RunDir(context.Background(), fs.Arg(0), scenarioEngine(), tmp)
	if err != nil {
		return err
	}
	rep.WriteText(os.Stdout)
	if *md != "" {
		f, err := os.Create(*md)
		if err != nil {
			return err
		}
		rep.WriteMarkdown(f)
		if err := f.Close(); err != nil {
			return err
		}
	}
	if *writeKnown != "" {
		if err := os.WriteFile(*writeKnown, []byte(knownText(rep)), 0o644); err != nil {
			return err
		}
	}
	if *known != "" {
		return checkKnown(rep, *known)
	}
	if _, failed, _ := rep.Counts(); failed > 0 {
		return fmt.Errorf("%d scenarios failed", failed)
	}
	return nil
}

// knownKey names a scenario independently of line numbers.
func knownKey(r scenario.Result) string { return r.File + " :: " + r.Scenario }

// knownText lists the failures of a run, one `file :: scenario` per line,
// each preceded by its first reason as a comment.
func knownText(rep *scenario.Report) string {
	var b strings.Builder
	b.WriteString("# Known scenario failures (bando scenarios --known): each is a gap of the engine, listed so that\n# make test catches any other failure and any of these that starts passing. Regenerate with --write-known.\n")
	for _, r := range rep.Results {
		if r.Outcome == scenario.Fail {
			why := ""
			if len(r.Reasons) > 0 {
				why = strings.ReplaceAll(r.Reasons[0], "\n", " ")
			}
			fmt.Fprintf(&b, "# %s\n%s\n", why, knownKey(r))
		}
	}
	return b.String()
}

// checkKnown fails on a failure the file does not list, and on a listed
// failure that now passes (the list only shrinks).
func checkKnown(rep *scenario.Report, file string) error {
	raw, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(string(raw), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			listed[line] = true
		}
	}
	var unexpected, fixed []string
	for _, r := range rep.Results {
		k := knownKey(r)
		switch {
		case r.Outcome == scenario.Fail && !listed[k]:
			unexpected = append(unexpected, k)
		case r.Outcome == scenario.Pass && listed[k]:
			fixed = append(fixed, k)
		}
	}
	fmt.Printf("%d known failures listed in %s\n", len(listed), file)
	for _, k := range fixed {
		fmt.Printf("NOW PASSES (remove from %s): %s\n", file, k)
	}
	if len(unexpected) > 0 || len(fixed) > 0 {
		return fmt.Errorf("%d failures not in %s, %d listed failures now pass", len(unexpected), file, len(fixed))
	}
	return nil
}

// scenarioEngine is the real builder and, once wired, the real router.
func scenarioEngine() scenario.Engine {
	return scenario.BundleEngine{}
}
