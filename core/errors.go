package core

import (
	"errors"
	"fmt"
)

// Kind classifies an API error; each kind has one HTTP status (API.md §1).
type Kind int

const (
	KindInvalid  Kind = iota + 1 // 400: bad or missing parameter
	KindDenied                   // 401: missing or unknown apikey
	KindNotFound                 // 404: unknown path or, for forcodes, no province
	KindMethod                   // 405: wrong method
	KindQuota                    // 429: over the key's rate or quota
	KindInternal                 // 500: internal failure
)

// HTTPStatus is the status code of the kind.
func (k Kind) HTTPStatus() int {
	switch k {
	case KindInvalid:
		return 400
	case KindDenied:
		return 401
	case KindNotFound:
		return 404
	case KindMethod:
		return 405
	case KindQuota:
		return 429
	}
	return 500
}

// Error is a typed API error: its kind decides the HTTP status, its message
// names the parameter and what was wrong.
type Error struct {
	Kind  Kind
	Param string // the parameter at fault, "" when none
	Msg   string
}

func (e *Error) Error() string {
	if e.Param != "" {
		return fmt.Sprintf("%s: %s", e.Param, e.Msg)
	}
	return e.Msg
}

func invalid(param, format string, args ...any) *Error {
	return &Error{Kind: KindInvalid, Param: param, Msg: fmt.Sprintf(format, args...)}
}

// asError turns any error into an *Error (internal unless it already is one).
func asError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Kind: KindInternal, Msg: "internal error: " + err.Error()}
}
