package core

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/bando-vn/bando/core/text"
)

// Hand-written JSON for the hot response shapes (features, predictions):
// encoding/json's reflection is the largest cost of an autocomplete answer
// under wasm. The output is byte-identical to encoding/json with HTML
// escaping off (TestFastJSONMatchesReflection and FuzzFastJSON check it).

const hexDigits = "0123456789abcdef"

// appendString writes s as a JSON string exactly as encoding/json does
// with SetEscapeHTML(false): invalid UTF-8 becomes \ufffd, U+2028 and
// U+2029 are escaped.
func appendString(b []byte, s string) []byte {
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
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
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

// appendList writes xs as a JSON array (null for a nil slice, as
// encoding/json does), each element by each.
func appendList[T any](b []byte, xs []T, each func([]byte, *T) []byte) []byte {
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

func appendStrElem(b []byte, s *string) []byte { return appendString(b, *s) }
func appendDegElem(b []byte, d *Deg) []byte    { return appendDeg(b, *d) }

func appendSpan(b []byte, s *text.Span) []byte {
	b = append(b, `{"length":`...)
	b = strconv.AppendInt(b, int64(s.Length), 10)
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, int64(s.Offset), 10)
	return append(b, '}')
}

func appendTerm(b []byte, t *Term) []byte {
	b = append(b, `{"offset":`...)
	b = strconv.AppendInt(b, int64(t.Offset), 10)
	b = append(b, `,"value":`...)
	b = appendString(b, t.Value)
	return append(b, '}')
}

func appendStrPtr(b []byte, p *string) []byte {
	if p == nil {
		return append(b, "null"...)
	}
	return appendString(b, *p)
}

func appendIntPtr(b []byte, p *int) []byte {
	if p == nil {
		return append(b, "null"...)
	}
	return strconv.AppendInt(b, int64(*p), 10)
}

func appendStrings(b []byte, ss []string) []byte { return appendList(b, ss, appendStrElem) }

func appendBool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }

// appendAny falls back to encoding/json for rarely filled fields.
func appendAny(b []byte, v any) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	return append(b, encodeJSON(v)...)
}

func appendDeg(b []byte, d Deg) []byte {
	return strconv.AppendFloat(b, round6(float64(d)), 'f', -1, 64)
}

func appendSpans(b []byte, spans []text.Span) []byte { return appendList(b, spans, appendSpan) }

// appendFeature writes a Feature with its fields in declaration order.
func appendFeature(b []byte, f *Feature) []byte {
	b = append(b, `{"type":`...)
	b = appendString(b, f.Type)
	b = append(b, `,"geometry":{"type":`...)
	b = appendString(b, f.Geometry.Type)
	b = append(b, `,"coordinates":[`...)
	b = appendDeg(b, f.Geometry.Coordinates[0])
	b = append(b, ',')
	b = appendDeg(b, f.Geometry.Coordinates[1])
	b = append(b, `]},"properties":`...)
	return append(appendProperties(b, &f.Properties), '}')
}

func appendProperties(b []byte, p *Properties) []byte {
	b = append(b, `{"name":`...)
	b = appendString(b, p.Name)
	b = append(b, `,"housenumber":`...)
	b = appendStrPtr(b, p.HouseNumber)
	b = append(b, `,"street":`...)
	b = appendStrPtr(b, p.Street)
	b = append(b, `,"short_address":`...)
	b = appendStrPtr(b, p.ShortAddress)
	b = append(b, `,"postalcode":`...)
	b = appendStrPtr(b, p.PostalCode)
	b = append(b, `,"label":`...)
	b = appendString(b, p.Label)
	b = append(b, `,"country":`...)
	b = appendString(b, p.Country)
	b = append(b, `,"country_code":`...)
	b = appendString(b, p.CountryCode)
	b = append(b, `,"continent":`...)
	b = appendString(b, p.Continent)
	b = append(b, `,"category":`...)
	b = appendStrings(b, p.Category)
	b = append(b, `,"website":`...)
	b = appendStrPtr(b, p.Website)
	b = append(b, `,"opening_hours":`...)
	b = appendAny(b, p.OpeningHours)
	b = append(b, `,"opening_hours_v2":`...)
	b = appendStrPtr(b, p.OpeningHoursV2)
	b = append(b, `,"phone":`...)
	b = appendStrPtr(b, p.Phone)
	b = append(b, `,"region":`...)
	b = appendStrPtr(b, p.Region)
	b = append(b, `,"county":`...)
	b = appendStrPtr(b, p.County)
	b = append(b, `,"locality":`...)
	b = appendStrPtr(b, p.Locality)
	b = append(b, `,"distance":`...)
	b = appendIntPtr(b, p.Distance)
	b = append(b, `,"id":`...)
	b = appendString(b, p.ID)
	b = append(b, `,"has_child":`...)
	b = appendBool(b, p.HasChild)
	b = append(b, `,"sid":`...)
	b = appendString(b, p.SID)
	b = append(b, `,"source":`...)
	b = appendString(b, p.Source)
	b = append(b, `,"layer":`...)
	b = appendString(b, p.Layer)
	return append(b, '}')
}

// MarshalJSON writes the collection without reflection.
func (c peliasCollection) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 512+700*len(c.Features))
	b = append(b, `{"type":`...)
	b = appendString(b, c.Type)
	b = append(b, `,"features":`...)
	b = appendList(b, c.Features, appendFeature)
	b = append(b, `,"bbox":`...)
	b = appendList(b, c.BBox, appendDegElem)
	b = append(b, `,"errors":`...)
	b = appendStrings(b, c.Errors)
	return append(b, '}'), nil
}

// MarshalJSON writes the predictions without reflection.
func (p predictionsBody) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 256+600*len(p.Predictions))
	b = append(b, `{"predictions":`...)
	b = appendList(b, p.Predictions, appendPrediction)
	b = append(b, `,"status":`...)
	b = appendString(b, p.Status)
	return append(b, '}'), nil
}

func appendPrediction(b []byte, p *Prediction) []byte {
	b = append(b, `{"description":`...)
	b = appendString(b, p.Description)
	b = append(b, `,"distance_meters":`...)
	b = appendIntPtr(b, p.DistanceMeters)
	b = append(b, `,"matched_substrings":`...)
	b = appendSpans(b, p.MatchedSubstrings)
	b = append(b, `,"place_id":`...)
	b = appendString(b, p.PlaceID)
	sf := &p.StructuredFormatting
	b = append(b, `,"structured_formatting":{"main_text":`...)
	b = appendString(b, sf.MainText)
	b = append(b, `,"main_text_matched_substrings":`...)
	b = appendSpans(b, sf.MainTextMatchedSubstrings)
	b = append(b, `,"secondary_text":`...)
	b = appendString(b, sf.SecondaryText)
	b = append(b, `,"secondary_text_matched_substrings":`...)
	b = appendSpans(b, sf.SecondaryTextMatchedSubstrings)
	b = append(b, `},"terms":`...)
	b = appendList(b, p.Terms, appendTerm)
	b = append(b, `,"types":`...)
	b = appendStrings(b, p.Types)
	b = append(b, `,"has_child":`...)
	b = appendBool(b, p.HasChild)
	return append(b, '}')
}

var (
	_ json.Marshaler = peliasCollection{}
	_ json.Marshaler = predictionsBody{}
)
