package costing

import (
	"fmt"
	"strings"

	"github.com/bando-vn/bando/core/route/graph"
)

// Avoid is a set of road features a route must not use (Google's
// avoid=tolls|highways|ferries; Valhalla's use_tolls, use_highways,
// use_ferry at 0).
type Avoid uint8

// What Avoid can exclude.
const (
	AvoidTolls    Avoid = 1 << iota // edges tagged toll=yes
	AvoidHighways                   // motorway, motorway_link and motorroad=yes
	AvoidFerries                    // ferries (route=ferry)
)

var avoidNames = []struct {
	name string
	bit  Avoid
}{{"tolls", AvoidTolls}, {"highways", AvoidHighways}, {"ferries", AvoidFerries}}

// ParseAvoid reads Google's avoid value: feature names separated by "|"
// (or ","), any order, repeats allowed; "" is no avoidance. An unknown
// name is an error naming it.
func ParseAvoid(s string) (Avoid, error) {
	var a Avoid
	if s == "" {
		return 0, nil
	}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == '|' || r == ',' }) {
		f = strings.ToLower(strings.TrimSpace(f))
		bit := Avoid(0)
		for _, n := range avoidNames {
			if n.name == f {
				bit = n.bit
			}
		}
		if bit == 0 {
			return 0, fmt.Errorf("unknown feature %q (tolls, highways, ferries)", f)
		}
		a |= bit
	}
	return a, nil
}

// String lists the avoided features, "|"-separated, in a fixed order.
func (a Avoid) String() string {
	var parts []string
	for _, n := range avoidNames {
		if a&n.bit != 0 {
			parts = append(parts, n.name)
		}
	}
	return strings.Join(parts, "|")
}

// Excludes reports whether a route avoiding a may not use edge e.
func (a Avoid) Excludes(e *graph.Edge) bool {
	if a&AvoidTolls != 0 && e.Has(graph.FlagToll) {
		return true
	}
	if a&AvoidHighways != 0 && (e.Class == graph.ClassMotorway || e.Class == graph.ClassMotorwayLink || e.Has(graph.FlagMotorroad)) {
		return true
	}
	return a&AvoidFerries != 0 && (e.Has(graph.FlagFerry) || e.Class == graph.ClassFerry)
}

// WithAvoid returns c restricted to edges a does not exclude (c itself when
// a is empty). Its fingerprint differs from c's, so no hierarchy built for
// c is used with it: the exact edge-based search answers, and its answer is
// the best route among those avoiding the features (or none).
func WithAvoid(c Costing, a Avoid) Costing {
	if a == 0 {
		return c
	}
	return &avoiding{Costing: c, avoid: a}
}

type avoiding struct {
	Costing
	avoid Avoid
}

func (v *avoiding) EdgeCost(e *graph.Edge, forward bool) (uint32, bool) {
	if v.avoid.Excludes(e) {
		return 0, false
	}
	return v.Costing.EdgeCost(e, forward)
}

func (v *avoiding) Fingerprint() string {
	return v.Costing.Fingerprint() + "+avoid:" + v.avoid.String()
}

// Avoiding returns the features c avoids (0 for a plain costing).
func Avoiding(c Costing) Avoid {
	if v, ok := c.(*avoiding); ok {
		return v.avoid
	}
	return 0
}
