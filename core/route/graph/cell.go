package graph

import (
	"fmt"
	"math"
)

// Cells (FORMAT.md §1): level 0 holds the major roads (MajorClass) in
// MajorDeg cells; levels 1..MaxLevel hold the other roads in a quadtree:
// a level-1 cell is MinorDeg wide, each level halves it, and a cell is
// split while it holds more than the builder's limit.
const (
	MajorDeg = 0.5
	MinorDeg = 0.25
	MaxLevel = 6
)

// CellDeg is the side of a level-1 cell (kept for callers of the
// single-level layout).
const CellDeg = MinorDeg

// CellID names a cell by its level and its row and column at that
// level's size: floor(lat/size), floor(lng/size).
type CellID struct {
	Level    uint8
	Row, Col int32
}

// LevelDeg is the side of a cell of level l in degrees.
func LevelDeg(l uint8) float64 {
	if l == 0 {
		return MajorDeg
	}
	return MinorDeg / float64(int(1)<<(l-1))
}

// CellAt returns the level-l cell of a point in 1e-7°.
func CellAt(l uint8, lat, lng int32) CellID {
	d := LevelDeg(l)
	return CellID{l, int32(math.Floor(float64(lat) / 1e7 / d)), int32(math.Floor(float64(lng) / 1e7 / d))}
}

// Parent is the cell of level l-1 holding c (l ≥ 2).
func (c CellID) Parent() CellID {
	return CellID{c.Level - 1, int32(math.Floor(float64(c.Row) / 2)), int32(math.Floor(float64(c.Col) / 2))}
}

// Less orders cells by level, row, then column.
func (c CellID) Less(o CellID) bool {
	if c.Level != o.Level {
		return c.Level < o.Level
	}
	if c.Row != o.Row {
		return c.Row < o.Row
	}
	return c.Col < o.Col
}

// Key is the base tile key of the cell.
func (c CellID) Key() string { return fmt.Sprintf(Prefix+"%d/%d/%d", c.Level, c.Row, c.Col) }

// Cell is one base tile's place in the global numbering.
type Cell struct {
	ID               CellID
	NodeStart, Nodes uint32
	EdgeStart, Edges uint32
}

// MajorClass reports whether edges of class c belong to level 0: the
// roads a long route runs on (motorway, trunk, primary and their links)
// and ferries.
func MajorClass(c Class) bool {
	return c >= ClassMotorway && c <= ClassPrimaryLink || c == ClassFerry
}
