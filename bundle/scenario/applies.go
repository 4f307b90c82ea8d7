package scenario

import (
	"fmt"
	"sort"
	"strings"
)

// Columns each query step can check; any other column makes the scenario
// not applicable (it tests an OSRM response field bando does not have).
var queryColumns = map[string]map[string]bool{
	"I route I should get": set("from", "to", "waypoints", "route", "turns", "time", "distance", "speed",
		"modes", "weight", "status", "times", "distances", "weights", "locations", "#"),
	"I request nearest I should get": set("in", "out", "#"),
	"I plan a trip I should get":     set("waypoints", "trips", "source", "destination", "roundtrip", "durations", "distance", "#"),
}

func set(xs ...string) map[string]bool {
	m := map[string]bool{}
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// tableWhyNot checks a query step's columns.
func tableWhyNot(st Step, opts map[string]string) string {
	if len(st.Table) == 0 {
		return ""
	}
	header := st.Table[0]
	if cols, ok := queryColumns[st.Text]; ok {
		for _, h := range header {
			if !cols[h] {
				return fmt.Sprintf("checks %q, an OSRM response field bando does not give", h)
			}
		}
	}
	if st.Text == "the relations" {
		for _, h := range header {
			if strings.HasPrefix(h, "relation") {
				return "relations with relation members"
			}
		}
	}
	if st.Text == "routability should be" {
		for _, h := range header {
			if strings.HasSuffix(h, "_rate") {
				return fmt.Sprintf("checks %q (OSRM's distance/weight rate)", h)
			}
		}
	}
	if st.Text == "I plan a trip I should get" {
		return tripWhyNot(st.Table, opts)
	}
	return ""
}

// tripWhyNot: bando's optimised route keeps the first point first and the
// last last; OSRM's roundtrip=true then closes the tour back to the first
// (tripStep does), any other source or destination is not ours.
func tripWhyNot(t [][]string, opts map[string]string) string {
	for _, col := range []string{"source", "destination", "roundtrip"} {
		i := indexOf(t[0], col)
		for _, r := range t[1:] {
			got, ok := opts[col]
			if i >= 0 {
				got, ok = r[i], true
			}
			if !ok {
				got = "(default)"
			}
			if !tripWant[col][got] {
				return fmt.Sprintf("trip with %s=%s (only source=first,destination=last, roundtrip true or false, is bando's optimised route)", col, got)
			}
		}
	}
	return ""
}

// tripWant lists the trip options each column may take.
var tripWant = map[string]map[string]bool{"source": set("first"), "destination": set("last"), "roundtrip": set("false", "true")}

func indexOf(xs []string, x string) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

// ignorableOptions do not change what the harness checks: output shape
// (steps, overview, geometries, annotations), hints (OSRM ignores bad
// ones too), alternatives (only the first route is checked).
var ignorableOptions = set("steps", "overview", "geometries", "annotations", "hints", "alternatives")

// queryOptions collects the query options a scenario sets.
func queryOptions(steps []Step) map[string]string {
	opts := map[string]string{}
	for _, st := range steps {
		if st.Text != "the query options" {
			continue
		}
		for _, r := range st.Table {
			if len(r) == 2 {
				opts[r[0]] = r[1]
			}
		}
	}
	return opts
}

// optionsWhyNot checks the query options a scenario sets.
func optionsWhyNot(opts map[string]string) string {
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := opts[k]
		switch {
		case ignorableOptions[k]:
		case k == "continue_straight" && (v == "false" || v == "true"):
			// /v1/direction's continue_straight (default true)
		case tripWant[k][v]:
		default:
			return fmt.Sprintf("query option %s=%s (not in bando's API)", k, v)
		}
	}
	return ""
}
