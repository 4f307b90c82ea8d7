package core

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
)

// Deg is a coordinate in degrees, written with at most 6 decimals.
type Deg float64

// MarshalJSON writes d rounded half away from zero to 6 decimals.
func (d Deg) MarshalJSON() ([]byte, error) {
	return strconv.AppendFloat(nil, round6(float64(d)), 'f', -1, 64), nil
}

func round6(f float64) float64 {
	r := math.Round(f*1e6) / 1e6
	if r == 0 {
		return 0 // no "-0"
	}
	return r
}

// encodeJSON marshals v without HTML escaping, without a trailing newline.
// Shapes with a hand-written MarshalJSON (jsonw.go) skip encoding/json,
// whose re-validation of a marshaler's output would cost a second pass.
func encodeJSON(v any) []byte {
	switch m := v.(type) {
	case peliasCollection:
		b, _ := m.MarshalJSON()
		return b
	case predictionsBody:
		b, _ := m.MarshalJSON()
		return b
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return []byte(`{"status":"UNKNOWN_ERROR","error_message":"encoding the response failed"}`)
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}
