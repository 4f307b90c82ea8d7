package scenario

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Outcome of one scenario.
type Outcome int

const (
	Pass Outcome = iota
	Fail
	Skip
)

func (o Outcome) String() string { return [...]string{"pass", "fail", "skip"}[o] }

// Result is the outcome of one scenario with its reasons: the failing rows
// (what was expected, what came back) or why it cannot apply.
type Result struct {
	File     string
	Scenario string
	Line     int
	Outcome  Outcome
	Reasons  []string
}

// skipTags mark scenarios upstream does not run either.
var skipTags = map[string]string{"@todo": "tagged @todo upstream", "@bug": "tagged @bug upstream", "@stress": "tagged @stress upstream"}

// stepDef is one step the harness understands; apply runs it on the
// scenario state. reason, when not empty, says why a step cannot apply
// to bando (the scenario is skipped).
type stepDef struct {
	re     *regexp.Regexp
	reason string
	apply  func(s *state, m []string, st Step) error
}

var stepDefs []stepDef

func def(pattern string, apply func(*state, []string, Step) error) {
	stepDefs = append(stepDefs, stepDef{re: regexp.MustCompile("^" + pattern + "$"), apply: apply})
}

func notApplicable(pattern, reason string) {
	stepDefs = append(stepDefs, stepDef{re: regexp.MustCompile("^" + pattern + "$"), reason: reason})
}

func init() {
	def(`the profile "([^"]*)"`, func(s *state, m []string, _ Step) error { s.profile = m[1]; return nil })
	def(`a grid size of ([0-9.]+) meters`, func(s *state, m []string, _ Step) error {
		g, err := strconv.ParseFloat(m[1], 64)
		if err != nil || g <= 0 {
			return fmt.Errorf("bad grid size %q", m[1])
		}
		s.world.Grid = g
		return nil
	})
	def(`the origin ([-+]?[0-9]*\.?[0-9]+),([-+]?[0-9]*\.?[0-9]+)`, func(s *state, m []string, _ Step) error {
		lon, _ := strconv.ParseFloat(m[1], 64)
		lat, _ := strconv.ParseFloat(m[2], 64)
		s.world.Origin.Lat, s.world.Origin.Lng = lat, lon
		return nil
	})
	def(`the node map`, func(s *state, _ []string, st Step) error {
		s.changed()
		switch {
		case st.Doc != nil:
			return s.world.NodeMap(*st.Doc)
		case st.Table != nil: // the older form: one node per cell, a grid cell apart
			return s.world.NodeTable(st.Table)
		}
		return fmt.Errorf("node map needs a docstring or a table")
	})
	def(`the node locations`, tableStep((*World).NodeLocations))
	def(`the nodes`, tableStep((*World).Nodes))
	def(`the ways( with locations)?`, tableStep((*World).Ways))
	def(`the relations`, tableStep((*World).Relations))
	def(`the query options`, func(s *state, _ []string, st Step) error {
		for _, r := range st.Table {
			if len(r) != 2 {
				return fmt.Errorf("query options rows are key | value")
			}
			s.options[r[0]] = r[1]
		}
		return nil
	})
	def(`I route I should get`, (*state).routeStep)
	def(`I request a travel (time|distance) matrix I should get`, (*state).matrixStep)
	def(`I request nearest I should get`, (*state).nearestStep)
	def(`routability should be`, (*state).routabilityStep)
	def(`I plan a trip I should get`, (*state).tripStep)

	// MLD partition sizes change how OSRM finds the optimum, not the optimum.
	def(`the partition extra arguments "--small-component-size \d+ --max-cell-sizes [\d,]+"`, func(*state, []string, Step) error { return nil })
	notApplicable(`the (extract|contract|partition|customize) extra arguments ".*"`, "OSRM process options (%s extra arguments)")
	notApplicable(`the profile file.*`, "custom Lua profile file")
	notApplicable(`the speed file`, "OSRM speed update file")
	notApplicable(`the turn penalty file`, "OSRM turn penalty file")
	notApplicable(`the raster source`, "OSRM raster source")
	notApplicable(`the shortcuts`, "routability shortcuts")
	notApplicable(`the input file .*`, "OSRM input file")
	notApplicable(`the HTTP method ".*"`, "OSRM HTTP method")
	notApplicable(`osrm-routed is stopped`, "OSRM process control")
	notApplicable(`the valhalla admin db ".*"`, "Valhalla loader option")
	notApplicable(`data is loaded .*`, "OSRM data loading method")
	notApplicable(`the data has been .*`, "OSRM processing step")
	notApplicable(`skip waypoints`, "OSRM skip_waypoints option")
	notApplicable(`I match I should get`, "map matching")
	notApplicable(`I request a travel time matrix I should get estimates for`, "OSRM fallback speed estimates")
	notApplicable(`I request .* with flatbuffers I should get`, "OSRM flatbuffers output")
	notApplicable(`I request a travel time matrix with these waypoints I should get the response code`, "OSRM response codes")
	notApplicable(`I (try to )?run ".*".*`, "OSRM command-line tools")
	notApplicable(`I POST to .*`, "OSRM HTTP POST API")
	notApplicable(`(status code|stderr|stdout|it) should .*`, "OSRM process or HTTP checks")
	notApplicable(`I have a hello message|I display the message|I should see ".*"`, "Cucumber self-test, no routing")
}

func tableStep(fn func(*World, *table) error) func(*state, []string, Step) error {
	return func(s *state, _ []string, st Step) error {
		t, err := newTable(st)
		if err != nil {
			return err
		}
		s.changed()
		return fn(s.world, t)
	}
}

// state is one scenario's run: the map drawn so far, options, the router
// built from the map (rebuilt when the map changes), row failures.
type state struct {
	ctx      context.Context
	eng      Engine
	tmp      string
	world    *World
	profile  string
	options  map[string]string
	router   Router
	version  int // map changes
	built    int // version the router was built from
	builds   int
	failures []string
	skip     string // set by a step that finds the scenario does not apply
}

func (s *state) changed() { s.version++ }

// fail records a failing row.
func (s *state) fail(format string, args ...any) {
	s.failures = append(s.failures, fmt.Sprintf(format, args...))
}

// open builds the bundle of the current map through the engine.
func (s *state) open() (Router, error) {
	if s.router != nil && s.built == s.version {
		return s.router, nil
	}
	if s.world.Empty() {
		return nil, fmt.Errorf("no ways drawn")
	}
	xmlDoc, err := s.world.OSMXML()
	if err != nil {
		return nil, err
	}
	s.builds++
	dir := filepath.Join(s.tmp, fmt.Sprintf("build%d", s.builds))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	osmFile := filepath.Join(dir, "map.osm")
	if err := os.WriteFile(osmFile, xmlDoc, 0o644); err != nil {
		return nil, err
	}
	r, err := s.eng.Open(s.ctx, osmFile, filepath.Join(dir, "bundle"), s.profile)
	if err != nil {
		return nil, fmt.Errorf("building the map: %w", err)
	}
	s.router, s.built = r, s.version
	return r, nil
}

// findDef returns the definition of a step's text.
func findDef(text string) (*stepDef, []string) {
	for i := range stepDefs {
		if m := stepDefs[i].re.FindStringSubmatch(text); m != nil {
			return &stepDefs[i], m
		}
	}
	return nil, nil
}

// whyNot says why a scenario cannot apply to bando ("" when it can).
func whyNot(f *Feature, sc *Scenario) string {
	for _, t := range sc.Tags {
		if r, ok := skipTags[t]; ok {
			return r
		}
	}
	profile := ""
	steps := append(append([]Step(nil), f.Background...), sc.Steps...)
	opts := queryOptions(steps)
	for _, st := range steps {
		d, m := findDef(st.Text)
		if d == nil {
			return fmt.Sprintf("step not supported: %q", st.Text)
		}
		if d.reason != "" {
			if strings.Contains(d.reason, "%s") {
				return fmt.Sprintf(d.reason, m[1])
			}
			return d.reason
		}
		if strings.HasPrefix(st.Text, "the profile ") {
			profile = m[1]
		}
		if why := tableWhyNot(st, opts); why != "" {
			return why
		}
	}
	if profile != "testbot" && profile != "" { // the suite's own folder is testbot: no profile means testbot
		return fmt.Sprintf("profile %q (only testbot is bando's)", profile)
	}
	return optionsWhyNot(opts)
}

// RunFeature runs every scenario of a feature; tmp is a scratch directory.
func RunFeature(ctx context.Context, f *Feature, eng Engine, tmp string) []Result {
	var out []Result
	for i := range f.Scenarios {
		sc := &f.Scenarios[i]
		res := Result{File: f.File, Scenario: sc.Name, Line: sc.Line}
		if why := whyNot(f, sc); why != "" {
			res.Outcome, res.Reasons = Skip, []string{why}
			out = append(out, res)
			continue
		}
		dir := filepath.Join(tmp, fmt.Sprintf("s%d", i))
		s := &state{ctx: ctx, eng: eng, tmp: dir, world: NewWorld(), profile: "testbot", options: map[string]string{}}
		err := s.runSteps(append(append([]Step(nil), f.Background...), sc.Steps...))
		os.RemoveAll(dir)
		switch {
		case s.skip != "":
			res.Outcome, res.Reasons = Skip, []string{s.skip}
		case err != nil:
			res.Outcome, res.Reasons = Fail, append(s.failures, err.Error())
		case len(s.failures) > 0:
			res.Outcome, res.Reasons = Fail, s.failures
		}
		out = append(out, res)
	}
	return out
}

func (s *state) runSteps(steps []Step) error {
	for _, st := range steps {
		if s.skip != "" {
			return nil
		}
		d, m := findDef(st.Text)
		if err := d.apply(s, m, st); err != nil {
			return fmt.Errorf("line %d (%s): %w", st.Line, st.Text, err)
		}
	}
	return nil
}
