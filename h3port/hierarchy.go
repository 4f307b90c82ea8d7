package h3port

// CellToParent returns the ancestor of h at parentRes (cellToParent).
func CellToParent(h Cell, parentRes int) (Cell, error) {
	if !IsValidCell(h) {
		return 0, ErrCellInvalid
	}
	return cellToParent(h, parentRes)
}

func cellToParent(h Cell, parentRes int) (Cell, error) {
	childRes := h.res()
	if parentRes < 0 || parentRes > MaxResolution {
		return 0, ErrResDomain
	}
	if parentRes > childRes {
		return 0, ErrResMismatch
	}
	p := h.withRes(parentRes)
	for r := parentRes + 1; r <= childRes; r++ {
		p = p.withDigit(r, invalidDigit)
	}
	return p, nil
}

// Parent is CellToParent as a method.
func (h Cell) Parent(res int) (Cell, error) { return CellToParent(h, res) }

func hasChildAtRes(h Cell, childRes int) bool {
	return childRes >= h.res() && childRes <= MaxResolution
}

// CellToChildrenSize returns the number of children of h at childRes
// (cellToChildrenSize).
func CellToChildrenSize(h Cell, childRes int) (int64, error) {
	if !IsValidCell(h) {
		return 0, ErrCellInvalid
	}
	if !hasChildAtRes(h, childRes) {
		return 0, ErrResDomain
	}
	return childrenSize(h, childRes), nil
}

func childrenSize(h Cell, childRes int) int64 {
	n := int64(childRes - h.res())
	if IsPentagon(h) {
		return 1 + 5*(ipow(7, n)-1)/6
	}
	return ipow(7, n)
}

// zeroIndexDigits sets digits start..end (inclusive) to 0.
func zeroIndexDigits(h Cell, start, end int) Cell {
	if start > end {
		return h
	}
	m := ^uint64(0)
	m <<= uint(perDigitOffset * (end - start + 1))
	m = ^m
	m <<= uint(perDigitOffset * (MaxResolution - end))
	m = ^m
	return Cell(uint64(h) & m)
}

// CellToCenterChild returns the centre child of h at childRes
// (cellToCenterChild).
func CellToCenterChild(h Cell, childRes int) (Cell, error) {
	if !IsValidCell(h) {
		return 0, ErrCellInvalid
	}
	if !hasChildAtRes(h, childRes) {
		return 0, ErrResDomain
	}
	return zeroIndexDigits(h, h.res()+1, childRes).withRes(childRes), nil
}

// CellToChildren returns the children of h at childRes in ascending digit
// order, the order of the C library's iterator (cellToChildren).
func CellToChildren(h Cell, childRes int) ([]Cell, error) {
	n, err := CellToChildrenSize(h, childRes)
	if err != nil {
		return nil, err
	}
	if n > 1<<28 {
		return nil, ErrMemoryAlloc
	}
	return appendChildren(make([]Cell, 0, n), h, childRes), nil
}

// appendChildren appends the children of a valid cell h at childRes.
func appendChildren(dst []Cell, h Cell, childRes int) []Cell {
	parentRes := h.res()
	start := zeroIndexDigits(h, parentRes+1, childRes).withRes(childRes)
	return appendChildDigits(dst, start, parentRes+1, childRes, IsPentagon(h))
}

// appendChildDigits enumerates digits r..childRes of c; inPent marks that
// all digits so far are zero below a pentagon, so digit 1 is deleted.
func appendChildDigits(dst []Cell, c Cell, r, childRes int, inPent bool) []Cell {
	if r > childRes {
		return append(dst, c)
	}
	for d := centerDigit; d < numDigits; d++ {
		if inPent && d == kAxesDigit {
			continue
		}
		dst = appendChildDigits(dst, c.withDigit(r, d), r+1, childRes, inPent && d == centerDigit)
	}
	return dst
}

// CellToChildPos returns the position of child among its ancestor's
// children at parentRes (cellToChildPos).
func CellToChildPos(child Cell, parentRes int) (int64, error) {
	if !IsValidCell(child) {
		return 0, ErrCellInvalid
	}
	childRes := child.res()
	origParent, err := cellToParent(child, parentRes)
	if err != nil {
		return 0, err
	}
	var out int64
	if IsPentagon(origParent) {
		for res := childRes; res > parentRes; res-- {
			parent, _ := cellToParent(child, res-1)
			parentIsPent := IsPentagon(parent)
			raw := child.digit(res)
			if raw == invalidDigit || (parentIsPent && raw == kAxesDigit) {
				return 0, ErrCellInvalid
			}
			digit := int64(raw)
			if parentIsPent && raw > 0 {
				digit--
			}
			if digit != 0 {
				hexCount := ipow(7, int64(childRes-res))
				if parentIsPent {
					out += 1 + (5*(hexCount-1))/6
				} else {
					out += hexCount
				}
				out += (digit - 1) * hexCount
			}
		}
	} else {
		for res := childRes; res > parentRes; res-- {
			out += int64(child.digit(res)) * ipow(7, int64(childRes-res))
		}
	}
	return out, nil
}

// ChildPosToCell returns the child of parent at childRes with position pos
// (childPosToCell).
func ChildPosToCell(pos int64, parent Cell, childRes int) (Cell, error) {
	if !IsValidCell(parent) {
		return 0, ErrCellInvalid
	}
	if childRes < 0 || childRes > MaxResolution {
		return 0, ErrResDomain
	}
	parentRes := parent.res()
	if childRes < parentRes {
		return 0, ErrResMismatch
	}
	if pos < 0 || pos >= childrenSize(parent, childRes) {
		return 0, ErrDomain
	}
	off := childRes - parentRes
	child := parent.withRes(childRes)
	idx := pos
	if IsPentagon(parent) {
		inPent := true
		for res := 1; res <= off; res++ {
			w := ipow(7, int64(off-res))
			if inPent {
				pw := 1 + (5*(w-1))/6
				if idx < pw {
					child = child.withDigit(parentRes+res, 0)
				} else {
					idx -= pw
					inPent = false
					child = child.withDigit(parentRes+res, direction(idx/w+2))
					idx %= w
				}
			} else {
				child = child.withDigit(parentRes+res, direction(idx/w))
				idx %= w
			}
		}
	} else {
		for res := 1; res <= off; res++ {
			w := ipow(7, int64(off-res))
			child = child.withDigit(parentRes+res, direction(idx/w))
			idx %= w
		}
	}
	return child, nil
}

// CompactCells replaces every complete set of siblings by their parent,
// recursively (compactCells). Input cells must share one resolution; the
// output order is the C library's. Zero entries are ignored.
func CompactCells(cells []Cell) ([]Cell, error) {
	num := int64(len(cells))
	if num == 0 {
		return []Cell{}, nil
	}
	res := cells[0].res()
	for _, c := range cells {
		if c != 0 && (!IsValidCell(c) || c.res() != res) {
			if c.reservedBits() != 0 || !IsValidCell(c) {
				return nil, ErrCellInvalid
			}
			return nil, ErrResMismatch
		}
	}
	if res == 0 {
		return append([]Cell(nil), cells...), nil
	}
	out := make([]Cell, 0, num)
	remaining := append([]Cell(nil), cells...)
	hashSet := make([]Cell, num)
	numRemaining := num
	for numRemaining > 0 {
		res = remaining[0].res()
		parentRes := res - 1
		if parentRes >= 0 {
			for i := int64(0); i < numRemaining; i++ {
				cur := remaining[i]
				if cur == 0 {
					continue
				}
				if cur.reservedBits() != 0 {
					return nil, ErrCellInvalid
				}
				parent, err := cellToParent(cur, parentRes)
				if err != nil {
					return nil, err
				}
				loc := int64(uint64(parent) % uint64(numRemaining))
				loops := int64(0)
				for hashSet[loc] != 0 {
					if loops > numRemaining {
						return nil, ErrFailed
					}
					tmp := Cell(uint64(hashSet[loc]) &^ reservedMask)
					if tmp == parent {
						count := hashSet[loc].reservedBits() + 1
						limit := 7
						if IsPentagon(tmp) {
							limit--
						}
						if count+1 > limit {
							return nil, ErrDuplicateInput
						}
						parent = parent.withReserved(count)
						hashSet[loc] = 0
					} else {
						loc = (loc + 1) % numRemaining
					}
					loops++
				}
				hashSet[loc] = parent
			}
		}
		maxCompactable := numRemaining / 6
		if maxCompactable == 0 {
			for i := int64(0); i < numRemaining; i++ {
				if remaining[i] != 0 {
					out = append(out, remaining[i])
				}
			}
			break
		}
		compactable := make([]Cell, 0, maxCompactable)
		for i := int64(0); i < numRemaining; i++ {
			if hashSet[i] == 0 {
				continue
			}
			count := hashSet[i].reservedBits() + 1
			if IsPentagon(Cell(uint64(hashSet[i]) &^ reservedMask)) {
				hashSet[i] = hashSet[i].withReserved(count)
				count++
			}
			if count == 7 {
				compactable = append(compactable, Cell(uint64(hashSet[i])&^reservedMask))
			}
		}
		for i := int64(0); i < numRemaining; i++ {
			cur := remaining[i]
			if cur == 0 {
				continue
			}
			uncompactable := true
			if parentRes >= 0 {
				parent, _ := cellToParent(cur, parentRes)
				loc := int64(uint64(parent) % uint64(numRemaining))
				loops := int64(0)
				for {
					if loops > numRemaining {
						return nil, ErrFailed
					}
					tmp := Cell(uint64(hashSet[loc]) &^ reservedMask)
					if tmp == parent {
						if hashSet[loc].reservedBits()+1 == 7 {
							uncompactable = false
						}
						break
					}
					loc = (loc + 1) % numRemaining
					loops++
					if hashSet[loc] == parent {
						break
					}
				}
			}
			if uncompactable {
				out = append(out, cur)
			}
		}
		for i := range hashSet {
			hashSet[i] = 0
		}
		copy(remaining, compactable)
		numRemaining = int64(len(compactable))
	}
	return out, nil
}

// UncompactCellsSize returns the number of cells UncompactCells produces
// (uncompactCellsSize). Zero entries are ignored.
func UncompactCellsSize(cells []Cell, res int) (int64, error) {
	var n int64
	for _, c := range cells {
		if c == 0 {
			continue
		}
		if !IsValidCell(c) {
			return 0, ErrCellInvalid
		}
		if !hasChildAtRes(c, res) {
			return 0, ErrResMismatch
		}
		n += childrenSize(c, res)
	}
	return n, nil
}

// UncompactCells expands every cell to its children at res
// (uncompactCells). Zero entries are ignored.
func UncompactCells(cells []Cell, res int) ([]Cell, error) {
	n, err := UncompactCellsSize(cells, res)
	if err != nil {
		return nil, err
	}
	if n > 1<<28 {
		return nil, ErrMemoryAlloc
	}
	out := make([]Cell, 0, n)
	for _, c := range cells {
		if c != 0 {
			out = appendChildren(out, c, res)
		}
	}
	return out, nil
}
