package bundle

import (
	"reflect"
	"testing"

	"github.com/bando-vn/bando/core/tile"
)

func TestLayerSizes(t *testing.T) {
	m := &tile.Manifest{Layers: []tile.LayerInfo{{Name: "graph", Prefix: "graph/"}, {Name: "ch", Prefix: "ch/"},
		{Name: "place", Prefix: "place/"}, {Name: "place_id", Prefix: "place/id/"},
		{Name: "admin_wards", Prefix: "admin/"}, {Name: "admin_units", Prefix: "admin/"}}}
	tiles := map[string][]byte{"graph/index": make([]byte, 5), "graph/0/1/2": make([]byte, 7),
		"ch/car/0/1/2": make([]byte, 3), "ch/car/core": make([]byte, 4), "ch/bike/core": make([]byte, 1),
		"place/12/34": make([]byte, 2), "place/id/ab": make([]byte, 9), "manifest-extra": make([]byte, 1),
		"admin/units": make([]byte, 6), "admin/0/1": make([]byte, 4)}
	want := []LayerSize{{"admin", 2, 10}, {"ch/bike", 1, 1}, {"ch/car", 2, 7}, {"graph", 2, 12}, {"other", 1, 1}, {"place", 1, 2}, {"place_id", 1, 9}}
	if got := layerSizes(m, tiles); !reflect.DeepEqual(got, want) {
		t.Fatalf("layerSizes = %v, want %v", got, want)
	}
}
