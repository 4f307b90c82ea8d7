//go:build js && wasm

// Command worker is bando's Cloudflare Worker: the /v1 API from the same Go
// core as the native server.
//
// The JavaScript glue (src/index.mjs) starts this program once per isolate
// and, for one request at a time, writes it into Go's memory and calls the
// wasm export bandoServe(id, n), then the Go runtime's resume; Go answers
// through the wasm import bando.done(id, ptr, len), the answer in Go's
// memory (see answer). Numbers cross, no JavaScript value: syscall/js is
// left to the tile, key and usage calls (why: worker/README.md, "The JS↔Go
// path").
//
// The glue also provides, on globalThis.__bandoWorker:
//
//	env() → the Worker's env (read once, by the first request)
//	getTile(path[, size, sha256]) → Promise<Uint8Array|null|"corrupt">
//	                                            the bundle, from Static Assets
//	                                            (checked with WebCrypto: tile.JSVerifyingSource)
//	lookupKey(hashHex) → Promise<null|{revoked,admin,rpm,rpd}>   KV BANDO_KEYS
//	usageReserve(keyID, day, limit) → boolean   count a request unless at the limit
//	usageRelease(keyID, day), usageUnits(keyID, day, units)
//	usageCounters(keyID) → Promise<string>      JSON array of access.Counter
//
// Configuration (Worker vars / secrets), read on the first request:
//
//	BANDO_KEYS         KV namespace binding: key hash → {"revoked","admin","rpm","rpd"}
//	BANDO_KEY_HASHES   secret, the fallback when there is no KV binding: a key
//	                   list (access.ParseKeys). Neither: every /v1 request gets
//	                   503 (a misconfigured Worker fails closed).
//	BANDO_KEY_TTL      seconds a KV answer is remembered (1..60, default 60):
//	                   a revoked key is refused within that (plus KV's own
//	                   propagation delay on Cloudflare)
//	BANDO_USAGE        Durable Object namespace binding: usage counters
//	BANDO_CACHE_BYTES  tile cache budget in bytes (default 32 MiB: defaultCacheBytes)
//	BANDO_GOGC, BANDO_MEMORY_LIMIT   Go GC percent ("off") and soft memory limit
//	                   (bytes, default 80 MiB: defaultMemoryLimit)
package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall/js"
	"time"
	"unsafe"

	"github.com/bando-vn/bando/core"
	"github.com/bando-vn/bando/core/access"
	"github.com/bando-vn/bando/core/tile"
)

func main() {
	go serveLoop()
	warmUp()
	if ready := js.Global().Get("__bandoReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

var (
	engMu sync.Mutex
	eng   *core.Engine
)

// engine returns the isolate's engine, creating it on the first request
// (reading only the manifest). A failure is not cached: the next request
// tries again. Its message names settings, never their values.
func engine(ctx context.Context) (*core.Engine, error) {
	engMu.Lock()
	defer engMu.Unlock()
	if eng != nil {
		return eng, nil
	}
	glue := js.Global().Get("__bandoWorker")
	if glue.Type() != js.TypeObject || glue.Get("getTile").Type() != js.TypeFunction || glue.Get("env").Type() != js.TypeFunction {
		return nil, errors.New("globalThis.__bandoWorker.getTile is not set (wrong glue?)")
	}
	env := glue.Call("env") // the Worker's env (bindings, vars, secrets)
	gate, err := gateOf(env, glue)
	if err != nil {
		return nil, err
	}
	opts := core.Options{Gate: gate, CacheBytes: defaultCacheBytes}
	if cb := envString(env, "BANDO_CACHE_BYTES"); cb != "" {
		n, err := strconv.Atoi(cb)
		if err != nil || n < 0 {
			return nil, errors.New("BANDO_CACHE_BYTES: expected a number of bytes")
		}
		if n > 0 { // 0: the default
			opts.CacheBytes = n
		}
	}
	if err := gcSettings(env); err != nil {
		return nil, err
	}
	src := tileSource(glue)
	if preManifest != nil { // parsed at start-up (bandoManifest)
		// A packed bundle's directory (core/tile/SPEC.md §9) is read by this
		// request; a failure is not cached (the next request tries again).
		if err := preManifest.LoadDirectory(ctx, src); err != nil {
			return nil, err
		}
		eng = core.NewWithStore(tile.OpenManifest(src, preManifest, opts.CacheBytes), opts)
		return eng, nil
	}
	e, err := core.New(ctx, src, opts)
	if err != nil {
		return nil, err
	}
	eng = e
	return eng, nil
}

// bandoHeap returns the Go heap live after a full collection, in KiB: for
// measurements (js/bench, through the inspector; the glue's liveHeapBytes).
//
//go:wasmexport bandoHeap
func bandoHeap() int32 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int32(m.HeapAlloc >> 10)
}

// The bundle's manifest can ship inside the Worker script (`make worker`
// does so when it fits the script size limit: build/manifest.bin, a Data
// module; empty when not). The glue hands it over at start-up and Go
// parses it there, in Cloudflare's start-up phase: the first request then
// reads no manifest (for the Hà Nội bundle 800 KB fetched and parsed, most
// of a cold request's CPU). Without it the first request reads
// manifest.json from the assets, as before.
var (
	preManifest *tile.Manifest
	manifestBuf []byte
)

// bandoManifestBuffer returns the address of an n-byte buffer for the
// manifest (0 when n is not a sane size).
//
//go:wasmexport bandoManifestBuffer
func bandoManifestBuffer(n int32) uint32 {
	if n <= 0 || n > 64<<20 {
		return 0
	}
	manifestBuf = make([]byte, n)
	return uint32(uintptr(unsafe.Pointer(&manifestBuf[0])))
}

// bandoManifest parses the manifest written into that buffer: 0 done, 1
// not valid (the first request then reads the assets' manifest.json, and
// fails clearly if that is broken too).
//
//go:wasmexport bandoManifest
func bandoManifest() int32 {
	b := manifestBuf
	manifestBuf = nil
	m, err := tile.ParseManifest(b)
	if err != nil {
		return 1
	}
	preManifest = m
	b = nil
	runtime.GC() // the parse's garbage is collected here, at start-up, not in the first request
	return 0
}

// gateOf builds the access gate: keys from KV (cached ≤ 1 min, so a
// revoked key is refused within a minute) or from the BANDO_KEY_HASHES
// secret; usage in the Durable Object when bound.
func gateOf(env, glue js.Value) (*access.Gate, error) {
	g := &access.Gate{}
	switch {
	case env.Get("BANDO_KEYS").Type() == js.TypeObject:
		ttl := access.MaxKeyTTL
		if v := envString(env, "BANDO_KEY_TTL"); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 60 {
				return nil, errors.New("BANDO_KEY_TTL: expected seconds from 1 to 60")
			}
			ttl = time.Duration(n) * time.Second
		}
		g.Keys = &access.Cached{Src: kvKeys{glue.Get("lookupKey")}, TTL: ttl}
	case envString(env, "BANDO_KEY_HASHES") != "":
		ks, err := access.ParseKeys(envString(env, "BANDO_KEY_HASHES"))
		if err != nil {
			return nil, fmt.Errorf("BANDO_KEY_HASHES: %v", err) // ParseKeys never shows the text
		}
		if len(ks) == 0 {
			return nil, errors.New("BANDO_KEY_HASHES holds no key hash")
		}
		g.Keys = ks
	default:
		return nil, errors.New("no keys: bind the KV namespace BANDO_KEYS or set the secret BANDO_KEY_HASHES")
	}
	if env.Get("BANDO_USAGE").Type() == js.TypeObject {
		g.Usage = jsUsage{glue}
	}
	return g, nil
}

// kvKeys looks keys up through the glue's lookupKey (KV).
type kvKeys struct{ fn js.Value }

func (k kvKeys) Lookup(ctx context.Context, h access.Hash) (access.Key, bool, error) {
	v, err := tile.Await(ctx, k.fn.Invoke(h.String()))
	if err != nil {
		return access.Key{}, false, errors.New("KV BANDO_KEYS: lookup failed")
	}
	if v.Type() != js.TypeObject {
		return access.Key{}, false, nil
	}
	return access.Key{Hash: h, Revoked: v.Get("revoked").Truthy(), Admin: v.Get("admin").Truthy(),
		PerMinute: intOf(v.Get("rpm")), PerDay: intOf(v.Get("rpd"))}, true, nil
}

func intOf(v js.Value) int {
	if v.Type() == js.TypeNumber {
		return v.Int()
	}
	return 0
}

// jsUsage counts through the glue, which keeps today's counts per key in
// the isolate and sends increments to the key's Durable Object after the
// response (ctx.waitUntil).
type jsUsage struct{ glue js.Value }

func (u jsUsage) Reserve(_ context.Context, keyID, day string, limit int) bool {
	return u.glue.Call("usageReserve", keyID, day, limit).Truthy()
}

func (u jsUsage) Release(_ context.Context, keyID, day string) {
	u.glue.Call("usageRelease", keyID, day)
}

func (u jsUsage) AddUnits(_ context.Context, keyID, day string, units int) {
	u.glue.Call("usageUnits", keyID, day, units)
}

func (u jsUsage) Counters(ctx context.Context, keyID string) ([]access.Counter, error) {
	v, err := tile.Await(ctx, u.glue.Call("usageCounters", keyID))
	if err != nil || v.Type() != js.TypeString {
		return nil, errors.New("usage store unavailable")
	}
	var cs []access.Counter
	if err := json.Unmarshal([]byte(v.String()), &cs); err != nil {
		return nil, errors.New("usage store: bad answer")
	}
	return cs, nil
}

// gcSettings applies BANDO_GOGC (a GC percent, or "off") and
// BANDO_MEMORY_LIMIT (bytes; the Go heap's soft limit).
func gcSettings(env js.Value) error {
	if v := envString(env, "BANDO_GOGC"); v != "" {
		n := -1
		if v != "off" {
			var err error
			if n, err = strconv.Atoi(v); err != nil {
				return errors.New("BANDO_GOGC: expected a percent or off")
			}
		}
		debug.SetGCPercent(n)
	}
	limit := int64(defaultMemoryLimit)
	if v := envString(env, "BANDO_MEMORY_LIMIT"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return errors.New("BANDO_MEMORY_LIMIT: expected a number of bytes")
		}
		limit = n
	}
	debug.SetMemoryLimit(limit)
	return nil
}

// defaultMemoryLimit is Go's soft memory limit when BANDO_MEMORY_LIMIT is
// not set. A Workers isolate has 128 MB for everything (the wasm memory,
// which never shrinks, and the JavaScript heap). Serving every endpoint of
// the Hà Nội bundle, Go's live heap is ~46 MB (reverse geocoding's place
// tiles, the routing graph, the address converter's tables) and with the
// default GC pacing (next collection at twice the live heap) the wasm
// memory reached ~100 MB, ~125 MB with the JS heap. With this limit it
// stays at ~91 MB, at no measurable CPU cost (BENCHMARKS.worker.md).
const defaultMemoryLimit = 80 << 20

// defaultCacheBytes is the tile cache's budget when BANDO_CACHE_BYTES is not
// set: less than the native default (tile.DefaultCacheBytes), for the
// isolate's 128 MB. Hà Nội → TP.HCM on the Vietnam bundle (~70 MiB of
// tiles) then peaks at ≤ 105 MB of isolate memory (BENCHMARKS.worker.md).
const defaultCacheBytes = 32 << 20

func envString(env js.Value, name string) string {
	if env.Type() != js.TypeObject {
		return ""
	}
	if v := env.Get(name); v.Type() == js.TypeString {
		return v.String()
	}
	return ""
}

// requestTimeout bounds one request in Go (tile reads included).
const requestTimeout = 20 * time.Second

// The request and response cross between JavaScript and Go as bytes in
// Go's memory through a wasm export and a wasm import, not through
// syscall/js: a js.Func call costs several JS↔Go calls and a Go finalizer
// per JavaScript value it receives (the event, its arguments, this), and
// every Go string or byte slice sent back a few more. reqBuf is the buffer
// the glue writes each request into (bandoRequestBuffer gives its address,
// growing it on demand); bandoServe takes the request; the answer goes to
// the glue's bando.done import as one byte slice.
var reqBuf = make([]byte, 64<<10)

// bandoRequestBuffer returns the address of a request buffer of at least
// n bytes (n ≤ 2 MiB: a body over 1 MiB is refused by the glue).
//
//go:wasmexport bandoRequestBuffer
func bandoRequestBuffer(n int32) uint32 {
	if n < 0 || n > 2<<20 {
		return 0
	}
	if int(n) > len(reqBuf) {
		reqBuf = make([]byte, n)
	}
	return uint32(uintptr(unsafe.Pointer(&reqBuf[0])))
}

// bandoServe(id, n) takes the request the glue wrote into the request
// buffer, n bytes: "method\ntarget\ncontent-type\nbody-error\nrequest-id\n"
// then the body (body-error: why the glue could not read the body whole,
// "" when it did, and the core then answers 400; request-id: the Ray ID,
// in error bodies as "request_id" and in the log line of a 5xx), and
// returns 0 (1: malformed). It only queues the request: the glue then
// calls the Go runtime's resume, which serves it (serveLoop) until it
// answers through done or waits for a tile (which needs the JS event loop).
//
//go:wasmexport bandoServe
func bandoServe(id, n int32) int32 {
	if n < 0 || int(n) > len(reqBuf) {
		return 1
	}
	req, ok := parseRequest(reqBuf[:n])
	if !ok {
		return 1
	}
	j := job{id, req}
	select {
	case jobs <- j: // serveLoop is idle (the glue lets one request in at a time)
	default:
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
			defer cancel()
			answer(j, serve(ctx, j.req))
		}()
	}
	return 0
}

// done(id, ptr, len) is the glue's: the answer to request id is the len
// bytes at ptr (see answer); it copies them before returning.
//
//go:wasmimport bando done
func done(id int32, ptr unsafe.Pointer, n int32)

// job is one request handed from bandoServe to a goroutine.
type job struct {
	id  int32 // the glue's request id
	req *core.Request
}

// jobs feeds serveLoop. Requests enter Go one at a time (the glue's FIFO),
// so one long-lived goroutine serves nearly all of them: its stack has
// already grown to what the engine needs (a goroutine per request started
// at the minimum stack and paid several stack copies in every request,
// ~6 % of an autocomplete's CPU), and one timer is re-armed per request
// instead of a context.WithTimeout each (time.AfterFunc's heap work was
// another ~5 %).
var jobs = make(chan job)

func serveLoop() {
	var (
		mu     sync.Mutex
		cancel context.CancelFunc
	)
	watchdog := time.AfterFunc(time.Hour, func() {
		mu.Lock()
		defer mu.Unlock()
		if cancel != nil {
			cancel()
		}
	})
	watchdog.Stop()
	for j := range jobs {
		ctx, c := context.WithCancel(context.Background())
		mu.Lock()
		cancel = c
		mu.Unlock()
		watchdog.Reset(requestTimeout)
		answer(j, serve(ctx, j.req))
		watchdog.Stop()
		mu.Lock()
		cancel = nil
		mu.Unlock()
		c()
	}
}

// parseRequest reads "method\ntarget\ncontent-type\nbody-error\nrequest-id\nbody",
// copying what it keeps (raw may be reqBuf, overwritten by the next
// request).
func parseRequest(raw []byte) (*core.Request, bool) {
	var f [5]string
	for i := range f {
		n := bytes.IndexByte(raw, '\n')
		if n < 0 {
			return nil, false
		}
		f[i], raw = string(raw[:n]), raw[n+1:]
	}
	req := &core.Request{Method: f[0], Target: f[1], BodyErr: f[3], ID: f[4]}
	if f[2] != "" {
		req.Header = map[string]string{"content-type": f[2]}
	}
	if len(raw) > 0 {
		req.Body = bytes.Clone(raw)
	}
	return req, true
}

// answer hands the response to the glue's done: a little-endian uint32 n,
// then n bytes "status\nname\nvalue\n…", then the body.
func answer(j job, resp *core.Response) {
	out := make([]byte, 4, 64+len(resp.Body))
	out = strconv.AppendInt(out, int64(resp.Status), 10)
	out = append(out, '\n')
	for _, kv := range resp.Header {
		out = append(append(append(append(out, kv[0]...), '\n'), kv[1]...), '\n')
	}
	binary.LittleEndian.PutUint32(out, uint32(len(out)-4))
	out = append(out, resp.Body...)
	done(j.id, unsafe.Pointer(&out[0]), int32(len(out)))
}

func serve(ctx context.Context, req *core.Request) *core.Response {
	e, err := engine(ctx)
	if err != nil {
		msg := "bando worker not ready: " + err.Error()
		b, _ := json.Marshal(map[string]string{"status": "UNKNOWN_ERROR", "error_message": msg, "message": msg})
		return &core.Response{Status: 503, Header: [][2]string{{"Content-Type", "application/json; charset=utf-8"}, {"Access-Control-Allow-Origin", "*"}}, Body: b}
	}
	resp := e.Serve(ctx, req)
	if resp.Cause != nil { // the cause of a 5xx: to the Worker's log, never to the client
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.Encode(map[string]any{"level": "ERROR", "msg": "request", "id": req.ID, "method": req.Method,
			"target": core.LogTarget(core.SplitTarget(req.Target)), "status": resp.Status, "cause": resp.Cause.Error()})
		print(b.String())
	}
	return resp
}
