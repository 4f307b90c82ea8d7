package convert

import (
	"context"
	"sort"
	"testing"
	"time"
)

// benchInputs are old addresses of every 37th table row in three spellings (deterministic).
func benchInputs(b *testing.B, w *world) []string {
	rows := readTable(b, w.dir)
	var in []string
	for i := 0; i < len(rows); i += 37 {
		ow := w.conv.oldWard[rows[i]["old_ward_code"]]
		if ow == nil {
			continue
		}
		s := w.conv.oldSide(ow.Code)
		for _, v := range variants {
			in = append(in, v.make(s.Ward.Name, s.District.Name, s.Province.Name))
		}
	}
	return in
}

// benchConvert times Convert per call and reports p50/p95/p99 in µs.
func benchConvert(b *testing.B, toNew bool, withPoint bool) {
	w := load(b)
	in := benchInputs(b, w)
	ctx := context.Background()
	var pt *Point
	if withPoint {
		pt = &Point{Lat: 21.0285, Lng: 105.8542} // Hoàn Kiếm: one warm admin cell
	}
	for _, s := range in { // warm
		w.conv.Convert(ctx, s, toNew, pt)
	}
	durs := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		_, err := w.conv.Convert(ctx, in[i%len(in)], toNew, pt)
		durs = append(durs, time.Since(t0))
		if err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
	q := func(f float64) float64 { return float64(durs[int(f*float64(len(durs)-1))].Nanoseconds()) / 1e3 }
	b.ReportMetric(q(0.50), "p50-µs")
	b.ReportMetric(q(0.95), "p95-µs")
	b.ReportMetric(q(0.99), "p99-µs")
}

// BenchmarkConvertOldToNew: every 37th table row, three spellings each, no point.
func BenchmarkConvertOldToNew(b *testing.B) { benchConvert(b, true, false) }

// BenchmarkConvertWithPoint: the same with a point (one admin lookup per call, warm cell).
func BenchmarkConvertWithPoint(b *testing.B) { benchConvert(b, true, true) }
