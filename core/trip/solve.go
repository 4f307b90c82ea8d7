package trip

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"time"
)

// ExactMaxStops is the largest number of stops (first and last included)
// solved exactly by Held–Karp; larger problems go to the local search.
const ExactMaxStops = 12

// MaxStops bounds the stops Solve accepts (the local search is cubic per
// pass); the API allows 50, TSPLIB instances used as tests reach 53.
const MaxStops = 200

// Options tune Solve. The zero value is the production setting.
type Options struct {
	// RoundTrip makes the tour start and end at stop 0 (TSPLIB's problem);
	// otherwise stop 0 is first and stop N-1 is last.
	RoundTrip bool
	// Work bounds the local search in move evaluations (0: DefaultWork for
	// the problem's size). The search is deterministic for a given matrix,
	// options and Work.
	Work int64
	// Seed is mixed into the seed derived from the matrix (0: none), to get
	// different but reproducible searches of the same matrix.
	Seed uint64
	// Deadline, when set, stops the local search early; the result is then
	// the best found so far and no longer reproducible.
	Deadline time.Time
	// ForceHeuristic runs the local search even on small problems (tests).
	ForceHeuristic bool
	// ForceExact runs Held–Karp beyond ExactMaxStops, up to
	// ForceExactMaxStops (tests measuring the local search against the
	// optimum; time and memory grow as 2^N).
	ForceExact bool
}

// ForceExactMaxStops bounds Options.ForceExact: 20 stops are 2^18 subsets
// × 18 interior stops, about 40 MB and a second.
const ForceExactMaxStops = 20

// DefaultWork is the local search budget in move evaluations for k free
// (interior) stops: 2000·k², at least 100 000 and at most 6 000 000 —
// about 70 ms native and 0.3 s in wasm for 50 stops (BENCHMARKS.trip.md).
func DefaultWork(k int) int64 { return min(max(2000*int64(k)*int64(k), 100_000), 6_000_000) }

// Result is a visiting order and its cost.
type Result struct {
	// Order lists stop indices in visiting order: 0 first and N-1 last, or
	// in round-trip mode 0 first and 0 again last (N+1 entries).
	Order []int
	// Cost is the sum of the matrix costs along Order; +Inf when some leg is
	// unreachable.
	Cost float64
	// Unreachable counts legs of Order with infinite cost (the search
	// minimises it first).
	Unreachable int
	// Exact reports that Order is proven optimal (Held–Karp).
	Exact bool
	// Evaluations is the local search work spent (0 when exact).
	Evaluations int64
}

// ErrTooManyStops is returned for more than MaxStops stops.
var ErrTooManyStops = errors.New("trip: too many stops")

// ErrNoStops is returned for an empty problem, or a path of one stop.
var ErrNoStops = errors.New("trip: too few stops")

// Solve orders the stops of m. See Options for the two modes.
func Solve(m Matrix, opt Options) (Result, error) {
	if err := m.validate(); err != nil {
		return Result{}, err
	}
	if m.N > MaxStops {
		return Result{}, fmt.Errorf("%w: %d > %d", ErrTooManyStops, m.N, MaxStops)
	}
	if m.N == 0 || (m.N == 1 && !opt.RoundTrip) {
		return Result{}, fmt.Errorf("%w: %d", ErrNoStops, m.N)
	}
	if opt.ForceExact && m.N > ForceExactMaxStops {
		return Result{}, fmt.Errorf("%w: %d > %d for an exact solve", ErrTooManyStops, m.N, ForceExactMaxStops)
	}
	if m.N == 1 { // a round trip of one stop goes nowhere
		return Result{Order: []int{0, 0}, Exact: true}, nil
	}
	p := newProblem(m, opt.RoundTrip)
	var (
		tour  []int32
		exact bool
		evals int64
	)
	if (m.N <= ExactMaxStops || opt.ForceExact) && !opt.ForceHeuristic {
		tour, exact = heldKarp(p), true
	} else {
		work := opt.Work
		if work <= 0 {
			work = DefaultWork(len(p.interior))
		}
		tour, evals = p.iteratedLocalSearch(seedOf(m, opt), work, opt.Deadline)
	}
	return m.result(tour, exact, evals), nil
}

// result turns a tour of matrix indices into a Result with real costs.
func (m Matrix) result(tour []int32, exact bool, evals int64) Result {
	r := Result{Order: make([]int, len(tour)), Exact: exact, Evaluations: evals}
	for i, v := range tour {
		r.Order[i] = int(v)
		if i > 0 {
			c := m.At(int(tour[i-1]), int(v))
			if math.IsInf(c, 1) {
				r.Unreachable++
			}
			r.Cost += c
		}
	}
	return r
}

// seedOf hashes the problem (size, mode, every cost) with opt.Seed.
func seedOf(m Matrix, opt Options) uint64 {
	h := fnv.New64a()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(m.N))
	h.Write(b[:])
	if opt.RoundTrip {
		h.Write([]byte{1})
	}
	for _, c := range m.Cost {
		binary.LittleEndian.PutUint64(b[:], math.Float64bits(c))
		h.Write(b[:])
	}
	return h.Sum64() ^ opt.Seed*0x9e3779b97f4a7c15
}

// problem is the solver's view: penalised costs, fixed ends s and e (equal
// in round-trip mode) and the free interior stops.
type problem struct {
	n        int
	w        []float64
	s, e     int32
	interior []int32
	eps      float64 // smallest improvement worth a move (rounding guard)
}

func newProblem(m Matrix, roundTrip bool) *problem {
	w, scale := m.penalised()
	p := &problem{n: m.N, w: w, s: 0, e: int32(m.N - 1), eps: 1e-9 * math.Max(scale, 1e-3)}
	if roundTrip {
		p.e = 0
	}
	for v := int32(1); v < int32(m.N); v++ {
		if v != p.e {
			p.interior = append(p.interior, v)
		}
	}
	return p
}

func (p *problem) c(i, j int32) float64 { return p.w[int(i)*p.n+int(j)] }

// cost is the penalised cost of a whole tour.
func (p *problem) cost(t []int32) float64 {
	var c float64
	for i := 1; i < len(t); i++ {
		c += p.c(t[i-1], t[i])
	}
	return c
}
