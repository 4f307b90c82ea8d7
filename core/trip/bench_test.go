package trip

import (
	"math/rand/v2"
	"testing"
	"time"
)

// benchSolve solves one fixed Hà Nội-like instance of n stops (first and
// last fixed) with the production options: the solver alone over a ready
// matrix.
func benchSolve(b *testing.B, n int) {
	m := hanoiMatrix(rand.New(rand.NewPCG(uint64(n), 42)), n)
	b.ReportAllocs()
	var r Result
	cpu := processCPU()
	for b.Loop() {
		r, _ = Solve(m, Options{})
	}
	reportCPU(b, cpu)
	b.ReportMetric(float64(r.Evaluations), "evals/op")
}

// reportCPU adds the process CPU time per op since start (ms).
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(processCPU()-start)/float64(b.N)/1e6, "cpu-ms/op")
}

func BenchmarkSolve10(b *testing.B) { benchSolve(b, 10) }
func BenchmarkSolve12(b *testing.B) { benchSolve(b, 12) } // the largest exact size
func BenchmarkSolve13(b *testing.B) { benchSolve(b, 13) } // the smallest local search
func BenchmarkSolve25(b *testing.B) { benchSolve(b, 25) }
func BenchmarkSolve50(b *testing.B) { benchSolve(b, 50) }

// BenchmarkTSPLIBft53 is the largest TSPLIB instance of the tests, as a
// round trip.
func BenchmarkTSPLIBft53(b *testing.B) {
	p := readTSPLIB(b, "ft53")
	cpu := processCPU()
	for b.Loop() {
		Solve(p.Matrix, Options{RoundTrip: true})
	}
	reportCPU(b, cpu)
}
