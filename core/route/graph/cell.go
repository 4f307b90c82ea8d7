package graph

import (
	"fmt"
	"math"
)

// CellDeg is the side of a base tile cell in degrees (FORMAT.md §3).
const CellDeg = 0.25

// CellID names a cell by its row and column: floor(lat/CellDeg),
// floor(lng/CellDeg).
type CellID struct{ Row, Col int32 }

// CellOf returns the cell of a point in 1e-7°.
func CellOf(lat, lng int32) CellID {
	return CellID{int32(math.Floor(float64(lat) / 1e7 / CellDeg)), int32(math.Floor(float64(lng) / 1e7 / CellDeg))}
}

// Less orders cells by row then column.
func (c CellID) Less(o CellID) bool {
	if c.Row != o.Row {
		return c.Row < o.Row
	}
	return c.Col < o.Col
}

// Key is the base tile key of the cell.
func (c CellID) Key() string { return fmt.Sprintf("graph/%d/%d", c.Row, c.Col) }

// Cell is one base tile's place in the global numbering.
type Cell struct {
	ID               CellID
	NodeStart, Nodes uint32
	EdgeStart, Edges uint32
}
