package main

import (
	"bytes"
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// TestCLIConventions runs the bando command (this test binary) and checks
// each answer's exit status and stream (issue #28): --version, version and
// help on stdout with 0; a bad command or flag on stderr with 2; every
// command's help has a description, an example and its flags.
func TestCLIConventions(t *testing.T) {
	runBando := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		c := bandoCmd(args...)
		c.Stdout, c.Stderr = &out, &errb
		err := c.Run()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return code, out.String(), errb.String()
	}
	for _, c := range []struct {
		args   []string
		code   int
		stdout []string // substrings of stdout ("" stream must then be empty: stderr)
		stderr []string
	}{
		{[]string{"--version"}, 0, []string{"bando 0.1.0 (engine 0.1.0"}, nil},
		{[]string{"version"}, 0, []string{"bando 0.1.0"}, nil},
		{[]string{"help"}, 0, []string{"usage: bando COMMAND", "build", "serve", "route", "keys"}, nil},
		{[]string{"--help"}, 0, []string{"usage: bando COMMAND"}, nil},
		{[]string{"help", "build"}, 0, []string{"bando build: build a bundle", "example:\n  bando build --osm", "-out", "-quiet"}, nil},
		{[]string{"build", "--help"}, 0, []string{"example:", "-out"}, nil},
		{[]string{"keys", "--help"}, 0, []string{"example:", "-file"}, nil},
		{[]string{"help", "serve"}, 0, []string{"example:", "-log-format", "-quiet"}, nil},
		{[]string{"frobnicate"}, 2, nil, []string{`unknown command "frobnicate"`, "usage: bando COMMAND"}},
		{[]string{"build", "--nope"}, 2, nil, []string{"flag provided but not defined: -nope", "bando help build"}},
		{[]string{"build", "--osm", "x.osm"}, 2, nil, []string{"needs --osm FILE and --out DIR"}},
		{[]string{"help", "nope"}, 2, nil, []string{`no command "nope"`}},
		{nil, 2, nil, []string{"usage: bando COMMAND"}},
		{[]string{"serve", "--bundle", "no-such-dir"}, 1, nil, []string{"no bando bundle at no-such-dir", "bando build"}},
	} {
		code, out, errs := runBando(c.args...)
		if code != c.code {
			t.Errorf("bando %v: exit %d, want %d\nstdout %s\nstderr %s", c.args, code, c.code, out, errs)
		}
		check := func(stream, got string, want []string) {
			if len(want) == 0 && got != "" {
				t.Errorf("bando %v: %s should be empty, has %q", c.args, stream, got)
			}
			for _, w := range want {
				if !strings.Contains(got, w) {
					t.Errorf("bando %v: %s lacks %q:\n%s", c.args, stream, w, got)
				}
			}
		}
		check("stdout", out, c.stdout)
		check("stderr", errs, c.stderr)
	}
	for _, cmd := range commands {
		if _, out, _ := runBando("help", cmd.name); !strings.Contains(out, "example:\n  bando ") || !strings.Contains(out, cmd.summary) {
			t.Errorf("bando help %s: no description or example:\n%s", cmd.name, out)
		}
	}
}
