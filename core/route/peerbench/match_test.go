//go:build routino

package peerbench

import (
	"math"

	"github.com/bando-vn/bando/bundle/graphbuild"
	"github.com/bando-vn/bando/core/geo"
)

// edgePos is a place on an edge's geometry: the index of a vertex plus
// the fraction of the way to the next one (2.5: halfway between vertices
// 2 and 3).
type edgePos struct {
	edge uint32
	pos  float64
}

// segRef is one straight segment of an edge's geometry.
type segRef struct{ edge, k uint32 }

// segIndex finds bando's edge segments near a point: a grid of cellE7
// (0.0005°, ~55 m) cells, each segment in every cell its box touches.
type segIndex struct {
	g     *graphbuild.Graph
	cells map[[2]int32][]segRef
}

const cellE7 = 5000

func cellOf(latE7, lngE7 int32) [2]int32 {
	return [2]int32{int32(math.Floor(float64(latE7) / cellE7)), int32(math.Floor(float64(lngE7) / cellE7))}
}

func newSegIndex(g *graphbuild.Graph) *segIndex {
	ix := &segIndex{g: g, cells: map[[2]int32][]segRef{}}
	for e := range g.Edges {
		lat, lng := g.Geometry(uint32(e))
		for k := 0; k+1 < len(lat); k++ {
			a, b := cellOf(min(lat[k], lat[k+1]), min(lng[k], lng[k+1])), cellOf(max(lat[k], lat[k+1]), max(lng[k], lng[k+1]))
			for i := a[0]; i <= b[0]; i++ {
				for j := a[1]; j <= b[1]; j++ {
					ix.cells[[2]int32{i, j}] = append(ix.cells[[2]int32{i, j}], segRef{uint32(e), uint32(k)})
				}
			}
		}
	}
	return ix
}

// vertexTolM: a point within this of a vertex is that vertex (Routino's
// points are float32 radians: ≤ 0.4 m off); lineTolM: a point within
// this of a segment (and of none of its vertices) lies on it.
const vertexTolM, lineTolM = 1.0, 1.0

// positions lists every place on bando's edges within tolerance of p.
func (ix *segIndex) positions(p geo.LatLng) []edgePos {
	mLat, mLng := geo.MetresPerDegree(p.Lat)
	xy := func(latE7, lngE7 int32) (float64, float64) {
		return (geo.FromE7(lngE7) - p.Lng) * mLng, (geo.FromE7(latE7) - p.Lat) * mLat
	}
	c := cellOf(geo.E7(p.Lat), geo.E7(p.Lng))
	seen := map[edgePos]bool{}
	var out []edgePos
	add := func(ep edgePos) {
		if !seen[ep] {
			seen[ep] = true
			out = append(out, ep)
		}
	}
	for di := int32(-1); di <= 1; di++ {
		for dj := int32(-1); dj <= 1; dj++ {
			for _, s := range ix.cells[[2]int32{c[0] + di, c[1] + dj}] {
				lat, lng := ix.g.Geometry(s.edge)
				ax, ay := xy(lat[s.k], lng[s.k])
				bx, by := xy(lat[s.k+1], lng[s.k+1])
				da, db := math.Hypot(ax, ay), math.Hypot(bx, by)
				if da <= vertexTolM {
					add(edgePos{s.edge, float64(s.k)})
				}
				if db <= vertexTolM {
					add(edgePos{s.edge, float64(s.k + 1)})
				}
				if da > vertexTolM && db > vertexTolM {
					dx, dy := bx-ax, by-ay
					l2 := dx*dx + dy*dy
					if l2 == 0 {
						continue
					}
					t := -(ax*dx + ay*dy) / l2
					if t > 0 && t < 1 && math.Hypot(ax+t*dx, ay+t*dy) <= lineTolM {
						add(edgePos{s.edge, float64(s.k) + t})
					}
				}
			}
		}
	}
	return out
}

// step is a piece of one edge between two consecutive points of a path.
type step struct {
	edge    uint32
	from    float64
	to      float64
	forward bool
}

// adjacent reports whether positions a and b on one edge are distinct and
// within one segment of each other (no vertex strictly between them).
func adjacent(a, b float64) bool {
	const eps = 1e-9
	lo, hi := min(a, b), max(a, b)
	if hi-lo < eps || hi-lo > 1+eps {
		return false
	}
	return hi <= math.Floor(lo+eps)+1+eps
}

// stepsBetween lists the edge pieces joining p's positions to q's.
func stepsBetween(ps, qs []edgePos) []step {
	var out []step
	for _, a := range ps {
		for _, b := range qs {
			if a.edge == b.edge && adjacent(a.pos, b.pos) {
				out = append(out, step{a.edge, a.pos, b.pos, b.pos > a.pos})
			}
		}
	}
	return out
}
