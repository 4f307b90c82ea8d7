package graph

import (
	"math"
	"strconv"
	"strings"

	rg "github.com/bando-vn/bando/core/route/graph"
	"github.com/paulmach/osm"
)

// accessChain lists, per mode, the OSM keys from the most specific to the
// most general (OSM wiki "Key:access" hierarchy).
var accessChain = [rg.NumModes][]string{
	rg.ModeCar:        {"motorcar", "motor_vehicle", "vehicle", "access"},
	rg.ModeHGV:        {"hgv", "motor_vehicle", "vehicle", "access"},
	rg.ModeMotorcycle: {"motorcycle", "motor_vehicle", "vehicle", "access"},
	rg.ModeBicycle:    {"bicycle", "vehicle", "access"},
	rg.ModeFoot:       {"foot", "access"},
}

func accessValue(v string) (rg.Access, bool) {
	switch v {
	case "":
		return rg.AccessDefault, false
	case "yes", "permissive", "designated", "official", "permit":
		return rg.AccessYes, true
	case "no", "private", "agricultural", "forestry", "delivery", "use_sidepath", "discouraged":
		return rg.AccessNo, true
	case "destination", "customers":
		return rg.AccessDestination, true
	}
	return rg.AccessDefault, false
}

// resolveAccess applies the hierarchy for one mode.
func resolveAccess(tags osm.Tags, m rg.Mode) rg.Access {
	for _, k := range accessChain[m] {
		if a, ok := accessValue(tags.Find(k)); ok {
			return a
		}
	}
	return rg.AccessDefault
}

// edgeTemplate reads a way's tags into an edge without endpoints; ok is
// false for ways that are not routable (no highway, areas, construction).
func edgeTemplate(tags osm.Tags) (rg.Edge, bool) {
	var e rg.Edge
	hw := tags.Find("highway")
	if tags.Find("route") == "ferry" {
		e.Class, e.Flags = rg.ClassFerry, rg.FlagFerry
		e.Duration = parseDuration(tags.Find("duration"))
	} else if c, ok := rg.RoutableHighway(hw); ok && tags.Find("area") != "yes" {
		e.Class = c
		if d := parseDuration(tags.Find("duration")); d > 0 {
			e.Duration = d
		}
	} else {
		return e, false
	}
	for m := rg.Mode(0); m < rg.NumModes; m++ {
		e.SetAccess(m, resolveAccess(tags, m))
	}
	e.Flags |= onewayFlags(tags, e.Class)
	flagIf(&e, tags.Find("toll") == "yes", rg.FlagToll)
	flagIf(&e, tags.Find("tunnel") != "" && tags.Find("tunnel") != "no", rg.FlagTunnel)
	flagIf(&e, tags.Find("bridge") != "" && tags.Find("bridge") != "no", rg.FlagBridge)
	flagIf(&e, tags.Find("motorroad") == "yes", rg.FlagMotorroad)
	w := parseNumber(tags.Find("width"))
	if w > 0 {
		e.Width = uint8(min(255, math.Round(w*10)))
	}
	narrow := w > 0 && w < 3 && e.Class >= rg.ClassUnclassified
	flagIf(&e, tags.Find("service") == "alley" || narrow, rg.FlagAlley)
	e.MaxSpeed, e.MaxSpeedB = speedLimits(tags)
	e.MaxWeight = uint16(min(65535, math.Round(parseNumber(tags.Find("maxweight"))*100)))
	e.MaxHeight = uint16(min(65535, math.Round(parseNumber(tags.Find("maxheight"))*100)))
	return e, true
}

func flagIf(e *rg.Edge, cond bool, f uint16) {
	if cond {
		e.Flags |= f
	}
}

func onewayFlags(tags osm.Tags, c rg.Class) uint16 {
	var f uint16
	switch tags.Find("oneway") {
	case "yes", "1", "true":
		f |= rg.FlagOneway
	case "-1", "reverse":
		f |= rg.FlagOnewayRev
	case "no", "false", "0":
	default:
		if c == rg.ClassMotorway {
			f |= rg.FlagOneway // implied on motorways
		}
	}
	if j := tags.Find("junction"); (j == "roundabout" || j == "circular") && tags.Find("oneway") != "no" {
		f |= rg.FlagRoundabout
	}
	switch tags.Find("oneway:motorcycle") {
	case "no", "false", "0":
		f |= rg.FlagMotoTwoWay
	case "yes", "1", "true":
		f |= rg.FlagMotoOneway
	}
	if tags.Find("oneway:bicycle") == "no" || strings.HasPrefix(tags.Find("cycleway"), "opposite") {
		f |= rg.FlagBikeTwoWay
	}
	return f
}

// parseNumber reads the leading decimal number of a value ("4.5 m", "10t").
func parseNumber(v string) float64 {
	v = strings.TrimSpace(strings.ReplaceAll(v, ",", "."))
	end := 0
	for end < len(v) && (v[end] >= '0' && v[end] <= '9' || v[end] == '.') {
		end++
	}
	f, err := strconv.ParseFloat(v[:end], 64)
	if err != nil || math.IsNaN(f) || f < 0 {
		return 0
	}
	return f
}

// speedLimits are the forward and backward legal limits: maxspeed:forward
// and maxspeed:backward where tagged, else maxspeed.
func speedLimits(tags osm.Tags) (fwd, bwd uint8) {
	both := parseSpeed(tags.Find("maxspeed"))
	fwd, bwd = both, both
	if f := parseSpeed(tags.Find("maxspeed:forward")); f > 0 {
		fwd = f
	}
	if b := parseSpeed(tags.Find("maxspeed:backward")); b > 0 {
		bwd = b
	}
	return fwd, bwd
}

// parseSpeed reads maxspeed in km/h ("50", "30 mph"), at most 255; 0
// when unknown.
func parseSpeed(v string) uint8 {
	s := parseNumber(v)
	if strings.Contains(v, "mph") {
		s *= 1.609344
	}
	return uint8(min(255, math.Round(s)))
}

// MaxDurationS caps a way's duration: 2^22 − 1 deciseconds (4.85 days),
// the largest segment duration OSRM stores. A longer value is a tagging
// error in practice, and the cap keeps a path's sum of edge costs (u32
// deciseconds) far from overflowing.
const MaxDurationS = (1<<22 - 1) / 10

// parseDuration reads OSM duration values: "MM", "HH:MM", "HH:MM:SS", and
// ISO 8601 durations ("PT1H30M", "P5D", "P1DT2H", "P2W"; years and months
// have no fixed length and are refused). 0 when absent or unreadable;
// capped at MaxDurationS.
func parseDuration(v string) uint32 {
	v = strings.TrimSpace(v)
	var s float64
	if strings.HasPrefix(v, "P") {
		s = parseISODuration(v[1:])
	} else {
		s = parseClockDuration(v)
	}
	if s <= 0 {
		return 0
	}
	return uint32(min(math.Round(max(s, 1)), MaxDurationS))
}

// parseClockDuration reads "MM", "HH:MM" or "HH:MM:SS" in seconds.
func parseClockDuration(v string) float64 {
	parts := strings.Split(v, ":")
	if v == "" || len(parts) > 3 {
		return 0
	}
	mult := [][]float64{{60}, {3600, 60}, {3600, 60, 1}}[len(parts)-1]
	total := 0.0
	for i, p := range parts {
		f, err := strconv.ParseFloat(p, 64)
		if err != nil || f < 0 || math.IsNaN(f) || f > 1e7 {
			return 0
		}
		total += f * mult[i]
	}
	return total
}

// isoUnits are the seconds of the ISO 8601 designators before ("date")
// and after ("time") the T.
var isoUnits = map[bool]map[rune]float64{
	false: {'W': 7 * 86400, 'D': 86400},
	true:  {'H': 3600, 'M': 60, 'S': 1},
}

// parseISODuration reads the part of an ISO 8601 duration after the P.
func parseISODuration(v string) float64 {
	total, num, inTime, seen := 0.0, "", false, false
	for _, r := range v {
		switch {
		case r >= '0' && r <= '9' || r == '.' || r == ',':
			num += string(r)
			continue
		case r == 'T' && !inTime && num == "":
			inTime = true
			continue
		}
		unit, ok := isoUnits[inTime][r]
		f, err := strconv.ParseFloat(strings.ReplaceAll(num, ",", "."), 64)
		if !ok || err != nil || f > 1e7 {
			return 0
		}
		total, num, seen = total+f*unit, "", true
	}
	if num != "" || !seen {
		return 0
	}
	return total
}

// passableBarriers do not stop motor vehicles (OSRM car profile's list).
var passableBarriers = map[string]bool{"cattle_grid": true, "border_control": true, "toll_booth": true,
	"sally_port": true, "gate": true, "lift_gate": true, "no": true, "entrance": true,
	"height_restrictor": true, "arch": true}

// nodeFlags reads the routing flags of a node's tags.
func nodeFlags(tags osm.Tags) uint8 {
	var f uint8
	hw := tags.Find("highway")
	if hw == "traffic_signals" {
		f |= rg.NodeSignals
	}
	if hw == "stop" || hw == "give_way" {
		f |= rg.NodeStop
	}
	if b := tags.Find("barrier"); b != "" && !passableBarriers[b] {
		f |= rg.NodeBarrier
		if a := resolveAccess(tags, rg.ModeCar); a == rg.AccessYes {
			f |= rg.NodeBarrierOpen
		}
	}
	return f
}
