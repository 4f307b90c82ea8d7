package graphbuild

import (
	"math"
	"strconv"
	"strings"

	"github.com/bando-vn/bando/core/route/graph"
	"github.com/paulmach/osm"
)

// accessChain lists, per mode, the OSM keys from the most specific to the
// most general (OSM wiki "Key:access" hierarchy).
var accessChain = [graph.NumModes][]string{
	graph.ModeCar:        {"motorcar", "motor_vehicle", "vehicle", "access"},
	graph.ModeHGV:        {"hgv", "motor_vehicle", "vehicle", "access"},
	graph.ModeMotorcycle: {"motorcycle", "motor_vehicle", "vehicle", "access"},
	graph.ModeBicycle:    {"bicycle", "vehicle", "access"},
	graph.ModeFoot:       {"foot", "access"},
}

func accessValue(v string) (graph.Access, bool) {
	switch v {
	case "":
		return graph.AccessDefault, false
	case "yes", "permissive", "designated", "official", "permit":
		return graph.AccessYes, true
	case "no", "private", "agricultural", "forestry", "delivery", "use_sidepath", "discouraged":
		return graph.AccessNo, true
	case "destination", "customers":
		return graph.AccessDestination, true
	}
	return graph.AccessDefault, false
}

// resolveAccess applies the hierarchy for one mode.
func resolveAccess(tags osm.Tags, m graph.Mode) graph.Access {
	for _, k := range accessChain[m] {
		if a, ok := accessValue(tags.Find(k)); ok {
			return a
		}
	}
	return graph.AccessDefault
}

// edgeTemplate reads a way's tags into an edge without endpoints; ok is
// false for ways that are not routable (no highway, areas, construction).
func edgeTemplate(tags osm.Tags) (graph.Edge, bool) {
	var e graph.Edge
	hw := tags.Find("highway")
	if tags.Find("route") == "ferry" {
		e.Class, e.Flags = graph.ClassFerry, graph.FlagFerry
		e.Duration = parseDuration(tags.Find("duration"))
	} else if c, ok := graph.RoutableHighway(hw); ok && tags.Find("area") != "yes" {
		e.Class = c
		if d := parseDuration(tags.Find("duration")); d > 0 {
			e.Duration = d
		}
	} else {
		return e, false
	}
	for m := graph.Mode(0); m < graph.NumModes; m++ {
		e.SetAccess(m, resolveAccess(tags, m))
	}
	e.Flags |= onewayFlags(tags, e.Class)
	flagIf(&e, tags.Find("toll") == "yes", graph.FlagToll)
	flagIf(&e, tags.Find("tunnel") != "" && tags.Find("tunnel") != "no", graph.FlagTunnel)
	flagIf(&e, tags.Find("bridge") != "" && tags.Find("bridge") != "no", graph.FlagBridge)
	flagIf(&e, tags.Find("motorroad") == "yes", graph.FlagMotorroad)
	w := parseNumber(tags.Find("width"))
	if w > 0 {
		e.Width = uint8(min(255, math.Round(w*10)))
	}
	narrow := w > 0 && w < 3 && e.Class >= graph.ClassUnclassified
	flagIf(&e, tags.Find("service") == "alley" || narrow, graph.FlagAlley)
	e.MaxSpeed, e.MaxSpeedB = speedLimits(tags)
	e.MaxWeight = uint16(min(65535, math.Round(parseNumber(tags.Find("maxweight"))*100)))
	e.MaxHeight = uint16(min(65535, math.Round(parseNumber(tags.Find("maxheight"))*100)))
	return e, true
}

func flagIf(e *graph.Edge, cond bool, f uint16) {
	if cond {
		e.Flags |= f
	}
}

func onewayFlags(tags osm.Tags, c graph.Class) uint16 {
	var f uint16
	switch tags.Find("oneway") {
	case "yes", "1", "true":
		f |= graph.FlagOneway
	case "-1", "reverse":
		f |= graph.FlagOnewayRev
	case "no", "false", "0":
	default:
		if c == graph.ClassMotorway {
			f |= graph.FlagOneway // implied on motorways
		}
	}
	if j := tags.Find("junction"); (j == "roundabout" || j == "circular") && tags.Find("oneway") != "no" {
		f |= graph.FlagRoundabout
	}
	switch tags.Find("oneway:motorcycle") {
	case "no", "false", "0":
		f |= graph.FlagMotoTwoWay
	case "yes", "1", "true":
		f |= graph.FlagMotoOneway
	}
	if tags.Find("oneway:bicycle") == "no" || strings.HasPrefix(tags.Find("cycleway"), "opposite") {
		f |= graph.FlagBikeTwoWay
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
		f |= graph.NodeSignals
	}
	if hw == "stop" || hw == "give_way" {
		f |= graph.NodeStop
	}
	if b := tags.Find("barrier"); b != "" && !passableBarriers[b] {
		f |= graph.NodeBarrier
		if a := resolveAccess(tags, graph.ModeCar); a == graph.AccessYes {
			f |= graph.NodeBarrierOpen
		}
	}
	return f
}
