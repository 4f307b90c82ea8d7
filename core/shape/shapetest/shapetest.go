// Package shapetest helps the shape packages test their hand-written JSON
// against encoding/json: random awkward strings and the reference encoder.
package shapetest

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"os"
	"strconv"
	"testing"
)

// Body is a response type that writes its own JSON (shape.Body).
type Body interface{ AppendJSON([]byte) []byte }

// Differential checks n bodies made by gen from a seeded generator: each
// one's AppendJSON must equal encoding/json's output byte for byte. The seed
// is printed; BANDO_SEED replays another.
func Differential(t *testing.T, n int, gen func(r *rand.Rand, i int) Body) {
	t.Helper()
	seed := int64(11)
	if s := os.Getenv("BANDO_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	t.Logf("seed=%d (set BANDO_SEED to replay another)", seed)
	r := rand.New(rand.NewSource(seed))
	for i := 0; i < n; i++ {
		b := gen(r, i)
		if got, want := b.AppendJSON(nil), Reflect(t, b); !bytes.Equal(got, want) {
			t.Fatalf("%T (case %d):\n got %s\nwant %s", b, i, got, want)
		}
	}
}

// Reflect is encoding/json's output for v without HTML escaping or a
// trailing newline: the reference AppendJSON must reproduce byte for byte.
func Reflect(t testing.TB, v any) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}

// String returns a short string of pieces that JSON writers get wrong:
// quotes, backslashes, control bytes, HTML, U+2028/9, invalid UTF-8.
func String(r *rand.Rand) string {
	pool := []string{"Phở", "Huế", "\"", "\\", "\n", "\t", "\x01", "\x7f", "<b>&</b>", "\u2028", "\u2029", "\xff", "🙂", "a", " ", "đ"}
	s := ""
	for i := r.Intn(6); i > 0; i-- {
		s += pool[r.Intn(len(pool))]
	}
	return s
}

// StrPtr returns nil or a pointer to a String, half and half.
func StrPtr(r *rand.Rand) *string {
	if r.Intn(2) == 0 {
		return nil
	}
	s := String(r)
	return &s
}

// IntPtr returns nil or a pointer to a small integer, half and half.
func IntPtr(r *rand.Rand) *int {
	if r.Intn(2) == 0 {
		return nil
	}
	n := r.Intn(1e6) - 5
	return &n
}
