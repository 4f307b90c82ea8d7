package addr

import (
	"testing"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/internal/fixture"
	"github.com/bando-vn/bando/internal/fixture/adminfix"
)

type fullData struct {
	gaz   *Gazetteer
	units *admin.Units
}

// full indexes the units tile of the admin layers of ../shared/data/admin,
// once per test process.
func full(tb testing.TB) fullData {
	res, _ := adminfix.Build(tb)
	d, err := fixture.Once("addr.full", func() (fullData, error) {
		u, err := admin.DecodeUnits(res.Tiles[admin.UnitsKey])
		if err != nil {
			return fullData{}, err
		}
		return fullData{NewGazetteer(u), u}, nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

// fullGazetteer is the gazetteer of every unit of both structures.
func fullGazetteer(tb testing.TB) *Gazetteer { return full(tb).gaz }

// fullUnits returns the units fullGazetteer indexes.
func fullUnits(tb testing.TB) *admin.Units { return full(tb).units }
