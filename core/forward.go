package core

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/bando-vn/bando/core/addr"
	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/geocode"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/google"
	"github.com/bando-vn/bando/core/shape/pelias"
)

// Forward geocoding (API.md §3.4): parse → geocode.Forwarder (address parser, address layer,
// search index, both structures) → the units at each result (admin polygons) → the Google
// (address) or Pelias (text) shape.

// maxForwardText bounds the address text (characters after trimming), as for conversion.
const maxForwardText = 500

// forwardConvention: Google when `address` is present, else Pelias.
func forwardConvention(p params) Convention {
	if p.has("address") {
		return ConventionGoogle
	}
	return ConventionPelias
}

type forwardQuery struct {
	text string
	size int
	common
}

func parseForward(p params) (q forwardQuery, err error) {
	if q.common, err = p.common(); err != nil {
		return q, err
	}
	if q.size, err = p.size(1); err != nil {
		return q, err
	}
	name := "text"
	if forwardConvention(p) == ConventionGoogle {
		name = "address"
	}
	q.text = strings.TrimSpace(p.get(name))
	switch {
	case q.text == "":
		return q, errs.InvalidParam(name, "required, 1 to 500 characters")
	case !utf8.ValidString(q.text):
		return q, errs.InvalidParam(name, "not valid UTF-8")
	case utf8.RuneCountInString(q.text) > maxForwardText:
		return q, errs.InvalidParam(name, "longer than 500 characters")
	}
	return q, nil
}

// forwarder returns the engine's forward geocoder, built on first use; without an admin
// layer it searches the index alone (no unit in a text is known).
func (e *Engine) forwarder(ctx context.Context) (*geocode.Forwarder, error) {
	e.fwdMu.Lock()
	defer e.fwdMu.Unlock()
	if e.fwd != nil {
		return e.fwd, nil
	}
	g, err := e.gazetteer(ctx)
	if err != nil {
		return nil, err
	}
	if g == nil {
		g = &gazetteer{units: &admin.Units{}}
		g.names = addr.NewGazetteer(g.units)
	}
	e.fwd = geocode.NewForwarder(e.store, g.units, g.names)
	return e.fwd, nil
}

func serveForward(ctx context.Context, e *Engine, p params, _ *Request) (shape.Body, error) {
	q, err := parseForward(p)
	if err != nil {
		return nil, err
	}
	fw, err := e.forwarder(ctx)
	if err != nil {
		return nil, err
	}
	hits, _, err := fw.Forward(ctx, q.text, q.size)
	if err != nil {
		return nil, err
	}
	places := make([]shape.Place, len(hits))
	for i := range hits {
		if places[i], err = e.enrich(ctx, &hits[i].Place, nil, q.adminV2); err != nil {
			return nil, err
		}
	}
	if forwardConvention(p) == ConventionGoogle {
		out := google.GeocodeOf(places)
		for i := range hits {
			out.Results[i].PartialMatch = !exactMatch(hits[i].Match)
		}
		return out, nil
	}
	out := pelias.Features(places, q.adminV2)
	for i := range hits {
		out.Features[i].Properties.MatchType = "fallback"
		if exactMatch(hits[i].Match) {
			out.Features[i].Properties.MatchType = "exact"
		}
	}
	return out, nil
}

// exactMatch: the result is the address or the place the text names, not a fallback to its
// street or unit.
func exactMatch(m geocode.Match) bool {
	return m == geocode.MatchAddress || m == geocode.MatchVenue || m == geocode.MatchName
}
