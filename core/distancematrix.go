package core

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/costing"
	"github.com/bando-vn/bando/core/route/pathfind"
	"github.com/bando-vn/bando/core/route/plan"
	"github.com/bando-vn/bando/core/shape"
	"github.com/bando-vn/bando/core/shape/valhalla"
)

// Distance matrix (API.md §3.12): the `json` parameter holds a Valhalla
// sources_to_targets request → plan.Matrix (snap, pathfind.Engine.Matrix) →
// the Valhalla shape.

// MaxMatrixSide and MaxMatrixPairs are API.md §3.12's limits.
const (
	MaxMatrixSide  = 50
	MaxMatrixPairs = 2500
)

type matrixRequest struct {
	sources, targets []geo.LatLng
	costing          *costing.Profile
	avoid            costing.Avoid
	miles            bool
	verbose          bool
}

// jsonCoord accepts a number or a numeric string.
type jsonCoord float64

func (c *jsonCoord) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		f, err := parseFloat(s)
		*c = jsonCoord(f)
		return err
	}
	var f float64
	err := json.Unmarshal(b, &f)
	*c = jsonCoord(f)
	return err
}

type jsonLocation struct {
	Lat *jsonCoord `json:"lat"`
	Lon *jsonCoord `json:"lon"`
}

func parseMatrix(p params) (*matrixRequest, error) {
	var raw struct {
		Sources []jsonLocation `json:"sources"`
		Targets []jsonLocation `json:"targets"`
		Costing string         `json:"costing"`
		Units   string         `json:"units"`
	}
	if !p.has("json") {
		return nil, errs.InvalidParam("json", "missing").WithCode(100)
	}
	if err := json.Unmarshal([]byte(p.get("json")), &raw); err != nil {
		return nil, errs.InvalidParam("json", "failed to parse the request: %v", err).WithCode(100)
	}
	q := &matrixRequest{}
	var err error
	if q.verbose, err = p.boolean("verbose", true); err != nil {
		return nil, err
	}
	switch raw.Units {
	case "", "km", "kilometers":
	case "mi", "miles":
		q.miles = true
	default:
		return nil, errs.InvalidParam("units", "expected km or mi")
	}
	if len(raw.Sources) == 0 || len(raw.Targets) == 0 {
		return nil, errs.InvalidParam("json", "sources and targets each need at least one location").WithCode(110)
	}
	if n := len(raw.Sources) * len(raw.Targets); n > MaxMatrixPairs {
		return nil, errs.InvalidParam("json", "%d pairs exceed the limit of %d", n, MaxMatrixPairs).WithCode(154)
	}
	if len(raw.Sources) > MaxMatrixSide || len(raw.Targets) > MaxMatrixSide {
		return nil, errs.InvalidParam("json", "at most %d sources and %d targets", MaxMatrixSide, MaxMatrixSide).WithCode(150)
	}
	var ok bool
	if q.costing, ok = costing.ForValhalla(raw.Costing); !ok {
		return nil, errs.InvalidParam("costing", "unknown costing %q", raw.Costing).WithCode(125)
	}
	if q.avoid, err = valhallaAvoid(p.get("json"), raw.Costing); err != nil {
		return nil, err
	}
	if q.sources, err = locations("sources", raw.Sources); err != nil {
		return nil, err
	}
	q.targets, err = locations("targets", raw.Targets)
	return q, err
}

func locations(name string, ls []jsonLocation) ([]geo.LatLng, error) {
	out := make([]geo.LatLng, len(ls))
	for i, l := range ls {
		if l.Lat == nil || l.Lon == nil {
			return nil, errs.InvalidParam(fmt.Sprintf("%s[%d]", name, i), "needs lat and lon")
		}
		out[i] = geo.LatLng{Lat: float64(*l.Lat), Lng: float64(*l.Lon)}
		if !out[i].Valid() {
			return nil, errs.InvalidParam(fmt.Sprintf("%s[%d]", name, i), "lat must be in [-90,90] and lon in [-180,180]")
		}
	}
	return out, nil
}

// serveDistanceMatrix answers /v1/distancematrix: parse → plan → shape.
func serveDistanceMatrix(ctx context.Context, e *Engine, p params, _ *Request) (shape.Body, error) {
	q, err := parseMatrix(p)
	if err != nil {
		return nil, err
	}
	en, err := e.router(ctx)
	if err != nil {
		return nil, err
	}
	cells, err := plan.Matrix(ctx, en, plan.Options{Costing: q.costing, Avoid: q.avoid}, q.sources, q.targets)
	if err != nil {
		return nil, noRoad(err)
	}
	return matrixBody(q, cells), nil
}

// noRoad turns the planner's *plan.NoRoadError into Valhalla's 171 naming
// the location (HTTP 200 with code 171, API.md §3.12); other errors pass.
func noRoad(err error) error {
	var nr *plan.NoRoadError
	if errors.As(err, &nr) {
		return (&errs.Error{Kind: errs.Empty, Param: fmt.Sprintf("%s[%d]", nr.List, nr.Index),
			Msg: "no suitable road within 1 km of the location"}).WithCode(171)
	}
	return err
}

// matrixBody shapes the cells: distance in the units with 3 decimals, time
// in whole seconds, null when unreachable.
func matrixBody(q *matrixRequest, cells [][]pathfind.Cell) shape.Body {
	units, per := "kilometers", 1000.0
	if q.miles {
		units, per = "miles", 1609.344
	}
	value := func(c pathfind.Cell) (*float64, *int) {
		if !c.OK {
			return nil, nil
		}
		d := math.Round(c.DistanceM/per*1000) / 1000
		t := int(math.Round(float64(c.Cost) / 10))
		return &d, &t
	}
	if !q.verbose {
		var m valhalla.MatrixTables
		m.Units = units
		for _, row := range cells {
			ds, ts := make([]*float64, len(row)), make([]*int, len(row))
			for j, c := range row {
				ds[j], ts[j] = value(c)
			}
			m.SourcesToTargets.Distances = append(m.SourcesToTargets.Distances, ds)
			m.SourcesToTargets.Durations = append(m.SourcesToTargets.Durations, ts)
		}
		return m
	}
	m := valhalla.Matrix{Units: units, Warnings: []string{}}
	for i, row := range cells {
		es := make([]valhalla.MatrixEntry, len(row))
		for j, c := range row {
			es[j] = valhalla.MatrixEntry{FromIndex: i, ToIndex: j}
			es[j].Distance, es[j].Time = value(c)
		}
		m.SourcesToTargets = append(m.SourcesToTargets, es)
	}
	for _, l := range append(append([]geo.LatLng{}, q.sources...), q.targets...) {
		m.Locations = append(m.Locations, valhalla.Location{Lat: shape.Deg(l.Lat), Lon: shape.Deg(l.Lng)})
	}
	return m
}
