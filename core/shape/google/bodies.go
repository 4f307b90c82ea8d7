package google

import (
	"strconv"

	"github.com/bando-vn/bando/core/access"
	"github.com/bando-vn/bando/core/shape"
)

// Error is the Google-shape error body (API.md §1): Message repeats
// ErrorMessage, as every error body carries status and message.
type Error struct {
	Status       string `json:"status"`
	ErrorMessage string `json:"error_message"`
	Message      string `json:"message"`
}

// AppendJSON writes the error.
func (e Error) AppendJSON(b []byte) []byte { return shape.AppendReflect(b, e) }

// Status is the /v1/status answer (API.md §3.11).
type Status struct {
	Status        string   `json:"status"`
	Version       string   `json:"version"`
	FormatVersion int      `json:"format_version"`
	DataDate      string   `json:"data_date"`
	Attribution   []string `json:"attribution"`
	Sources       []Source `json:"sources"`
	Tiles         int      `json:"tiles"`
	Layers        []Layer  `json:"layers"`
	Structures    []string `json:"structures"`
}

// AppendJSON writes the status.
func (s Status) AppendJSON(b []byte) []byte { return shape.AppendReflect(b, s) }

// Source is one data source of the bundle and its licence (the manifest's
// sources, core/tile/SPEC.md).
type Source struct {
	Name    string `json:"name"`
	License string `json:"license"`
	Role    string `json:"role,omitempty"`
	Detail  string `json:"detail,omitempty"`
}

// Layer is one layer of the bundle: key prefix, version and provenance.
type Layer struct {
	Name        string `json:"name"`
	Prefix      string `json:"prefix"`
	Version     int    `json:"version"`
	Count       int    `json:"count"`
	Exact       bool   `json:"exact"`
	Description string `json:"description"`
}

// Usage is the /v1/admin/usage answer: per-key, per-day counters.
type Usage struct {
	Status   string           `json:"status"`
	Counters []access.Counter `json:"counters"`
}

// AppendJSON writes the answer.
func (u Usage) AppendJSON(b []byte) []byte { return shape.AppendReflect(b, u) }

// Num is a float written with the shortest exact representation (an echo
// of the input, or an H3 cell centre as API.md §3.9's example shows).
type Num float64

// MarshalJSON writes f exactly.
func (f Num) MarshalJSON() ([]byte, error) {
	return strconv.AppendFloat(nil, float64(f), 'f', -1, 64), nil
}

// ForcodeEncoded is the /v1/forcodes/encode answer (API.md §3.9).
type ForcodeEncoded struct {
	Forcodes   string `json:"forcodes"`
	Lat        Num    `json:"lat"`
	Lng        Num    `json:"lng"`
	Resolution int    `json:"resolution"`
	AdminCode  string `json:"admin_code"`
	Status     string `json:"status"`
}

// AppendJSON writes the answer.
func (f ForcodeEncoded) AppendJSON(b []byte) []byte { return shape.AppendReflect(b, f) }

// ForcodeDecoded is the /v1/forcodes/decode answer: Lat, Lng and
// Resolution are null with status INVALID_FORCODES (API.md §3.9).
type ForcodeDecoded struct {
	Forcodes   string `json:"forcodes"`
	Lat        *Num   `json:"lat"`
	Lng        *Num   `json:"lng"`
	Resolution *int   `json:"resolution"`
	Status     string `json:"status"`
}

// AppendJSON writes the answer.
func (f ForcodeDecoded) AppendJSON(b []byte) []byte { return shape.AppendReflect(b, f) }
