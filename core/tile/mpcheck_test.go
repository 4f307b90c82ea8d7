package tile

import (
	"errors"
	"runtime"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

func TestCheckMsgpack(t *testing.T) {
	good := []any{nil, true, 1, -1, 300, -300, 70000, 1 << 40, 1.5, float32(2.5), "", "abc", string(make([]byte, 300)),
		[]byte{1, 2}, make([]byte, 70000), []any{1, "a", []any{}}, map[string]any{"a": []int{1, 2}, "b": map[string]int{"c": 1}},
		&msgpack.RawMessage{0xd4, 1, 2}, &msgpack.RawMessage{0xc7, 3, 1, 1, 2, 3}}
	for _, v := range good {
		b, err := msgpack.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckMsgpack(b); err != nil {
			t.Errorf("%T %x: %v", v, b, err)
		}
		for cut := 0; cut < len(b); cut++ { // every truncation is refused
			if err := CheckMsgpack(b[:cut]); !errors.Is(err, ErrCorrupt) {
				t.Errorf("%T %x cut at %d: %v", v, b, cut, err)
			}
		}
	}
	deep := make([]byte, MaxMsgpackDepth+1)
	for i := range deep {
		deep[i] = 0x91 // [[[…
	}
	deep = append(deep, 0xc0)
	if err := CheckMsgpack(deep); !errors.Is(err, ErrCorrupt) {
		t.Errorf("nesting %d deep accepted: %v", MaxMsgpackDepth+1, err)
	}
	if err := CheckMsgpack(deep[1:]); err != nil {
		t.Errorf("nesting %d deep refused: %v", MaxMsgpackDepth, err)
	}
	for _, b := range [][]byte{{0xc1}, {0xc6, 0xb0, 0, 0, 0}, {0xdd, 0x7f, 0xff, 0xff, 0xff, 0}, {0xdf, 0, 0, 0, 1, 0}} {
		if err := CheckMsgpack(b); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%x accepted: %v", b, err)
		}
	}
}

// FuzzCheckMsgpack: CheckMsgpack never panics, and what it accepts
// decodes (or fails to, e.g. on integer map keys) without a panic and
// without allocating much more than the input.
func FuzzCheckMsgpack(f *testing.F) {
	f.Add([]byte{0x82, 0xa1, 'a', 0x92, 1, 2, 0xa1, 'b', 0xc4, 1, 9})
	f.Fuzz(func(t *testing.T, b []byte) {
		if CheckMsgpack(b) != nil {
			return
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var v any
		msgpack.Unmarshal(b, &v)
		runtime.ReadMemStats(&after)
		if d := after.TotalAlloc - before.TotalAlloc; d > 1<<20+uint64(1000*len(b)) {
			t.Fatalf("%x: accepted, and decoding it allocated %d bytes", b, d)
		}
	})
}
