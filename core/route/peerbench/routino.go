//go:build routino

package peerbench

/*
#cgo LDFLAGS: -lroutino
#include <stdlib.h>
#include <routino.h>
*/
import "C"

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unsafe"

	"github.com/bando-vn/bando/core/geo"
)

// Routino is a loaded Routino database with one profile (libroutino).
type Routino struct {
	db      *C.Routino_Database
	profile *C.Routino_Profile
	tr      *C.Routino_Translation
}

// OpenRoutino loads the database dir/prefix-*.mem written by
// planetsplitter and the named profile of a profiles XML file.
func OpenRoutino(dir, prefix, profilesXML, profile string) (*Routino, error) {
	if C.Routino_Check_API_Version(C.ROUTINO_API_VERSION) != C.ROUTINO_ERROR_NONE {
		return nil, errors.New("libroutino API version mismatch")
	}
	cs := func(s string) *C.char { return C.CString(s) }
	d, p, pf := cs(dir), cs(prefix), cs(profile)
	defer C.free(unsafe.Pointer(d))
	defer C.free(unsafe.Pointer(p))
	defer C.free(unsafe.Pointer(pf))
	r := &Routino{db: C.Routino_LoadDatabase(d, p)}
	if r.db == nil {
		return nil, fmt.Errorf("routino: cannot load %s/%s (errno %d)", dir, prefix, C.Routino_errno)
	}
	xml, trx, en := cs(profilesXML), cs("/usr/share/routino/translations.xml"), cs("en")
	defer C.free(unsafe.Pointer(xml))
	defer C.free(unsafe.Pointer(trx))
	defer C.free(unsafe.Pointer(en))
	if C.Routino_ParseXMLProfiles(xml) != 0 || C.Routino_ParseXMLTranslations(trx) != 0 {
		return nil, fmt.Errorf("routino: profiles or translations (errno %d)", C.Routino_errno)
	}
	r.profile, r.tr = C.Routino_GetProfile(pf), C.Routino_GetTranslation(en)
	if r.profile == nil || r.tr == nil {
		return nil, fmt.Errorf("routino: profile %s (errno %d)", profile, C.Routino_errno)
	}
	if C.Routino_ValidateProfile(r.db, r.profile) != 0 {
		return nil, fmt.Errorf("routino: profile %s (errno %d)", profile, C.Routino_errno)
	}
	return r, nil
}

// ErrNoRoute: Routino found no route (or no waypoint near a point).
var ErrNoRoute = errors.New("routino: no route")

// Route returns the length in metres of Routino's shortest route from a
// to b (lat, lng in degrees).
func (r *Routino) Route(aLat, aLng, bLat, bLng float64) (float64, error) {
	m, _, err := r.route(aLat, aLng, bLat, bLng, false)
	return m, err
}

// RoutePoints returns Routino's shortest route from a to b: its length in
// metres as Routino sums it (whole metres per segment, on a sphere of
// radius 6378.137 km) and every point of it, the waypoints included
// (degrees; libroutino hands them out as float32 radians, so each is
// within about 0.4 m of the OSM node).
func (r *Routino) RoutePoints(aLat, aLng, bLat, bLng float64) (float64, []geo.LatLng, error) {
	return r.route(aLat, aLng, bLat, bLng, true)
}

func (r *Routino) route(aLat, aLng, bLat, bLng float64, points bool) (float64, []geo.LatLng, error) {
	w := (*[2]*C.Routino_Waypoint)(C.malloc(C.size_t(2 * unsafe.Sizeof(uintptr(0)))))
	defer C.free(unsafe.Pointer(w))
	w[0] = C.Routino_FindWaypoint(r.db, r.profile, C.double(aLat), C.double(aLng))
	w[1] = C.Routino_FindWaypoint(r.db, r.profile, C.double(bLat), C.double(bLng))
	defer C.free(unsafe.Pointer(w[0]))
	defer C.free(unsafe.Pointer(w[1]))
	if w[0] == nil || w[1] == nil {
		return 0, nil, ErrNoRoute
	}
	out := C.Routino_CalculateRoute(r.db, r.profile, r.tr, &w[0], 2,
		C.ROUTINO_ROUTE_SHORTEST|C.ROUTINO_ROUTE_LIST_TEXT_ALL, nil) // LIST_TEXT crashes (strlen of a missing name, libroutino 3.3.3)
	if out == nil {
		return 0, nil, ErrNoRoute
	}
	defer C.Routino_DeleteRoute(out)
	var pts []geo.LatLng
	last := out
	for p := out; p != nil; p = p.next {
		if points {
			pts = append(pts, geo.LatLng{Lat: float64(p.lat) * 180 / math.Pi, Lng: float64(p.lon) * 180 / math.Pi})
		}
		last = p
	}
	return float64(last.dist) * 1000, pts, nil
}

// ShortestProfiles rewrites Routino's profiles.xml so that one profile
// routes by distance alone and lets the tagging decide access: every
// highway type preferred at 100 % (those at 0 % too), every speed of 0
// set to 10 km/h, every property neutral (50 %). It returns the new
// file's path.
func ShortestProfiles(system, profile, dir string) (string, error) {
	b, err := os.ReadFile(system)
	if err != nil {
		return "", err
	}
	s := string(b)
	start := strings.Index(s, `<profile name="`+profile+`"`)
	if start < 0 {
		return "", fmt.Errorf("no profile %s in %s", profile, system)
	}
	end := start + strings.Index(s[start:], "</profile>")
	sec := s[start:end]
	sec = regexp.MustCompile(`(<preference highway="[a-z]+" +percent=")[0-9.]+(")`).ReplaceAllString(sec, "${1}100${2}")
	sec = regexp.MustCompile(`(<speed highway="[a-z]+" +kph=")0(")`).ReplaceAllString(sec, "${1}10${2}")
	sec = regexp.MustCompile(`(<property type="[a-z]+" +percent=")[0-9.]+(")`).ReplaceAllString(sec, "${1}50${2}")
	out := filepath.Join(dir, "profiles-shortest.xml")
	return out, os.WriteFile(out, []byte(s[:start]+sec+s[end:]), 0o644)
}
