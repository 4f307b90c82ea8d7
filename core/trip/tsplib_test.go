package trip

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tsplibOptima are the published optimal tour lengths of the asymmetric
// TSPLIB instances (Reinelt, TSPLIB 95, "ATSP" solutions list).
var tsplibOptima = []struct {
	name string
	n    int
	opt  float64
}{
	{"br17", 17, 39}, {"ftv33", 34, 1286}, {"ftv35", 36, 1473}, {"ftv38", 39, 1530},
	{"p43", 43, 5620}, {"ftv44", 45, 1613}, {"ftv47", 48, 1776}, {"ry48p", 48, 14422},
	{"ft53", 53, 6905},
}

func readTSPLIB(t testing.TB, name string) *TSPLIB {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "tsplib", name+".atsp"))
	if err != nil {
		t.Fatalf("TSPLIB instance missing (testdata/tsplib, see NOTICE): %v", err)
	}
	p, err := ParseTSPLIB(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

// TestTSPLIBOptima solves each instance as a round trip with the production
// options and requires a tour within 1% of the published optimum (and never
// below it: that would mean a misread matrix).
func TestTSPLIBOptima(t *testing.T) {
	for _, c := range tsplibOptima {
		p := readTSPLIB(t, c.name)
		if p.Matrix.N != c.n || p.Type != "ATSP" || p.Name != c.name {
			t.Fatalf("%s: read %q type %q with %d cities, want %d", c.name, p.Name, p.Type, p.Matrix.N, c.n)
		}
		start := time.Now()
		r, err := Solve(p.Matrix, Options{RoundTrip: true})
		el := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		checkTour(t, r.Order, c.n, true)
		gap := (r.Cost - c.opt) / c.opt
		t.Logf("%-6s n=%2d cost %6.0f optimum %6.0f gap %5.2f%% time %v evals %d", c.name, c.n, r.Cost, c.opt, 100*gap, el.Round(time.Millisecond), r.Evaluations)
		if r.Cost < c.opt || gap > 0.01 {
			t.Errorf("%s: tour costs %v, optimum %v (gap %.2f%%, allowed 1%%)", c.name, r.Cost, c.opt, 100*gap)
		}
	}
}

// checkTour asserts order visits every stop once with the fixed ends.
func checkTour(t testing.TB, order []int, n int, roundTrip bool) {
	t.Helper()
	want := n
	if roundTrip {
		want = n + 1
	}
	if len(order) != want || order[0] != 0 {
		t.Fatalf("order %v: want %d entries starting at 0", order, want)
	}
	last := n - 1
	if roundTrip {
		last = 0
	}
	if order[len(order)-1] != last {
		t.Fatalf("order %v: ends at %d, want %d", order, order[len(order)-1], last)
	}
	seen := make([]bool, n)
	for _, v := range order[:n] {
		if v < 0 || v >= n || seen[v] {
			t.Fatalf("order %v: stop %d repeated or out of range", order, v)
		}
		seen[v] = true
	}
}

func TestParseTSPLIBErrors(t *testing.T) {
	ok := "NAME: t\nTYPE: ATSP\nDIMENSION: 2\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION\n0 1\n2 0\nEOF\n"
	p, err := ParseTSPLIB([]byte(ok))
	if err != nil || p.Matrix.N != 2 || p.Matrix.At(0, 1) != 1 || p.Matrix.At(1, 0) != 2 || p.Name != "t" {
		t.Fatalf("%+v %v", p, err)
	}
	for name, in := range map[string]string{
		"no section":     "NAME: t\nDIMENSION: 2\n",
		"lower diag":     strings.Replace(ok, "FULL_MATRIX", "LOWER_DIAG_ROW", 1),
		"euclidean":      strings.Replace(ok, "EXPLICIT", "EUC_2D", 1),
		"short":          strings.Replace(ok, "2 0\n", "2\n", 1),
		"extra":          strings.Replace(ok, "EOF", "7 EOF", 1),
		"not a number":   strings.Replace(ok, "2 0", "2 x", 1),
		"huge dimension": strings.Replace(ok, "DIMENSION: 2", "DIMENSION: 4000000000", 1),
		"bad dimension":  strings.Replace(ok, "DIMENSION: 2", "DIMENSION: -1", 1),
		"no colon":       strings.Replace(ok, "TYPE: ATSP", "TYPE ATSP", 1),
		"infinite":       strings.Replace(ok, "2 0", "2 Inf", 1),
	} {
		if _, err := ParseTSPLIB([]byte(in)); !errors.Is(err, ErrTSPLIB) {
			t.Errorf("%s: error %v, want ErrTSPLIB", name, err)
		}
	}
}

func FuzzParseTSPLIB(f *testing.F) {
	for _, name := range []string{"br17", "p43"} {
		data, err := os.ReadFile(filepath.Join("testdata", "tsplib", name+".atsp"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("DIMENSION: 3\nEDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\nEDGE_WEIGHT_SECTION 1 2 3 4 5 6 7 8 9"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParseTSPLIB(data)
		if err != nil {
			return
		}
		if p.Matrix.N < 1 || len(p.Matrix.Cost) != p.Matrix.N*p.Matrix.N || p.Matrix.N*p.Matrix.N > len(data) {
			t.Fatalf("matrix of %d for %d bytes", p.Matrix.N, len(data))
		}
		if p.Matrix.N <= 8 {
			if _, err := Solve(p.Matrix, Options{RoundTrip: true}); err != nil {
				t.Fatal(err)
			}
		}
	})
}
