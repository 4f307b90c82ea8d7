package valhalla

import "github.com/bando-vn/bando/core/shape"

// Error is the Valhalla-shape error body (API.md §1): Valhalla's integer
// code, the message, the HTTP status and its reason phrase as Valhalla
// writes them, and Message repeating Error (every error body carries status
// and message; here status keeps Valhalla's meaning, docs/API.md §1).
type Error struct {
	ErrorCode  int    `json:"error_code"`
	Error      string `json:"error"`
	StatusCode int    `json:"status_code"`
	Status     string `json:"status"`
	Message    string `json:"message"`
}

// AppendJSON writes the error.
func (e Error) AppendJSON(b []byte) []byte { return shape.AppendReflect(b, e) }
