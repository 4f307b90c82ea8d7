package addr

import (
	"slices"
	"strings"
	"testing"

	"github.com/bando-vn/bando/core/text"
)

// TestGazetteerIndexDifferential checks the name and code indexes of the real units against
// the obvious maps built from Units: every folded name, alt and alias finds exactly the units
// carrying it, ascending; every (structure, level, code) finds its last unit.
func TestGazetteerIndexDifferential(t *testing.T) {
	g := fullGazetteer(t)
	names := map[string][]int32{}
	type key struct {
		new   bool
		level Level
		code  string
	}
	codes := map[key]int32{}
	for i, u := range allUnits(g) {
		f := text.Fold(u.Name)
		core := f
		for _, w := range unitWords {
			if strings.HasPrefix(f, w+" ") {
				core = trimZeros(f[len(w)+1:])
				if u.kind != w {
					t.Fatalf("unit %d %q: kind %q, want %q", i, u.Name, u.kind, w)
				}
				break
			}
		}
		if u.core != core {
			t.Fatalf("unit %d %q: core %q, want %q", i, u.Name, u.core, core)
		}
		add := func(n string) {
			if n != "" {
				names[n] = append(names[n], int32(i))
			}
		}
		add(core)
		for _, a := range altsOf(u) {
			if c := coreName(text.Fold(a)); c != core {
				add(c)
			}
		}
		if u.Level == Province {
			for _, a := range provinceAliases[core] {
				add(a)
			}
		}
		codes[key{u.New, u.Level, u.Code}] = int32(i)
	}
	if len(names) != len(g.names) {
		t.Fatalf("%d names indexed, want %d", len(g.names), len(names))
	}
	for n, want := range names {
		if got := g.Named(n); !slices.Equal(got, want) {
			t.Fatalf("Named(%q) = %v, want %v", n, got, want)
		}
		if _, ok := names[n+"x"]; !ok && g.Named(n+"x") != nil {
			t.Fatalf("Named(%q) finds units of a name never indexed", n+"x")
		}
	}
	if g.Named("") != nil {
		t.Fatal("Named(\"\") finds units")
	}
	for k, want := range codes {
		if got := g.Lookup(k.new, k.level, k.code); got != want {
			t.Fatalf("Lookup(%v) = %d, want %d", k, got, want)
		}
		if got := g.Lookup(k.new, k.level, k.code+"x"); got >= 0 && g.Code(got) != k.code+"x" {
			t.Fatalf("Lookup(%v+x) = %d", k, got)
		}
	}
	if g.Lookup(true, 0, "01") != -1 || g.Lookup(false, Level(9), "01") != -1 {
		t.Fatal("a level out of range finds a unit")
	}
}

// TestGazetteerTextSize reports the text per unit NewGazetteer presizes for.
func TestGazetteerTextSize(t *testing.T) {
	g := fullGazetteer(t)
	per := float64(len(g.text)) / float64(g.Len())
	t.Logf("%d units, text %d bytes, %.1f per unit", g.Len(), len(g.text), per)
	if per > 40 {
		t.Errorf("%.1f bytes of text per unit: NewGazetteer's Grow(40 per unit) is too small", per)
	}
}
