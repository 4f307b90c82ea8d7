package core

import (
	"context"
	"net/url"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/bando-vn/bando/core/tile"
)

// packedMix: the requests of BenchmarkPackedVsLoose, by kind (Hà Nội).
var packedMix = map[string][]string{
	"search": {
		"/v1/autocomplete?text=ho+guom", "/v1/autocomplete?text=pho+hue", "/v1/autocomplete?text=cho+dong+xuan",
		"/v1/autocomplete?input=bach+mai&location=21.03,105.85", "/v1/autocomplete?input=nha+tho&location=21.03,105.85",
		"/v1/autocomplete?text=truong+dai+hoc", "/v1/autocomplete?text=benh+vien", "/v1/autocomplete?text=cau+giay",
	},
	"reverse": {
		"/v1/geocode/reverse?latlng=21.028,105.852", "/v1/geocode/reverse?latlng=21.0362,105.8345",
		"/v1/geocode/reverse?latlng=20.9710,105.7780", "/v1/geocode/reverse?latlng=21.0470,105.8880",
	},
	"forward": {
		"/v1/geocode/forward?" + url.Values{"address": {"1 Tràng Tiền, Hoàn Kiếm, Hà Nội"}}.Encode(),
		"/v1/geocode/forward?" + url.Values{"address": {"Phố Huế, Hai Bà Trưng, Hà Nội"}}.Encode(),
		"/v1/geocode/forward?" + url.Values{"address": {"Cầu Giấy, Hà Nội"}}.Encode(),
	},
	"route": {
		"/v1/direction?origin=21.0287,105.8524&destination=21.0362,105.7905&vehicle=car",
		"/v1/direction?origin=21.0470,105.8880&destination=20.9710,105.7780&vehicle=motor",
		"/v1/direction?origin=21.0031,105.8003&destination=21.0368,105.8342&vehicle=bike",
	},
}

// BenchmarkPackedVsLoose: the same bundle loose (BANDO_BENCH_BUNDLE) and
// packed (BANDO_BENCH_PACKED: `bando pack --in` it), one engine each,
// requests of each kind alternating between the two in one run; reports
// each kind's p95 in ms (and ns/op, the mean). cache=default: the engine's
// defaults (a day of use: tiles are read once, then decoded from the
// cache); cache=none: a 1-byte cache, so every request reads its tiles
// again through the source (the worst case for range reads).
//
//	BANDO_BENCH_BUNDLE=DIR BANDO_BENCH_PACKED=DIR2 go test ./core -run XXX -bench PackedVsLoose -count 5
func BenchmarkPackedVsLoose(b *testing.B) {
	loose, packed := os.Getenv("BANDO_BENCH_BUNDLE"), os.Getenv("BANDO_BENCH_PACKED")
	if loose == "" || packed == "" {
		b.Skip("set BANDO_BENCH_BUNDLE (a loose bundle) and BANDO_BENCH_PACKED (it, packed)")
	}
	for _, cache := range []struct {
		name string
		opt  Options
	}{{"default", Options{}}, {"none", Options{CacheBytes: 1}}} {
		engines := map[string]*Engine{}
		for layout, dir := range map[string]string{"loose": loose, "packed": packed} {
			e, err := New(context.Background(), tile.DirSource(dir), cache.opt)
			if err != nil {
				b.Fatal(err)
			}
			engines[layout] = e
		}
		for _, kind := range []string{"search", "reverse", "forward", "route"} {
			if kind == "route" && cache.name == "none" {
				continue // a route decodes its graph tiles again at every step: minutes per route
			}
			reqs := packedMix[kind]
			for _, layout := range []string{"loose", "packed"} {
				e := engines[layout]
				for _, t := range reqs { // warm (and check) every request
					if r := e.Serve(context.Background(), &Request{Method: "GET", Target: t}); r.Status != 200 {
						b.Fatalf("%s %s: %d %s", layout, t, r.Status, r.Body)
					}
				}
				b.Run("cache="+cache.name+"/"+kind+"/"+layout, func(b *testing.B) {
					var ds []time.Duration
					i := 0
					for b.Loop() {
						t0 := time.Now()
						e.Serve(context.Background(), &Request{Method: "GET", Target: reqs[i%len(reqs)]})
						ds = append(ds, time.Since(t0))
						i++
					}
					slices.Sort(ds)
					b.ReportMetric(float64(ds[len(ds)*95/100])/1e6, "p95-ms")
				})
			}
		}
	}
}
