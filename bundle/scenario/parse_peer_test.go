package scenario

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bando-vn/bando/internal/fixture"
)

// TestParsePeerFeatures parses every peer .feature file: the grammar must
// cover the whole suite.
func TestParsePeerFeatures(t *testing.T) {
	peerFeatures := fixture.Shared(t, fixture.PeerDir+"/osrm-testbot/features")
	var files []string
	err := filepath.WalkDir(peerFeatures, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".feature") {
			files = append(files, p)
		}
		return err
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("peer features missing at %s: %v", peerFeatures, err)
	}
	scenarios, applicable := 0, 0
	reasons := map[string]int{}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse(file, string(src))
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		for i := range f.Scenarios {
			scenarios++
			sc := &f.Scenarios[i]
			if len(sc.Steps) == 0 {
				t.Errorf("%s:%d %q has no steps", file, sc.Line, sc.Name)
			}
			if why := whyNot(f, sc); why == "" {
				applicable++
			} else {
				reasons[why]++
			}
		}
	}
	t.Logf("%d files, %d scenarios, %d applicable", len(files), scenarios, applicable)
	for r, n := range reasons {
		t.Logf("%4d %s", n, r)
	}
	if scenarios < 300 || applicable < 100 {
		t.Errorf("only %d scenarios, %d applicable", scenarios, applicable)
	}
}
