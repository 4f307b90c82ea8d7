//go:build js && wasm

package tile

import (
	"context"
	"errors"
	"fmt"
	"syscall/js"
)

// JSSource is a Source backed by a JavaScript function
// fn(path) → Promise<Uint8Array | null>: null (or undefined) means the path
// does not exist; a rejection is an I/O error.
type JSSource struct{ Fn js.Value }

// Get calls the JavaScript function and waits for its promise.
func (s JSSource) Get(ctx context.Context, path string) ([]byte, error) {
	return getBytes(ctx, s.Fn, path, false)
}

// GetRange calls fn(path, {offset, length}) for n bytes at off of path (a
// packed bundle's archive: SPEC.md §9). A function that ignores the range
// and returns the whole file is sliced here.
func (s JSSource) GetRange(ctx context.Context, path string, off int64, n int) ([]byte, error) {
	r := js.Global().Get("Object").New()
	r.Set("offset", off)
	r.Set("length", n)
	v, err := Await(ctx, s.Fn.Invoke(path, r))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	b, err := bytesOf(path, v, false)
	if err != nil || len(b) <= n {
		return b, err
	}
	if end := off + int64(n); end <= int64(len(b)) { // the whole file
		return b[off:end:end], nil
	}
	return b[min(off, int64(len(b))):], nil
}

// getBytes calls fn(path), waits for its promise and copies the bytes.
func getBytes(ctx context.Context, fn js.Value, path string, detach bool) ([]byte, error) {
	v, err := Await(ctx, fn.Invoke(path))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return bytesOf(path, v, detach)
}

// bytesOf copies a Uint8Array (or other typed array) into Go; null or
// undefined is ErrNotFound. With detach, the array's buffer is detached
// afterwards (ArrayBuffer.prototype.transfer(0), where there is one): its
// memory is freed at once instead of at V8's next collection.
func bytesOf(path string, v js.Value, detach bool) ([]byte, error) {
	if v.IsNull() || v.IsUndefined() {
		return nil, ErrNotFound
	}
	if v.Type() != js.TypeObject || v.Get("byteLength").IsUndefined() {
		return nil, errors.New(path + ": tile source returned neither bytes nor null")
	}
	b := make([]byte, v.Get("byteLength").Int())
	buf := v.Get("buffer")
	js.CopyBytesToGo(b, js.Global().Get("Uint8Array").New(buf, v.Get("byteOffset"), v.Get("byteLength")))
	if detach && buf.Get("transfer").Type() == js.TypeFunction {
		buf.Call("transfer", 0)
	}
	return b, nil
}

// JSVerifyingSource is a VerifyingSource backed by a JavaScript function
// fn(path, size, sha256hex) → Promise<Uint8Array | null | "corrupt">: the
// bytes only when they have that size and SHA-256 (the Worker's glue
// hashes with WebCrypto), null when the path does not exist, "corrupt"
// when they do not match; a rejection is an I/O error. Get (the manifest)
// calls fn(path) and gets bytes or null. A packed bundle's tile is
// fn(path, size, sha256, offset): the size bytes at offset of the archive
// at path, checked the same way (GetRangeVerified).
//
// Detach: fn hands over arrays whose buffers nothing else holds (the
// Worker's glue: a fetched body each), so they are detached once copied
// into Go. A Worker isolate counts ArrayBuffers against its 128 MB, and a
// route that reads 60 MB of tiles would otherwise leave them all for V8's
// next collection.
type JSVerifyingSource struct {
	Fn     js.Value
	Detach bool
}

// Get calls fn(path).
func (s JSVerifyingSource) Get(ctx context.Context, path string) ([]byte, error) {
	return getBytes(ctx, s.Fn, path, s.Detach)
}

// GetVerified calls fn(path, size, sha256).
func (s JSVerifyingSource) GetVerified(ctx context.Context, path string, e TileEntry) ([]byte, error) {
	v, err := Await(ctx, s.Fn.Invoke(path, e.Size, e.SHA256))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if v.Type() == js.TypeString && v.String() == "corrupt" {
		return nil, fmt.Errorf("%w: %s does not match the manifest's size and sha256", ErrCorrupt, path)
	}
	return bytesOf(path, v, s.Detach)
}

// GetRangeVerified calls fn(path, size, sha256, off): the size bytes at
// off of path, checked by fn (a packed bundle's archive: SPEC.md §9).
func (s JSVerifyingSource) GetRangeVerified(ctx context.Context, path string, off int64, e TileEntry) ([]byte, error) {
	v, err := Await(ctx, s.Fn.Invoke(path, e.Size, e.SHA256, off))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if v.Type() == js.TypeString && v.String() == "corrupt" {
		return nil, fmt.Errorf("%w: %s: %d bytes at %d do not match the directory's size and sha256", ErrCorrupt, path, e.Size, off)
	}
	return bytesOf(path, v, s.Detach)
}

// Await waits for a JavaScript promise (or returns a non-promise value).
func Await(ctx context.Context, p js.Value) (js.Value, error) {
	if p.Type() != js.TypeObject || p.Get("then").Type() != js.TypeFunction {
		return p, nil
	}
	done := make(chan struct{})
	var val js.Value
	var err error
	onOK := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 {
			val = args[0]
		}
		close(done)
		return nil
	})
	onErr := js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "promise rejected"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		err = errors.New(msg)
		close(done)
		return nil
	})
	release := func() { onOK.Release(); onErr.Release() }
	p.Call("then", onOK, onErr)
	select {
	case <-done:
		release()
		return val, err
	case <-ctx.Done():
		// The promise may still settle: keep its callbacks until it does
		// (JavaScript calling a released function is an error).
		go func() { <-done; release() }()
		return js.Undefined(), ctx.Err()
	}
}
