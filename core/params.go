package core

import (
	"math"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bando-vn/bando/core/errs"
	"github.com/bando-vn/bando/core/geo"
)

// params wraps the parsed query string (first value wins) plus a body
// form; the typed accessors below validate one parameter each and name it
// in their errors. parseParams (request.go) makes one.
type params struct{ v url.Values }

func (p params) has(name string) bool { _, ok := p.v[name]; return ok }

func (p params) get(name string) string { return p.v.Get(name) }

// latLng parses a "lat,lng" parameter; ok=false when absent.
func (p params) latLng(name string) (ll geo.LatLng, ok bool, err error) {
	if !p.has(name) {
		return ll, false, nil
	}
	ll, err = parseLatLng(name, p.get(name))
	return ll, err == nil, err
}

// parseLatLng parses "lat,lng" text; name is the parameter its errors name.
func parseLatLng(name, s string) (geo.LatLng, error) {
	a, b, found := strings.Cut(s, ",")
	lat, err1 := parseFloat(a)
	lng, err2 := parseFloat(b)
	if !found || err1 != nil || err2 != nil {
		return geo.LatLng{}, errs.InvalidParam(name, `expected "lat,lng"`)
	}
	if ll := (geo.LatLng{Lat: lat, Lng: lng}); ll.Valid() {
		return ll, nil
	}
	return geo.LatLng{}, errs.InvalidParam(name, "lat must be in [-90,90] and lng in [-180,180]")
}

// latLon parses separate <prefix>.lat and <prefix>.lon parameters; both or
// neither must be present.
func (p params) latLon(prefix string) (ll geo.LatLng, ok bool, err error) {
	hasLat, hasLon := p.has(prefix+".lat"), p.has(prefix+".lon")
	if !hasLat && !hasLon {
		return ll, false, nil
	}
	if !hasLat || !hasLon {
		return ll, false, errs.InvalidParam(prefix, "needs both %s.lat and %s.lon", prefix, prefix)
	}
	lat, err := p.float(prefix + ".lat")
	if err != nil {
		return ll, false, err
	}
	lng, err := p.float(prefix + ".lon")
	if err != nil {
		return ll, false, err
	}
	if ll = (geo.LatLng{Lat: lat, Lng: lng}); !ll.Valid() {
		return geo.LatLng{}, false, errs.InvalidParam(prefix, "lat must be in [-90,90] and lon in [-180,180]")
	}
	return ll, true, nil
}

func parseFloat(s string) (float64, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, "xXpP_") { // no hex floats or digit separators
		return 0, strconv.ErrSyntax
	}
	return strconv.ParseFloat(s, 64)
}

func (p params) float(name string) (float64, error) {
	f, err := parseFloat(p.get(name))
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, errs.InvalidParam(name, "expected a finite number")
	}
	return f, nil
}

// radiusKm parses a positive radius in kilometres with a default.
func (p params) radiusKm(name string, def float64) (float64, error) {
	if !p.has(name) {
		return def, nil
	}
	f, err := p.float(name)
	if err != nil {
		return 0, err
	}
	if f <= 0 {
		return 0, errs.InvalidParam(name, "expected a positive number of kilometres")
	}
	return f, nil
}

// boolean parses true/false/1/0 in any case.
func (p params) boolean(name string, def bool) (bool, error) {
	if !p.has(name) {
		return def, nil
	}
	switch strings.ToLower(strings.TrimSpace(p.get(name))) {
	case "true", "1":
		return true, nil
	case "false", "0":
		return false, nil
	}
	return false, errs.InvalidParam(name, "expected true, false, 1 or 0")
}

// MaxSize is the largest result count any endpoint returns.
const MaxSize = 50

// size parses a positive integer, clamped to MaxSize.
func (p params) size(def int) (int, error) {
	if !p.has("size") {
		return def, nil
	}
	s := strings.TrimSpace(p.get("size"))
	n, err := strconv.Atoi(s)
	if err != nil && len(s) > 0 && strings.Trim(s, "0123456789") == "" {
		n, err = MaxSize, nil // all digits but too large for int
	}
	if err != nil || n < 1 {
		return 0, errs.InvalidParam("size", "expected a positive integer")
	}
	return min(n, MaxSize), nil
}

// text parses a required text parameter of 1..200 characters after trimming.
func (p params) text(name string) (string, error) {
	s := strings.TrimSpace(p.get(name))
	if !p.has(name) || s == "" {
		return "", errs.InvalidParam(name, "required, 1 to 200 characters")
	}
	if !utf8.ValidString(s) {
		return "", errs.InvalidParam(name, "not valid UTF-8")
	}
	if utf8.RuneCountInString(s) > 200 {
		return "", errs.InvalidParam(name, "longer than 200 characters")
	}
	return s, nil
}

// sessionToken checks an optional UUID v4.
func (p params) sessionToken() error {
	if !p.has("sessiontoken") {
		return nil
	}
	if !isUUIDv4(p.get("sessiontoken")) {
		return errs.InvalidParam("sessiontoken", "expected a UUID v4")
	}
	return nil
}

func isUUIDv4(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
			continue
		}
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	v := s[19] | 0x20
	return s[14] == '4' && (v == '8' || v == '9' || v == 'a' || v == 'b')
}

// common reads the parameters every endpoint accepts.
type common struct {
	adminV2 bool
}

func (p params) common() (common, error) {
	v2, err := p.boolean("admin_v2", false)
	if err != nil {
		return common{}, err
	}
	return common{adminV2: v2}, p.sessionToken()
}
