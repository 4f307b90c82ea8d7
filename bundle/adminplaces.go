package bundle

import (
	"context"
	"sort"
	"strings"

	"github.com/bando-vn/bando/bundle/adminbuild"
	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/place"
	"github.com/bando-vn/bando/core/text"
	"github.com/bando-vn/bando/core/tile"
)

// adminAt gives the admin codes of a point: [new ward, old ward, old
// district] (place.Place.Admin), "" where unknown.
type adminAt interface {
	codes(lat, lng float64) []string
}

// lookupAt answers adminAt from admin tiles.
type lookupAt struct{ l *admin.Lookup }

func newLookupAt(tiles map[string][]byte) (adminAt, error) {
	adminTiles := map[string][]byte{}
	for k, b := range tiles {
		if strings.HasPrefix(k, "admin/") {
			adminTiles[k] = b
		}
	}
	st, err := tile.OpenMap(adminTiles)
	if err != nil {
		return nil, err
	}
	return lookupAt{admin.New(st)}, nil
}

func (a lookupAt) codes(lat, lng float64) []string {
	r, err := a.l.Lookup(context.Background(), lat, lng)
	if err != nil || r.Status == admin.NotFound {
		return []string{"", "", ""}
	}
	return []string{r.New.Ward.Code, r.Old.Ward.Code, r.Old.District.Code}
}

// unitLayer gives the Pelias layer and importance of each unit level.
var unitLayer = map[string]struct {
	layer string
	rank  int
}{
	adminbuild.LevelNewProvince: {"region", 60}, adminbuild.LevelOldProvince: {"region", 56},
	adminbuild.LevelOldDistrict: {"county", 46}, adminbuild.LevelNewWard: {"locality", 38},
	adminbuild.LevelOldWard: {"locality", 30},
}

// unitIDPrefix: ids of unit places are "a" + a level letter pair + the
// GSO code ("anw00004" is the new ward 00004), stable across rebuilds.
var unitIDPrefix = map[string]string{
	adminbuild.LevelNewProvince: place.UnitNewProvince, adminbuild.LevelNewWard: place.UnitNewWard, adminbuild.LevelOldProvince: place.UnitOldProvince,
	adminbuild.LevelOldDistrict: place.UnitOldDistrict, adminbuild.LevelOldWard: place.UnitOldWard,
}

// unitWords are the unit words an official name starts with, longest
// first: the rest of the name is the unit's short name.
var unitWords = []string{"Thành phố", "Thị xã", "Thị trấn", "Đặc khu", "Tỉnh", "Quận", "Huyện", "Phường", "Xã"}

// splitUnitWord splits "Phường Hàng Bạc" into "Phường", "Hàng Bạc".
func splitUnitWord(name string) (word, short string) {
	for _, w := range unitWords {
		if strings.HasPrefix(name, w+" ") {
			return w, strings.TrimSpace(name[len(w):])
		}
	}
	return "", name
}

// unitPlaces turns the admin units into places: name the official full
// name, short_name the name without its unit word, categories "admin",
// the level and "old" for a unit of the old structure; admin codes say
// where the unit belongs in both structures.
func unitPlaces(units []adminbuild.UnitPoint) []place.Place {
	out := make([]place.Place, 0, len(units))
	for _, u := range units {
		ul := unitLayer[u.Level]
		word, short := splitUnitWord(u.Name)
		cats := []string{"admin", u.Level}
		if strings.HasPrefix(u.Level, "old_") {
			cats = append(cats, "old")
		}
		if word != "" {
			cats = append(cats, slug(text.Fold(word)))
		}
		p := place.Place{ID: unitIDPrefix[u.Level] + u.Code, Name: u.Name, Lat: u.Lat, Lng: u.Lng,
			Layer: ul.layer, Category: cats, Rank: ul.rank}
		if short != u.Name {
			p.Tags = []string{"short_name", short}
		}
		switch u.Level {
		case adminbuild.LevelNewWard:
			p.Admin = []string{u.Code, "", ""}
		case adminbuild.LevelOldWard:
			p.Admin = []string{u.NewWard, u.Code, u.Parent}
		case adminbuild.LevelOldDistrict:
			p.Admin = []string{"", "", u.Code}
		}
		p.Tags = append(p.Tags, "admin_level", u.Level, "admin_code", u.Code)
		sortPairs(p.Tags)
		out = append(out, p)
	}
	return out
}

// sortPairs sorts a [k0, v0, k1, v1, ...] list by key.
func sortPairs(kv []string) {
	type pair struct{ k, v string }
	ps := make([]pair, 0, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		ps = append(ps, pair{kv[i], kv[i+1]})
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].k < ps[j].k })
	for i, p := range ps {
		kv[2*i], kv[2*i+1] = p.k, p.v
	}
}
