package h3port

import "math"

// Rotation tables for unfolding pentagon distortion in local IJ
// coordinates (localij.c). -1 marks the deleted k direction.
var pentagonRotations = [7][7]int{
	{0, -1, 0, 0, 0, 0, 0},
	{-1, -1, -1, -1, -1, -1, -1},
	{0, -1, 0, 0, 0, 1, 0},
	{0, -1, 0, 0, 1, 1, 0},
	{0, -1, 0, 5, 0, 0, 0},
	{0, -1, 5, 5, 0, 0, 0},
	{0, -1, 0, 0, 0, 0, 0},
}

var pentagonRotationsReverse = [7][7]int{
	{0, 0, 0, 0, 0, 0, 0},
	{-1, -1, -1, -1, -1, -1, -1},
	{0, 1, 0, 0, 0, 0, 0},
	{0, 1, 0, 0, 0, 1, 0},
	{0, 5, 0, 0, 0, 0, 0},
	{0, 5, 0, 5, 0, 0, 0},
	{0, 0, 0, 0, 0, 0, 0},
}

var pentagonRotationsReverseNonpolar = [7][7]int{
	{0, 0, 0, 0, 0, 0, 0},
	{-1, -1, -1, -1, -1, -1, -1},
	{0, 1, 0, 0, 0, 0, 0},
	{0, 1, 0, 0, 0, 1, 0},
	{0, 5, 0, 0, 0, 0, 0},
	{0, 1, 0, 5, 1, 1, 0},
	{0, 0, 0, 0, 0, 0, 0},
}

var pentagonRotationsReversePolar = [7][7]int{
	{0, 0, 0, 0, 0, 0, 0},
	{-1, -1, -1, -1, -1, -1, -1},
	{0, 1, 1, 1, 1, 1, 1},
	{0, 1, 0, 0, 0, 1, 0},
	{0, 1, 0, 0, 1, 1, 1},
	{0, 1, 0, 5, 1, 1, 0},
	{0, 1, 1, 0, 1, 1, 1},
}

// failedDirections marks (leading digit, direction) pairs whose unfolding
// across a pentagon is not supported.
var failedDirections = [7][7]bool{
	{false, false, false, false, false, false, false},
	{false, false, false, false, false, false, false},
	{false, false, false, false, true, true, false},
	{false, false, false, false, true, false, true},
	{false, false, true, true, false, false, false},
	{false, false, true, false, false, false, true},
	{false, false, false, true, false, true, false},
}

// cellToLocalIjk returns h's ijk+ coordinates in the system anchored on
// origin's base cell.
func cellToLocalIjk(origin, h Cell) (coordIJK, error) {
	res := origin.res()
	if res != h.res() {
		return coordIJK{}, ErrResMismatch
	}
	originBC := origin.baseCell()
	bc := h.baseCell()
	if originBC >= numBaseCells || bc >= numBaseCells {
		return coordIJK{}, ErrCellInvalid
	}
	dir, revDir := centerDigit, centerDigit
	if originBC != bc {
		dir = getBaseCellDirection(originBC, bc)
		if dir == invalidDigit {
			return coordIJK{}, ErrFailed
		}
		revDir = getBaseCellDirection(bc, originBC)
	}
	originOnPent := isBaseCellPentagon(originBC)
	indexOnPent := isBaseCellPentagon(bc)
	if dir != centerDigit {
		rots := int(baseCellNeighbor60CCWRots[originBC][dir])
		if indexOnPent {
			for i := 0; i < rots; i++ {
				h = h.rotatePent60cw()
				revDir = revDir.rotate60cw()
				if revDir == kAxesDigit {
					revDir = revDir.rotate60cw()
				}
			}
		} else {
			for i := 0; i < rots; i++ {
				h = h.rotate60cw()
				revDir = revDir.rotate60cw()
			}
		}
	}
	var fijk faceIJK
	h3ToFaceIjkWithInitializedFijk(h, &fijk)
	if dir != centerDigit {
		pentRots, dirRots := 0, 0
		if originOnPent {
			old := origin.leadingNonZeroDigit()
			if old == invalidDigit {
				return coordIJK{}, ErrCellInvalid
			}
			if failedDirections[old][dir] {
				return coordIJK{}, ErrFailed
			}
			dirRots = pentagonRotations[old][dir]
			pentRots = dirRots
		} else if indexOnPent {
			ild := h.leadingNonZeroDigit()
			if ild == invalidDigit {
				return coordIJK{}, ErrCellInvalid
			}
			if failedDirections[ild][revDir] {
				return coordIJK{}, ErrFailed
			}
			pentRots = pentagonRotations[revDir][ild]
		}
		if pentRots < 0 || dirRots < 0 {
			return coordIJK{}, ErrCellInvalid
		}
		for i := 0; i < pentRots; i++ {
			fijk.coord = fijk.coord.rotate60cw()
		}
		offset := coordIJK{}.neighbor(dir)
		for r := res - 1; r >= 0; r-- {
			if isResolutionClassIII(r + 1) {
				offset = offset.downAp7()
			} else {
				offset = offset.downAp7r()
			}
		}
		for i := 0; i < dirRots; i++ {
			offset = offset.rotate60cw()
		}
		fijk.coord = fijk.coord.add(offset).normalize()
	} else if originOnPent && indexOnPent {
		old := origin.leadingNonZeroDigit()
		ild := h.leadingNonZeroDigit()
		if old == invalidDigit || ild == invalidDigit {
			return coordIJK{}, ErrCellInvalid
		}
		if failedDirections[old][ild] {
			return coordIJK{}, ErrFailed
		}
		for i := 0; i < pentagonRotations[old][ild]; i++ {
			fijk.coord = fijk.coord.rotate60cw()
		}
	}
	return fijk.coord, nil
}

// localIjkToCell is the inverse of cellToLocalIjk.
func localIjkToCell(origin Cell, ijk coordIJK) (Cell, error) {
	res := origin.res()
	originBC := origin.baseCell()
	if originBC >= numBaseCells {
		return 0, ErrCellInvalid
	}
	originOnPent := isBaseCellPentagon(originBC)
	out := Cell(h3Init).withMode(cellMode).withRes(res)
	if res == 0 {
		dir := ijk.unitIjkToDigit()
		if dir == invalidDigit {
			return 0, ErrFailed
		}
		nb := getBaseCellNeighbor(originBC, dir)
		if nb == invalidBaseCell {
			return 0, ErrFailed
		}
		return out.withBaseCell(nb), nil
	}
	c := ijk
	var err error
	for r := res - 1; r >= 0; r-- {
		last := c
		var lastCenter coordIJK
		if isResolutionClassIII(r + 1) {
			if c, err = c.upAp7Checked(); err != nil {
				return 0, err
			}
			lastCenter = c.downAp7()
		} else {
			if c, err = c.upAp7rChecked(); err != nil {
				return 0, err
			}
			lastCenter = c.downAp7r()
		}
		out = out.withDigit(r+1, last.sub(lastCenter).normalize().unitIjkToDigit())
	}
	if c.i > 1 || c.j > 1 || c.k > 1 {
		return 0, ErrFailed
	}
	dir := c.unitIjkToDigit()
	bc := getBaseCellNeighbor(originBC, dir)
	indexOnPent := bc != invalidBaseCell && isBaseCellPentagon(bc)
	if dir != centerDigit {
		pentRots := 0
		if originOnPent {
			old := origin.leadingNonZeroDigit()
			if old == invalidDigit {
				return 0, ErrCellInvalid
			}
			pentRots = pentagonRotationsReverse[old][dir]
			for i := 0; i < pentRots; i++ {
				dir = dir.rotate60ccw()
			}
			if dir == kAxesDigit {
				return 0, ErrPentagon
			}
			bc = getBaseCellNeighbor(originBC, dir)
		}
		if bc == invalidBaseCell {
			return 0, ErrFailed
		}
		bcRots := int(baseCellNeighbor60CCWRots[originBC][dir])
		if indexOnPent {
			revDir := getBaseCellDirection(bc, originBC)
			if revDir == invalidDigit {
				return 0, ErrFailed
			}
			for i := 0; i < bcRots; i++ {
				out = out.rotate60ccw()
			}
			ild := out.leadingNonZeroDigit()
			if ild == invalidDigit {
				return 0, ErrCellInvalid
			}
			if isBaseCellPolarPentagon(bc) {
				pentRots = pentagonRotationsReversePolar[revDir][ild]
			} else {
				pentRots = pentagonRotationsReverseNonpolar[revDir][ild]
			}
			if pentRots < 0 {
				return 0, ErrCellInvalid
			}
			for i := 0; i < pentRots; i++ {
				out = out.rotatePent60ccw()
			}
		} else {
			if pentRots < 0 {
				return 0, ErrCellInvalid
			}
			for i := 0; i < pentRots; i++ {
				out = out.rotate60ccw()
			}
			for i := 0; i < bcRots; i++ {
				out = out.rotate60ccw()
			}
		}
	} else if originOnPent && indexOnPent {
		old := origin.leadingNonZeroDigit()
		ild := out.leadingNonZeroDigit()
		if old == invalidDigit || ild == invalidDigit {
			return 0, ErrCellInvalid
		}
		rots := pentagonRotationsReverse[old][ild]
		if rots < 0 {
			return 0, ErrCellInvalid
		}
		for i := 0; i < rots; i++ {
			out = out.rotate60ccw()
		}
	}
	if indexOnPent && out.leadingNonZeroDigit() == kAxesDigit {
		return 0, ErrPentagon
	}
	return out.withBaseCell(bc), nil
}

// CellToLocalIj returns h's IJ coordinates relative to origin
// (cellToLocalIj). mode must be 0.
func CellToLocalIj(origin, h Cell, mode uint32) (CoordIJ, error) {
	if mode != 0 {
		return CoordIJ{}, ErrOptionInvalid
	}
	if !IsValidCell(origin) || !IsValidCell(h) {
		return CoordIJ{}, ErrCellInvalid
	}
	ijk, err := cellToLocalIjk(origin, h)
	if err != nil {
		return CoordIJ{}, err
	}
	return ijk.toIJ(), nil
}

// LocalIjToCell returns the cell at IJ coordinates relative to origin
// (localIjToCell). mode must be 0.
func LocalIjToCell(origin Cell, ij CoordIJ, mode uint32) (Cell, error) {
	if mode != 0 {
		return 0, ErrOptionInvalid
	}
	if !IsValidCell(origin) {
		return 0, ErrCellInvalid
	}
	if !fitsInt32(ij.I) || !fitsInt32(ij.J) {
		return 0, ErrFailed
	}
	ijk, err := ijToIjk(ij)
	if err != nil {
		return 0, err
	}
	return localIjkToCell(origin, ijk)
}

// GridDistance returns the grid distance between two cells
// (gridDistance).
func GridDistance(origin, h Cell) (int64, error) {
	if !IsValidCell(origin) || !IsValidCell(h) {
		return 0, ErrCellInvalid
	}
	a, err := cellToLocalIjk(origin, origin)
	if err != nil {
		return 0, err
	}
	b, err := cellToLocalIjk(origin, h)
	if err != nil {
		return 0, err
	}
	return int64(ijkDistance(a, b)), nil
}

// GridPathCellsSize returns the number of cells in GridPathCells
// (gridPathCellsSize).
func GridPathCellsSize(start, end Cell) (int64, error) {
	d, err := GridDistance(start, end)
	if err != nil {
		return 0, err
	}
	return d + 1, nil
}

func cubeRound(i, j, k float64) coordIJK {
	ri, rj, rk := int(math.Round(i)), int(math.Round(j)), int(math.Round(k))
	iDiff := math.Abs(float64(ri) - i)
	jDiff := math.Abs(float64(rj) - j)
	kDiff := math.Abs(float64(rk) - k)
	if iDiff > jDiff && iDiff > kDiff {
		ri = -rj - rk
	} else if jDiff > kDiff {
		rj = -ri - rk
	} else {
		rk = -ri - rj
	}
	return coordIJK{ri, rj, rk}
}

func gridPathInterpolate(start, end Cell, distance int64, out []Cell, offset, step int64) error {
	s, err := cellToLocalIjk(start, start)
	if err != nil {
		return err
	}
	e, err := cellToLocalIjk(start, end)
	if err != nil {
		return err
	}
	s = s.toCube()
	e = e.toCube()
	inv := 1.0 / float64(distance)
	iStep := float64(e.i-s.i) * inv
	jStep := float64(e.j-s.j) * inv
	kStep := float64(e.k-s.k) * inv
	for n := int64(0); n <= distance; n++ {
		fn := float64(n)
		cur := cubeRound(float64(s.i)+float64(iStep*fn), float64(s.j)+float64(jStep*fn), float64(s.k)+float64(kStep*fn))
		c, err := localIjkToCell(start, cubeToIjk(cur))
		if err != nil {
			return err
		}
		out[offset+step*n] = c
	}
	return nil
}

// GridPathCells returns a line of cells from start to end inclusive
// (gridPathCells).
func GridPathCells(start, end Cell) ([]Cell, error) {
	d, err := GridDistance(start, end)
	if err != nil {
		return nil, err
	}
	if d == 0 {
		return []Cell{start}, nil
	}
	if d+1 > maxTraversalCells {
		return nil, ErrMemoryAlloc
	}
	out := make([]Cell, d+1)
	errFwd := gridPathInterpolate(start, end, d, out, 0, 1)
	if errFwd == nil {
		return out, nil
	}
	if gridPathInterpolate(end, start, d, out, d, -1) == nil {
		return out, nil
	}
	return nil, errFwd
}
