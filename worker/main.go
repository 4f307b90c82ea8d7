//go:build js && wasm

// Command worker is bando's Cloudflare Worker: the /v1 API from the same Go
// core as the native server.
//
// The JavaScript glue (src/index.mjs) starts this program once per isolate
// and calls globalThis.__bandoServe(method, target, contentType, body, env,
// done) for one request at a time; Go answers with done(status, headers,
// body) — headers "name\nvalue\n…", body a Uint8Array. That is a handful of
// JS↔Go calls per request, against the several dozen of a net/http
// request/response conversion (syumai/workers' jshttp), and it keeps
// net/http — and the crypto/tls it drags in, whose package init was a fifth
// of the cold start — out of the binary.
//
// The glue also provides, on globalThis.__bandoWorker:
//
//	getTile(path) → Promise<Uint8Array|null>   the bundle, from Static Assets
//	lookupKey(hashHex) → Promise<null|{revoked,admin,rpm,rpd}>   KV BANDO_KEYS
//	usageAdd(keyID, day, units) → number        today's requests (known so far)
//	usageRequests(keyID, day) → number
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
//	BANDO_CACHE_BYTES  tile cache budget in bytes (optional)
//	BANDO_GOGC, BANDO_MEMORY_LIMIT   Go GC percent ("off") and soft heap limit
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"sync"
	"syscall/js"
	"time"

	"github.com/bando-vn/bando/core"
	"github.com/bando-vn/bando/core/access"
	"github.com/bando-vn/bando/core/tile"
)

func main() {
	warmUp()
	js.Global().Set("__bandoServe", js.FuncOf(serveJS))
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
func engine(ctx context.Context, env js.Value) (*core.Engine, error) {
	engMu.Lock()
	defer engMu.Unlock()
	if eng != nil {
		return eng, nil
	}
	glue := js.Global().Get("__bandoWorker")
	if glue.Type() != js.TypeObject || glue.Get("getTile").Type() != js.TypeFunction {
		return nil, errors.New("globalThis.__bandoWorker.getTile is not set (wrong glue?)")
	}
	gate, err := gateOf(env, glue)
	if err != nil {
		return nil, err
	}
	opts := core.Options{Gate: gate}
	if cb := envString(env, "BANDO_CACHE_BYTES"); cb != "" {
		n, err := strconv.Atoi(cb)
		if err != nil || n < 0 {
			return nil, errors.New("BANDO_CACHE_BYTES: expected a number of bytes")
		}
		opts.CacheBytes = n
	}
	if err := gcSettings(env); err != nil {
		return nil, err
	}
	e, err := core.New(ctx, tile.JSSource{Fn: glue.Get("getTile")}, opts)
	if err != nil {
		return nil, err
	}
	eng = e
	return eng, nil
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

func (u jsUsage) Add(_ context.Context, keyID, day string, units int) int {
	return intOf(u.glue.Call("usageAdd", keyID, day, units))
}

func (u jsUsage) Requests(_ context.Context, keyID, day string) int {
	return intOf(u.glue.Call("usageRequests", keyID, day))
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
	if v := envString(env, "BANDO_MEMORY_LIMIT"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return errors.New("BANDO_MEMORY_LIMIT: expected a number of bytes")
		}
		debug.SetMemoryLimit(n)
	}
	return nil
}

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

// serveJS(method, target, contentType, body, env, done) starts serving one
// request and returns at once; done(status, headers, body) is called when
// the answer is ready (Go may first wait for tiles, which needs the JS
// event loop).
func serveJS(_ js.Value, a []js.Value) any {
	if len(a) < 6 || a[5].Type() != js.TypeFunction {
		return errors.New("__bandoServe: expected (method, target, contentType, body, env, done)").Error()
	}
	req := &core.Request{Method: a[0].String(), Target: a[1].String()}
	if a[2].Type() == js.TypeString {
		req.Header = map[string]string{"content-type": a[2].String()}
	}
	if b := a[3]; b.Type() == js.TypeObject {
		req.Body = make([]byte, b.Get("byteLength").Int())
		js.CopyBytesToGo(req.Body, b)
	}
	env, done := a[4], a[5]
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
		defer cancel()
		resp := serve(ctx, env, req)
		var hs []byte
		for _, kv := range resp.Header {
			hs = append(append(append(append(hs, kv[0]...), '\n'), kv[1]...), '\n')
		}
		body := js.Global().Get("Uint8Array").New(len(resp.Body))
		js.CopyBytesToJS(body, resp.Body)
		done.Invoke(resp.Status, string(hs), body)
	}()
	return nil
}

func serve(ctx context.Context, env js.Value, req *core.Request) *core.Response {
	e, err := engine(ctx, env)
	if err != nil {
		msg := "bando worker not ready: " + err.Error()
		b, _ := json.Marshal(map[string]string{"status": "UNKNOWN_ERROR", "error_message": msg, "message": msg})
		return &core.Response{Status: 503, Header: [][2]string{{"Content-Type", "application/json; charset=utf-8"}, {"Access-Control-Allow-Origin", "*"}}, Body: b}
	}
	return e.Serve(ctx, req)
}
