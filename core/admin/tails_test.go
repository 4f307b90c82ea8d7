package admin

import (
	"errors"
	"flag"
	"math/rand"
	"sort"
	"testing"
	"time"

	"github.com/bando-vn/bando/core/tile"
)

var tailsSeed = flag.Int64("tails.seed", 0, "seed of TestTailsHas (0: time)")

// TestTailsHas compares the bisection of Tails.Has with a map over random
// word lists, written and read back through the tile.
func TestTailsHas(t *testing.T) {
	seed := *tailsSeed
	if seed == 0 {
		seed = time.Now().UnixNano()
	}
	t.Logf("seed %d (-tails.seed to repeat)", seed)
	rng := rand.New(rand.NewSource(seed))
	word := func() string {
		b := make([]byte, 1+rng.Intn(4))
		for i := range b {
			b[i] = "abcq1 -/"[rng.Intn(8)]
		}
		return string(b)
	}
	for round := 0; round < 200; round++ {
		set := map[string]bool{}
		for n := rng.Intn(40); len(set) < n; {
			set[word()] = true
		}
		words := make([]string, 0, len(set))
		for w := range set {
			words = append(words, w)
		}
		sort.Strings(words)
		b, err := EncodeTails(words)
		if err != nil {
			t.Fatal(err)
		}
		tl, err := DecodeTails(b)
		if err != nil {
			t.Fatal(err)
		}
		if tl.Len() != len(words) {
			t.Fatalf("Len %d, want %d", tl.Len(), len(words))
		}
		for k := 0; k < 100; k++ {
			w := word()
			if k < len(words) {
				w = words[k]
			}
			if tl.Has(w) != set[w] {
				t.Fatalf("words %q: Has(%q) = %v", words, w, !set[w])
			}
		}
	}
}

func TestTailsRejects(t *testing.T) {
	for _, words := range [][]string{{"b", "a"}, {"a", "a"}, {"a", "", "b"}} {
		if _, err := EncodeTails(words); err == nil {
			t.Errorf("EncodeTails(%q): no error", words)
		}
	}
	good, err := EncodeTails([]string{"ha", "noi"})
	if err != nil {
		t.Fatal(err)
	}
	bad := append([]byte(nil), good...)
	bad[len(bad)-6], bad[len(bad)-5] = 'z', 'z' // "ha\nnoi" → "zz\nnoi": out of order
	for _, b := range [][]byte{bad, good[:len(good)-1], {0x81, 0xa1, 'w', 0xa0}} {
		if _, err := DecodeTails(b); !errors.Is(err, tile.ErrCorrupt) {
			t.Errorf("DecodeTails(%x): %v, want ErrCorrupt", b, err)
		}
	}
}

func FuzzDecodeTails(f *testing.F) {
	good, _ := EncodeTails([]string{"1", "ha", "noi", "q1"})
	f.Add(good)
	f.Add([]byte{0x81, 0xa1, 'v', 0x01})
	f.Fuzz(func(t *testing.T, b []byte) {
		tl, err := DecodeTails(b)
		if err != nil {
			return
		}
		for _, w := range []string{"", "a", "noi", "zzz"} {
			tl.Has(w)
		}
	})
}
