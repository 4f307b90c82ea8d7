package valhalla

import "github.com/bando-vn/bando/core/shape"

// MatrixEntry is one source→target entry; Distance (in the request's
// units, 3 decimals) and Time (whole seconds) are null when unreachable.
type MatrixEntry struct {
	FromIndex int      `json:"from_index"`
	ToIndex   int      `json:"to_index"`
	Distance  *float64 `json:"distance"`
	Time      *int     `json:"time"`
}

// Location is an input location echoed back.
type Location struct {
	Lat shape.Deg `json:"lat"`
	Lon shape.Deg `json:"lon"`
}

// Matrix is the verbose /distancematrix answer (API.md §3.12).
type Matrix struct {
	SourcesToTargets [][]MatrixEntry `json:"sources_to_targets"`
	Locations        []Location      `json:"locations"`
	Units            string          `json:"units"`
	Warnings         []string        `json:"warnings"`
}

// AppendJSON writes the matrix.
func (m Matrix) AppendJSON(b []byte) []byte { return shape.AppendReflect(b, m) }

// MatrixTables is the concise answer (verbose=false).
type MatrixTables struct {
	SourcesToTargets struct {
		Distances [][]*float64 `json:"distances"`
		Durations [][]*int     `json:"durations"`
	} `json:"sources_to_targets"`
	Units string `json:"units"`
}

// AppendJSON writes the tables.
func (m MatrixTables) AppendJSON(b []byte) []byte { return shape.AppendReflect(b, m) }
