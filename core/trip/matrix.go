package trip

import (
	"errors"
	"fmt"
	"math"
)

// Matrix is a square cost matrix over N stops: Cost[i*N+j] is the cost of
// going from stop i to stop j (seconds for routing; any unit for TSPLIB).
// +Inf marks an unreachable pair. The diagonal is never read. NaN, -Inf
// and finite costs beyond ±MaxCost are invalid.
type Matrix struct {
	N    int
	Cost []float64
}

// NewMatrix returns an N×N matrix of zeros.
func NewMatrix(n int) Matrix { return Matrix{N: n, Cost: make([]float64, n*n)} }

// MatrixFromRows copies a square [][]float64 into a Matrix.
func MatrixFromRows(rows [][]float64) (Matrix, error) {
	m := NewMatrix(len(rows))
	for i, r := range rows {
		if len(r) != m.N {
			return Matrix{}, fmt.Errorf("trip: row %d has %d costs, want %d", i, len(r), m.N)
		}
		copy(m.Cost[i*m.N:], r)
	}
	return m, nil
}

// At is the cost from i to j.
func (m Matrix) At(i, j int) float64 { return m.Cost[i*m.N+j] }

// Set sets the cost from i to j.
func (m Matrix) Set(i, j int, c float64) { m.Cost[i*m.N+j] = c }

// MaxCost bounds finite costs (1e12: 30 000 years in seconds), so that the
// penalty standing for +Inf and every tour sum stay exact enough in float64.
const MaxCost = 1e12

// ErrBadMatrix is returned (wrapped) for a matrix that is not square or
// holds NaN, -Inf or a cost beyond ±MaxCost off the diagonal.
var ErrBadMatrix = errors.New("trip: bad cost matrix")

func (m Matrix) validate() error {
	if m.N < 0 || len(m.Cost) != m.N*m.N {
		return fmt.Errorf("%w: %d costs for %d stops", ErrBadMatrix, len(m.Cost), m.N)
	}
	for i := 0; i < m.N; i++ {
		for j := 0; j < m.N; j++ {
			if c := m.At(i, j); i != j && !math.IsInf(c, 1) && !(math.Abs(c) <= MaxCost) {
				return fmt.Errorf("%w: cost %d→%d is %v", ErrBadMatrix, i, j, c)
			}
		}
	}
	return nil
}

// penalised returns a copy of the costs in which every +Inf is replaced by a
// penalty larger than any tour of finite legs could cost, so that minimising
// the penalised cost first minimises the number of unreachable legs, then
// the cost of the reachable ones. scale is the largest finite |cost|.
func (m Matrix) penalised() (w []float64, scale float64) {
	for i, c := range m.Cost {
		if i%(m.N+1) != 0 && !math.IsInf(c, 0) {
			scale = math.Max(scale, math.Abs(c))
		}
	}
	penalty := 2*float64(m.N+1)*scale + 1
	w = make([]float64, len(m.Cost))
	for i, c := range m.Cost {
		switch {
		case i%(m.N+1) == 0:
			w[i] = 0
		case math.IsInf(c, 1):
			w[i] = penalty
		default:
			w[i] = c
		}
	}
	return w, scale
}
