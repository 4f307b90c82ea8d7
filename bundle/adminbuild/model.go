package adminbuild

import (
	"fmt"
	"sort"

	"github.com/bando-vn/bando/core/admin"
)

// model is a build's in-memory form of both structures: every list sorted by
// code, parents and layer owners as indices into these lists.
type model struct {
	source       string
	newProvinces []admin.NewProvince
	newWards     []admin.NewWard
	oldProvinces []admin.Unit
	oldDistricts []admin.OldDistrict
	oldWards     []admin.OldWard
	layers       [admin.NumLayers][]ownedPoly
	seeds        [][]admin.Seed // per new ward; Ward is ignored, indices are global
	guess        [][]admin.Seed // the k-means partition before evidence (unit points only)
	units        *admin.Units
	layerInfo    []Layer
	polyOwners   [admin.NumLayers]map[int]bool // cache of hasPolygon
	warnings     []string
}

// ownedPoly is a polygon of a layer with its owner's global index.
type ownedPoly struct {
	owner int
	poly  polygon
}

func (m *model) warnf(format string, a ...any) {
	m.warnings = append(m.warnings, fmt.Sprintf(format, a...))
}

// index maps codes to positions in a list sorted by code.
type index map[string]int

func indexOf[T any](list []T, code func(T) string) index {
	ix := make(index, len(list))
	for i, v := range list {
		ix[code(v)] = i
	}
	return ix
}

// get returns the index of code, -1 when absent.
func (ix index) get(code string) int {
	if i, ok := ix[code]; ok {
		return i
	}
	return -1
}

func sortByCode[T any](list []T, code func(T) string) {
	sort.SliceStable(list, func(i, j int) bool { return code(list[i]) < code(list[j]) })
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
