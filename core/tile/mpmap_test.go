package tile

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

// agreeWithMsgpack checks ReadMap against the msgpack library, the slow
// obvious reader: where ReadMap reads b, the library reads the same map
// (same bytes and integers; last key wins, as in the library's map). With
// mustRead, b was written by the library and ReadMap must read it. The
// library is more lenient (nil or integer keys, some non-maps read as
// maps), so the other direction is not asked.
func agreeWithMsgpack(t *testing.T, b []byte, mustRead bool) {
	t.Helper()
	got := map[string]MapValue{}
	if err := ReadMap(b, func(k []byte, v MapValue) error { got[string(k)] = v; return nil }); err != nil {
		if mustRead {
			t.Fatalf("ReadMap(%x): %v", b, err)
		}
		return
	}
	var raw map[string]msgpack.RawMessage
	if err := msgpack.Unmarshal(b, &raw); err != nil {
		t.Fatalf("ReadMap(%x) read it, msgpack: %v", b, err)
	}
	if len(got) != len(raw) {
		t.Fatalf("ReadMap(%x): %d keys, msgpack %d", b, len(got), len(raw))
	}
	for k, rv := range raw {
		g, ok := got[k]
		if !ok {
			t.Fatalf("ReadMap(%x): no key %q", b, k)
		}
		if g.Kind == 0 {
			continue // skipped whole: a container, float, bool or ext
		}
		var w any
		if len(rv) == 0 { // the library keeps a nil as no bytes
			rv = []byte{0xc0}
		}
		if err := msgpack.Unmarshal(rv, &w); err != nil {
			t.Fatalf("ReadMap(%x)[%q] = %+v, msgpack: %v", b, k, g, err)
		}
		switch w := w.(type) {
		case string:
			if g.Kind != 's' || string(g.Bytes) != w {
				t.Fatalf("ReadMap(%x)[%q] = %+v, want str %q", b, k, g, w)
			}
		case []byte:
			if g.Kind != 'b' || !bytes.Equal(g.Bytes, w) {
				t.Fatalf("ReadMap(%x)[%q] = %+v, want bin %x", b, k, g, w)
			}
		case int8, int16, int32, int64:
			if g.Kind != 'i' || g.Int != msgpackInt(w) {
				t.Fatalf("ReadMap(%x)[%q] = %+v, want %v", b, k, g, w)
			}
		case uint8, uint16, uint32:
			if g.Kind != 'i' || g.Int != msgpackInt(w) {
				t.Fatalf("ReadMap(%x)[%q] = %+v, want %v", b, k, g, w)
			}
		case nil:
			if g.Kind != 'n' {
				t.Fatalf("ReadMap(%x)[%q] = %+v, want nil", b, k, g)
			}
		}
	}
}

func msgpackInt(v any) int64 {
	switch v := v.(type) {
	case int8:
		return int64(v)
	case int16:
		return int64(v)
	case int32:
		return int64(v)
	case int64:
		return v
	case uint8:
		return int64(v)
	case uint16:
		return int64(v)
	case uint32:
		return int64(v)
	}
	panic("not an integer")
}

// TestReadMapRandom: seeded random maps of every value kind, written by the
// msgpack library, read by both.
func TestReadMapRandom(t *testing.T) {
	const seed = 20261124
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 0))
	for i := 0; i < 3000; i++ {
		m := map[string]any{}
		for j := r.IntN(20); j > 0; j-- {
			k := string(rune('a' + r.IntN(26)))
			if r.IntN(3) == 0 {
				k += string(bytes.Repeat([]byte{'k'}, r.IntN(40)))
			}
			m[k] = randomValue(r, 0)
		}
		b, err := msgpack.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		agreeWithMsgpack(t, b, true)
		if len(b) > 1 { // and a truncation: an error, never a panic
			agreeWithMsgpack(t, b[:r.IntN(len(b))], false)
		}
	}
}

func randomValue(r *rand.Rand, depth int) any {
	switch r.IntN(9) {
	case 0:
		return nil
	case 1:
		return int64(r.Int64()) >> r.IntN(64)
	case 2:
		return -int64(r.IntN(1 << r.IntN(40)))
	case 3:
		return string(bytes.Repeat([]byte{'s'}, r.IntN(1<<r.IntN(17))))
	case 4:
		return bytes.Repeat([]byte{byte(r.IntN(256))}, r.IntN(1<<r.IntN(17)))
	case 5:
		return r.Float64()
	case 6:
		if depth < 3 {
			a := make([]any, r.IntN(5))
			for i := range a {
				a[i] = randomValue(r, depth+1)
			}
			return a
		}
	case 7:
		if depth < 3 {
			return map[string]any{"x": randomValue(r, depth+1)}
		}
	}
	return r.IntN(2) == 0
}

func FuzzReadMap(f *testing.F) {
	for _, m := range []map[string]any{{"v": 1, "tok": []byte("ab"), "x": []any{1, "y"}}, {"a": "b", "n": nil, "f": 1.5}} {
		b, _ := msgpack.Marshal(m)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) { agreeWithMsgpack(t, b, false) })
}
