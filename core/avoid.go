package core

import (
	"encoding/json"
	"fmt"

	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/route/costing"
)

// valhallaAvoid reads Valhalla's costing_options for the request's costing
// (API.md §3.8): use_tolls, use_highways and use_ferry at 0 avoid tolls,
// motorways and ferries exactly (costing.Avoid); any other value in [0, 1]
// is the default (bando weighs routes by time alone, with no soft
// preference). Options of other costings are ignored, as Valhalla does.
// request is the `json` parameter, name the costing ("" = auto).
func valhallaAvoid(request, name string) (costing.Avoid, error) {
	if name == "" {
		name = "auto"
	}
	var raw struct {
		Options map[string]map[string]json.RawMessage `json:"costing_options"`
	}
	if err := json.Unmarshal([]byte(request), &raw); err != nil {
		return 0, errs.InvalidParam("costing_options", "expected an object of objects: %v", err).WithCode(100)
	}
	var a costing.Avoid
	for key, bit := range map[string]costing.Avoid{"use_tolls": costing.AvoidTolls,
		"use_highways": costing.AvoidHighways, "use_ferry": costing.AvoidFerries} {
		v, ok := raw.Options[name][key]
		if !ok {
			continue
		}
		var f float64
		if err := json.Unmarshal(v, &f); err != nil || f < 0 || f > 1 {
			return 0, errs.InvalidParam(fmt.Sprintf("costing_options.%s.%s", name, key), "expected a number from 0 to 1").WithCode(100)
		}
		if f == 0 {
			a |= bit
		}
	}
	return a, nil
}
