package main

import (
	"bufio"
	"bytes"
	"context"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bando-vn/bando/core/tile"
)

// TestMain lets the test binary run as the bando command (BANDO_TEST_MAIN=1),
// so tests can start, kill and restart it without building it.
func TestMain(m *testing.M) {
	if os.Getenv("BANDO_TEST_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// bandoCmd is the bando command (this test binary) with args.
func bandoCmd(args ...string) *exec.Cmd {
	c := exec.Command(os.Args[0], args...)
	c.Env = append(os.Environ(), "BANDO_TEST_MAIN=1")
	return c
}

// TestInterruptedBuild: `bando build` over an existing bundle, killed
// (SIGKILL) at random instants, alternately building two different
// bundles; after each kill `bando serve` starts on the path and answers
// /v1/status, every tile the manifest there lists reads back verified, the
// manifest is one of the two bundles' (old or new, never a mix), and at
// most one temporary directory is left beside it (the next build removes
// it). BANDO_KILLS sets the number of kills (default 4; the issue's
// acceptance runs 30), BANDO_KILL_SEED the seed.
func TestInterruptedBuild(t *testing.T) {
	kills := 4
	if v := os.Getenv("BANDO_KILLS"); v != "" {
		kills, _ = strconv.Atoi(v)
	}
	seed := uint64(time.Now().UnixNano())
	if v := os.Getenv("BANDO_KILL_SEED"); v != "" {
		seed, _ = strconv.ParseUint(v, 10, 64)
	}
	t.Logf("seed %d (BANDO_KILL_SEED=%d repeats this run), %d kills", seed, seed, kills)
	rng := rand.New(rand.NewPCG(seed, 0))

	root := t.TempDir()
	out := filepath.Join(root, "bundle")
	inputs := [2][]string{
		{"--osm", "../../../testdata/sample.osm", "--admin", "../../../testdata/admin"},
		{"--osm", "../../../testdata/sample.osm", "--osm", "../../../testdata/route/rules.osm", "--admin", "../../../testdata/admin"},
	}
	buildArgs := func(i int) []string {
		return append([]string{"build", "-q", "--no-basemap", "--out", out}, inputs[i]...)
	}
	// Each input's manifest, from uninterrupted builds, and how long one takes.
	var manifests [2][]byte
	var took time.Duration
	for i := range inputs {
		start := time.Now()
		if b, err := bandoCmd(buildArgs(i)...).CombinedOutput(); err != nil {
			t.Fatalf("build: %v\n%s", err, b)
		}
		took = max(took, time.Since(start))
		manifests[i], _ = os.ReadFile(filepath.Join(out, tile.ManifestPath))
	}
	if bytes.Equal(manifests[0], manifests[1]) {
		t.Fatal("the two inputs give the same bundle: old and new cannot be told apart")
	}
	finished, k := 0, 0
	for ; k < kills && finished < 3*kills; k++ {
		c := bandoCmd(buildArgs(k % 2)...)
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		at := time.Duration(rng.Int64N(int64(took) * 11 / 10))
		time.Sleep(at)
		c.Process.Signal(syscall.SIGKILL)
		err := c.Wait()
		if err == nil {
			finished++ // finished before the kill: checked, not counted as a kill
			k--
		}
		checkServes(t, out)
		got, _ := os.ReadFile(filepath.Join(out, tile.ManifestPath))
		if !bytes.Equal(got, manifests[0]) && !bytes.Equal(got, manifests[1]) {
			t.Fatalf("kill %d at %v: the manifest at the path is neither bundle's", k, at)
		}
		ents, _ := os.ReadDir(root)
		if len(ents) > 2 {
			var names []string
			for _, e := range ents {
				names = append(names, e.Name())
			}
			t.Fatalf("kill %d at %v: %v beside the bundle (at most one temporary directory)", k, at, names)
		}
	}
	if k < kills {
		t.Fatalf("only %d of %d builds were killed before they finished", k, kills)
	}
	t.Logf("%d kills at random instants of builds of ~%v (%d more builds finished before their kill)", k, took, finished)
}

// checkServes starts `bando serve` on dir, requires /v1/status to answer
// 200, stops it, and reads every tile of the bundle there, verified.
func checkServes(t *testing.T, dir string) {
	t.Helper()
	c := bandoCmd("serve", "--bundle", dir, "--addr", "127.0.0.1:0", "--quiet")
	stderr, _ := c.StderrPipe()
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	defer c.Wait()
	defer c.Process.Kill()
	sc := bufio.NewScanner(stderr)
	var url string
	for sc.Scan() {
		if u, ok := strings.CutPrefix(sc.Text(), "bando serve: "); ok {
			url, _, _ = strings.Cut(u, " ")
			break
		}
	}
	if url == "" {
		t.Fatalf("bando serve did not start on %s", dir)
	}
	resp, err := http.Get(url)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("%s: %v %v", url, resp, err)
	}
	resp.Body.Close()
	st, err := tile.Open(context.Background(), tile.DirSource(dir), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range st.Manifest().Keys() {
		if _, err := st.Tile(context.Background(), k); err != nil {
			t.Fatalf("bundle at %s: %v", dir, err)
		}
	}
}
