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
	v, err := Await(ctx, s.Fn.Invoke(path))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if v.IsNull() || v.IsUndefined() {
		return nil, ErrNotFound
	}
	if v.Get("byteLength").IsUndefined() {
		return nil, errors.New(path + ": tile source returned neither bytes nor null")
	}
	b := make([]byte, v.Get("byteLength").Int())
	js.CopyBytesToGo(b, js.Global().Get("Uint8Array").New(v.Get("buffer"), v.Get("byteOffset"), v.Get("byteLength")))
	return b, nil
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
