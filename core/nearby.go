package core

import (
	"context"
	"strings"

	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/geocode"
	"github.com/bando-vn/bando/core/openhours"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/pelias"
)

// Nearby (API.md §3.6): parse → geocode.Near over the place cells with any of the categories
// → admin names and distances → Pelias features with the flattened opening_hours.

type nearbyQuery struct {
	point      geo.LatLng
	radiusKm   float64
	size       int
	categories []string
	common
}

// maxCategories bounds the list a request may name.
const maxCategories = 20

func parseNearby(p params) (q nearbyQuery, err error) {
	if q.common, err = p.common(); err != nil {
		return q, err
	}
	if q.size, err = p.size(5); err != nil {
		return q, err
	}
	if q.categories, err = parseCategories(p.get("categories")); err != nil {
		return q, err
	}
	var ok bool
	if q.point, ok, err = p.latLon("point"); err != nil {
		return q, err
	} else if !ok {
		return q, errs.InvalidParam("point", "point.lat and point.lon are required")
	}
	if q.radiusKm, err = p.radiusKm("boundary.circle.radius", 5); err != nil {
		return q, err
	}
	if q.radiusKm > geocode.MaxRadiusKm {
		return q, errs.InvalidParam("boundary.circle.radius", "at most 50 kilometres")
	}
	return q, nil
}

// parseCategories reads comma-separated snake_case slugs (an unknown slug is no error: it
// matches nothing).
func parseCategories(s string) ([]string, error) {
	var out []string
	for _, c := range strings.Split(s, ",") {
		c = strings.ToLower(strings.TrimSpace(c))
		if c == "" {
			continue
		}
		if strings.Trim(c, "abcdefghijklmnopqrstuvwxyz0123456789_") != "" || len(c) > 64 {
			return nil, errs.InvalidParam("categories", "expected snake_case category slugs separated by commas")
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, errs.InvalidParam("categories", "required: one or more category slugs")
	}
	if len(out) > maxCategories {
		return nil, errs.InvalidParam("categories", "at most 20 categories")
	}
	return out, nil
}

func serveNearby(ctx context.Context, e *Engine, p params, _ *Request) (shape.Body, error) {
	q, err := parseNearby(p)
	if err != nil {
		return nil, err
	}
	hits, err := geocode.NearAny(ctx, e.store, q.point, q.radiusKm, q.size, q.categories)
	if err != nil {
		return nil, err
	}
	fs := make([]pelias.Feature, len(hits))
	for i := range hits {
		sp, err := e.enrich(ctx, hits[i].Place, &q.point, q.adminV2)
		if err != nil {
			return nil, err
		}
		fs[i] = pelias.FeatureOf(&sp, q.adminV2)
		if sp.OpeningHours != nil { // here the flattened string form (API.md §3.6)
			fs[i].Properties.OpeningHours = openhours.Flatten(sp.OpeningHours)
		}
	}
	return pelias.CollectionOf(fs), nil
}
