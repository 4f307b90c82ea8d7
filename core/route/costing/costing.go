package costing

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"

	"github.com/bando-vn/bando/core/route/graph"
)

// Costing is what a path search knows of a vehicle. Costs are integers in
// deciseconds so that sums are exact; weight equals duration.
type Costing interface {
	// Name is the profile's name ("car", "motor"...).
	Name() string
	// EdgeCost is the cost of traversing e forward (U→V) or backward; ok is
	// false when the vehicle may not traverse it in that direction.
	EdgeCost(e *graph.Edge, forward bool) (cost uint32, ok bool)
	// NodeCost is the cost of entering a node with these flags; ok is false
	// when the vehicle may not pass it (a barrier).
	NodeCost(flags uint8) (cost uint32, ok bool)
	// UTurnCost is the penalty of turning back onto the edge one came from.
	UTurnCost() uint32
	// Applies reports whether a turn restriction binds this vehicle.
	Applies(r *graph.Restriction) bool
	// Fingerprint identifies the costing's rules: precomputed hierarchies
	// built with another fingerprint must not be used with it.
	Fingerprint() string
}

// Profile is a costing defined by data (profiles.json). Speeds are km/h.
type Profile struct {
	Alias         string             `json:"alias,omitempty"`
	ModeName      string             `json:"mode"`
	Speeds        map[string]float64 `json:"speeds"`
	SpeedsBack    map[string]float64 `json:"speeds_backward,omitempty"` // classes slower (or faster) backward, U←V
	DefaultSpeed  float64            `json:"default_speed,omitempty"`   // for classes not in Speeds (0: not allowed)
	YesSpeed      float64            `json:"yes_speed"`                 // for classes allowed only by an explicit access tag
	Never         []string           `json:"never,omitempty"`           // classes no tag can open
	MaxKmh        float64            `json:"max_kmh,omitempty"`         // vehicle's top speed (0: none)
	Ferry         bool               `json:"ferry"`
	AvoidAlley    bool               `json:"avoid_alley,omitempty"` // alleys (service=alley, width < 3 m) closed
	BarriersBlock bool               `json:"barriers_block,omitempty"`
	IgnoreOneway  bool               `json:"ignore_oneway,omitempty"`
	MotoOneway    bool               `json:"moto_oneway,omitempty"` // obey oneway:motorcycle
	BikeOneway    bool               `json:"bike_oneway,omitempty"` // obey oneway:bicycle
	WeightT       float64            `json:"weight_t,omitempty"`
	HeightM       float64            `json:"height_m,omitempty"`
	UTurnS        float64            `json:"u_turn_s"`
	SignalS       float64            `json:"signal_s"`

	name    string
	mode    graph.Mode
	dsPerCM [64]float64 // per class: deciseconds per centimetre (0 = closed by default)
	dsBack  [64]float64 // per class, backward: as dsPerCM
	yesDs   float64
	never   [64]bool
	capKmh  float64
	weight  uint16
	height  uint16
	uturn   uint32
	signal  uint32
	finger  string
}

//go:embed profiles.json
var profilesJSON []byte

var builtin = mustLoad(profilesJSON)

// Get returns a built-in profile by name.
func Get(name string) (*Profile, bool) {
	p, ok := builtin[name]
	return p, ok
}

func mustLoad(b []byte) map[string]*Profile {
	ps, err := Parse(b)
	if err != nil {
		panic(err)
	}
	return ps
}

// Parse reads a set of profiles in the profiles.json shape.
func Parse(b []byte) (map[string]*Profile, error) {
	raw := map[string]json.RawMessage{}
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, err
	}
	out := map[string]*Profile{}
	for name, r := range raw {
		var p Profile
		if err := json.Unmarshal(r, &p); err != nil {
			return nil, fmt.Errorf("profile %s: %w", name, err)
		}
		if p.Alias != "" {
			if err := json.Unmarshal(raw[p.Alias], &p); err != nil {
				return nil, fmt.Errorf("profile %s: alias %s: %w", name, p.Alias, err)
			}
			p.Alias = ""
		}
		p.name = name
		canon, _ := json.Marshal(&p) // sorted map keys: a stable fingerprint
		sum := sha256.Sum256(canon)
		p.finger = hex.EncodeToString(sum[:8])
		if err := p.compile(); err != nil {
			return nil, fmt.Errorf("profile %s: %w", name, err)
		}
		out[name] = &p
	}
	return out, nil
}

var modes = map[string]graph.Mode{"car": graph.ModeCar, "hgv": graph.ModeHGV, "motorcycle": graph.ModeMotorcycle,
	"bicycle": graph.ModeBicycle, "foot": graph.ModeFoot}

func dsPerCM(kmh float64) float64 {
	if kmh <= 0 {
		return 0
	}
	return 10 / (kmh / 3.6 * 100) // deciseconds per cm
}

func (p *Profile) compile() error {
	m, ok := modes[p.ModeName]
	if !ok {
		return fmt.Errorf("unknown mode %q", p.ModeName)
	}
	p.mode = m
	for c := graph.Class(0); c < 64; c++ {
		p.dsPerCM[c] = dsPerCM(p.DefaultSpeed)
	}
	if err := p.eachClass(p.Speeds, func(c graph.Class, kmh float64) { p.dsPerCM[c] = dsPerCM(kmh) }); err != nil {
		return err
	}
	p.dsBack = p.dsPerCM
	if err := p.eachClass(p.SpeedsBack, func(c graph.Class, kmh float64) { p.dsBack[c] = dsPerCM(kmh) }); err != nil {
		return err
	}
	never := map[string]float64{}
	for _, name := range p.Never {
		never[name] = 0
	}
	if err := p.eachClass(never, func(c graph.Class, _ float64) { p.never[c] = true }); err != nil {
		return err
	}
	// Ways of no known class (an unknown highway value) are for profiles
	// with a default speed only: no access tag opens them otherwise.
	p.never[graph.ClassOther] = p.never[graph.ClassOther] || p.DefaultSpeed <= 0
	p.yesDs = dsPerCM(p.YesSpeed)
	p.capKmh = p.MaxKmh
	p.weight = uint16(math.Round(p.WeightT * 100))
	p.height = uint16(math.Round(p.HeightM * 100))
	p.uturn = uint32(math.Round(p.UTurnS * 10))
	p.signal = uint32(math.Round(p.SignalS * 10))
	return nil
}

// eachClass calls fn for every class named in m.
func (p *Profile) eachClass(m map[string]float64, fn func(graph.Class, float64)) error {
	for name, v := range m {
		c, ok := graph.ClassOf(name)
		if !ok {
			return fmt.Errorf("unknown class %q", name)
		}
		fn(c, v)
	}
	return nil
}

// Name implements Costing.
func (p *Profile) Name() string { return p.name }

// Fingerprint implements Costing.
func (p *Profile) Fingerprint() string { return p.finger }

// Mode is the access mode the profile reads.
func (p *Profile) Mode() graph.Mode { return p.mode }

// UTurnCost implements Costing.
func (p *Profile) UTurnCost() uint32 { return p.uturn }

// Applies implements Costing.
func (p *Profile) Applies(r *graph.Restriction) bool {
	return r.Except&(1<<p.mode) == 0 && p.mode != graph.ModeFoot
}

// NodeCost implements Costing.
func (p *Profile) NodeCost(flags uint8) (uint32, bool) {
	if p.BarriersBlock && flags&graph.NodeBarrier != 0 && flags&graph.NodeBarrierOpen == 0 {
		return 0, false
	}
	if flags&graph.NodeSignals != 0 {
		return p.signal, true
	}
	return 0, true
}

// EdgeCost implements Costing.
func (p *Profile) EdgeCost(e *graph.Edge, forward bool) (uint32, bool) {
	if !p.allowed(e) || !p.direction(e, forward) {
		return 0, false
	}
	if e.Duration > 0 {
		return e.Duration * 10, true
	}
	per := p.dsPerCM[e.Class&63]
	if !forward {
		per = p.dsBack[e.Class&63]
	}
	if e.AccessFor(p.mode) == graph.AccessYes && per == 0 {
		per = p.yesDs
	}
	if e.Has(graph.FlagFerry) && per == 0 {
		per = dsPerCM(10)
	}
	cap := p.capKmh
	if lim := float64(e.SpeedLimit(forward)); lim > 0 && (cap == 0 || lim < cap) {
		cap = lim
	}
	if c := dsPerCM(cap); cap > 0 && c > per {
		per = c
	}
	return uint32(math.Round(float64(e.LengthCM) * per)), true
}

// allowed: may the vehicle use the edge at all?
func (p *Profile) allowed(e *graph.Edge) bool {
	if p.never[e.Class&63] {
		return false
	}
	if e.Has(graph.FlagFerry) {
		return p.Ferry && e.AccessFor(p.mode) != graph.AccessNo
	}
	if p.weight > 0 && e.MaxWeight > 0 && p.weight > e.MaxWeight {
		return false
	}
	if p.height > 0 && e.MaxHeight > 0 && p.height > e.MaxHeight {
		return false
	}
	switch e.AccessFor(p.mode) {
	case graph.AccessNo:
		return false
	case graph.AccessYes:
		return true
	}
	if p.AvoidAlley && e.Has(graph.FlagAlley) {
		return false
	}
	return p.dsPerCM[e.Class&63] > 0
}

// direction applies one-way rules.
func (p *Profile) direction(e *graph.Edge, forward bool) bool {
	if p.IgnoreOneway {
		return true
	}
	fwdOnly := e.Flags&(graph.FlagOneway|graph.FlagRoundabout) != 0
	bwdOnly := e.Has(graph.FlagOnewayRev)
	switch {
	case p.MotoOneway && e.Has(graph.FlagMotoTwoWay), p.BikeOneway && e.Has(graph.FlagBikeTwoWay):
		return true
	case p.MotoOneway && e.Has(graph.FlagMotoOneway):
		fwdOnly = true
	}
	if forward {
		return !bwdOnly
	}
	return !fwdOnly
}

// valhallaNames maps Valhalla's costing names (API.md §3.8) to profiles.
var valhallaNames = map[string]string{"auto": "car", "taxi": "taxi", "truck": "truck", "bicycle": "bike",
	"pedestrian": "walking", "motorcycle": "motor", "motor_scooter": "motor"}

// ForValhalla returns the profile for a Valhalla costing name ("" means
// auto); ok is false for names bando does not know.
func ForValhalla(name string) (*Profile, bool) {
	if name == "" {
		name = "auto"
	}
	p, ok := valhallaNames[name]
	if !ok {
		return nil, false
	}
	return Get(p)
}
