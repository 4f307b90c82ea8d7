package addr

import (
	"os"
	"strings"
	"testing"
)

func TestDbgParse(t *testing.T) {
	s := os.Getenv("ADDR_DBG")
	if s == "" {
		t.Skip()
	}
	g := fullGazetteer(t)
	for _, in := range strings.Split(s, "|") {
		a := g.Parse(in)
		t.Logf("%q: venue=%q house=%q street=%q ward=%q district=%q province=%q readings=%v", in, a.Venue, a.HouseNumber, a.Street,
			g.unitNames(a.Ward), g.unitNames(a.District), g.unitNames(a.Province), a.Readings)
	}
}
