//go:build js && wasm

// Command worker is bando's Cloudflare Worker: the /v1 API from the same Go
// core as the native server, served through github.com/syumai/workers.
//
// Our JavaScript glue (src/index.mjs) starts this program once per isolate
// and queues requests into it one at a time. Before each request it sets
// globalThis.context = {env, ctx, binding} to the current request's values
// (syumai reads binding at init and env through context), and it provides
// globalThis.__bandoWorker.getTile(path) → Promise<Uint8Array|null>, which
// reads the bundle from Workers Static Assets through the current request's
// env.ASSETS binding.
//
// Configuration (Worker vars / secrets):
//
//	BANDO_KEY_HASHES   SHA-256 hex hashes of the accepted API keys, newline-
//	                   or comma-separated (required: without it every /v1
//	                   request gets 503, so a misconfigured Worker fails closed)
//	BANDO_CACHE_BYTES  tile cache budget in bytes (optional)
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"runtime/debug"
	"strconv"
	"sync"
	"syscall/js"

	"github.com/bando-vn/bando/core"
	"github.com/bando-vn/bando/core/httpserve"
	"github.com/bando-vn/bando/core/tile"
	"github.com/syumai/workers"
)

func main() {
	workers.ServeNonBlock(http.HandlerFunc(serve))
	workers.Ready()
	select {}
}

var (
	engMu sync.Mutex
	eng   *core.Engine
	h     http.Handler
)

// handler returns the isolate's engine handler, creating the engine on the
// first request (reading only the manifest). A failure is not cached: the
// next request tries again.
func handler(ctx context.Context) (http.Handler, error) {
	engMu.Lock()
	defer engMu.Unlock()
	if h != nil {
		return h, nil
	}
	env := js.Global().Get("context").Get("env")
	kh := envString(env, "BANDO_KEY_HASHES")
	if kh == "" {
		return nil, fmt.Errorf("BANDO_KEY_HASHES is not set")
	}
	hashes, err := core.ParseKeyHashes(kh)
	if err != nil {
		return nil, fmt.Errorf("BANDO_KEY_HASHES: %v", err)
	}
	if len(hashes) == 0 {
		return nil, fmt.Errorf("BANDO_KEY_HASHES holds no hash")
	}
	opts := core.Options{KeyHashes: hashes}
	if cb := envString(env, "BANDO_CACHE_BYTES"); cb != "" {
		n, err := strconv.Atoi(cb)
		if err != nil {
			return nil, fmt.Errorf("BANDO_CACHE_BYTES: %v", err)
		}
		opts.CacheBytes = n
	}
	if err := gcSettings(env); err != nil {
		return nil, err
	}
	getTile := js.Global().Get("__bandoWorker").Get("getTile")
	if getTile.Type() != js.TypeFunction {
		return nil, fmt.Errorf("globalThis.__bandoWorker.getTile is not set (wrong glue?)")
	}
	e, err := core.New(ctx, tile.JSSource{Fn: getTile}, opts)
	if err != nil {
		return nil, err
	}
	eng, h = e, httpserve.Handler(e)
	return h, nil
}

// gcSettings applies BANDO_GOGC (a GC percent, or "off") and
// BANDO_MEMORY_LIMIT (bytes; the Go heap's soft limit).
func gcSettings(env js.Value) error {
	if v := envString(env, "BANDO_GOGC"); v != "" {
		n := -1
		if v != "off" {
			var err error
			if n, err = strconv.Atoi(v); err != nil {
				return fmt.Errorf("BANDO_GOGC: %v", err)
			}
		}
		debug.SetGCPercent(n)
	}
	if v := envString(env, "BANDO_MEMORY_LIMIT"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return fmt.Errorf("BANDO_MEMORY_LIMIT: %v", err)
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

// rawJSBodyWriter is implemented by syumai's ResponseWriter: a body given
// as a JS value becomes the Response body as is, instead of a
// ReadableStream pulled from a Go pipe (which costs goroutines, two
// never-released js.Funcs per response, and a goroutine left blocked on an
// empty write for bodiless responses such as 204).
type rawJSBodyWriter interface{ WriteRawJSBody(body js.Value) }

// bufferedWriter collects a handler's response so it can be handed to JS
// in one piece.
type bufferedWriter struct {
	w      http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (b *bufferedWriter) Header() http.Header         { return b.w.Header() }
func (b *bufferedWriter) WriteHeader(status int)      { b.status = status }
func (b *bufferedWriter) Write(p []byte) (int, error) { return b.body.Write(p) }

func serve(w http.ResponseWriter, r *http.Request) {
	hd, err := handler(r.Context())
	if err != nil {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Access-Control-Allow-Origin", "*")
		msg := "bando worker not ready: " + err.Error()
		b, _ := json.Marshal(map[string]string{"status": "UNKNOWN_ERROR", "error_message": msg, "message": msg})
		send(w, http.StatusServiceUnavailable, b)
		return
	}
	bw := &bufferedWriter{w: w, status: http.StatusOK}
	hd.ServeHTTP(bw, r)
	send(w, bw.status, bw.body.Bytes())
}

func send(w http.ResponseWriter, status int, body []byte) {
	w.WriteHeader(status)
	if len(body) == 0 {
		return
	}
	if rw, ok := w.(rawJSBodyWriter); ok {
		ua := js.Global().Get("Uint8Array").New(len(body))
		js.CopyBytesToJS(ua, body)
		rw.WriteRawJSBody(ua)
		return
	}
	w.Write(body)
}
