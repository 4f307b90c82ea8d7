package access

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bando-vn/bando/core/errs"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time      { return c.t }
func (c *clock) add(d time.Duration) { c.t = c.t.Add(d) }
func newClock() *clock               { return &clock{time.Date(2026, 11, 23, 10, 0, 30, 0, time.UTC)} }
func mustKeys(t *testing.T, s string) StaticKeys {
	t.Helper()
	ks, err := ParseKeys(s)
	if err != nil {
		t.Fatal(err)
	}
	return ks
}

func TestParseKeysNeverShowsAPlainKey(t *testing.T) {
	for _, in := range []string{"sk-live-SECRET123", "ok\nsk-live-SECRET123", HashKey("a").String() + " sk-live-SECRET123", strings.Repeat("z", 64)} {
		_, err := ParseKeys(in)
		if err == nil {
			t.Fatalf("%q: no error", in)
		}
		if strings.Contains(err.Error(), "SECRET") || strings.Contains(err.Error(), "zzzz") {
			t.Fatalf("error shows the input: %v", err)
		}
	}
}

func TestParseKeysRoundTrip(t *testing.T) {
	k := Key{Hash: HashKey("k1"), Revoked: true, Admin: true, PerMinute: 5, PerDay: 100}
	ks := mustKeys(t, "# list\n"+k.Format()+"\n\n"+HashKey("a").String()+","+HashKey("b").String())
	if len(ks) != 3 || ks[0] != k || ks[1].Hash != HashKey("a") || ks[2].Hash != HashKey("b") {
		t.Fatalf("got %+v", ks)
	}
}

func TestAdmitKeys(t *testing.T) {
	ks := mustKeys(t, HashKey("good").String()+"\n"+Key{Hash: HashKey("gone"), Revoked: true}.Format())
	g := &Gate{Keys: ks}
	for _, c := range []struct {
		key  string
		kind errs.Kind
	}{{"", errs.Denied}, {"bad", errs.Denied}, {"gone", errs.Denied}, {"good", 0}} {
		_, d := g.Admit(context.Background(), c.key)
		if (d == nil) != (c.kind == 0) || (d != nil && d.Err.Kind != c.kind) {
			t.Fatalf("key %q: %+v", c.key, d)
		}
		if d != nil && c.key != "" && strings.Contains(d.Err.Public(), c.key) {
			t.Fatalf("message shows the key: %s", d.Err.Public())
		}
	}
}

// mutable is a KeySource whose keys change (KV).
type mutable struct {
	keys  map[Hash]Key
	calls int
}

func (m *mutable) Lookup(_ context.Context, h Hash) (Key, bool, error) {
	m.calls++
	k, ok := m.keys[h]
	return k, ok, nil
}

func TestRevokedWithinAMinute(t *testing.T) {
	c := newClock()
	src := &mutable{keys: map[Hash]Key{HashKey("k"): {Hash: HashKey("k")}}}
	g := &Gate{Keys: &Cached{Src: src, TTL: time.Hour, Now: c.now}, Now: c.now}
	if _, d := g.Admit(context.Background(), "k"); d != nil {
		t.Fatal(d.Err)
	}
	src.keys[HashKey("k")] = Key{Hash: HashKey("k"), Revoked: true}
	c.add(59 * time.Second)
	if _, d := g.Admit(context.Background(), "k"); d != nil {
		t.Fatal("cached answer expected within the TTL", d.Err)
	}
	if src.calls != 1 {
		t.Fatalf("source called %d times, want 1", src.calls)
	}
	c.add(2 * time.Second) // 61 s after the first lookup: TTL (capped at 1 min) expired
	if _, d := g.Admit(context.Background(), "k"); d == nil || d.Err.Kind != errs.Denied {
		t.Fatalf("revoked key admitted after a minute: %+v", d)
	}
}

func TestRateAndQuota(t *testing.T) {
	c := newClock()
	ks := StaticKeys{{Hash: HashKey("k"), PerMinute: 3, PerDay: 5}}
	u := &Memory{}
	g := &Gate{Keys: ks, Usage: u, Now: c.now}
	ctx := context.Background()
	for i := 0; i < 3; i++ {
		tk, d := g.Admit(ctx, "k")
		if d != nil {
			t.Fatalf("request %d refused: %v", i, d.Err)
		}
		g.Bill(ctx, tk, "/v1/status", "")
	}
	_, d := g.Admit(ctx, "k")
	if d == nil || d.Err.Kind != errs.Quota || d.RetryAfter != 30 {
		t.Fatalf("4th request in a minute: %+v", d)
	}
	c.add(time.Minute)
	for i := 0; i < 2; i++ {
		tk, d := g.Admit(ctx, "k")
		if d != nil {
			t.Fatalf("next minute, request %d refused: %v", i, d.Err)
		}
		g.Bill(ctx, tk, "/v1/status", "")
	}
	_, d = g.Admit(ctx, "k")
	if d == nil || d.Err.Kind != errs.Quota || !strings.Contains(d.Err.Msg, "daily") {
		t.Fatalf("6th request of the day: %+v", d)
	}
	if want := int((14*time.Hour - 30*time.Second - time.Minute) / time.Second); d.RetryAfter != want {
		t.Fatalf("Retry-After %d, want %d (seconds to UTC midnight)", d.RetryAfter, want)
	}
	cs, _ := u.Counters(context.Background(), "")
	if len(cs) != 1 || cs[0].Requests != 5 || cs[0].Units != 5 || cs[0].Key != HashKey("k").ID() || cs[0].Day != "2026-11-23" {
		t.Fatalf("counters %+v", cs)
	}
}

func TestSessionUnits(t *testing.T) {
	c := newClock()
	g := &Gate{Keys: StaticKeys{{Hash: HashKey("k")}}, Usage: &Memory{}, Now: c.now}
	var tk Ticket
	const tok = "6f1c2a4e-1b2c-4d3e-8f40-123456789abc"
	steps := []struct {
		wait        time.Duration
		path, token string
		units       int
	}{
		{0, "/v1/autocomplete", tok, 1},                             // a session starts
		{time.Second, "/v1/autocomplete", tok, 0},                   // same session
		{time.Minute, "/v1/autocomplete", tok, 0},                   // same session
		{time.Second, "/v1/place", tok, 0},                          // its first place call
		{time.Second, "/v1/place", tok, 1},                          // a second place call
		{time.Second, "/v1/autocomplete", tok, 1},                   // after the place call: a new session
		{5 * time.Minute, "/v1/autocomplete", tok, 1},               // expired: a new session
		{0, "/v1/autocomplete", "", 1},                              // no token
		{0, "/v1/place", "", 1},                                     // no token
		{0, "/v1/place", "00000000-0000-4000-8000-000000000000", 1}, // unknown token
		{0, "/v1/forcodes/encode", tok, 1},                          // not a session endpoint
	}
	total := 0
	for i, s := range steps {
		c.add(s.wait)
		tk, _ = g.Admit(context.Background(), "k") // a request is counted when admitted
		if got := g.Bill(context.Background(), tk, s.path, s.token); got != s.units {
			t.Fatalf("step %d (%s %q): %d units, want %d", i, s.path, s.token, got, s.units)
		}
		total += s.units
	}
	if cs, _ := g.Usage.(*Memory).Counters(context.Background(), tk.Key.Hash.ID()); len(cs) != 1 || cs[0].Units != total || cs[0].Requests != len(steps) {
		t.Fatalf("counters %+v, want %d units over %d requests", cs, total, len(steps))
	}
}

func TestSessionOfAnotherKeyIsNotShared(t *testing.T) {
	c := newClock()
	g := &Gate{Keys: StaticKeys{{Hash: HashKey("a")}, {Hash: HashKey("b")}}, Now: c.now}
	ta, _ := g.Admit(context.Background(), "a")
	tb, _ := g.Admit(context.Background(), "b")
	const tok = "6f1c2a4e-1b2c-4d3e-8f40-123456789abc"
	g.Bill(context.Background(), ta, "/v1/autocomplete", tok)
	if u := g.Bill(context.Background(), tb, "/v1/place", tok); u != 1 {
		t.Fatalf("key b's place call rode key a's session: %d units", u)
	}
}

func FuzzParseKeys(f *testing.F) {
	f.Add(HashKey("a").String() + " rpm=3 rpd=9 revoked\n# x\n")
	f.Add("sk-plain-key")
	f.Fuzz(func(t *testing.T, s string) {
		ks, err := ParseKeys(s)
		if err != nil {
			return
		}
		var b strings.Builder
		for _, k := range ks {
			b.WriteString(k.Format() + "\n")
		}
		again, err := ParseKeys(b.String())
		if err != nil || len(again) != len(ks) {
			t.Fatalf("round trip: %v %d/%d", err, len(again), len(ks))
		}
	})
}
