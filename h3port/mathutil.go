package h3port

import "math"

func sqrt(x float64) float64 { return math.Sqrt(x) }
func abs(x float64) float64  { return math.Abs(x) }

// ipow is integer exponentiation (C's _ipow).
func ipow(base, exp int64) int64 {
	result := int64(1)
	for exp != 0 {
		if exp&1 != 0 {
			result *= base
		}
		exp >>= 1
		base *= base
	}
	return result
}
