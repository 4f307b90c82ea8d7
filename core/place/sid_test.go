package place

import (
	"fmt"
	"hash/fnv"
	"math/rand"
	"testing"
)

// sidSlow is the obvious SID: hash/fnv and fmt.
func sidSlow(id string) string {
	h := fnv.New64a()
	h.Write([]byte(id))
	return fmt.Sprintf("%016x", h.Sum64())
}

// TestSIDDifferential checks the allocation-light SID against hash/fnv +
// fmt on fixed and seeded random ids.
func TestSIDDifferential(t *testing.T) {
	ids := []string{"", "n1", "w123456789", "r-1", "admin:v2:01", "đường"}
	const seed = 20261123
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < 2000; i++ {
		b := make([]byte, rng.Intn(40))
		rng.Read(b)
		ids = append(ids, string(b))
	}
	for _, id := range ids {
		if got, want := SID(id), sidSlow(id); got != want {
			t.Fatalf("SID(%q) = %s, want %s", id, got, want)
		}
	}
}

func TestTagPtr(t *testing.T) {
	p := Place{Tags: []string{"phone", "+84 24", "website", ""}}
	if s := p.TagPtr("phone"); s == nil || *s != "+84 24" {
		t.Fatalf("phone: %v", s)
	}
	if p.TagPtr("website") != nil || p.TagPtr("fax") != nil {
		t.Fatal("empty or absent tag must give nil")
	}
}
