package core

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/bando-vn/bando/core/tile"
)

// contractCase is one case of testdata/contract/cases.json with its golden.
type contractCase struct {
	Name, Method, URL string
	Body              *string
	Status            int
	golden            []byte
}

func contractCases(t *testing.T) []contractCase {
	t.Helper()
	b, err := os.ReadFile("../testdata/contract/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct{ Cases []contractCase }
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	for i := range f.Cases {
		if f.Cases[i].golden, err = os.ReadFile("../testdata/contract/golden/" + f.Cases[i].Name + ".json"); err != nil {
			t.Fatal(err)
		}
	}
	return f.Cases
}

// TestFaultMatrix: one tile of every layer deleted, truncated, with a byte
// flipped, or swapped with another tile of its layer (issue #26's fault
// matrix, kept): every contract case then answers either exactly its
// golden (it does not need the tile) or a clean 500 in its shape saying
// only "internal error" — never a panic, never a 200 other than the golden
// (an answer built from a bad tile), never a path in the body. The tile of
// each layer is drawn at random (seeded; the seed is printed).
func TestFaultMatrix(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 26))
	files := fixtureFiles(t)
	cases := contractCases(t)
	byLayer := map[string][]string{}
	for p := range files {
		if k, ok := strings.CutPrefix(p, "tiles/"); ok {
			l := strings.SplitN(k, "/", 2)[0]
			byLayer[l] = append(byLayer[l], p)
		}
	}
	var layers []string
	for l, ps := range byLayer {
		sort.Strings(ps)
		layers = append(layers, l)
	}
	sort.Strings(layers)
	keys, err := os.ReadFile("../testdata/keys.txt")
	if err != nil {
		t.Fatal(err)
	}
	hashes, err := ParseKeyHashes(string(keys))
	if err != nil {
		t.Fatal(err)
	}
	runs, bad, failed := 0, 0, 0
	for _, l := range layers {
		ps := byLayer[l]
		victim := ps[rng.IntN(len(ps))]
		for _, mode := range []string{"delete", "truncate", "flip", "swap"} {
			ms := tile.MapSource{}
			for p, b := range files {
				ms[p] = b
			}
			b := files[victim]
			switch mode {
			case "delete":
				delete(ms, victim)
			case "truncate":
				ms[victim] = b[:len(b)/2]
			case "flip":
				c := append([]byte(nil), b...)
				c[rng.IntN(len(c))] ^= 1 << rng.IntN(8)
				ms[victim] = c
			case "swap":
				other := ps[(indexOf(ps, victim)+1)%len(ps)]
				if other == victim {
					other = "tiles/admin/meta.mp" // a layer of one tile: swapped with another layer's
					if victim == other {
						other = ps[0]
					}
				}
				ms[victim], ms[other] = files[other], b
			}
			e, err := New(context.Background(), ms, Options{KeyHashes: hashes})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cases {
				runs++
				r := &Request{Method: c.Method, Target: c.URL}
				if c.Body != nil {
					r.Body = []byte(*c.Body)
				}
				resp := e.Serve(context.Background(), r)
				switch {
				case resp.Status == c.Status && string(resp.Body) == string(c.golden):
				case resp.Status == 500 && strings.Contains(string(resp.Body), `"internal error"`) && json.Valid(resp.Body) && !strings.Contains(string(resp.Body), "tiles/"):
					failed++
				default:
					bad++
					t.Errorf("%s %s %s: %s → %d %.200s", mode, victim, c.Name, c.URL, resp.Status, resp.Body)
				}
			}
		}
	}
	t.Logf("fault matrix: %d layers × 4 faults × %d cases = %d runs: %d clean 500s, %d bad", len(layers), len(cases), runs, failed, bad)
	if failed == 0 {
		t.Fatal("no request failed: the faults were not hit")
	}
}

func indexOf(ss []string, s string) int {
	for i, x := range ss {
		if x == s {
			return i
		}
	}
	return -1
}
