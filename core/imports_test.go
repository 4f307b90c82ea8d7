//go:build !js

package core

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/bando-vn/bando"

// importRule forbids packages matching pkg from depending, directly or not,
// on any package matching one of deny. A pattern ending in "/..." matches
// the package and everything under it.
type importRule struct {
	why    string
	pkg    func(string) bool
	deny   []string
	direct bool // only the package's own imports, not theirs
}

func under(pattern string) func(string) bool {
	return func(p string) bool { return matches(p, pattern) }
}

func matches(p, pattern string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return p == base || strings.HasPrefix(p, base+"/")
	}
	return p == pattern
}

// engine: every package under core/ but the API layer itself, its HTTP
// adapter and the shapes (which are the API layer's).
func engine(p string) bool {
	return matches(p, module+"/core/...") && p != module+"/core" &&
		!matches(p, module+"/core/httpserve") && !matches(p, module+"/core/shape/...")
}

var importRules = []importRule{
	{"engines never import the API layer or its shapes (ARCHITECTURE.md)", engine,
		[]string{module + "/core", module + "/core/shape/...", module + "/core/httpserve"}, false},
	{"shapes do no I/O and never reach back into the API layer", under(module + "/core/shape/..."),
		[]string{module + "/core", module + "/core/httpserve"}, false},
	{"shapes only format: no tile reading, no text matching (hits carry their spans)", under(module + "/core/shape/..."),
		[]string{module + "/core/tile/...", module + "/core/text/..."}, true},
	{"core runs without net/http (only the adapter uses it)", func(p string) bool { return engine(p) || p == module+"/core" || matches(p, module+"/core/shape/...") },
		[]string{"net/http"}, false},
	{"the planner never imports shapes or the API layer", under(module + "/core/route/plan/..."),
		[]string{module + "/core", module + "/core/shape/...", module + "/core/httpserve"}, false},
	{"path finding knows only a costing interface, never the profiles", under(module + "/core/route/pathfind/..."),
		[]string{module + "/core/route/costing/..."}, false},
	{"search never imports the geocoder (both use the parser in core/addr)", under(module + "/core/search/..."),
		[]string{module + "/core/geocode/..."}, false},
	{"the address parser reads no engine that uses it", under(module + "/core/addr/..."),
		[]string{module + "/core/search/...", module + "/core/geocode/..."}, false},
	{"the trip optimiser works over a cost matrix: no graph, no tiles", under(module + "/core/trip/..."),
		[]string{module + "/core/route/...", module + "/core/tile/..."}, false},
	{"the builder reads no API layer", under(module + "/bundle/..."),
		[]string{module + "/core", module + "/core/shape/..."}, false},
}

// TestImportRules checks the one direction of imports over `go list -deps`
// of the whole module (the bando CLI may import the API layer: it serves it).
func TestImportRules(t *testing.T) {
	deps, imports := goList(t, "Deps"), goList(t, "Imports")
	checked := 0
	for pkg := range deps {
		if pkg == module+"/bundle/cmd/bando" {
			continue
		}
		for _, r := range importRules {
			if !r.pkg(pkg) {
				continue
			}
			checked++
			ds := deps[pkg]
			if r.direct {
				ds = imports[pkg]
			}
			for _, d := range ds {
				for _, deny := range r.deny {
					if matches(d, deny) {
						t.Errorf("%s depends on %s: %s", pkg, d, r.why)
					}
				}
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d package/rule pairs checked: go list output not understood", checked)
	}
}

// goList maps every package of the module to its field (Deps: everything
// it depends on; Imports: what it imports itself).
func goList(t *testing.T, field string) map[string][]string {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range ."+field+"}} {{.}}{{end}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	m := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		m[fields[0]] = fields[1:]
	}
	return m
}
