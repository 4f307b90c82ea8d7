package addr

import (
	"flag"
	"math/rand"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bando-vn/bando/core/admin"
	"github.com/bando-vn/bando/core/text"
)

var mayEndSeed = flag.Int64("mayend.seed", 0, "seed of TestMayEndWithAreaSuperset (0: time)")

// fullTails is tile admin/tails of the real units, written and read back.
func fullTails(t *testing.T) *admin.Tails {
	b, err := admin.EncodeTails(TailWords(fullUnits(t)))
	if err != nil {
		t.Fatal(err)
	}
	ends, err := admin.DecodeTails(b)
	if err != nil {
		t.Fatal(err)
	}
	return ends
}

// TestTailWordsCoverIndex: the end (nameEnd) of every name the gazetteer
// of the real units indexes is in tile admin/tails, or the code accepts
// it (digits, province short forms), and the tile holds no end of no name.
func TestTailWordsCoverIndex(t *testing.T) {
	g, ends := fullGazetteer(t), fullTails(t)
	all := map[string]bool{}
	for _, r := range g.names {
		name := g.str(r)
		e := nameEnd(name)
		all[e] = true
		if !ends.Has(e) && !aliasEnds[e] && !text.AllDigits(name) {
			t.Errorf("name %q: end %q neither in admin/tails nor in code", name, e)
		}
	}
	for _, e := range TailWords(fullUnits(t)) {
		if !all[e] {
			t.Errorf("admin/tails entry %q ends no indexed name", e)
		}
	}
	t.Logf("%d entries in admin/tails, %d names", ends.Len(), len(g.names))
}

// TestMayEndWithAreaSuperset is the differential test of the pre-check:
// over every unit's name and other spellings (as written and folded, with
// and without unit words) and seeded random texts mixing unit words,
// names, numbers and punctuation, Tails(s) non-empty ⇒ MayEndWithArea(s).
func TestMayEndWithAreaSuperset(t *testing.T) {
	g, ends := fullGazetteer(t), fullTails(t)
	seed := *mayEndSeed
	if seed == 0 {
		seed = time.Now().UnixNano()
	}
	t.Logf("seed %d (-mayend.seed to repeat)", seed)
	rng := rand.New(rand.NewSource(seed))
	var tails, skipped int
	check := func(s string) {
		got := len(g.Tails(s, maxTails)) > 0
		may := MayEndWithArea(s, ends)
		if got && !may {
			t.Errorf("%q: Tails reads a part, MayEndWithArea says no", s)
		}
		if got {
			tails++
		}
		if !may {
			skipped++
		}
	}
	for i, u := range allUnits(g) {
		forms := append([]string{u.Name, u.core}, altsOf(u)...)
		if u.Level == Province {
			forms = append(forms, provinceAliases[u.core]...)
		}
		for _, f := range forms {
			check("nha hang " + f)
			if i%7 == 0 {
				check(randomLead(rng) + ", " + f + randomTrail(rng))
			}
		}
	}
	for k := 0; k < 20000; k++ {
		check(randomText(rng, g))
	}
	t.Logf("%d texts with an administrative part, %d skipped by the pre-check", tails, skipped)
	if tails < 10000 || skipped < 2000 {
		t.Errorf("too few texts with a part (%d) or skipped (%d): the test tests little", tails, skipped)
	}
}

// maxTails is the parts search reads (core/search: maxTails).
const maxTails = 2

var randomWords = []string{"pho", "hue", "vincom", "bv", "bach", "mai", "cho", "ben", "thanh", "cafe", "Nhà", "hàng",
	"đường", "số", "ngõ", "54B", "12/3", "k448", "quốc", "lộ", "1A", "city", "gon", "tp.", "Q.", "P.", "tx", "tt"}

var unitWordForms = []string{"quận", "Q.", "q", "phường", "P.", "p", "huyện", "H.", "xã", "thị trấn", "TT", "thị xã",
	"TX", "thành phố", "TP", "TP.", "tỉnh", "đặc khu"}

func randomLead(rng *rand.Rand) string {
	n := 1 + rng.Intn(3)
	ws := make([]string, n)
	for i := range ws {
		ws[i] = randomWords[rng.Intn(len(randomWords))]
	}
	return strings.Join(ws, " ")
}

func randomTrail(rng *rand.Rand) string {
	switch rng.Intn(6) {
	case 0:
		return ", Việt Nam"
	case 1:
		return " vn"
	case 2:
		return " 100000"
	case 3:
		return "."
	}
	return ""
}

// randomText mixes filler words, unit words, unit names (as written or
// folded, whole or cut), numbers and punctuation.
func randomText(rng *rand.Rand, g *Gazetteer) string {
	var b strings.Builder
	for n := 1 + rng.Intn(6); n > 0; n-- {
		switch rng.Intn(7) {
		case 0:
			b.WriteString(randomWords[rng.Intn(len(randomWords))])
		case 1:
			b.WriteString(unitWordForms[rng.Intn(len(unitWordForms))])
		case 2, 3:
			u := g.Unit(int32(rng.Intn(g.Len())))
			name := u.Name
			if rng.Intn(2) == 0 {
				name = text.Fold(name)
			}
			if ws := strings.Fields(name); rng.Intn(3) == 0 && len(ws) > 1 {
				name = strings.Join(ws[rng.Intn(len(ws)):], " ")
			}
			b.WriteString(name)
		case 4:
			num := strconv.Itoa(rng.Intn(30))
			if rng.Intn(3) == 0 {
				num = "0" + num
			}
			b.WriteString([]string{"", "q", "p", "Q", "P."}[rng.Intn(5)] + num)
		case 5:
			aliases := provinceAliases["ho chi minh"]
			b.WriteString(aliases[rng.Intn(len(aliases))])
		case 6:
			b.WriteString(randomTrail(rng))
		}
		b.WriteString([]string{" ", " ", ", ", " - ", ".", "/", "-"}[rng.Intn(7)])
	}
	return strings.TrimSpace(b.String())
}

// FuzzMayEndWithArea: never a panic, and over the sample bundle's units and
// its tile admin/tails, Tails(s) non-empty ⇒ MayEndWithArea(s).
func FuzzMayEndWithArea(f *testing.F) {
	g := fixtureGazetteer(f)
	ends, err := admin.DecodeTails(sampleTile(f, "tails"))
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"pho hue hoan kiem", "cho ben thanh Q.1", "highlands tphcm", "bv bach mai, vn", "x 100000", "q", "\xff/-/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(g.Tails(s, maxTails)) > 0 && !MayEndWithArea(s, ends) {
			t.Fatalf("%q: Tails reads a part, MayEndWithArea says no", s)
		}
	})
}
