package core

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/bando-vn/bando/core/tile"
)

// faultySource is the fixture bundle in memory with, while broken is set,
// every tile under one key prefix failing: a read error, or its bytes
// changed (one byte flipped) so that they no longer match the manifest.
type faultySource struct {
	files tile.MapSource

	mu     sync.Mutex
	prefix string // "" when repaired
	mode   string // "error" or "flip"
}

func (s *faultySource) Get(ctx context.Context, p string) ([]byte, error) {
	s.mu.Lock()
	prefix, mode := s.prefix, s.mode
	s.mu.Unlock()
	b, err := s.files.Get(ctx, p)
	if err != nil || prefix == "" || !strings.HasPrefix(p, "tiles/"+prefix) {
		return b, err
	}
	if mode == "error" {
		return nil, errors.New("transient read error")
	}
	c := append([]byte(nil), b...)
	c[len(c)/2] ^= 0x40
	return c, nil
}

func (s *faultySource) set(prefix, mode string) {
	s.mu.Lock()
	s.prefix, s.mode = prefix, mode
	s.mu.Unlock()
}

// contractOK is one request per endpoint that answers 200 on the fixture
// bundle: the first such case of each path in the contract suite.
func contractOK(t *testing.T) []*Request {
	t.Helper()
	b, err := os.ReadFile("../testdata/contract/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cases []struct {
			Method, URL string
			Body        *string
			Status      int
		}
	}
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var out []*Request
	for _, c := range f.Cases {
		path, _ := splitTarget(c.URL)
		if strings.HasPrefix(path, tilesPrefix) {
			path = tilesPrefix
		}
		if c.Status != 200 || seen[path] {
			continue
		}
		seen[path] = true
		r := &Request{Method: c.Method, Target: c.URL}
		if c.Body != nil {
			r.Body = []byte(*c.Body)
		}
		out = append(out, r)
	}
	if len(out) < 14 {
		t.Fatalf("contract suite has %d endpoints answering 200, want every one (14)", len(out))
	}
	return out
}

func fixtureFiles(t *testing.T) tile.MapSource {
	t.Helper()
	dir := tile.DirSource("../testdata/bundle")
	st, err := tile.Open(context.Background(), dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	ms := tile.MapSource{}
	ms[tile.ManifestPath], _ = dir.Get(context.Background(), tile.ManifestPath)
	for _, k := range st.Manifest().Keys() {
		if ms[tile.Path(k)], err = dir.Get(context.Background(), tile.Path(k)); err != nil {
			t.Fatal(err)
		}
	}
	return ms
}

// TestStateRecovers: no engine keeps an error for good (issue #26). With
// every tile of one layer failing (a read error, or flipped bytes: a
// corrupt tile), or with the first request of each endpoint cancelled, the
// requests of every endpoint may fail (never with a panic or a 200 built
// from a bad tile); once the fault is repaired, the next request of every
// endpoint answers 200. The engine is fresh for each fault, so each
// fault hits the engines' first use (when lazily built state is made).
func TestStateRecovers(t *testing.T) {
	files := fixtureFiles(t)
	reqs := contractOK(t)
	layers := map[string]bool{}
	for p := range files {
		if k, ok := strings.CutPrefix(p, "tiles/"); ok {
			layers[strings.SplitN(k, "/", 2)[0]+"/"] = true
		}
	}
	if len(layers) < 8 {
		t.Fatalf("fixture has layers %v, want 8", layers)
	}
	type fault struct{ prefix, mode string }
	var faults []fault
	for l := range layers {
		faults = append(faults, fault{l, "error"}, fault{l, "flip"}, fault{l, "cancel"})
	}
	faults = append(faults, fault{"graph/index", "error"}, fault{"graph/index", "flip"})
	for _, f := range faults {
		src := &faultySource{files: files}
		e, err := New(context.Background(), src, Options{})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		if f.mode == "cancel" {
			c, cancel := context.WithCancel(ctx)
			cancel()
			ctx = c
		} else {
			src.set(f.prefix, f.mode)
		}
		for _, r := range reqs {
			resp := e.Serve(ctx, r)
			if resp.Status >= 500 && strings.Contains(string(resp.Body), "tiles/") {
				t.Errorf("%s %s, %s: %d leaks a path: %s", f.prefix, f.mode, r.Target, resp.Status, resp.Body)
			}
		}
		src.set("", "")
		for _, r := range reqs {
			if resp := e.Serve(context.Background(), r); resp.Status != 200 {
				t.Errorf("after %s %s repaired: %s %s → %d %s", f.mode, f.prefix, r.Method, r.Target, resp.Status, resp.Body)
			}
		}
	}
}
