package google

import (
	"slices"
	"strings"
	"unicode/utf16"

	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/shape"
)

// Prediction is a Google-shape autocomplete prediction (API.md §3.1).
type Prediction struct {
	Description          string           `json:"description"`
	DistanceMeters       *int             `json:"distance_meters"`
	MatchedSubstrings    []shape.Span     `json:"matched_substrings"`
	PlaceID              string           `json:"place_id"`
	StructuredFormatting StructuredFormat `json:"structured_formatting"`
	Terms                []Term           `json:"terms"`
	Types                []string         `json:"types"`
	HasChild             bool             `json:"has_child"`
	// PartialMatch: the place holds only some of the words typed (no place held
	// them all); omitted otherwise, as Google does.
	PartialMatch bool `json:"partial_match,omitempty"`
}

// StructuredFormat splits a prediction into its name and the rest.
type StructuredFormat struct {
	MainText                       string       `json:"main_text"`
	MainTextMatchedSubstrings      []shape.Span `json:"main_text_matched_substrings"`
	SecondaryText                  string       `json:"secondary_text"`
	SecondaryTextMatchedSubstrings []shape.Span `json:"secondary_text_matched_substrings"`
}

// Term is one comma-separated part of a description with its UTF-16 offset.
type Term struct {
	Offset int    `json:"offset"`
	Value  string `json:"value"`
}

// Predictions is the autocomplete answer: status OK, or ZERO_RESULTS
// without predictions.
type Predictions struct {
	Predictions []Prediction `json:"predictions"`
	Status      string       `json:"status"`
}

// PredictionsOf shapes enriched places, their Matched spans over their
// Label.
func PredictionsOf(rs []shape.Place) Predictions {
	body := Predictions{Predictions: make([]Prediction, 0, len(rs)), Status: "OK"}
	for i := range rs {
		body.Predictions = append(body.Predictions, PredictionOf(&rs[i]))
	}
	if len(body.Predictions) == 0 {
		body.Status = "ZERO_RESULTS"
	}
	return body
}

// PredictionOf shapes one enriched place.
func PredictionOf(r *shape.Place) Prediction {
	p := r.Place
	full, secondary := shape.Label(p, r.Admin)
	spans := r.Matched
	if spans == nil {
		spans = []shape.Span{}
	}
	main, second := splitSpans(spans, utf16Len(p.Name))
	return Prediction{
		Description: full, DistanceMeters: r.DistanceM, MatchedSubstrings: spans, PlaceID: p.ID,
		StructuredFormatting: StructuredFormat{MainText: p.Name, MainTextMatchedSubstrings: main,
			SecondaryText: secondary, SecondaryTextMatchedSubstrings: second},
		Terms: terms(full), Types: types(p), HasChild: p.HasChild(),
	}
}

// splitSpans parts the description's spans (the name, ", ", the rest)
// into the name's and the rest's, each over its own text.
func splitSpans(spans []shape.Span, nameLen int) (main, second []shape.Span) {
	main, second = []shape.Span{}, []shape.Span{}
	for _, s := range spans {
		switch {
		case s.Offset+s.Length <= nameLen:
			main = append(main, s)
		case s.Offset >= nameLen+2:
			second = append(second, shape.Span{Offset: s.Offset - nameLen - 2, Length: s.Length})
		}
	}
	return main, second
}

// utf16Len is the length of s in UTF-16 units (as JavaScript counts; an
// invalid byte decodes as U+FFFD, one unit), without allocating.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// terms splits a description on ", " with UTF-16 offsets.
func terms(desc string) []Term {
	out := make([]Term, 0, strings.Count(desc, ", ")+1)
	off := 0
	for i := 0; ; i++ {
		part, rest, more := strings.Cut(desc, ", ")
		if i > 0 {
			off += 2
		}
		out = append(out, Term{Offset: off, Value: part})
		off += utf16Len(part)
		if !more {
			return out
		}
		desc = rest
	}
}

func types(p *place.Place) []string {
	out := append([]string{}, p.Category...)
	if p.Layer == "venue" {
		out = append(out, "point_of_interest")
	} else {
		out = append(out, p.Layer)
	}
	return out
}

// AppendJSON writes the predictions without reflection (byte-identical to
// encoding/json; TestAppendJSONMatchesReflection checks it).
func (p Predictions) AppendJSON(b []byte) []byte {
	b = slices.Grow(b, 256+600*len(p.Predictions))
	b = append(b, `{"predictions":`...)
	b = shape.AppendList(b, p.Predictions, appendPrediction)
	b = append(b, `,"status":`...)
	b = shape.AppendString(b, p.Status)
	return append(b, '}')
}

func appendPrediction(b []byte, p *Prediction) []byte {
	b = append(b, `{"description":`...)
	b = shape.AppendString(b, p.Description)
	b = append(b, `,"distance_meters":`...)
	b = shape.AppendIntPtr(b, p.DistanceMeters)
	b = append(b, `,"matched_substrings":`...)
	b = appendSpans(b, p.MatchedSubstrings)
	b = append(b, `,"place_id":`...)
	b = shape.AppendString(b, p.PlaceID)
	sf := &p.StructuredFormatting
	b = append(b, `,"structured_formatting":{"main_text":`...)
	b = shape.AppendString(b, sf.MainText)
	b = append(b, `,"main_text_matched_substrings":`...)
	b = appendSpans(b, sf.MainTextMatchedSubstrings)
	b = append(b, `,"secondary_text":`...)
	b = shape.AppendString(b, sf.SecondaryText)
	b = append(b, `,"secondary_text_matched_substrings":`...)
	b = appendSpans(b, sf.SecondaryTextMatchedSubstrings)
	b = append(b, `},"terms":`...)
	b = shape.AppendList(b, p.Terms, appendTerm)
	b = append(b, `,"types":`...)
	b = shape.AppendStrings(b, p.Types)
	b = append(b, `,"has_child":`...)
	b = shape.AppendBool(b, p.HasChild)
	if p.PartialMatch {
		b = append(b, `,"partial_match":true`...)
	}
	return append(b, '}')
}

func appendSpans(b []byte, spans []shape.Span) []byte { return shape.AppendList(b, spans, appendSpan) }

func appendSpan(b []byte, s *shape.Span) []byte {
	b = append(b, `{"length":`...)
	b = shape.AppendInt(b, s.Length)
	b = append(b, `,"offset":`...)
	b = shape.AppendInt(b, s.Offset)
	return append(b, '}')
}

func appendTerm(b []byte, t *Term) []byte {
	b = append(b, `{"offset":`...)
	b = shape.AppendInt(b, t.Offset)
	b = append(b, `,"value":`...)
	b = shape.AppendString(b, t.Value)
	return append(b, '}')
}
