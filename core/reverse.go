package core

import (
	"context"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/geocode"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/google"
	"github.com/bando-vn/bando/core/shape/pelias"
)

// Reverse geocoding (API.md §3.5): parse → geocode.Reverse over the place cells → the units
// containing the point (admin polygons) → the Google (latlng) or Pelias (point.*) shape.

// reverseConvention: Google when `latlng` is present, else Pelias.
func reverseConvention(p params) Convention {
	if p.has("latlng") {
		return ConventionGoogle
	}
	return ConventionPelias
}

type reverseQuery struct {
	point    geo.LatLng
	radiusKm float64
	size     int
	common
}

func parseReverse(p params) (q reverseQuery, err error) {
	if q.common, err = p.common(); err != nil {
		return q, err
	}
	if q.size, err = p.size(1); err != nil {
		return q, err
	}
	var ok bool
	if reverseConvention(p) == ConventionGoogle {
		q.point, _, err = p.latLng("latlng")
		q.radiusKm = 1
		return q, err
	}
	if q.point, ok, err = p.latLon("point"); err != nil {
		return q, err
	} else if !ok {
		return q, errs.InvalidParam("point", "point.lat and point.lon are required")
	}
	q.radiusKm, err = p.radiusKm("boundary.circle.radius", 1)
	return q, err
}

func serveReverse(ctx context.Context, e *Engine, p params, _ *Request) (shape.Body, error) {
	q, err := parseReverse(p)
	if err != nil {
		return nil, err
	}
	hits, err := geocode.Reverse(ctx, e.store, q.point, q.radiusKm, q.size)
	if err != nil {
		return nil, err
	}
	places := make([]shape.Place, 0, len(hits)+1)
	for i := range hits {
		// each place is named by the units at its own point, as every endpoint names it (API.md §3.5)
		sp, err := e.enrich(ctx, hits[i].Place, &q.point, q.adminV2)
		if err != nil {
			return nil, err
		}
		places = append(places, sp)
	}
	if len(places) == 0 { // no place near: the ward itself, at the point
		if l := e.adminLookup(); l != nil {
			at, err := l.Lookup(ctx, q.point.Lat, q.point.Lng)
			if err != nil {
				return nil, err
			}
			names, err := l.NamesOf(ctx, at, q.adminV2)
			if err != nil {
				return nil, err
			}
			if names.Ward != "" {
				places = append(places, wardAt(at, names, q))
			}
		}
	}
	if reverseConvention(p) == ConventionGoogle {
		return google.GeocodeOf(places), nil
	}
	return pelias.Features(places, q.adminV2), nil
}

// wardAt is the answer when no place lies near the point: the ward containing it, at the
// point (distance 0), with the id of the ward's own place (core/place FORMAT.md §5), named
// by itself and the units above it (locality is the ward, as for every unit answered).
func wardAt(at admin.Result, names admin.Names, q reverseQuery) shape.Place {
	id, level := place.UnitOldWard+at.Old.Ward.Code, "old_ward"
	if q.adminV2 {
		id, level = place.UnitNewWard+at.New.Ward.Code, "new_ward"
	}
	ward := &place.Place{ID: id, Name: names.Ward, Lat: geo.E7(q.point.Lat), Lng: geo.E7(q.point.Lng), Layer: "locality",
		Category: []string{"admin", level}}
	return shape.Place{Place: ward, Admin: names, DistanceM: shape.Meters(&q.point, q.point)}
}
