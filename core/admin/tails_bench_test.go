package admin

import (
	"os"
	"testing"
)

// BenchmarkDecodeTails: reading tile admin/tails (the cold pre-check of
// autocomplete) from the file $BANDO_TAILS_TILE (a bundle's
// tiles/admin/tails.mp), else a list of 6,739 made-up entries.
func BenchmarkDecodeTails(b *testing.B) {
	t := tailsTile(b)
	b.SetBytes(int64(len(t)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeTails(t); err != nil {
			b.Fatal(err)
		}
	}
}

func tailsTile(b *testing.B) []byte {
	if p := os.Getenv("BANDO_TAILS_TILE"); p != "" {
		t, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		return t
	}
	words := make([]string, 6739)
	for i := range words {
		words[i] = string(rune('a'+i/260)) + string(rune('a'+i/26%10)) + string(rune('a'+i%26)) + " trung"
	}
	t, err := EncodeTails(words)
	if err != nil {
		b.Fatal(err)
	}
	return t
}
