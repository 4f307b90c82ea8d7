//go:build js && wasm

package main

import (
	"context"
	"encoding/binary"
	"fmt"
	"runtime/debug"
	"syscall/js"
	"unsafe"

	"github.com/bando-vn/bando/core"
	"github.com/bando-vn/bando/core/route/graph"
	"github.com/bando-vn/bando/core/tile"
)

// The JavaScript side sets globalThis.__bandoBoot before running the
// module; main calls it once with {open, version}.
func main() {
	api := js.Global().Get("Object").New()
	api.Set("version", core.Version)
	api.Set("open", js.FuncOf(open))
	boot := js.Global().Get("__bandoBoot")
	if boot.Type() != js.TypeFunction {
		fmt.Println("bando.wasm: globalThis.__bandoBoot is not set; nothing to do")
		return
	}
	boot.Invoke(api)
	select {}
}

// The defaults of the browser and Node engine: decoded-tile caches for
// search and admin tiles, the graph, and place cells with address tiles
// (core.Options), and a collector run at 25 % heap growth (wasm memory never
// shrinks); chosen by measurement: core/search/BENCHMARKS.search.md.
const (
	defaultCacheBytes        = 8 << 20
	defaultRouteCacheBytes   = 56 << 20
	defaultGeocodeCacheBytes = 24 << 20
	defaultGCPercent         = 25
)

// open(getTile, options) → Promise<engine>. options, all optional:
// keyHashes (string), cacheBytes (decoded-tile cache budget of every layer
// but the graph and geocoding's, 0 or absent: defaultCacheBytes),
// routeCacheBytes (the graph's, 0 or absent: defaultRouteCacheBytes),
// geocodeCacheBytes (place cells and address tiles, 0 or absent:
// defaultGeocodeCacheBytes),
// manifest (manifestParts), gcPercent (debug.SetGCPercent; absent:
// defaultGCPercent; negative: no collection), memoryLimit (bytes,
// debug.SetMemoryLimit; 0 or absent: none), verifying (true: getTile is
// getTile(path, size, sha256hex) and returns a tile's bytes only when they
// match, or "corrupt": tile.JSVerifyingSource; js/bando.mjs hashes with
// node:crypto or WebCrypto, natively, which costs a tenth of Go's SHA-256
// in wasm). gcPercent and memoryLimit are the Go instance's: every engine
// opened in it shares them.
func open(_ js.Value, args []js.Value) any {
	return promise(func() (js.Value, error) {
		if len(args) < 1 || args[0].Type() != js.TypeFunction {
			return js.Undefined(), fmt.Errorf("open: first argument must be a function getTile(path)")
		}
		opts, err := options(args)
		if err != nil {
			return js.Undefined(), err
		}
		var src tile.Source = tile.JSSource{Fn: args[0]}
		if opts.verifying {
			src = tile.JSVerifyingSource{Fn: args[0]}
		}
		m, err := readManifest(src, args[1:])
		if err != nil {
			return js.Undefined(), err
		}
		if err := keepArchives(m, args[1:]); err != nil {
			return js.Undefined(), err
		}
		if opts.CacheBytes == 0 {
			opts.CacheBytes = defaultCacheBytes
		}
		if opts.RouteCacheBytes == 0 {
			opts.RouteCacheBytes = defaultRouteCacheBytes
		}
		if opts.GeocodeCacheBytes == 0 {
			opts.GeocodeCacheBytes = defaultGeocodeCacheBytes
		}
		st := tile.OpenManifest(src, m, opts.CacheBytes).
			WithLayerBudget(opts.RouteCacheBytes, graph.Prefixes...).
			WithLayerBudget(opts.GeocodeCacheBytes, core.GeocodePrefixes...)
		eng := core.NewWithStore(st, opts.Options)
		obj := js.Global().Get("Object").New()
		obj.Set("serve", js.FuncOf(func(_ js.Value, a []js.Value) any {
			return promise(func() (js.Value, error) { return serve(eng, a) })
		}))
		return obj, nil
	})
}

// keepArchives applies open's options.archives (a packed bundle: the
// names of the archives to read, js/bando.mjs heldOnly; tile.KeepArchives).
func keepArchives(m *tile.Manifest, opts []js.Value) error {
	if len(opts) == 0 || opts[0].Type() != js.TypeObject {
		return nil
	}
	a := opts[0].Get("archives")
	if a.IsUndefined() || a.IsNull() {
		return nil
	}
	if !m.Packed() || a.Type() != js.TypeObject || a.Get("length").Type() != js.TypeNumber {
		return fmt.Errorf("open: options.archives needs a packed bundle and an array of archive names")
	}
	names := make([]string, a.Length())
	for i := range names {
		names[i] = a.Index(i).String()
	}
	return m.KeepArchives(names)
}

// readManifest reads the bundle's manifest: from options.manifest when
// the caller parsed it (manifestParts), else from the source.
func readManifest(src tile.Source, opts []js.Value) (*tile.Manifest, error) {
	var b []byte
	if len(opts) > 0 && opts[0].Type() == js.TypeObject {
		if p := opts[0].Get("manifest"); p.Type() == js.TypeObject {
			return manifestParts(p)
		}
		// manifestJSON: the manifest's bytes, read by the caller already (a
		// packed bundle's: small, no tile table to hand over in parts).
		if j := opts[0].Get("manifestJSON"); j.InstanceOf(js.Global().Get("Uint8Array")) {
			b = make([]byte, j.Get("byteLength").Int())
			js.CopyBytesToGo(b, j)
		}
	}
	if b == nil {
		var err error
		if b, err = src.Get(context.Background(), tile.ManifestPath); err != nil {
			return nil, fmt.Errorf("reading %s: %w", tile.ManifestPath, err)
		}
	}
	m, err := tile.ParseManifest(b)
	if err != nil {
		return nil, err
	}
	// A packed bundle's directory (core/tile/SPEC.md §9): read now, so that
	// a broken one fails open with its error.
	if err := m.LoadDirectory(context.Background(), src); err != nil {
		return nil, err
	}
	return m, nil
}

// manifestParts reads open's options.manifest, {rest, keys, ends, sizes,
// sums}, Uint8Arrays: manifest.json without its tiles (JSON), and its
// table's parts (tile.TableFromParts; ends and sizes u32 little-endian).
// js/bando.mjs parses the JSON itself and hands over the table this way:
// Go's memory then holds the 56-byte-per-tile table and never the JSON
// (1.8 MB for the 14,366 tiles of Hà Nội + TP.HCM), whose copy and parse
// would raise the wasm memory's peak, which is never given back.
func manifestParts(p js.Value) (*tile.Manifest, error) {
	var parts [5][]byte
	for i, name := range [...]string{"rest", "keys", "ends", "sizes", "sums"} {
		v := p.Get(name)
		if !v.InstanceOf(js.Global().Get("Uint8Array")) { // (CopyBytesToGo panics on anything else)
			return nil, fmt.Errorf("open: options.manifest.%s must be a Uint8Array", name)
		}
		b := make([]byte, v.Get("byteLength").Int())
		js.CopyBytesToGo(b, v)
		parts[i] = b
	}
	ends, sizes := uint32s(parts[2]), uint32s(parts[3])
	if ends == nil || sizes == nil {
		return nil, fmt.Errorf("%w: manifest: tile table ends or sizes not a whole number of u32", tile.ErrCorrupt)
	}
	// keys: a buffer made here and never written again, so the string may
	// share it (the table's keys would otherwise be copied once more).
	keys := unsafe.String(unsafe.SliceData(parts[1]), len(parts[1]))
	t, err := tile.TableFromParts(keys, ends, sizes, parts[4])
	if err != nil {
		return nil, err
	}
	return tile.ParseManifestTiles(parts[0], t)
}

// uint32s decodes little-endian u32s; nil when len(b) is not a multiple of 4.
func uint32s(b []byte) []uint32 {
	if len(b)%4 != 0 {
		return nil
	}
	out := make([]uint32, len(b)/4)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return out
}

// openOptions are open's options: the engine's, and how getTile answers.
type openOptions struct {
	core.Options
	verifying bool // getTile checks size and SHA-256 (tile.JSVerifyingSource)
}

func options(args []js.Value) (openOptions, error) {
	var o openOptions // CacheBytes 0: open's default
	if len(args) < 2 || args[1].Type() != js.TypeObject {
		debug.SetGCPercent(defaultGCPercent)
		return o, nil
	}
	if kh := args[1].Get("keyHashes"); kh.Type() == js.TypeString {
		hashes, err := core.ParseKeyHashes(kh.String())
		if err != nil {
			return o, err
		}
		o.KeyHashes = hashes
	}
	if cb := args[1].Get("cacheBytes"); cb.Type() == js.TypeNumber && cb.Int() > 0 {
		o.CacheBytes = cb.Int()
	}
	if cb := args[1].Get("routeCacheBytes"); cb.Type() == js.TypeNumber && cb.Int() > 0 {
		o.RouteCacheBytes = cb.Int()
	}
	if cb := args[1].Get("geocodeCacheBytes"); cb.Type() == js.TypeNumber && cb.Int() > 0 {
		o.GeocodeCacheBytes = cb.Int()
	}
	gc := defaultGCPercent
	if v := args[1].Get("gcPercent"); v.Type() == js.TypeNumber {
		gc = v.Int()
	}
	debug.SetGCPercent(gc)
	if v := args[1].Get("memoryLimit"); v.Type() == js.TypeNumber && v.Float() > 0 {
		debug.SetMemoryLimit(int64(v.Float()))
	}
	o.verifying = args[1].Get("verifying").Truthy()
	return o, nil
}

// serve({method, url, headers, body}) → {status, headers: [[k, v]...], body}.
func serve(eng *core.Engine, a []js.Value) (js.Value, error) {
	if len(a) < 1 || a[0].Type() != js.TypeObject {
		return js.Undefined(), fmt.Errorf("serve: expected a request object")
	}
	r := a[0]
	req := &core.Request{Method: str(r.Get("method"), "GET"), Target: str(r.Get("url"), "/"), Header: map[string]string{}}
	if h := r.Get("headers"); h.Type() == js.TypeObject {
		keys := js.Global().Get("Object").Call("keys", h)
		for i := 0; i < keys.Length(); i++ {
			k := keys.Index(i).String()
			req.Header[lower(k)] = h.Get(k).String()
		}
	}
	switch b := r.Get("body"); b.Type() {
	case js.TypeString:
		req.Body = []byte(b.String())
	case js.TypeObject:
		if !b.Get("byteLength").IsUndefined() {
			req.Body = make([]byte, b.Get("byteLength").Int())
			js.CopyBytesToGo(req.Body, b)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	defer onAbort(r.Get("signal"), cancel)()
	resp := eng.Serve(ctx, req)
	out := js.Global().Get("Object").New()
	out.Set("status", resp.Status)
	hs := js.Global().Get("Array").New()
	for _, kv := range resp.Header {
		hs.Call("push", js.ValueOf([]any{kv[0], kv[1]}))
	}
	out.Set("headers", hs)
	body := js.Global().Get("Uint8Array").New(len(resp.Body)) // bytes: JSON or a vector tile
	js.CopyBytesToJS(body, resp.Body)
	out.Set("body", body)
	return out, nil
}

// onAbort cancels the request's context when the AbortSignal sig (if any)
// fires or has fired, so the engine stops waiting for tiles; it returns
// the function that removes the listener.
func onAbort(sig js.Value, cancel context.CancelFunc) (release func()) {
	if sig.Type() != js.TypeObject || sig.Get("addEventListener").Type() != js.TypeFunction {
		return func() {}
	}
	if sig.Get("aborted").Truthy() {
		cancel()
		return func() {}
	}
	fn := js.FuncOf(func(js.Value, []js.Value) any { cancel(); return nil })
	sig.Call("addEventListener", "abort", fn)
	return func() {
		sig.Call("removeEventListener", "abort", fn)
		fn.Release()
	}
}

func str(v js.Value, def string) string {
	if v.Type() == js.TypeString {
		return v.String()
	}
	return def
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

// promise runs fn in a goroutine and settles a JavaScript promise with it.
func promise(fn func() (js.Value, error)) js.Value {
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, args []js.Value) any {
		resolve, reject := args[0], args[1]
		go func() {
			defer executor.Release()
			defer func() {
				if v := recover(); v != nil {
					reject.Invoke(js.Global().Get("Error").New(fmt.Sprint("bando: ", v)))
				}
			}()
			v, err := fn()
			if err != nil {
				reject.Invoke(js.Global().Get("Error").New(err.Error()))
				return
			}
			resolve.Invoke(v)
		}()
		return nil
	})
	return js.Global().Get("Promise").New(executor)
}
