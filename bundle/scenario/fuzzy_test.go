package scenario

import "testing"

func TestMatch(t *testing.T) {
	for _, c := range []struct {
		got, want string
		ok        bool
	}{
		{"ab,ab", "ab,ab", true},
		{"", "", true},
		{"ab", "", false},
		{"100m", "100m +-1", true},
		{"101m", "100m +-1", true},
		{"101.1m", "100m +-1", false},
		{"300.4m", "300 +- 1m", true},
		{"16 km/h", "16 km/h +- 1", true},
		{"18 km/h", "16 km/h +- 1", false},
		{"8895601m", "8905559m ~0.2%", true},
		{"8895601m", "8905559m ~0.1%", false},
		{"5", "0 ~1%", true},
		{"1000m,2000m", "1000m,2000m +-1", true},
		{"1000m,2002m", "1000m,2000m +-1", false},
		{"1000m", "1000m,2000m +-1", false},
		{"1000m,2000m,0m", "1000m,2000m +-1", true},
		{"ab,cd,cd", "/^ab,.*/", true},
		{"xb,cd", "/^ab,.*/", false},
		{"x", "/(/", false},
		{"", "100m +-1", false},
	} {
		if got := Match(c.got, c.want); got != c.ok {
			t.Errorf("Match(%q, %q) = %v", c.got, c.want, got)
		}
	}
}

func TestMatchCellExactDistance(t *testing.T) {
	if !matchCell("distance", "200m", "199.9m", 1) || matchCell("distance", "200.2m", "199.9m", 1) {
		t.Error("exact distances match within 0.1 m only")
	}
	if !matchCell("distance", "100", "100.1", 1) || matchCell("distance", "100", "100.2", 1) {
		t.Error("short exact matrix distances match within 0.1 m only")
	}
	if !matchCell("distance", "700", "699.8", 1) || !matchCell("distance", "699.5", "699.8", 1) || matchCell("distance", "699.4", "699.8", 1) {
		t.Error("long exact distances match within 0.05 %")
	}
	if !matchCell("distance", "150", "149.8", 10) || matchCell("distance", "150", "149.8", 1) {
		t.Error("exact distances allow 0.1 m per leg")
	}
	if matchCell("time", "10.1s", "10s", 1) {
		t.Error("exact times are exact")
	}
}

func FuzzMatch(f *testing.F) {
	for _, s := range []string{"100m +-1", "8905559m ~0.1%", "/^a,.*/", "1000m,2000m +-1", "x", ""} {
		f.Add("100m", s)
	}
	f.Fuzz(func(t *testing.T, got, want string) {
		if !Match(want, want) {
			t.Fatalf("%q does not match itself", want)
		}
		Match(got, want)
		matchCell("distance", got, want, 1)
	})
}
