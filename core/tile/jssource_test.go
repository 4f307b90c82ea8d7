//go:build js && wasm

package tile

import (
	"context"
	"syscall/js"
	"testing"
)

// TestJSVerifyingSourceDetach checks that with Detach the source detaches
// each buffer it has copied (transfer(0)), and leaves it alone without:
// the buffers get a recording transfer method (Node 20 has none of its own).
func TestJSVerifyingSourceDetach(t *testing.T) {
	js.Global().Call("eval", `globalThis.__tileTest = { made: [], get(path) {
		const u = new Uint8Array([104, 105]);
		u.buffer.transfer = function (n) { this.detachedTo = n; };
		this.made.push(u.buffer);
		return Promise.resolve(u);
	} };`)
	defer js.Global().Delete("__tileTest")
	obj := js.Global().Get("__tileTest")
	fn := obj.Get("get").Call("bind", obj)
	ctx := context.Background()
	for _, c := range []struct {
		detach bool
		want   js.Value
	}{{false, js.Undefined()}, {true, js.ValueOf(0)}} {
		s := JSVerifyingSource{Fn: fn, Detach: c.detach}
		b, err := s.Get(ctx, "manifest.json")
		if err != nil || string(b) != "hi" {
			t.Fatalf("Detach %v: Get = %q, %v", c.detach, b, err)
		}
		made := obj.Get("made")
		if got := made.Index(made.Length() - 1).Get("detachedTo"); !got.Equal(c.want) {
			t.Errorf("Detach %v: transfer called with %v, want %v", c.detach, got, c.want)
		}
	}
}
