package graph

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkDecodeBundle decodes every base tile and every car hierarchy
// tile of a built bundle once per iteration (BANDO_ROUTE_BUNDLE=dir; with
// BANDO_ROUTE_BUNDLE_V2=dir, an older bundle's tiles too, for a same-run
// ratio). FORMAT.md §5.1 quotes it.
func BenchmarkDecodeBundle(b *testing.B) {
	for _, env := range []string{"BANDO_ROUTE_BUNDLE", "BANDO_ROUTE_BUNDLE_V2"} {
		dir := os.Getenv(env)
		if dir == "" {
			continue
		}
		for _, kind := range []string{"graph", "ch/car"} {
			tiles := readTiles(b, filepath.Join(dir, "tiles", kind))
			b.Run(env+"/"+kind, func(b *testing.B) {
				n := 0
				for _, t := range tiles {
					n += len(t)
				}
				b.SetBytes(int64(n))
				for i := 0; i < b.N; i++ {
					for _, t := range tiles {
						var err error
						if kind == "graph" {
							_, err = DecodeTile(t)
						} else {
							_, err = DecodeCHTile(t)
						}
						if err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}

func readTiles(b *testing.B, root string) [][]byte {
	var out [][]byte
	err := filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() || strings.HasSuffix(p, "index.mp") {
			return err
		}
		t, err := os.ReadFile(p)
		out = append(out, t)
		return err
	})
	if err != nil || len(out) == 0 {
		b.Fatalf("no tiles under %s: %v", root, err)
	}
	return out
}
