package core

import (
	"context"

	"github.com/bando-vn/bando/core/addr"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/search"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/google"
	"github.com/bando-vn/bando/core/shape/pelias"
)

// Autocomplete (API.md §3.1): parse → search.Search → admin names and
// distances → the Google or Pelias shape.

// autocompleteConvention: Google when `input` is present, else Pelias (API.md
// §3.1). A request with neither gets the Pelias-shape 400, since `text` is
// the parameter it most likely forgot.
func autocompleteConvention(p params) Convention {
	if p.has("input") {
		return ConventionGoogle
	}
	return ConventionPelias
}

// acQuery is a validated autocomplete request.
type acQuery struct {
	search.Query
	origin *geo.LatLng // Google: fills distance_meters
	common
}

func parseAutocomplete(p params) (acQuery, error) {
	var q acQuery
	var err error
	if q.common, err = p.common(); err != nil {
		return q, err
	}
	if q.Size, err = p.size(5); err != nil {
		return q, err
	}
	if autocompleteConvention(p) == ConventionGoogle {
		return parseAutocompleteGoogle(p, q)
	}
	if q.Text, err = p.text("text"); err != nil {
		return q, err
	}
	if ll, ok, err := p.latLon("boundary.circle"); err != nil {
		return q, err
	} else if ok {
		q.Focus = &ll
	}
	q.RadiusKm, err = p.radiusKm("boundary.circle.radius", 50)
	return q, err
}

func parseAutocompleteGoogle(p params, q acQuery) (acQuery, error) {
	var err error
	if q.Text, err = p.text("input"); err != nil {
		return q, err
	}
	if ll, ok, err := p.latLng("location"); err != nil {
		return q, err
	} else if ok {
		q.Focus = &ll
	}
	if ll, ok, err := p.latLng("origin"); err != nil {
		return q, err
	} else if ok {
		q.origin = &ll
	}
	q.RadiusKm, err = p.radiusKm("radius", 50)
	return q, err
}

func serveAutocomplete(ctx context.Context, e *Engine, p params, _ *Request) (shape.Body, error) {
	q, err := parseAutocomplete(p)
	if err != nil {
		return nil, err
	}
	src, err := e.searchSource(ctx)
	if err != nil {
		return nil, err
	}
	hits, _, err := search.SearchPartial(ctx, src, q.Query)
	if err != nil {
		return nil, err
	}
	isGoogle := autocompleteConvention(p) == ConventionGoogle
	ref := q.Focus // Pelias: distance from the circle's centre
	if isGoogle {
		ref = q.origin // Google: distance_meters from origin
	}
	places := make([]shape.Place, len(hits))
	for i := range hits {
		if places[i], err = e.enrich(ctx, &hits[i].Place, ref, q.adminV2); err != nil {
			return nil, err
		}
	}
	if isGoogle {
		for i := range places {
			places[i].Matched = matched(&hits[i], &places[i])
		}
		out := google.PredictionsOf(places)
		for i := range out.Predictions {
			out.Predictions[i].PartialMatch = hits[i].Partial
		}
		return out, nil
	}
	out := pelias.Features(places, q.adminV2)
	for i := range out.Features {
		if hits[i].Partial {
			out.Features[i].Properties.MatchType = "partial"
		}
	}
	return out, nil
}

// matched marks the typed words in the place's label (the prediction's
// description) with the hit's highlight.
func matched(h *search.Hit, p *shape.Place) []shape.Span {
	full, _ := shape.Label(p.Place, p.Admin)
	ts := h.Highlight.Spans(full)
	out := make([]shape.Span, len(ts))
	for i, s := range ts {
		out[i] = shape.Span(s)
	}
	return out
}

// searchSource is the search index with the administrative units a query
// may end with (the admin layer's gazetteer; none without one). The
// gazetteer is built only for a query that may end with a unit
// (addr.MayEndFor: tile admin/tails; every query with a bundle without it).
func (e *Engine) searchSource(ctx context.Context) (search.Source, error) {
	src := search.FromStore(e.store)
	if e.adminLookup() == nil {
		return src, nil
	}
	may, err := addr.MayEndFor(ctx, e.store)
	if err != nil {
		return nil, err
	}
	return search.WithAreas(src, may, func() (*addr.Gazetteer, error) {
		return e.unitNames(ctx)
	}), nil
}
