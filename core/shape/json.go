package shape

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"
)

// Body is a response body: it appends its JSON to b.
type Body interface {
	AppendJSON(b []byte) []byte
}

// Deg is a coordinate in degrees, written with at most 6 decimals (API.md
// §1: coordinates out).
type Deg float64

// MarshalJSON writes d rounded half away from zero to 6 decimals.
func (d Deg) MarshalJSON() ([]byte, error) { return AppendDeg(nil, d), nil }

// AppendDeg writes d as MarshalJSON does.
func AppendDeg(b []byte, d Deg) []byte {
	return strconv.AppendFloat(b, round6(float64(d)), 'f', -1, 64)
}

func round6(f float64) float64 {
	r := math.Round(f*1e6) / 1e6
	if r == 0 {
		return 0 // no "-0"
	}
	return r
}

// encodeFailed is the body written when reflection cannot encode a value
// (a NaN that slipped through): a Google-shape 500 without internal text.
const encodeFailed = `{"status":"UNKNOWN_ERROR","error_message":"encoding the response failed","message":"encoding the response failed"}`

// AppendReflect appends v as encoding/json writes it, without HTML escaping
// and without a trailing newline: the writer of the rarely used shapes.
func AppendReflect(b []byte, v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return append(b, encodeFailed...)
	}
	return append(b, bytes.TrimRight(buf.Bytes(), "\n")...)
}

const hexDigits = "0123456789abcdef"

// AppendString writes s as a JSON string exactly as encoding/json does
// with SetEscapeHTML(false): invalid UTF-8 becomes \ufffd, U+2028 and
// U+2029 are escaped.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			b = appendASCIIEscape(b, c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

func appendASCIIEscape(b []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(b, '\\', c)
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	}
	return append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
}

// AppendList writes xs as a JSON array (null for a nil slice, as
// encoding/json does), each element by each.
func AppendList[T any](b []byte, xs []T, each func([]byte, *T) []byte) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = each(b, &xs[i])
	}
	return append(b, ']')
}

// AppendStrPtr writes *p, or null.
func AppendStrPtr(b []byte, p *string) []byte {
	if p == nil {
		return append(b, "null"...)
	}
	return AppendString(b, *p)
}

// AppendIntPtr writes *p, or null.
func AppendIntPtr(b []byte, p *int) []byte {
	if p == nil {
		return append(b, "null"...)
	}
	return strconv.AppendInt(b, int64(*p), 10)
}

// AppendInt writes n.
func AppendInt(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }

// AppendStrings writes a list of strings.
func AppendStrings(b []byte, ss []string) []byte {
	return AppendList(b, ss, func(b []byte, s *string) []byte { return AppendString(b, *s) })
}

// AppendDegs writes a list of coordinates.
func AppendDegs(b []byte, ds []Deg) []byte {
	return AppendList(b, ds, func(b []byte, d *Deg) []byte { return AppendDeg(b, *d) })
}

// AppendBool writes v.
func AppendBool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }

// AppendAny writes a rarely filled field through reflection (null for nil).
func AppendAny(b []byte, v any) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	return AppendReflect(b, v)
}

// MVT is a Mapbox Vector Tile body: raw bytes, not JSON.
type MVT []byte

// AppendJSON appends the tile's bytes as they are.
func (m MVT) AppendJSON(b []byte) []byte { return append(b, m...) }

// ContentType tells Serve the body is a Mapbox Vector Tile.
func (MVT) ContentType() string { return "application/vnd.mapbox-vector-tile" }
