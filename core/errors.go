package core

import (
	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/google"
	"github.com/bando-vn/bando/core/shape/pelias"
	"github.com/bando-vn/bando/core/shape/valhalla"
)

// Convention is the response convention an endpoint answers in, errors
// included (API.md §1).
type Convention int

const (
	ConventionGoogle Convention = iota
	ConventionPelias
	ConventionValhalla
)

// errorRow is one line of the error table: what a kind of error becomes in
// HTTP and in each shape.
type errorRow struct {
	http     int    // HTTP status
	reason   string // HTTP reason phrase (Valhalla's "status")
	google   string // Google status word
	valhalla int    // Valhalla error_code when the error names none
}

// errorTable is API.md §1's error table, the only place that maps a kind
// of error to a status.
var errorTable = map[errs.Kind]errorRow{
	errs.Invalid:  {400, "Bad Request", "INVALID_REQUEST", 100},
	errs.Denied:   {401, "Unauthorized", "REQUEST_DENIED", 401},
	errs.NotFound: {404, "Not Found", "NOT_FOUND", 404},
	errs.Method:   {405, "Method Not Allowed", "INVALID_REQUEST", 405},
	errs.Quota:    {429, "Too Many Requests", "OVER_QUERY_LIMIT", 429},
	errs.Internal: {500, "Internal Server Error", "UNKNOWN_ERROR", 500},
	errs.Empty:    {200, "OK", "ZERO_RESULTS", 442},
}

func rowOf(k errs.Kind) errorRow {
	if r, ok := errorTable[k]; ok {
		return r
	}
	return errorTable[errs.Internal]
}

// errorBody renders e in the endpoint's shape. An internal error shows only
// "internal error", never its cause (tile keys, file paths).
func errorBody(s Convention, e *errs.Error) (int, shape.Body) {
	row := rowOf(e.Kind)
	msg := e.Public()
	switch s {
	case ConventionPelias:
		return row.http, pelias.Error(row.google, msg)
	case ConventionValhalla:
		code := row.valhalla
		if e.Code != 0 {
			code = e.Code
		}
		return row.http, valhalla.Error{ErrorCode: code, Error: msg, StatusCode: row.http, Status: row.reason, Message: msg}
	}
	return row.http, google.Error{Status: row.google, ErrorMessage: msg, Message: msg}
}
