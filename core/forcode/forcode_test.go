package forcode

import (
	"math/rand"
	"testing"
)

func TestDocumentedBodies(t *testing.T) {
	// API.md §3.9: HN4TZUZBPKRN0F is a res-13 cell, HNO4DT45BQNZ a res-11 one.
	for _, c := range []struct {
		cell uint64
		body string
	}{
		{0x8d415cb4520b53f, "4TZUZBPKRN0F"},
		{0x8b415cb4520bfff, "O4DT45BQNZ"},
	} {
		if got := Body(c.cell); got != c.body {
			t.Errorf("Body(%x) = %s, want %s", c.cell, got, c.body)
		}
		if got, ok := ParseBody(c.body); !ok || got != c.cell {
			t.Errorf("ParseBody(%s) = %x %v", c.body, got, ok)
		}
		if got, ok := ParseBody(lower(c.body)); !ok || got != c.cell {
			t.Errorf("lower case: ParseBody = %x %v", got, ok)
		}
	}
}

func lower(s string) string {
	b := []byte(s)
	for i := range b {
		if b[i] >= 'A' && b[i] <= 'Z' {
			b[i] += 32
		}
	}
	return string(b)
}

func TestCandidatesPrefixes(t *testing.T) {
	codes := []string{"DN", "DNG", "HN", "TN", "TNH"}
	got := Candidates("dngO4DT45BQNZ", codes) // DNG+O4DT45BQNZ or DN+GO4DT45BQNZ
	if len(got) != 2 || got[0].Code != "DNG" || got[1].Code != "DN" {
		t.Fatalf("Candidates = %+v", got)
	}
	if len(Candidates("XX4TZUZ", codes)) != 0 || len(Candidates("HN", codes)) != 0 || len(Candidates("HN!!", codes)) != 0 {
		t.Fatal("accepted an invalid forcode")
	}
}

func TestRoundTripRandom(t *testing.T) {
	seed := int64(7)
	t.Logf("seed=%d", seed)
	r := rand.New(rand.NewSource(seed))
	for i := 0; i < 10000; i++ {
		res := r.Intn(16)
		cell := uint64(1)<<59 | uint64(res)<<52 | uint64(r.Intn(122))<<45
		for d := 1; d <= 15; d++ {
			digit := uint64(7)
			if d <= res {
				digit = uint64(r.Intn(7))
			}
			cell |= digit << (3 * (15 - d))
		}
		got, ok := ParseBody(Body(cell))
		if !ok || got != cell {
			t.Fatalf("round trip %x → %s → %x", cell, Body(cell), got)
		}
	}
}

func FuzzParseBody(f *testing.F) {
	f.Add("4TZUZBPKRN0F")
	f.Add("zzzzzzzzzzzzz")
	f.Fuzz(func(t *testing.T, s string) {
		if cell, ok := ParseBody(s); ok {
			if _, ok2 := ParseBody(Body(cell)); !ok2 {
				t.Fatalf("Body(%x) does not parse back", cell)
			}
		}
		Candidates(s, []string{"DN", "DNG", "HCM"})
	})
}
