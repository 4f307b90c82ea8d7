package google

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/shape"
)

func sp(length, offset int) shape.Span { return shape.Span{Length: length, Offset: offset} }

// TestPredictionSpans: the description's matches, over UTF-16 units, are
// parted between the name's and the rest's, each over its own text (the
// matches themselves: core/search's TestHighlight).
func TestPredictionSpans(t *testing.T) {
	p := &shape.Place{Place: &place.Place{ID: "n1", Name: "Bệnh viện Bạch Mai", Layer: "venue"},
		Admin: admin.Names{Ward: "Phường Phương Mai", District: "Quận Đống Đa", Province: "Thành phố Hà Nội"}}
	for _, c := range []struct {
		typed            string
		all, main, other []shape.Span
	}{
		{"bv bach mai", []shape.Span{sp(4, 0), sp(4, 5), sp(4, 10), sp(3, 15)}, []shape.Span{sp(4, 0), sp(4, 5), sp(4, 10), sp(3, 15)}, []shape.Span{}},
		{"bach mai dong da", []shape.Span{sp(4, 10), sp(3, 15), sp(4, 44), sp(2, 49)}, []shape.Span{sp(4, 10), sp(3, 15)}, []shape.Span{sp(4, 24), sp(2, 29)}},
		{"(none)", nil, []shape.Span{}, []shape.Span{}},
	} {
		p.Matched = c.all
		pr := PredictionOf(p)
		if c.all == nil {
			c.all = []shape.Span{}
		}
		sf := pr.StructuredFormatting
		if !reflect.DeepEqual(pr.MatchedSubstrings, c.all) || !reflect.DeepEqual(sf.MainTextMatchedSubstrings, c.main) || !reflect.DeepEqual(sf.SecondaryTextMatchedSubstrings, c.other) {
			t.Errorf("%q on %q: %v / %v / %v, want %v / %v / %v", c.typed, pr.Description, pr.MatchedSubstrings, sf.MainTextMatchedSubstrings, sf.SecondaryTextMatchedSubstrings, c.all, c.main, c.other)
		}
	}
}

// TestTermsAgainstSlow: terms and utf16Len (no allocation per part) agree
// with the obvious strings.Split and utf16.Encode on descriptions with
// astral letters, invalid UTF-8 and empty parts.
func TestTermsAgainstSlow(t *testing.T) {
	slow := func(desc string) []Term {
		out := []Term{}
		off := 0
		for i, part := range strings.Split(desc, ", ") {
			if i > 0 {
				off += 2
			}
			out = append(out, Term{Offset: off, Value: part})
			off += len(utf16.Encode([]rune(part)))
		}
		return out
	}
	for _, d := range []string{"", ", ", "Phở 𝔸, Hà Nội", "a, , b,, c", "\xff\xfe, \xed\xa0\x80x, 𝔸𝔸", "Bệnh viện Bạch Mai, Phường Phương Mai, Quận Đống Đa, Thành phố Hà Nội"} {
		if got, want := terms(d), slow(d); !reflect.DeepEqual(got, want) {
			t.Errorf("terms(%q) = %v, want %v", d, got, want)
		}
	}
}
