package core

// Shape is one of the three response conventions of API.md §1.
type Shape int

const (
	ShapeGoogle Shape = iota
	ShapePelias
	ShapeValhalla
)

// googleStatus is the Google-shape status string of an error kind.
func googleStatus(k Kind) string {
	switch k {
	case KindInvalid, KindMethod:
		return "INVALID_REQUEST"
	case KindDenied:
		return "REQUEST_DENIED"
	case KindNotFound:
		return "NOT_FOUND"
	case KindQuota:
		return "OVER_QUERY_LIMIT"
	}
	return "UNKNOWN_ERROR"
}

type googleError struct {
	Status       string `json:"status"`
	ErrorMessage string `json:"error_message"`
}

type peliasCollection struct {
	Type     string    `json:"type"`
	Features []Feature `json:"features"`
	BBox     []Deg     `json:"bbox"`
	Errors   []string  `json:"errors"`
}

type valhallaError struct {
	ErrorCode  int    `json:"error_code"`
	Error      string `json:"error"`
	StatusCode int    `json:"status_code"`
	Status     string `json:"status"`
}

var httpStatusText = map[int]string{
	400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 405: "Method Not Allowed",
	429: "Too Many Requests", 500: "Internal Server Error",
}

// errorBody renders e in the given shape (API.md §1 error table).
func errorBody(shape Shape, e *Error) []byte {
	switch shape {
	case ShapePelias:
		return encodeJSON(peliasCollection{Type: "FeatureCollection", Features: []Feature{}, BBox: []Deg{}, Errors: []string{e.Error()}})
	case ShapeValhalla:
		code := e.Kind.HTTPStatus()
		return encodeJSON(valhallaError{ErrorCode: valhallaCode(e), Error: e.Error(), StatusCode: code, Status: httpStatusText[code]})
	}
	return encodeJSON(googleError{Status: googleStatus(e.Kind), ErrorMessage: e.Error()})
}

func valhallaCode(e *Error) int {
	switch e.Kind {
	case KindDenied:
		return 401
	case KindQuota:
		return 429
	case KindInvalid:
		return 100
	}
	return e.Kind.HTTPStatus()
}
