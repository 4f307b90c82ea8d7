//go:build !js

// Command loadgen is the load client of js/bench/worker-direct-bench.mjs
// (--client go): keep-alive HTTP/1.1 connections sending a cycle of
// requests for a fixed time, at a fraction of the CPU per request of
// Node's http client (which, on the same 2 cores, competes with the Worker
// it measures).
//
//	loadgen -c 32 -d 60s -targets targets.txt   (lines: "METHOD URL"; URLs may
//	                                             alternate between instances)
//
// It prints one JSON object: ok (status 200), errors by kind, p50/p99
// latency (ms), req/s and its own CPU per request (ms).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

type target struct{ method, url string }

func main() {
	conns := flag.Int("c", 32, "connections")
	dur := flag.Duration("d", 10*time.Second, "duration")
	file := flag.String("targets", "", `file of "METHOD URL" lines`)
	flag.Parse()
	ts, err := readTargets(*file)
	if err != nil || len(ts) == 0 {
		fmt.Fprintln(os.Stderr, "loadgen:", err, "(need -targets with METHOD URL lines)")
		os.Exit(2)
	}
	out := run(ts, *conns, *dur)
	json.NewEncoder(os.Stdout).Encode(out)
}

func readTargets(name string) ([]target, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ts []target
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m, u, ok := strings.Cut(strings.TrimSpace(sc.Text()), " "); ok {
			ts = append(ts, target{m, u})
		}
	}
	return ts, sc.Err()
}

type result struct {
	OK        int            `json:"ok"`
	Errors    map[string]int `json:"errors"`
	P50       float64        `json:"p50_ms"`
	P99       float64        `json:"p99_ms"`
	RPS       float64        `json:"rps"`
	ClientCPU float64        `json:"client_cpu_ms_per_request"`
}

func run(ts []target, conns int, dur time.Duration) result {
	tr := &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns, DisableCompression: true}
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	var (
		next   atomic.Int64
		mu     sync.Mutex
		lat    []float64
		ok     int
		errs   = map[string]int{}
		wg     sync.WaitGroup
		cpu0   = cpuNow()
		start  = time.Now()
		finish = start.Add(dur)
	)
	for c := 0; c < conns; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			var mine []float64
			for time.Now().Before(finish) {
				t := ts[int(next.Add(1)-1)%len(ts)]
				req, _ := http.NewRequest(t.method, t.url, nil)
				t0 := time.Now()
				resp, err := client.Do(req)
				kind := ""
				if err != nil {
					kind = "transport: " + strings.TrimPrefix(fmt.Sprint(err), t.method+" ")
				} else {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if resp.StatusCode != 200 {
						kind = fmt.Sprint(resp.StatusCode)
					}
				}
				ms := float64(time.Since(t0).Microseconds()) / 1000
				mu.Lock()
				if kind == "" {
					ok++
				} else {
					errs[kind]++
				}
				mu.Unlock()
				mine = append(mine, ms)
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}(c)
	}
	wg.Wait()
	secs := time.Since(start).Seconds()
	slices.Sort(lat)
	pct := func(p float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(float64(len(lat))*p))]
	}
	return result{OK: ok, Errors: errs, P50: pct(0.5), P99: pct(0.99), RPS: float64(ok) / secs,
		ClientCPU: (cpuNow() - cpu0).Seconds() * 1000 / float64(max(1, ok))}
}

// cpuNow is this process's user+system CPU time.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
