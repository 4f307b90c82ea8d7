package h3port

import (
	"math/bits"
	"strconv"
)

// Cell is an H3 index (H3Index). For cells (mode 1) the 64 bits are, from
// the most significant:
//
//	bit 63      reserved high bit, always 0
//	bits 59-62  mode (1 = cell, 2 = directed edge, 4 = vertex)
//	bits 56-58  reserved / mode-dependent (0 for cells; edge or vertex number otherwise)
//	bits 52-55  resolution 0..15
//	bits 45-51  base cell 0..121
//	bits 0-44   fifteen 3-bit digits, digit 1 (res 1) most significant;
//	            digits finer than the resolution are 7
//
// Digits are 0 (centre) to 6 (the six ijk+ axis directions); digit 1 (the
// k axis) never follows only zeros below a pentagon base cell (deleted
// subsequence). The zero value is H3_NULL.
type Cell uint64

const (
	modeOffset     = 59
	bcOffset       = 45
	resOffset      = 52
	reservedOffset = 56
	perDigitOffset = 3

	highBitMask  = uint64(1) << 63
	modeMask     = uint64(15) << modeOffset
	bcMask       = uint64(127) << bcOffset
	resMask      = uint64(15) << resOffset
	reservedMask = uint64(7) << reservedOffset
	digitMask    = uint64(7)

	// h3Init is H3_INIT: mode 0, res 0, base cell 0, all digits 7.
	h3Init = uint64(35184372088831)

	cellMode         = 1
	directedEdgeMode = 2
	vertexMode       = 4
)

// Direction is an H3 digit: the ijk+ unit vector from a parent's centre
// child to one of its children.
type direction int

const (
	centerDigit  direction = 0
	kAxesDigit   direction = 1
	jAxesDigit   direction = 2
	jkAxesDigit  direction = 3
	iAxesDigit   direction = 4
	ikAxesDigit  direction = 5
	ijAxesDigit  direction = 6
	invalidDigit direction = 7
	numDigits              = invalidDigit
)

func (h Cell) mode() int         { return int((uint64(h) & modeMask) >> modeOffset) }
func (h Cell) reservedBits() int { return int((uint64(h) & reservedMask) >> reservedOffset) }
func (h Cell) res() int          { return int((uint64(h) & resMask) >> resOffset) }
func (h Cell) baseCell() int     { return int((uint64(h) & bcMask) >> bcOffset) }
func (h Cell) highBit() int      { return int(uint64(h) >> 63) }

func (h Cell) digit(r int) direction {
	return direction((uint64(h) >> (uint(MaxResolution-r) * perDigitOffset)) & digitMask)
}

func (h Cell) withMode(m int) Cell {
	return Cell(uint64(h)&^modeMask | uint64(m)<<modeOffset)
}

func (h Cell) withRes(r int) Cell {
	return Cell(uint64(h)&^resMask | uint64(r)<<resOffset)
}

func (h Cell) withBaseCell(bc int) Cell {
	return Cell(uint64(h)&^bcMask | uint64(bc)<<bcOffset)
}

func (h Cell) withReserved(v int) Cell {
	return Cell(uint64(h)&^reservedMask | uint64(v)<<reservedOffset)
}

func (h Cell) withDigit(r int, d direction) Cell {
	s := uint(MaxResolution-r) * perDigitOffset
	return Cell(uint64(h)&^(digitMask<<s) | uint64(d)<<s)
}

// newCell builds a cell index with every digit up to res set to d.
func newCell(res, baseCell int, d direction) Cell {
	h := Cell(h3Init).withMode(cellMode).withRes(res).withBaseCell(baseCell)
	for r := 1; r <= res; r++ {
		h = h.withDigit(r, d)
	}
	return h
}

// Resolution returns the cell's resolution (getResolution).
func (h Cell) Resolution() int { return h.res() }

// GetResolution returns the resolution of h (getResolution).
func GetResolution(h Cell) int { return h.res() }

// GetBaseCellNumber returns the base cell number of h (getBaseCellNumber).
func GetBaseCellNumber(h Cell) int { return h.baseCell() }

// GetIndexDigit returns digit res (1..15) of h (getIndexDigit).
func GetIndexDigit(h Cell, res int) (int, error) {
	if res < 1 || res > MaxResolution {
		return 0, ErrResDomain
	}
	return int(h.digit(res)), nil
}

// String formats the index as lower-case hexadecimal (h3ToString).
func (h Cell) String() string { return strconv.FormatUint(uint64(h), 16) }

// H3ToString formats h as lower-case hexadecimal (h3ToString).
func H3ToString(h Cell) string { return h.String() }

// StringToH3 parses a hexadecimal index (stringToH3). Like the C library's
// sscanf("%llx") it accepts an optional "0x" prefix and leading whitespace and
// stops at the first non-hex character; it fails (ErrFailed) when no hex
// digit is found. Values that overflow 64 bits saturate as strtoull does.
func StringToH3(s string) (Cell, error) {
	i := 0
	for i < len(s) && (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r')) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	if i+2 < len(s) && s[i] == '0' && (s[i+1] == 'x' || s[i+1] == 'X') && isHex(s[i+2]) {
		i += 2
	}
	start := i
	var v uint64
	overflow := false
	for i < len(s) && isHex(s[i]) {
		d := hexVal(s[i])
		if v>>60 != 0 {
			overflow = true
		}
		v = v<<4 | uint64(d)
		i++
	}
	if i == start {
		return 0, ErrFailed
	}
	if overflow {
		v = ^uint64(0)
	} else if neg {
		v = -v
	}
	return Cell(v), nil
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func hexVal(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

// IsValidCell reports whether h is a valid cell (isValidCell).
func IsValidCell(h Cell) bool {
	if uint64(h)>>56 != 0b00001000 {
		return false
	}
	res := h.res()
	bc := h.baseCell()
	if bc >= numBaseCells {
		return false
	}
	if hasAny7UptoRes(uint64(h), res) || !hasAll7AfterRes(uint64(h), res) {
		return false
	}
	return !hasDeletedSubsequence(uint64(h), bc)
}

// IsValid reports whether h is a valid cell.
func (h Cell) IsValid() bool { return IsValidCell(h) }

func hasAny7UptoRes(h uint64, res int) bool {
	const mhi = 0b100100100100100100100100100100100100100100100
	const mlo = mhi >> 2
	shift := uint(3 * (15 - res))
	h >>= shift
	h <<= shift
	return h&mhi&(^h-mlo) != 0
}

func hasAll7AfterRes(h uint64, res int) bool {
	if res < 15 {
		shift := uint(19 + 3*res)
		h = ^h
		h <<= shift
		h >>= shift
		return h == 0
	}
	return true
}

func hasDeletedSubsequence(h uint64, bc int) bool {
	if !isBaseCellPentagon(bc) {
		return false
	}
	h <<= 19
	h >>= 19
	if h == 0 {
		return false
	}
	return (63-bits.LeadingZeros64(h))%3 == 0
}

// ConstructCell builds a cell from its resolution, base cell and digits
// (constructCell).
func ConstructCell(res, baseCell int, digits []int) (Cell, error) {
	if res < 0 || res > MaxResolution {
		return 0, ErrResDomain
	}
	if baseCell < 0 || baseCell >= numBaseCells {
		return 0, ErrBaseCellDomain
	}
	if len(digits) < res {
		return 0, ErrDomain
	}
	h := newCell(res, baseCell, 0)
	pent := isBaseCellPentagon(baseCell)
	for r := 1; r <= res; r++ {
		d := digits[r-1]
		if d < 0 || d >= int(invalidDigit) {
			return 0, ErrDigitDomain
		}
		if pent {
			if d == int(kAxesDigit) {
				return 0, ErrDeletedDigit
			}
			if d != 0 {
				pent = false
			}
		}
		h = h.withDigit(r, direction(d))
	}
	return h, nil
}

// IsResClassIII reports whether h's resolution is Class III (odd)
// (isResClassIII).
func IsResClassIII(h Cell) bool { return h.res()%2 == 1 }

func isResolutionClassIII(r int) bool { return r%2 == 1 }

// IsPentagon reports whether h is one of the twelve pentagons at its
// resolution (isPentagon).
func IsPentagon(h Cell) bool {
	return isBaseCellPentagon(h.baseCell()) && h.leadingNonZeroDigit() == 0
}

// leadingNonZeroDigit returns the first non-zero digit of h, or 0.
func (h Cell) leadingNonZeroDigit() direction {
	res := h.res()
	for r := 1; r <= res; r++ {
		if d := h.digit(r); d != 0 {
			return d
		}
	}
	return centerDigit
}

func (h Cell) rotatePent60ccw() Cell {
	found := false
	res := h.res()
	for r := 1; r <= res; r++ {
		h = h.withDigit(r, h.digit(r).rotate60ccw())
		if !found && h.digit(r) != 0 {
			found = true
			if h.leadingNonZeroDigit() == kAxesDigit {
				h = h.rotate60ccw()
			}
		}
	}
	return h
}

func (h Cell) rotatePent60cw() Cell {
	found := false
	res := h.res()
	for r := 1; r <= res; r++ {
		h = h.withDigit(r, h.digit(r).rotate60cw())
		if !found && h.digit(r) != 0 {
			found = true
			if h.leadingNonZeroDigit() == kAxesDigit {
				h = h.rotate60cw()
			}
		}
	}
	return h
}

func (h Cell) rotate60ccw() Cell {
	res := h.res()
	for r := 1; r <= res; r++ {
		h = h.withDigit(r, h.digit(r).rotate60ccw())
	}
	return h
}

func (h Cell) rotate60cw() Cell {
	res := h.res()
	for r := 1; r <= res; r++ {
		h = h.withDigit(r, h.digit(r).rotate60cw())
	}
	return h
}

var rot60ccw = [8]direction{0, 5, 3, 1, 6, 4, 2, 7}
var rot60cw = [8]direction{0, 3, 6, 2, 5, 1, 4, 7}

// rotate60ccw rotates a digit 60 degrees counter-clockwise.
func (d direction) rotate60ccw() direction { return rot60ccw[d&7] }

// rotate60cw rotates a digit 60 degrees clockwise.
func (d direction) rotate60cw() direction { return rot60cw[d&7] }
