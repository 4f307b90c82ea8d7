package place

import (
	"fmt"
	"testing"
)

// TestIDTiles: every place is found in the first id tile the manifest
// would list for it, and tiles split by hex prefix when over the budget.
func TestIDTiles(t *testing.T) {
	var places []Place
	for i := 0; i < 25000; i++ {
		places = append(places, Place{ID: fmt.Sprintf("n%d", i), Name: fmt.Sprintf("Nơi số %d với một cái tên khá dài cho đủ byte", i), Layer: "venue",
			Tags: []string{"phone", "+84 24 0000 0000", "website", "https://example.org/a/long/path"}})
	}
	tiles, err := BuildIDTiles(places)
	if err != nil {
		t.Fatal(err)
	}
	deep := 0
	for k := range tiles {
		if len(k) > len(IDPrefix)+1 {
			deep++
		}
	}
	if deep == 0 {
		t.Fatalf("%d tiles, none deeper than one hex digit: the budget did not split", len(tiles))
	}
	for _, p := range places {
		found := false
		for _, k := range IDKeys(p.ID) {
			b, ok := tiles[k]
			if !ok {
				continue
			}
			pt, err := DecodePlaceTile(b)
			if err != nil {
				t.Fatal(err)
			}
			got, ok, err := pt.Find(p.ID)
			found = ok && err == nil && got.Name == p.Name
			break
		}
		if !found {
			t.Fatalf("%s not in its id tile", p.ID)
		}
	}
}
