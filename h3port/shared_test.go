package h3port

import (
	"bufio"
	"flag"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bando-vn/bando/internal/fixture"
)

var h3seedFlag = flag.Int64("h3seed", 0, "seed for randomised tests (0: from $H3SEED or the clock)")

// testSeed returns the seed for randomised tests and logs it.
func testSeed(t testing.TB) int64 {
	seed := *h3seedFlag
	if seed == 0 {
		if s := os.Getenv("H3SEED"); s != "" {
			v, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				t.Fatalf("bad H3SEED %q: %v", s, err)
			}
			seed = v
		}
	}
	if seed == 0 {
		seed = time.Now().UnixNano()
	}
	t.Logf("seed=%d (rerun with -h3seed=%d or H3SEED=%d)", seed, seed, seed)
	return seed
}

// sharedH3Dir returns ../shared/peer/h3; the test fails when it is missing.
func sharedH3Dir(t testing.TB) string { return fixture.Shared(t, fixture.PeerDir+"/h3") }

// isWasm reports whether tests run under GOOS=js (Node); vector tests then
// read every file but check a deterministic subsample of records.
func isWasm() bool { return runtime.GOOS == "js" || runtime.GOARCH == "wasm" }

// sampleStride is the record stride used for checks (1 = all records).
func sampleStride() int {
	if isWasm() {
		return 7
	}
	return 1
}

func readLines(t testing.TB, path string) []string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			lines = append(lines, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}
