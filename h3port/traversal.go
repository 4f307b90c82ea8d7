package h3port

// directions are the six neighbour directions in gridDisk traversal order.
var directions = [6]direction{jAxesDigit, jkAxesDigit, kAxesDigit, ikAxesDigit, iAxesDigit, ijAxesDigit}

const nextRingDirection = iAxesDigit

// kAllCellsAtRes15 is the k at which a disk would exceed the whole grid.
const kAllCellsAtRes15 = 13780510

// maxTraversalCells bounds allocations made for a single traversal.
const maxTraversalCells = 1 << 26

// MaxGridDiskSize returns the maximum number of cells in a k-disk
// (maxGridDiskSize).
func MaxGridDiskSize(k int) (int64, error) {
	if k < 0 {
		return 0, ErrDomain
	}
	if k >= kAllCellsAtRes15 {
		return GetNumCells(MaxResolution)
	}
	return 3*int64(k)*(int64(k)+1) + 1, nil
}

// h3NeighborRotations returns the neighbour of origin in direction dir,
// updating the accumulated ccw rotations.
func h3NeighborRotations(origin Cell, dir direction, rotations *int) (Cell, error) {
	current := origin
	if dir < centerDigit || dir >= invalidDigit {
		return 0, ErrFailed
	}
	*rotations = *rotations % 6
	for i := 0; i < *rotations; i++ {
		dir = dir.rotate60ccw()
	}
	newRotations := 0
	oldBaseCell := current.baseCell()
	if oldBaseCell >= numBaseCells {
		return 0, ErrCellInvalid
	}
	oldLeadingDigit := current.leadingNonZeroDigit()
	r := current.res() - 1
	for {
		if r == -1 {
			current = current.withBaseCell(int(baseCellNeighbors[oldBaseCell][dir]))
			newRotations = int(baseCellNeighbor60CCWRots[oldBaseCell][dir])
			if current.baseCell() == invalidBaseCell {
				current = current.withBaseCell(int(baseCellNeighbors[oldBaseCell][ikAxesDigit]))
				newRotations = int(baseCellNeighbor60CCWRots[oldBaseCell][ikAxesDigit])
				current = current.rotate60ccw()
				*rotations = *rotations + 1
			}
			break
		}
		oldDigit := current.digit(r + 1)
		var nextDir direction
		if oldDigit == invalidDigit {
			return 0, ErrCellInvalid
		} else if isResolutionClassIII(r + 1) {
			current = current.withDigit(r+1, newDigitII[oldDigit][dir])
			nextDir = newAdjustmentII[oldDigit][dir]
		} else {
			current = current.withDigit(r+1, newDigitIII[oldDigit][dir])
			nextDir = newAdjustmentIII[oldDigit][dir]
		}
		if nextDir == centerDigit {
			break
		}
		dir = nextDir
		r--
	}
	newBaseCell := current.baseCell()
	if isBaseCellPentagon(newBaseCell) {
		alreadyAdjusted := false
		if current.leadingNonZeroDigit() == kAxesDigit {
			if oldBaseCell != newBaseCell {
				if baseCellIsCwOffset(newBaseCell, baseCellData[oldBaseCell].homeFijk.face) {
					current = current.rotate60cw()
				} else {
					current = current.rotate60ccw()
				}
				alreadyAdjusted = true
			} else {
				switch oldLeadingDigit {
				case centerDigit:
					return 0, ErrPentagon
				case jkAxesDigit:
					current = current.rotate60ccw()
					*rotations = *rotations + 1
				case ikAxesDigit:
					current = current.rotate60cw()
					*rotations = *rotations + 5
				default:
					return 0, ErrFailed
				}
			}
		}
		for i := 0; i < newRotations; i++ {
			current = current.rotatePent60ccw()
		}
		if oldBaseCell != newBaseCell {
			if isBaseCellPolarPentagon(newBaseCell) {
				if oldBaseCell != 118 && oldBaseCell != 8 && current.leadingNonZeroDigit() != jkAxesDigit {
					*rotations = *rotations + 1
				}
			} else if current.leadingNonZeroDigit() == ikAxesDigit && !alreadyAdjusted {
				*rotations = *rotations + 1
			}
		}
	} else {
		for i := 0; i < newRotations; i++ {
			current = current.rotate60ccw()
		}
	}
	*rotations = (*rotations + newRotations) % 6
	return current, nil
}

// gridDiskUnsafe is the fast spiral traversal; it fails with ErrPentagon
// when a pentagon is encountered. dist may be nil.
func gridDiskUnsafe(origin Cell, k int, out []Cell, dist []int) ([]Cell, []int, error) {
	if k < 0 {
		return out, dist, ErrDomain
	}
	out = append(out, origin)
	if dist != nil {
		dist = append(dist, 0)
	}
	if IsPentagon(origin) {
		return out, dist, ErrPentagon
	}
	ring, dirIdx, i, rotations := 1, 0, 0, 0
	var err error
	for ring <= k {
		if dirIdx == 0 && i == 0 {
			origin, err = h3NeighborRotations(origin, nextRingDirection, &rotations)
			if err != nil {
				return out, dist, err
			}
			if IsPentagon(origin) {
				return out, dist, ErrPentagon
			}
		}
		origin, err = h3NeighborRotations(origin, directions[dirIdx], &rotations)
		if err != nil {
			return out, dist, err
		}
		out = append(out, origin)
		if dist != nil {
			dist = append(dist, ring)
		}
		i++
		if i == ring {
			i = 0
			dirIdx++
			if dirIdx == 6 {
				dirIdx = 0
				ring++
			}
		}
		if IsPentagon(origin) {
			return out, dist, ErrPentagon
		}
	}
	return out, dist, nil
}

// gridDiskDistancesInternal is the slow, pentagon-safe recursive disk
// using out/dist as an open-addressing hash set of size len(out).
func gridDiskDistancesInternal(origin Cell, k int, out []Cell, dist []int, curK int) error {
	maxIdx := uint64(len(out))
	off := uint64(origin) % maxIdx
	for out[off] != 0 && out[off] != origin {
		off = (off + 1) % maxIdx
	}
	if out[off] == origin && dist[off] <= curK {
		return nil
	}
	out[off] = origin
	dist[off] = curK
	if curK >= k {
		return nil
	}
	for i := 0; i < 6; i++ {
		rotations := 0
		next, err := h3NeighborRotations(origin, directions[i], &rotations)
		if err == ErrPentagon {
			continue
		}
		if err != nil {
			return err
		}
		if err := gridDiskDistancesInternal(next, k, out, dist, curK+1); err != nil {
			return err
		}
	}
	return nil
}

// gridDiskDistancesSlots returns the disk in the C library's array layout:
// spiral order when no pentagon is involved, otherwise the hash-set slots
// (with zero entries for unused slots).
func gridDiskDistancesSlots(origin Cell, k int) ([]Cell, []int, error) {
	if !IsValidCell(origin) {
		return nil, nil, ErrCellInvalid
	}
	maxIdx, err := MaxGridDiskSize(k)
	if err != nil {
		return nil, nil, err
	}
	if maxIdx > maxTraversalCells {
		return nil, nil, ErrMemoryAlloc
	}
	out, dist, err := gridDiskUnsafe(origin, k, make([]Cell, 0, maxIdx), make([]int, 0, maxIdx))
	if err == nil {
		return out, dist, nil
	}
	out = make([]Cell, maxIdx)
	dist = make([]int, maxIdx)
	if err := gridDiskDistancesInternal(origin, k, out, dist, 0); err != nil {
		return nil, nil, err
	}
	return out, dist, nil
}

// GridDisk returns all cells within grid distance k of origin, origin
// first, in the C library's order (gridDisk).
func GridDisk(origin Cell, k int) ([]Cell, error) {
	if IsValidCell(origin) && k >= 0 && k < 64 {
		// Fast path: the spiral needs no distances and no copy.
		if out, _, err := gridDiskUnsafe(origin, k, make([]Cell, 0, 3*k*(k+1)+1), nil); err == nil {
			return out, nil
		}
	}
	out, _, err := gridDiskDistancesSlots(origin, k)
	if err != nil {
		return nil, err
	}
	return compactNonZero(out, nil), nil
}

// AppendGridDisk appends GridDisk(origin, k) to dst (no allocation when
// dst has room for MaxGridDiskSize(k) more cells and no pentagon is
// involved). On error dst is returned unchanged.
func AppendGridDisk(dst []Cell, origin Cell, k int) ([]Cell, error) {
	n0 := len(dst)
	if IsValidCell(origin) && k >= 0 && k < 64 {
		if out, _, err := gridDiskUnsafe(origin, k, dst, nil); err == nil {
			return out, nil
		}
	}
	out, _, err := gridDiskDistancesSlots(origin, k)
	if err != nil {
		return dst[:n0], err
	}
	return compactNonZero(out, dst[:n0]), nil
}

// GridDiskDistances returns GridDisk's cells and each one's grid distance
// from origin (gridDiskDistances).
func GridDiskDistances(origin Cell, k int) ([]Cell, []int, error) {
	out, dist, err := gridDiskDistancesSlots(origin, k)
	if err != nil {
		return nil, nil, err
	}
	d := make([]int, 0, len(dist))
	for i, c := range out {
		if c != 0 {
			d = append(d, dist[i])
		}
	}
	return compactNonZero(out, nil), d, nil
}

// GridDiskUnsafe is gridDiskUnsafe: fast, but fails with ErrPentagon when
// the disk contains a pentagon.
func GridDiskUnsafe(origin Cell, k int) ([]Cell, error) {
	if !IsValidCell(origin) {
		return nil, ErrCellInvalid
	}
	maxIdx, err := MaxGridDiskSize(k)
	if err != nil {
		return nil, err
	}
	if maxIdx > maxTraversalCells {
		return nil, ErrMemoryAlloc
	}
	out, _, err := gridDiskUnsafe(origin, k, make([]Cell, 0, maxIdx), nil)
	if err != nil {
		return nil, err
	}
	return out, nil
}

func compactNonZero(in, dst []Cell) []Cell {
	if dst == nil {
		dst = make([]Cell, 0, len(in))
	}
	for _, c := range in {
		if c != 0 {
			dst = append(dst, c)
		}
	}
	return dst
}

// gridRingUnsafe is the fast hollow ring; fails with ErrPentagon.
func gridRingUnsafe(origin Cell, k int) ([]Cell, error) {
	if k < 0 {
		return nil, ErrDomain
	}
	if k == 0 {
		return []Cell{origin}, nil
	}
	if int64(k)*6 > maxTraversalCells {
		return nil, ErrMemoryAlloc
	}
	rotations := 0
	if IsPentagon(origin) {
		return nil, ErrPentagon
	}
	var err error
	for ring := 0; ring < k; ring++ {
		origin, err = h3NeighborRotations(origin, nextRingDirection, &rotations)
		if err != nil {
			return nil, err
		}
		if IsPentagon(origin) {
			return nil, ErrPentagon
		}
	}
	last := origin
	out := make([]Cell, 0, 6*k)
	out = append(out, origin)
	for d := 0; d < 6; d++ {
		for pos := 0; pos < k; pos++ {
			origin, err = h3NeighborRotations(origin, directions[d], &rotations)
			if err != nil {
				return nil, err
			}
			if pos != k-1 || d != 5 {
				out = append(out, origin)
				if IsPentagon(origin) {
					return nil, ErrPentagon
				}
			}
		}
	}
	if last != origin {
		return nil, ErrPentagon
	}
	return out, nil
}

// GridRingUnsafe returns the hollow ring at distance k, failing with
// ErrPentagon near pentagons (gridRingUnsafe).
func GridRingUnsafe(origin Cell, k int) ([]Cell, error) {
	if !IsValidCell(origin) {
		return nil, ErrCellInvalid
	}
	return gridRingUnsafe(origin, k)
}

// GridRing returns the cells at exactly grid distance k from origin
// (gridRing), falling back to a pentagon-safe algorithm when needed.
func GridRing(origin Cell, k int) ([]Cell, error) {
	if !IsValidCell(origin) {
		return nil, ErrCellInvalid
	}
	out, err := gridRingUnsafe(origin, k)
	if err == nil {
		return out, nil
	}
	if k < 0 {
		return nil, ErrDomain
	}
	if k == 0 {
		return []Cell{origin}, nil
	}
	maxIdx, err := MaxGridDiskSize(k)
	if err != nil {
		return nil, err
	}
	if maxIdx > maxTraversalCells {
		return nil, ErrMemoryAlloc
	}
	disk := make([]Cell, maxIdx)
	dist := make([]int, maxIdx)
	if err := gridDiskDistancesInternal(origin, k, disk, dist, 0); err != nil {
		return nil, err
	}
	out = make([]Cell, 0, 6*k)
	for i, c := range disk {
		if c != 0 && dist[i] == k {
			out = append(out, c)
		}
	}
	return out, nil
}

// AreNeighborCells reports whether two cells share an edge
// (areNeighborCells).
//
// Like the C library it only requires both indexes to be in cell mode; any
// other invalidity makes them non-neighbours.
func AreNeighborCells(origin, destination Cell) (bool, error) {
	if origin.mode() != cellMode || destination.mode() != cellMode {
		return false, ErrCellInvalid
	}
	if origin == destination {
		return false, nil
	}
	if origin.res() != destination.res() {
		return false, ErrResMismatch
	}
	parentRes := origin.res() - 1
	if parentRes > 0 {
		op, _ := cellToParent(origin, parentRes)
		dp, _ := cellToParent(destination, parentRes)
		if op == dp {
			od := origin.digit(parentRes + 1)
			dd := destination.digit(parentRes + 1)
			if od == centerDigit || dd == centerDigit {
				return true, nil
			}
			if (od == kAxesDigit || dd == kAxesDigit) && IsPentagon(op) {
				return false, ErrCellInvalid
			}
			cw := [7]direction{0, jkAxesDigit, ijAxesDigit, jAxesDigit, ikAxesDigit, kAxesDigit, iAxesDigit}
			ccw := [7]direction{0, ikAxesDigit, jkAxesDigit, kAxesDigit, ijAxesDigit, iAxesDigit, jAxesDigit}
			if cw[od] == dd || ccw[od] == dd {
				return true, nil
			}
		}
	}
	ring, _, err := gridDiskDistancesSlots(origin, 1)
	if err != nil {
		return false, nil
	}
	for _, c := range ring {
		if c == destination {
			return true, nil
		}
	}
	return false, nil
}
