package admin

import (
	"errors"
	"flag"
	"math/rand"
	"testing"
	"time"

	"github.com/bando-vn/bando/core/tile"
)

var tailsSeed = flag.Int64("tails.seed", 0, "seed of TestTailsHas (0: time)")

// TestTailsHas compares the Bloom filter of Tails.Has, written and read
// back through the tile, with a map over random entry lists: every entry
// is found; other strings rarely (false positives under 0.5 %).
func TestTailsHas(t *testing.T) {
	seed := *tailsSeed
	if seed == 0 {
		seed = time.Now().UnixNano()
	}
	t.Logf("seed %d (-tails.seed to repeat)", seed)
	rng := rand.New(rand.NewSource(seed))
	word := func() string {
		b := make([]byte, 1+rng.Intn(8))
		for i := range b {
			b[i] = "abcdhnoqtu1 -/"[rng.Intn(14)]
		}
		return string(b)
	}
	var others, fps int
	for round := 0; round < 50; round++ {
		set := map[string]bool{}
		for n := rng.Intn(3000); len(set) < n; {
			set[word()] = true
		}
		words := make([]string, 0, len(set))
		for w := range set {
			words = append(words, w)
		}
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
		for _, w := range words {
			if !tl.Has(w) {
				t.Fatalf("entry %q not found", w)
			}
		}
		for k := 0; k < 2000; k++ {
			if w := word(); !set[w] {
				others++
				if tl.Has(w) {
					fps++
				}
			}
		}
	}
	t.Logf("%d false positives in %d others", fps, others)
	if fps*200 > others {
		t.Errorf("%d false positives in %d others, want < 0.5 %%", fps, others)
	}
}

func TestTailsRejects(t *testing.T) {
	good, err := EncodeTails([]string{"ha noi", "noi"})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range [][]byte{
		good[:len(good)-1],
		{0x81, 0xa1, 'v', 0x01}, // no bits
		{0x84, 0xa1, 'v', 0x01, 0xa1, 'm', 0x11, 0xa1, 'k', 0x01, 0xa1, 'b', 0xc4, 0x02, 0, 0}, // 17 bits in 2 bytes
		{0x84, 0xa1, 'v', 0x01, 0xa1, 'm', 0x10, 0xa1, 'k', 0x00, 0xa1, 'b', 0xc4, 0x02, 0, 0}, // no probe
		{0x83, 0xa1, 'm', 0x10, 0xa1, 'k', 0x01, 0xa1, 'b', 0xc4, 0x02, 0, 0},                  // no v
	} {
		if _, err := DecodeTails(b); !errors.Is(err, tile.ErrCorrupt) {
			t.Errorf("DecodeTails(%x): %v, want ErrCorrupt", b, err)
		}
	}
}

func FuzzDecodeTails(f *testing.F) {
	good, _ := EncodeTails([]string{"1", "ha noi", "noi", "q1"})
	f.Add(good)
	f.Add([]byte{0x84, 0xa1, 'v', 0x01, 0xa1, 'm', 0x10, 0xa1, 'k', 0x03, 0xa1, 'b', 0xc4, 0x02, 0xff, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		tl, err := DecodeTails(b)
		if err != nil {
			return
		}
		for _, w := range []string{"", "a", "noi", "ha noi", "zzz"} {
			tl.Has(w)
		}
	})
}
