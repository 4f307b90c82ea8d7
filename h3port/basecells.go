package h3port

// baseCellRotation is a faceIjkBaseCells entry.
type baseCellRotation struct {
	baseCell int8
	ccwRot60 int8
}

// baseCellInfo is a baseCellData entry.
type baseCellInfo struct {
	homeFijk     faceIJK
	isPentagon   bool
	cwOffsetPent [2]int8
}

const (
	invalidBaseCell  = 127
	maxFaceCoord     = 2
	invalidRotations = -1
	invalidFace      = -1
)

func isBaseCellPentagon(bc int) bool {
	if bc < 0 || bc >= numBaseCells {
		return false
	}
	return baseCellData[bc].isPentagon
}

func isBaseCellPolarPentagon(bc int) bool { return bc == 4 || bc == 117 }

func faceIjkToBaseCell(h faceIJK) int {
	return int(faceIjkBaseCells[h.face][h.coord.i][h.coord.j][h.coord.k].baseCell)
}

func faceIjkToBaseCellCCWrot60(h faceIJK) int {
	return int(faceIjkBaseCells[h.face][h.coord.i][h.coord.j][h.coord.k].ccwRot60)
}

func baseCellToCCWrot60(bc, face int) int {
	if face < 0 || face >= numIcosaFaces {
		return invalidRotations
	}
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				if int(faceIjkBaseCells[face][i][j][k].baseCell) == bc {
					return int(faceIjkBaseCells[face][i][j][k].ccwRot60)
				}
			}
		}
	}
	return invalidRotations
}

func baseCellIsCwOffset(bc, face int) bool {
	return int(baseCellData[bc].cwOffsetPent[0]) == face || int(baseCellData[bc].cwOffsetPent[1]) == face
}

func getBaseCellNeighbor(bc int, dir direction) int {
	return int(baseCellNeighbors[bc][dir])
}

func getBaseCellDirection(origin, neighbor int) direction {
	for d := centerDigit; d < numDigits; d++ {
		if getBaseCellNeighbor(origin, d) == neighbor {
			return d
		}
	}
	return invalidDigit
}

// Res0CellCount is the number of resolution 0 cells (res0CellCount).
func Res0CellCount() int { return numBaseCells }

// GetRes0Cells returns the 122 base cells in base cell order (getRes0Cells).
func GetRes0Cells() []Cell {
	out := make([]Cell, numBaseCells)
	for bc := range out {
		out[bc] = newCell(0, bc, 0)
	}
	return out
}

// PentagonCount is the number of pentagons at every resolution
// (pentagonCount).
func PentagonCount() int { return numPentagons }

// GetPentagons returns the 12 pentagons at res in base cell order
// (getPentagons).
func GetPentagons(res int) ([]Cell, error) {
	if res < 0 || res > MaxResolution {
		return nil, ErrResDomain
	}
	out := make([]Cell, 0, numPentagons)
	for bc := 0; bc < numBaseCells; bc++ {
		if isBaseCellPentagon(bc) {
			out = append(out, newCell(res, bc, 0))
		}
	}
	return out, nil
}

// GetNumCells returns the number of cells at res (getNumCells).
func GetNumCells(res int) (int64, error) {
	if res < 0 || res > MaxResolution {
		return 0, ErrResDomain
	}
	return 2 + 120*ipow(7, int64(res)), nil
}
