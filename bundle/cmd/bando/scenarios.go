package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/bando-vn/bando/bundle/scenario"
)

// scenarios runs OSRM-style .feature files through the bundle builder and
// the routing engine: bando scenarios [--md FILE] DIR.
func scenarios(args []string) error {
	fs := flag.NewFlagSet("scenarios", flag.ExitOnError)
	md := fs.String("md", "", "also write per-file counts and the skip list as Markdown to FILE")
	fs.Parse(args)
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
	if _, failed, _ := rep.Counts(); failed > 0 {
		return fmt.Errorf("%d scenarios failed", failed)
	}
	return nil
}

// scenarioEngine is the real builder and, once wired, the real router.
func scenarioEngine() scenario.Engine {
	return scenario.BundleEngine{}
}
