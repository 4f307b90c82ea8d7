package main

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/bando-vn/bando/core"
	"github.com/bando-vn/bando/core/tile"
	"github.com/bando-vn/bando/internal/fixture"
	"github.com/bando-vn/bando/internal/fixture/graphfix"
)

var update = flag.Bool("update", false, "rewrite the golden route texts in testdata/route")

// areas are the graphs the reviewed routes run on (shared data).
var areas = map[string]string{
	"hoankiem": fixture.HoanKiemPBF,
	"dongda":   fixture.OSMDir + "/hanoi-dongda-badinh.osm",
	"hcmc-q3":  fixture.OSMDir + "/hcmc-district1-3.osm",
	"hanoi":    fixture.HanoiPBF,
}

var engines sync.Map // area → *core.Engine

func areaEngine(t *testing.T, area string) *core.Engine {
	if e, ok := engines.Load(area); ok {
		return e.(*core.Engine)
	}
	tiles, _, err := graphfix.FromFile(fixture.Shared(t, areas[area]), "car", "motor")
	if err != nil {
		t.Fatalf("%s graph (shared data required): %v", area, err)
	}
	e, err := core.New(context.Background(), tile.MapBundle(tiles), core.Options{})
	if err != nil {
		t.Fatal(err)
	}
	engines.Store(area, e)
	return e
}

// TestReviewedRoutes renders six reviewed routes to golden text files
// (testdata/route/*.txt, -update rewrites them): read them as a driver
// would. Each case also states what its text must show.
func TestReviewedRoutes(t *testing.T) {
	cases := []struct {
		name, area string
		q          routeQuery
		must       []string
	}{
		{"hoankiem-car-vi", "hoankiem", routeQuery{"21.0285,105.8542", "21.0236,105.8475", "car", "vi", true},
			[]string{"Rẽ ", "Phố Trần Nguyên Hãn"}},
		{"hoankiem-car-en", "hoankiem", routeQuery{"21.0285,105.8542", "21.0236,105.8475", "car", "en", false},
			[]string{"Turn ", "Head "}},
		{"roundabout-cong-truong-quoc-te", "hcmc-q3", routeQuery{"10.7846,106.6978", "10.7818,106.6968", "car", "vi", false},
			[]string{"vòng xuyến, đi theo lối ra thứ 3 vào Phạm Ngọc Thạch", "[roundabout-right]"}},
		{"expressway-ramp-vanh-dai-3", "hanoi", routeQuery{"20.9895,105.8085", "20.9330,105.8560", "car", "vi", false},
			[]string{"đường dẫn", "Nhập làn", "lối ra", "[ramp-"}},
		{"alley-motorbike", "dongda", routeQuery{"21.023642,105.826362", "21.024430,105.829778", "motor", "vi", false},
			[]string{"Ngõ 44 Hào Nam", "Ngách 127"}},
		{"multi-destination-hoankiem", "hoankiem", routeQuery{"21.0285,105.8542", "21.0236,105.8475;21.0330,105.8500;21.0290,105.8560", "motor", "vi", true},
			[]string{"Chặng 3"}},
		{"ferry-red-river", "hanoi", routeQuery{"21.1080,105.7230", "21.1140,105.7350", "motor", "vi", false},
			[]string{"Lên phà", "Rời phà", "có đi phà", "[ferry]"}},
	}
	ctx := context.Background()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := renderRoute(ctx, areaEngine(t, c.area), c.q)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range c.must {
				if !contains(got, m) {
					t.Errorf("the text lacks %q:\n%s", m, got)
				}
			}
			path := filepath.Join("testdata", "route", c.name+".txt")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to write it)", err)
			}
			if string(want) != got {
				t.Errorf("%s differs from the golden text (-update rewrites it):\n%s", path, got)
			}
		})
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
