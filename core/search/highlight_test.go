package search

import (
	"reflect"
	"testing"

	"github.com/bando-vn/bando/core/text"
)

// TestHighlight: a hit's Highlight marks the typed words in its label, in
// UTF-16 units, short forms marking every word they stand for; the label
// of a place without a match or a hit without a Highlight gets none.
func TestHighlight(t *testing.T) {
	const label = "Bệnh viện Bạch Mai, Phường Phương Mai, Quận Đống Đa, Thành phố Hà Nội"
	sp := func(length, offset int) text.Span { return text.Span{Length: length, Offset: offset} }
	for _, c := range []struct {
		typed string
		want  []text.Span
	}{
		{"bv bach mai", []text.Span{sp(4, 0), sp(4, 5), sp(4, 10), sp(3, 15)}},
		{"bach mai dong da", []text.Span{sp(4, 10), sp(3, 15), sp(4, 44), sp(2, 49)}},
		{"cau giay", []text.Span{}},
	} {
		q := text.Analyze(c.typed)
		h := &Highlight{vs: q.Variants(), prefix: q.Prefix}
		if got := h.Spans(label); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %v, want %v", c.typed, got, c.want)
		}
	}
	if got := (*Highlight)(nil).Spans(label); got == nil || len(got) != 0 {
		t.Errorf("nil Highlight: %v, want []", got)
	}
}
