package scenario

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Match reports whether a produced cell value got satisfies an expected
// cell want, with the OSRM harness's fuzzy forms:
//   - equal strings always match; an empty want matches an empty got;
//   - `V ~P%`: |1 − got/V| × 100 < P (a zero V matches anything);
//   - `V +-M` (also `V +- M`, `Vunit +-M`): |got − V| ≤ M, numbers read
//     from the front of each side so units (m, s, km/h) may follow;
//   - `/re/`: got matches the regular expression (unanchored);
//   - a comma list with one margin at the end (`1000m,2000m +-1`): element
//     by element over the listed elements (OSRM reads only the first number
//     of each side, so the suite lists per-step values without the arrive
//     step's trailing 0).
func Match(got, want string) bool {
	if got == want {
		return true
	}
	if m := rePercent.FindStringSubmatch(want); m != nil {
		return matchPercent(got, m[1], m[2])
	}
	if m := reAbs.FindStringSubmatch(want); m != nil {
		if strings.Contains(m[1], ",") {
			return matchList(got, m[1], m[2])
		}
		return matchAbs(got, m[1], m[2])
	}
	if len(want) >= 2 && want[0] == '/' && want[len(want)-1] == '/' {
		re, err := regexp.Compile(want[1 : len(want)-1])
		return err == nil && re.MatchString(got)
	}
	return false
}

var (
	rePercent = regexp.MustCompile(`^(.*\S)\s*~\s*([0-9.]+)\s*%$`)
	reAbs     = regexp.MustCompile(`^(.*\S)\s*\+-\s*([0-9.]+)\S*\s*$`)
	reNumber  = regexp.MustCompile(`^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?`)
)

// leadingNumber reads the number at the front of s, like JavaScript's
// parseFloat ("100m" → 100).
func leadingNumber(s string) (float64, bool) {
	m := reNumber.FindString(s)
	if m == "" {
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(m), 64)
	return v, err == nil
}

func matchPercent(got, target, pct string) bool {
	t, ok1 := leadingNumber(target)
	p, ok2 := leadingNumber(pct)
	g, ok3 := leadingNumber(got)
	if !ok1 || !ok2 {
		return false
	}
	if t == 0 {
		return true
	}
	return ok3 && 100*math.Abs(1-g/t) < p
}

func matchAbs(got, target, margin string) bool {
	t, ok1 := leadingNumber(target)
	m, ok2 := leadingNumber(margin)
	g, ok3 := leadingNumber(got)
	return ok1 && ok2 && ok3 && g >= t-m && g <= t+m
}

func matchList(got, targets, margin string) bool {
	ws := strings.Split(targets, ",")
	gs := strings.Split(got, ",")
	if len(gs) < len(ws) {
		return false
	}
	for i := range ws {
		if !matchAbs(gs[i], ws[i], margin) {
			return false
		}
	}
	return true
}
