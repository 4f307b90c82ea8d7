//go:build !js

package graphbuild

import (
	"sync"
	"syscall"
	"testing"

	"github.com/bando-vn/bando/core/route/costing"
)

var hanoi struct {
	once sync.Once
	g    *Graph
	err  error
}

// hanoiGraph builds the Hà Nội graph once (../../../shared/data; fails
// when the data is missing).
func hanoiGraph(tb testing.TB) *Graph {
	hanoi.once.Do(func() { _, hanoi.g, hanoi.err = FromFile("../../../shared/data/vn2021/hanoi.osm.pbf") })
	if hanoi.err != nil {
		tb.Fatal(hanoi.err)
	}
	return hanoi.g
}

// BenchmarkContractHanoi contracts the Hà Nội graph for car: the build's
// dominant cost at country scale.
func BenchmarkContractHanoi(b *testing.B) {
	g := hanoiGraph(b)
	car, _ := costing.Get("car")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := cpuSeconds()
		h := BuildHierarchy(g, car)
		b.ReportMetric(cpuSeconds()-t0, "cpu-s")
		arcs := 0
		for _, a := range h.Arcs {
			arcs += len(a)
		}
		b.ReportMetric(float64(arcs), "arcs")
	}
}

// cpuSeconds is the process's user+system CPU time: under a loaded
// machine's contention it measures the work where wall time does not.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
