package google

import (
	"reflect"
	"testing"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/text"
)

func sp(length, offset int) text.Span { return text.Span{Length: length, Offset: offset} }

// TestPredictionSpans: the description's matches, over UTF-16 units, are
// parted between the name's and the rest's, each over its own text.
func TestPredictionSpans(t *testing.T) {
	p := &shape.Place{Place: &place.Place{ID: "n1", Name: "Bệnh viện Bạch Mai", Layer: "venue"},
		Admin: admin.Names{Ward: "Phường Phương Mai", District: "Quận Đống Đa", Province: "Thành phố Hà Nội"}}
	for _, c := range []struct {
		typed            string
		all, main, other []text.Span
	}{
		{"bv bach mai", []text.Span{sp(4, 0), sp(4, 5), sp(4, 10), sp(3, 15)}, []text.Span{sp(4, 0), sp(4, 5), sp(4, 10), sp(3, 15)}, []text.Span{}},
		{"bach mai dong da", []text.Span{sp(4, 10), sp(3, 15), sp(4, 44), sp(2, 49)}, []text.Span{sp(4, 10), sp(3, 15)}, []text.Span{sp(4, 24), sp(2, 29)}},
	} {
		q := text.Analyze(c.typed)
		pr := PredictionOf(p, &q)
		sf := pr.StructuredFormatting
		if !reflect.DeepEqual(pr.MatchedSubstrings, c.all) || !reflect.DeepEqual(sf.MainTextMatchedSubstrings, c.main) || !reflect.DeepEqual(sf.SecondaryTextMatchedSubstrings, c.other) {
			t.Errorf("%q on %q: %v / %v / %v, want %v / %v / %v", c.typed, pr.Description, pr.MatchedSubstrings, sf.MainTextMatchedSubstrings, sf.SecondaryTextMatchedSubstrings, c.all, c.main, c.other)
		}
	}
}
