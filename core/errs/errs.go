package errs

import (
	"errors"
	"fmt"
)

// Kind classifies an error; the API layer's error table gives each kind one
// HTTP status and one status word per response shape (API.md §1).
type Kind int

const (
	Invalid  Kind = iota + 1 // a bad or missing parameter (400)
	Denied                   // a missing or unknown apikey (401)
	NotFound                 // an unknown path, or nothing where the endpoint needs something (404)
	Method                   // the wrong HTTP method (405)
	Quota                    // over the key's rate or quota (429)
	Internal                 // an internal failure (500): corrupt or missing tile, a bug
	// Empty: the request was good but nothing answers it where the shape
	// reports that as an error body (API.md §1 "nothing found": HTTP 200;
	// Valhalla's 171 no road near a location and 442 no path).
	Empty
)

// Error is a typed engine or request error. Msg is shown to the client for
// every kind but Internal, whose text stays in logs (a 500 never shows tile
// keys or file paths).
type Error struct {
	Kind  Kind
	Param string // the parameter at fault, "" when none
	Msg   string
	// Code is Valhalla's integer error code (API.md §3.8: 100, 110, 120,
	// 125, 150, 154, 171, 442 …) when the engine knows a specific one; 0
	// lets the error table choose the kind's default.
	Code int
	// Err is the underlying error of an Internal error, for logs and
	// errors.Is; never shown to the client.
	Err error
}

func (e *Error) Error() string {
	msg := e.Msg
	if e.Param != "" {
		msg = e.Param + ": " + msg
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns the underlying error of an Internal error.
func (e *Error) Unwrap() error { return e.Err }

// Public is the text a client may see: "param: message", or only
// "internal error" for an Internal error.
func (e *Error) Public() string {
	if e.Kind == Internal {
		return "internal error"
	}
	if e.Param != "" {
		return e.Param + ": " + e.Msg
	}
	return e.Msg
}

// InvalidParam reports a bad or missing parameter.
func InvalidParam(param, format string, args ...any) *Error {
	return &Error{Kind: Invalid, Param: param, Msg: fmt.Sprintf(format, args...)}
}

// NotFoundf reports that nothing answers the request (API.md §1: 404).
func NotFoundf(format string, args ...any) *Error {
	return &Error{Kind: NotFound, Msg: fmt.Sprintf(format, args...)}
}

// WithCode returns a copy of e carrying Valhalla code c.
func (e *Error) WithCode(c int) *Error {
	cp := *e
	cp.Code = c
	return &cp
}

// As returns err as an *Error; any other error becomes an Internal one
// wrapping it.
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Kind: Internal, Msg: "internal error", Err: err}
}
