package bundle

import (
	"strings"

	"github.com/bando-vn/bando/bundle/adminbuild"
	"github.com/bando-vn/bando/core/geocode"
	"github.com/bando-vn/bando/core/place"
)

// nationalRank is the least rank of a place=* locality that goes in the
// national index (core/place/FORMAT.md §2.1): towns, cities, districts and
// provinces (placeLayers), found from any province's download.
const nationalRank = 26

// placeRegions gives each place its region: the new province of its new
// ward, or place.NationalRegion for administrative units, localities of
// national importance and places in no ward (no admin data, offshore).
func placeRegions(places []place.Place, units []adminbuild.UnitPoint) []string {
	prov := map[string]string{} // new ward → new province
	for _, u := range units {
		if u.Level == adminbuild.LevelNewWard {
			prov[u.Code] = u.Parent
		}
	}
	out := make([]string, len(places))
	for i := range places {
		out[i] = regionOf(&places[i], prov)
	}
	return out
}

func regionOf(p *place.Place, prov map[string]string) string {
	if place.IsUnitID(p.ID) || p.Layer != "venue" && p.Layer != "street" && p.Layer != "address" && p.Rank >= nationalRank {
		return place.NationalRegion
	}
	if len(p.Admin) > 0 {
		if r := prov[p.Admin[0]]; r != "" {
			return r
		}
	}
	return place.NationalRegion
}

// TileRegion returns, for the tiles of the place, id, search and address
// layers, the region an archive packer files a tile under (core/tile: a
// province download takes its region's tiles and the national ones): the
// new province's code for a regional search shard (`sx/<code>/…`) and for
// an address tile (`ax/<ward>…`, its ward's province), "" (national) for
// every other key of these layers. Place cells (`place/…`) are spatial:
// the packer files them by position. units are the build's admin units.
func TileRegion(units []adminbuild.UnitPoint) func(key string) string {
	prov := map[string]string{}
	for _, u := range units {
		if u.Level == adminbuild.LevelNewWard {
			prov[u.Code] = u.Parent
		}
	}
	return func(key string) string {
		switch {
		case strings.HasPrefix(key, place.IndexPrefix):
			rest := key[len(place.IndexPrefix):]
			if len(rest) > 3 && rest[2] == '/' && isDigit(rest[0]) && isDigit(rest[1]) {
				return rest[:2]
			}
		case strings.HasPrefix(key, geocode.AddressPrefix):
			ward, _, _ := strings.Cut(key[len(geocode.AddressPrefix):], "/")
			return prov[ward]
		}
		return ""
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
