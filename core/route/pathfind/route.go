package pathfind

import (
	"context"
	"errors"
	"fmt"

	"github.com/bando-vn/bando/core/geo"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/route/snap"
)

// Engine answers route queries on one graph. Safe for concurrent use.
type Engine struct {
	G    *graph.Graph
	Snap *snap.Index
	// NoHierarchy forces the exact edge-based search (for tests).
	NoHierarchy bool
}

// New returns an engine over g.
func New(g *graph.Graph) *Engine { return &Engine{G: g, Snap: snap.New(g)} }

// LocationError says which location could not be snapped.
type LocationError struct {
	Index int
	Err   error
}

func (e *LocationError) Error() string { return fmt.Sprintf("location %d: %v", e.Index, e.Err) }
func (e *LocationError) Unwrap() error { return e.Err }

// Step is one edge (or part of one) of a route.
type Step struct {
	Edge       uint32
	Forward    bool
	Name, Ref  string
	Class      graph.Class
	Roundabout bool
	Ferry      bool
	Toll       bool
	DistanceM  float64
	DurationS  float64
	Geometry   []geo.LatLng
}

// Leg is the route between two consecutive locations.
type Leg struct {
	Steps     []Step
	DistanceM float64
	DurationS float64
	Cost      uint32 // deciseconds, equal to the sum of the steps' durations
	Fallback  bool   // the exact edge-based search answered
}

// Route is a route through all locations in order.
type Route struct {
	Points    []snap.Point
	Legs      []Leg
	DistanceM float64
	DurationS float64
}

// Path returns the least-cost path from s to t.
func (en *Engine) Path(ctx context.Context, c Costing, s, t snap.Point) (*Path, error) {
	se, err := newEnd(ctx, en.G, c, s)
	if err != nil {
		return nil, err
	}
	te, err := newEnd(ctx, en.G, c, t)
	if err != nil {
		return nil, err
	}
	if h := en.G.Hierarchy(c.Name(), c.Fingerprint()); h != nil && !en.NoHierarchy {
		p, err := CHPath(ctx, en.G, h, c, se, te)
		if !errors.Is(err, errBroken) {
			return p, err
		}
	}
	return Plain(ctx, en.G, c, se, te)
}

// SnapAll snaps every location for the costing.
func (en *Engine) SnapAll(ctx context.Context, c Costing, locs []geo.LatLng) ([]snap.Point, error) {
	pts := make([]snap.Point, len(locs))
	for i, l := range locs {
		p, err := en.Snap.Nearest(ctx, l, c)
		if err != nil {
			return nil, &LocationError{i, err}
		}
		pts[i] = p
	}
	return pts, nil
}

// Route snaps the locations and routes through them in order, one leg per
// consecutive pair.
func (en *Engine) Route(ctx context.Context, c Costing, locs []geo.LatLng) (*Route, error) {
	if len(locs) < 2 {
		return nil, errors.New("search: a route needs at least two locations")
	}
	pts, err := en.SnapAll(ctx, c, locs)
	if err != nil {
		return nil, err
	}
	r := &Route{Points: pts}
	for i := 1; i < len(pts); i++ {
		p, err := en.Path(ctx, c, pts[i-1], pts[i])
		if err != nil {
			return nil, err
		}
		leg, err := en.Leg(ctx, c, p)
		if err != nil {
			return nil, err
		}
		r.Legs = append(r.Legs, leg)
		r.DistanceM += leg.DistanceM
		r.DurationS += leg.DurationS
	}
	return r, nil
}

// Leg describes a path edge by edge: names, classes, flags, distances,
// durations and geometry cut at the snapped points.
func (en *Engine) Leg(ctx context.Context, c Costing, p *Path) (Leg, error) {
	leg := Leg{Cost: p.Cost, Fallback: p.Fallback}
	var total uint32
	for i, de := range p.Edges {
		info, err := en.G.EdgeInfo(ctx, de.Edge)
		if err != nil {
			return leg, err
		}
		a, b := span(p, i, de) // fractions of the edge covered, in U→V terms
		full, _ := c.EdgeCost(info.Edge, de.Forward)
		cost := part(b-a, full)
		if i > 0 && p.Edges[i-1].Edge == de.Edge {
			cost += c.UTurnCost()
		}
		if i < len(p.Edges)-1 {
			if nc, ok, err := nodeCost(ctx, en.G, c, head(info.Edge, de.Forward)); err == nil && ok {
				cost += nc
			}
		}
		total += cost
		st := Step{Edge: de.Edge, Forward: de.Forward, Name: info.Name, Ref: info.Ref, Class: info.Class,
			Roundabout: info.Has(graph.FlagRoundabout), Ferry: info.Has(graph.FlagFerry), Toll: info.Has(graph.FlagToll),
			DistanceM: float64(info.LengthCM) / 100 * (b - a), DurationS: float64(cost) / 10,
			Geometry: cut(info.Lat, info.Lng, a, b, de.Forward)}
		leg.Steps = append(leg.Steps, st)
		leg.DistanceM += st.DistanceM
	}
	// Rounding of partial edges is done as the search did, so the steps
	// add up to the path cost; any remainder (never expected) goes to the
	// last step so the totals agree.
	if len(leg.Steps) > 0 && total != p.Cost {
		leg.Steps[len(leg.Steps)-1].DurationS += (float64(p.Cost) - float64(total)) / 10
	}
	leg.DurationS = float64(p.Cost) / 10
	return leg, nil
}

// cut returns the part of a polyline between fractions a ≤ b of its
// length, reversed when the edge is traversed backward.
func cut(lat, lng []int32, a, b float64, forward bool) []geo.LatLng {
	n := len(lat)
	if n == 0 {
		return nil
	}
	cum := make([]float64, n)
	for i := 1; i < n; i++ {
		cum[i] = cum[i-1] + geo.GeodesicM(geo.PointE7(lat[i-1], lng[i-1]), geo.PointE7(lat[i], lng[i]))
	}
	L := cum[n-1]
	at := func(x float64) geo.LatLng {
		d := x * L
		for i := 1; i < n; i++ {
			if cum[i] >= d {
				seg := cum[i] - cum[i-1]
				t := 0.0
				if seg > 0 {
					t = (d - cum[i-1]) / seg
				}
				p0, p1 := geo.PointE7(lat[i-1], lng[i-1]), geo.PointE7(lat[i], lng[i])
				return geo.LatLng{Lat: p0.Lat + t*(p1.Lat-p0.Lat), Lng: p0.Lng + t*(p1.Lng-p0.Lng)}
			}
		}
		return geo.PointE7(lat[n-1], lng[n-1])
	}
	pts := []geo.LatLng{at(a)}
	for i := 0; i < n; i++ {
		if L > 0 && cum[i]/L > a && cum[i]/L < b {
			pts = append(pts, geo.PointE7(lat[i], lng[i]))
		}
	}
	pts = append(pts, at(b))
	if !forward {
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	return pts
}
