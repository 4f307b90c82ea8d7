// Code generated from uber/h3 src/h3lib/lib/algos.c (Apache-2.0; see NOTICE). DO NOT EDIT.

package h3port

// Digit and adjustment tables for moving one step from a cell in a
// direction, for Class II and Class III parent resolutions.
var newDigitII = [7][7]direction{
	{0, 1, 2, 3, 4, 5, 6},
	{1, 4, 3, 6, 5, 2, 0},
	{2, 3, 1, 4, 6, 0, 5},
	{3, 6, 4, 5, 0, 1, 2},
	{4, 5, 6, 0, 2, 3, 1},
	{5, 2, 0, 1, 3, 6, 4},
	{6, 0, 5, 2, 1, 4, 3},
}

var newAdjustmentII = [7][7]direction{
	{0, 0, 0, 0, 0, 0, 0},
	{0, 1, 0, 1, 0, 5, 0},
	{0, 0, 2, 3, 0, 0, 2},
	{0, 1, 3, 3, 0, 0, 0},
	{0, 0, 0, 0, 4, 4, 6},
	{0, 5, 0, 0, 4, 5, 0},
	{0, 0, 2, 0, 6, 0, 6},
}

var newDigitIII = [7][7]direction{
	{0, 1, 2, 3, 4, 5, 6},
	{1, 2, 3, 4, 5, 6, 0},
	{2, 3, 4, 5, 6, 0, 1},
	{3, 4, 5, 6, 0, 1, 2},
	{4, 5, 6, 0, 1, 2, 3},
	{5, 6, 0, 1, 2, 3, 4},
	{6, 0, 1, 2, 3, 4, 5},
}

var newAdjustmentIII = [7][7]direction{
	{0, 0, 0, 0, 0, 0, 0},
	{0, 1, 0, 3, 0, 1, 0},
	{0, 0, 2, 2, 0, 0, 6},
	{0, 3, 2, 3, 0, 0, 0},
	{0, 0, 0, 0, 4, 5, 4},
	{0, 1, 0, 0, 5, 5, 0},
	{0, 0, 6, 0, 4, 0, 6},
}
