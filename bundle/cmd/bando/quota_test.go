package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bando-vn/bando/core/access"
)

// startServe starts `bando serve` with args and returns its base URL and
// the process (stopped at the end of the test).
func startServe(t *testing.T, args ...string) (string, func() error) {
	t.Helper()
	c := bandoCmd(append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	stderr, _ := c.StderrPipe()
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stderr)
	var url string
	for sc.Scan() {
		if u, ok := strings.CutPrefix(sc.Text(), "bando serve: "); ok {
			url, _, _ = strings.Cut(u, "/v1/")
			break
		}
	}
	go func() {
		for sc.Scan() {
		}
	}()
	if url == "" {
		c.Process.Kill()
		c.Wait()
		t.Fatal("bando serve did not start")
	}
	stopped := false
	t.Cleanup(func() {
		if !stopped {
			c.Process.Kill()
			c.Wait()
		}
	})
	return url, func() error { // SIGTERM, then wait
		stopped = true
		c.Process.Signal(syscall.SIGTERM)
		return c.Wait()
	}
}

// TestQuotaHoldsAndSurvivesRestart: 64 concurrent requests against a daily
// limit of 20 → exactly 20 answered, 44 refused with 429; after a graceful
// restart (SIGTERM: exit 0) the key's usage is the same, and the quota is
// still used up.
func TestQuotaHoldsAndSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	keys := filepath.Join(dir, "keys.txt")
	user, admin := access.HashKey("bd_quota_user"), access.HashKey("bd_quota_admin")
	os.WriteFile(keys, []byte(fmt.Sprintf("%s rpd=20\n%s admin\n", user, admin)), 0o600)
	args := []string{"--bundle", "../../../testdata/bundle", "--keys", keys, "--quiet"}
	base, stop := startServe(t, args...)
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for i := 0; i < 64; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := http.Post(base+"/v1/forcodes/decode?forcodes=HNO4DT45BQNZ&apikey=bd_quota_user", "", nil)
			if err != nil {
				t.Error(err)
				return
			}
			resp.Body.Close()
			mu.Lock()
			codes[resp.StatusCode]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if codes[200] != 20 || codes[429] != 44 {
		t.Fatalf("64 concurrent requests, daily limit 20: %v", codes)
	}
	usage := func(base string) int {
		resp, err := http.Get(base + "/v1/admin/usage?apikey=bd_quota_admin&key=" + user.ID())
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var u struct{ Counters []access.Counter }
		json.NewDecoder(resp.Body).Decode(&u)
		if len(u.Counters) != 1 {
			t.Fatalf("usage %d: %+v", resp.StatusCode, u)
		}
		return u.Counters[0].Requests
	}
	if n := usage(base); n != 20 {
		t.Fatalf("usage before the restart: %d requests, want 20", n)
	}
	if err := stop(); err != nil {
		t.Fatalf("SIGTERM: %v (want a clean exit)", err)
	}
	base, _ = startServe(t, args...)
	if n := usage(base); n != 20 {
		t.Fatalf("usage after the restart: %d requests, want 20", n)
	}
	resp, err := http.Post(base+"/v1/forcodes/decode?forcodes=HNO4DT45BQNZ&apikey=bd_quota_user", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 429 {
		t.Fatalf("after the restart the used-up quota answers %d, want 429", resp.StatusCode)
	}
}

// TestServeDrainsOnSIGTERM: a request in flight when `bando serve` gets
// SIGTERM (here: its body half sent) is still answered, then the server
// exits 0; a new connection is refused after the signal.
func TestServeDrainsOnSIGTERM(t *testing.T) {
	base, stop := startServe(t, "--bundle", "../../../testdata/bundle", "--quiet")
	addr := strings.TrimPrefix(base, "http://")
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	body := "forcodes=HNO4DT45BQNZ"
	fmt.Fprintf(c, "POST /v1/forcodes/decode HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n%s", len(body), body[:10])
	time.Sleep(200 * time.Millisecond) // the request is in the handler, reading its body
	exited := make(chan error, 1)
	go func() { exited <- stop() }()
	time.Sleep(300 * time.Millisecond)
	if _, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		t.Error("a new connection was accepted after SIGTERM")
	}
	fmt.Fprint(c, body[10:])
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("the request in flight was not answered: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("request in flight: %d", resp.StatusCode)
	}
	if err := <-exited; err != nil {
		t.Fatalf("exit after SIGTERM: %v", err)
	}
}
