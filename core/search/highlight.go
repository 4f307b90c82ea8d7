package search

import "github.com/bando-vn/bando/core/text"

// Highlight marks the query's words in a text shown for one of its hits
// (the label a shape writes); every hit of a query shares one, made from
// the readings the search already analysed.
type Highlight struct {
	vs     []text.Variant
	prefix bool
}

// Spans marks label's words the query matched (text.Folded.MatchVariants):
// UTF-16 ranges sorted by offset, empty (not nil) when none or h is nil.
func (h *Highlight) Spans(label string) []text.Span {
	if h == nil {
		return []text.Span{}
	}
	return text.FoldMapped(label).MatchVariants(h.vs, h.prefix)
}
