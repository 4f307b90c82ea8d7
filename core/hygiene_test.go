//go:build !js

package core

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRepoSpeaksOfTheProduct: no committed file names a path of one machine
// (a temporary or workspace directory) or tells which work session did
// what; BENCHMARKS files
// give commands that write under build/ instead.
func TestRepoSpeaksOfTheProduct(t *testing.T) {
	out, err := exec.Command("git", "-C", "..", "ls-files").Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	// Built from parts so this file does not match itself.
	bad := regexp.MustCompile("/" + "tmp/|/" + "work/|(?i)\\bsessions? [0-9]")
	files := strings.Fields(string(out))
	if len(files) < 100 {
		t.Fatalf("only %d files listed", len(files))
	}
	for _, f := range files {
		if strings.HasPrefix(f, "testdata/") || strings.Contains(f, "/testdata/") || strings.HasSuffix(f, "package-lock.json") {
			continue
		}
		b, err := os.ReadFile(filepath.Join("..", f))
		if err != nil || bytes.IndexByte(b, 0) >= 0 { // unreadable (a removed file) or binary
			continue
		}
		for i, line := range bytes.Split(b, []byte("\n")) {
			if m := bad.Find(line); m != nil && !(f == "core/hygiene_test.go") {
				t.Errorf("%s:%d: %q", f, i+1, m)
			}
		}
	}
}
