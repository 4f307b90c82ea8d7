package core

import (
	"context"
	"strings"

	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/search"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/google"
	"github.com/bando-vn/bando/core/shape/pelias"
)

// Place details and children (API.md §3.2, §3.3): parse → search.ByID →
// admin names → the osm (Pelias) or Google shape.

// DefaultPlaceURL prefixes the id in a Google-shape place's url.
const DefaultPlaceURL = "https://bando.vn/place/"

// placeConvention: Google for format=google, else Pelias (format=osm, the
// default, or a bad format, whose 400 is then in the Pelias shape).
func placeConvention(p params) Convention {
	if p.get("format") == "google" {
		return ConventionGoogle
	}
	return ConventionPelias
}

// placeQuery is a validated /v1/place request.
type placeQuery struct {
	ids    []string
	google bool
	common
}

func parsePlace(p params) (placeQuery, error) {
	var q placeQuery
	var err error
	if q.common, err = p.common(); err != nil {
		return q, err
	}
	switch f := p.get("format"); {
	case !p.has("format") || f == "osm":
	case f == "google":
		q.google = true
	default:
		return q, errs.InvalidParam("format", "expected osm or google")
	}
	raw, err := p.text("ids")
	if err != nil {
		return q, err
	}
	for _, id := range strings.Split(raw, ",") {
		if id = strings.TrimSpace(id); id != "" {
			q.ids = append(q.ids, id)
		}
	}
	if len(q.ids) == 0 {
		return q, errs.InvalidParam("ids", "required: one id or several joined by ','")
	}
	if len(q.ids) > search.MaxIDs {
		return q, errs.InvalidParam("ids", "at most %d ids", search.MaxIDs)
	}
	return q, nil
}

// findPlaces returns the places of ids that exist, in the order asked.
func (e *Engine) findPlaces(ctx context.Context, ids []string, v2 bool) ([]shape.Place, error) {
	var out []shape.Place
	for _, id := range ids {
		p, ok, err := search.ByID(ctx, e.store, id)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		sp, err := e.enrich(ctx, &p, nil, v2)
		if err != nil {
			return nil, err
		}
		out = append(out, sp)
	}
	return out, nil
}

func servePlace(ctx context.Context, e *Engine, p params, _ *Request) (shape.Body, error) {
	q, err := parsePlace(p)
	if err != nil {
		return nil, err
	}
	found, err := e.findPlaces(ctx, q.ids, q.adminV2)
	if err != nil {
		return nil, err
	}
	if q.google {
		if len(found) == 0 {
			return google.PlaceDetails{Status: "NOT_FOUND"}, nil
		}
		return google.PlaceDetailsOf(&found[0], e.placeURL, q.adminV2), nil
	}
	return pelias.Features(found, q.adminV2), nil
}

func serveChildren(ctx context.Context, e *Engine, p params, _ *Request) (shape.Body, error) {
	c, err := p.common()
	if err != nil {
		return nil, err
	}
	id, err := p.text("parent_id")
	if err != nil {
		return nil, err
	}
	parent, ok, err := search.ByID(ctx, e.store, id)
	if err != nil {
		return nil, err
	}
	var kids []shape.Place
	if ok {
		if kids, err = e.findPlaces(ctx, limitIDs(parent.Children), c.adminV2); err != nil {
			return nil, err
		}
	}
	body := google.PredictionsOf(kids)
	for i := range body.Predictions {
		body.Predictions[i].HasChild = false // API.md §3.3
	}
	return body, nil
}

func limitIDs(ids []string) []string {
	if len(ids) > search.MaxIDs {
		return ids[:search.MaxIDs]
	}
	return ids
}
