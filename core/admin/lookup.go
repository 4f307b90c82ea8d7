package admin

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/bando-vn/bando/core/tile"
)

// MetaKey is the key of the small tile that describes the admin grid.
const MetaKey = "admin/meta"

// ErrInvalidPoint: latitude or longitude is NaN, infinite or out of range.
var ErrInvalidPoint = errors.New("admin: invalid point")

// Status says what a lookup found.
type Status uint8

const (
	// NotFound: the point is outside every unit (sea, abroad, or outside the bundle).
	NotFound Status = iota
	// Found: the point is inside a ward of at least one structure.
	Found
	// Partial: no ward, but a higher unit (district or province) contains the point.
	Partial
)

func (s Status) String() string {
	switch s {
	case Found:
		return "found"
	case Partial:
		return "partial"
	}
	return "not found"
}

// NewUnits is the answer in the new structure (province + ward, since 1 July 2025).
// A zero Unit means unknown.
type NewUnits struct {
	Province      Unit
	ProvinceShort string // bando's short province code, e.g. "HN"; "" if unknown
	Ward          Unit
}

// WardBasis says how the old ward of a point is known.
type WardBasis uint8

const (
	// WardUnknown: no old ward is named (several are possible and no evidence decides).
	WardUnknown WardBasis = iota
	// WardKnown: an old-ward polygon holds the point, or the official table puts only
	// one old ward of the point's district in its new ward.
	WardKnown
	// WardInferred: several old wards are possible; the nearest evidence (FORMAT.md §4.2) names one.
	WardInferred
)

func (b WardBasis) String() string {
	switch b {
	case WardKnown:
		return "known"
	case WardInferred:
		return "inferred"
	}
	return "unknown"
}

// OldUnits is the answer in the old structure (province + district + ward,
// state of 1 March 2025). WardDerived is true when the old ward comes from the
// partition of a new ward (FORMAT.md §Seeds) rather than a polygon; Basis says
// whether that ward is known, inferred or unknown.
type OldUnits struct {
	Province    Unit
	District    Unit
	Ward        Unit
	WardDerived bool
	Basis       WardBasis
}

// Result is the answer for one point. Status NotFound is an answer, not an error.
type Result struct {
	Status Status
	New    NewUnits
	Old    OldUnits
}

// Lookup answers point queries from admin tiles. It reads only the tile of
// the grid cell containing the point, decoded through the store's one
// cache (tile.Decode). It is safe for concurrent use.
type Lookup struct {
	st *tile.Store

	mu   sync.Mutex
	size int32 // cell size, 0 until the meta tile is read
}

// New returns a Lookup over the admin tiles of st.
func New(st *tile.Store) *Lookup {
	return &Lookup{st: st}
}

// Lookup returns the units containing (lat, lng). Errors: ErrInvalidPoint,
// or an error of the tile layer (wrapping tile.ErrCorrupt for bytes that do
// not decode). A cell without a tile means NotFound, not an error.
func (l *Lookup) Lookup(ctx context.Context, lat, lng float64) (Result, error) {
	if !(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180) {
		return Result{}, ErrInvalidPoint
	}
	x, y := int32(math.Round(lng*Scale)), int32(math.Round(lat*Scale))
	c, err := l.cellAt(ctx, x, y)
	if err != nil || c == nil {
		return Result{}, err
	}
	r, err := c.Query(x, y)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w", CellKey(c.X, c.Y), err)
	}
	return r, nil
}

// cellAt returns the decoded cell containing (x, y), nil if it has no tile.
func (l *Lookup) cellAt(ctx context.Context, x, y int32) (*Cell, error) {
	size, err := l.cellSize(ctx)
	if err != nil {
		return nil, err
	}
	cx, cy := floorDiv(x, size), floorDiv(y, size)
	key := CellKey(cx, cy)
	if !l.st.Has(key) {
		return nil, nil
	}
	c, err := tile.Decode(ctx, l.st, key, DecodeCell)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", key, err)
	}
	if c.X != cx || c.Y != cy || c.Size != size {
		return nil, fmt.Errorf("%w: %s: tile is cell %d_%d size %d", tile.ErrCorrupt, key, c.X, c.Y, c.Size)
	}
	return c, nil
}

// cellSize reads the meta tile once.
func (l *Lookup) cellSize(ctx context.Context) (int32, error) {
	l.mu.Lock()
	size := l.size
	l.mu.Unlock()
	if size != 0 {
		return size, nil
	}
	m, err := tile.Decode(ctx, l.st, MetaKey, DecodeMeta)
	if err != nil {
		return 0, fmt.Errorf("admin: %s: %w", MetaKey, err)
	}
	l.mu.Lock()
	l.size = m.CellSize
	l.mu.Unlock()
	return m.CellSize, nil
}

func floorDiv(a, b int32) int32 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// Query answers for the point (x, y) in 1e-7° units, which must lie in the
// cell. The error (wrapping tile.ErrCorrupt) reports a polygon whose rings,
// decoded on first use, are corrupt.
func (c *Cell) Query(x, y int32) (Result, error) {
	var res Result
	nw, err := c.Layers[LayerNewWard].find(x, y)
	if err != nil {
		return res, err
	}
	od, err := c.Layers[LayerOldDistrict].find(x, y)
	if err != nil {
		return res, err
	}
	if nw >= 0 {
		w := c.NewWards[nw]
		res.New.Ward = w.Unit
		c.setNewProvince(&res, w.Province)
	} else {
		np, err := c.Layers[LayerNewProvince].find(x, y)
		if err != nil {
			return Result{}, err
		}
		c.setNewProvince(&res, np)
	}
	ow, err := c.Layers[LayerOldWard].find(x, y)
	if err != nil {
		return Result{}, err
	}
	if ow >= 0 {
		res.Old.Basis = WardKnown
	} else if nw >= 0 {
		ow, od, res.Old.Basis = c.oldFromSeeds(nw, od, x, y)
		res.Old.WardDerived = ow >= 0
	}
	if ow >= 0 {
		res.Old.Ward = c.OldWards[ow].Unit
		if d := c.OldWards[ow].District; d >= 0 {
			od = d
		}
	}
	op := -1
	if od >= 0 {
		res.Old.District = c.OldDistricts[od].Unit
		op = c.OldDistricts[od].Province
	}
	if op < 0 {
		if op, err = c.Layers[LayerOldProvince].find(x, y); err != nil {
			return Result{}, err
		}
	}
	if op >= 0 {
		res.Old.Province = c.OldProvinces[op]
	}
	res.Status = status(&res)
	return res, nil
}

func status(r *Result) Status {
	switch {
	case r.New.Ward.Code != "" || r.Old.Ward.Code != "":
		return Found
	case r.New.Province.Code != "" || r.Old.District.Code != "" || r.Old.Province.Code != "":
		return Partial
	}
	return NotFound
}

func (c *Cell) setNewProvince(res *Result, p int) {
	if p >= 0 {
		res.New.Province = c.NewProvinces[p].Unit
		res.New.ProvinceShort = c.NewProvinces[p].Short
	}
}

// oldFromSeeds answers the old ward and district at (x, y) inside new ward
// w, given od, the old district polygon containing the point (-1: none).
// The district polygon decides the district: the ward is the nearest of w's
// seeds in od, or unknown (-1) when the table puts none of od's wards in w.
// Where the point is in no district polygon, or w holds wards of a district
// without polygon (Derived: its area is only known through the table), the
// nearest of all w's seeds decides both. The ward is known when every seed
// considered names it, inferred when they name several, unknown when the
// nearest seed names none (OldWard -1: no evidence there).
func (c *Cell) oldFromSeeds(w, od int, x, y int32) (oldWard, oldDistrict int, basis WardBasis) {
	seeds := c.Seeds[c.seedStart[w]:c.seedStart[w+1]]
	if od >= 0 {
		if s := c.nearest(seeds, od, x, y); s >= 0 {
			return seeds[s].OldWard, od, basisOf(seeds, od, seeds[s].OldWard)
		}
		if !c.tableFirst[w] {
			return -1, od, WardUnknown
		}
	}
	if s := c.nearest(seeds, -2, x, y); s >= 0 {
		return seeds[s].OldWard, seeds[s].OldDistrict, basisOf(seeds, -2, seeds[s].OldWard)
	}
	return -1, od, WardUnknown
}

// basisOf: known when every seed of district od (all when -2) names ow.
func basisOf(seeds []Seed, od, ow int) WardBasis {
	if ow < 0 {
		return WardUnknown
	}
	for _, s := range seeds {
		if (od == -2 || s.OldDistrict == od) && s.OldWard != ow {
			return WardInferred
		}
	}
	return WardKnown
}

// nearest returns the index of the seed nearest (x, y) among those of
// district od (all seeds when od is -2), -1 if there is none.
func (c *Cell) nearest(seeds []Seed, od int, x, y int32) int {
	best, bestD := -1, math.Inf(1)
	for i, s := range seeds {
		if od != -2 && s.OldDistrict != od {
			continue
		}
		dx := float64(s.X-x) * c.cosLat
		dy := float64(s.Y - y)
		if d := dx*dx + dy*dy; d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// Names are the official names of the units containing a point in one
// structure; District is "" in the new structure, and every name is ""
// where unknown.
type Names struct {
	Ward, District, Province string
	// Basis says how Ward is known (always WardKnown for a new ward found);
	// Candidates, when the old ward is inferred or unknown, are the old wards
	// the point may lie in (of its new ward, and of its old district when that
	// is known), by code; nil otherwise.
	Basis      WardBasis
	Candidates []string
}

// Names returns the result's names in the new structure (v2) or the old
// (without candidates: NamesAt adds them).
func (r Result) Names(v2 bool) Names {
	if v2 {
		n := Names{Ward: r.New.Ward.Name, Province: r.New.Province.Name}
		if n.Ward != "" {
			n.Basis = WardKnown
		}
		return n
	}
	return Names{Ward: r.Old.Ward.Name, District: r.Old.District.Name, Province: r.Old.Province.Name, Basis: r.Old.Basis}
}

// NamesAt names the units containing (lat, lng) (API.md §4), with the
// candidate old wards where the old ward is not known. A nil Lookup (a
// bundle without an admin layer) names nothing.
func (l *Lookup) NamesAt(ctx context.Context, lat, lng float64, v2 bool) (Names, error) {
	if l == nil {
		return Names{}, nil
	}
	res, err := l.Lookup(ctx, lat, lng)
	if err != nil {
		return Names{}, err
	}
	return l.NamesOf(ctx, res, v2)
}

// NamesOf is Names plus the candidate old wards (read from admin/units)
// where the old ward is inferred or unknown.
func (l *Lookup) NamesOf(ctx context.Context, res Result, v2 bool) (Names, error) {
	n := res.Names(v2)
	if v2 || n.Basis == WardKnown || res.New.Ward.Code == "" {
		return n, nil
	}
	u, err := l.UnitsIfAny(ctx)
	if err != nil || u == nil {
		return n, err
	}
	n.Candidates = u.OldWardsIn(res.New.Ward.Code, res.Old.District.Code)
	return n, nil
}
