package valhalla

import "github.com/bando-vn/bando/core/shape"

// Error is the Valhalla-shape error body (API.md §1): Valhalla's integer
// code, the message, the HTTP status and its reason phrase.
type Error struct {
	ErrorCode  int    `json:"error_code"`
	Error      string `json:"error"`
	StatusCode int    `json:"status_code"`
	Status     string `json:"status"`
}

// AppendJSON writes the error.
func (e Error) AppendJSON(b []byte) []byte { return shape.AppendReflect(b, e) }
