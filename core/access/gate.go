package access

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/bando-vn/bando/core/errs"
)

// Usage records billable use. A request is counted when it is admitted,
// in the same step as the daily quota is checked (Reserve), so concurrent
// requests can never pass a limit together; one that then fails is taken
// back (Release), and one that succeeds is billed its units (AddUnits).
type Usage interface {
	// Reserve counts one request of keyID on day, unless limit > 0 and
	// limit requests are counted already: then ok=false and nothing is
	// counted. (The Worker's count is exact within an isolate; across
	// isolates it lags by what other isolates have not yet sent.)
	Reserve(ctx context.Context, keyID, day string, limit int) (ok bool)
	// Release takes back a reserved request that did not succeed.
	Release(ctx context.Context, keyID, day string)
	// AddUnits bills a reserved request that succeeded (0 units for an
	// autocomplete call inside a live session).
	AddUnits(ctx context.Context, keyID, day string, units int)
	// Counters returns keyID's counters ("" for every key), oldest first.
	Counters(ctx context.Context, keyID string) ([]Counter, error)
}

// Gate admits requests: it checks the key, the key's per-minute rate and
// daily quota, and after a successful answer bills it (API.md §2).
// A nil *Gate admits everything (the in-process APIs need no key).
type Gate struct {
	Keys  KeySource
	Usage Usage            // nil: nothing counted, no daily quota
	Now   func() time.Time // nil: time.Now

	mu       sync.Mutex
	minute   map[string]*window // keyID → this minute's requests (this process)
	sessions map[string]*session
	swept    time.Time
}

type window struct {
	start time.Time
	n     int
}

// session is one autocomplete session: its key, when its token was first
// used, and whether its first /place call has been made.
type session struct {
	key   string
	first time.Time
	place bool
}

// SessionTTL is how long a sessiontoken's autocomplete calls form one
// session (API.md §2).
const SessionTTL = 5 * time.Minute

// maxSessions bounds the live sessions kept; past it new tokens are billed
// as sessionless calls (never free).
const maxSessions = 100_000

// Ticket is an admitted request: its key, and the day it was counted on
// (counted is false when there is no Usage).
type Ticket struct {
	Key     Key
	Day     string
	counted bool
}

// Denied is a refused request: the error to answer and, for a 429, the
// seconds after which to retry.
type Denied struct {
	Err        *errs.Error
	RetryAfter int
}

// Admit checks the apikey parameter's value.
func (g *Gate) Admit(ctx context.Context, apikey string) (Ticket, *Denied) {
	if apikey == "" {
		return Ticket{}, &Denied{Err: &errs.Error{Kind: errs.Denied, Param: "apikey", Msg: "missing"}}
	}
	k, ok, err := g.Keys.Lookup(ctx, HashKey(apikey))
	if err != nil {
		return Ticket{}, &Denied{Err: &errs.Error{Kind: errs.Internal, Msg: "key store unavailable", Err: err}}
	}
	if !ok {
		return Ticket{}, &Denied{Err: &errs.Error{Kind: errs.Denied, Param: "apikey", Msg: "unknown key"}}
	}
	if k.Revoked {
		return Ticket{}, &Denied{Err: &errs.Error{Kind: errs.Denied, Param: "apikey", Msg: "revoked key"}}
	}
	now := nowOf(g.Now).UTC()
	if d := g.rate(k, now); d != nil {
		return Ticket{}, d
	}
	t := Ticket{Key: k, Day: Day(now)}
	if g.Usage != nil {
		if !g.Usage.Reserve(ctx, k.Hash.ID(), t.Day, k.PerDay) {
			midnight := now.Truncate(24 * time.Hour).Add(24 * time.Hour)
			return Ticket{}, quota(fmt.Sprintf("daily quota of %d requests used", k.PerDay), midnight.Sub(now))
		}
		t.counted = true
	}
	return t, nil
}

// Release takes back an admitted request that failed: it is not counted
// (nor billed).
func (g *Gate) Release(ctx context.Context, t Ticket) {
	if t.counted {
		g.Usage.Release(ctx, t.Key.Hash.ID(), t.Day)
	}
}

// rate counts the request in the key's current minute (fixed windows).
func (g *Gate) rate(k Key, now time.Time) *Denied {
	if k.PerMinute <= 0 {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.minute == nil {
		g.minute = map[string]*window{}
	}
	id := k.Hash.ID()
	w := g.minute[id]
	start := now.Truncate(time.Minute)
	if w == nil || !w.start.Equal(start) {
		if len(g.minute) > maxSessions {
			g.minute = map[string]*window{}
		}
		w = &window{start: start}
		g.minute[id] = w
	}
	if w.n >= k.PerMinute {
		return quota(fmt.Sprintf("rate limit of %d requests per minute reached", k.PerMinute), start.Add(time.Minute).Sub(now))
	}
	w.n++
	return nil
}

func quota(msg string, wait time.Duration) *Denied {
	s := int((wait + time.Second - 1) / time.Second)
	if s < 1 {
		s = 1
	}
	return &Denied{Err: &errs.Error{Kind: errs.Quota, Param: "apikey", Msg: msg}, RetryAfter: s}
}

// Day is the UTC day of t as "2006-01-02", the unit of daily counters.
func Day(t time.Time) string { return t.UTC().Format("2006-01-02") }

// Bill counts a successful request: path is the endpoint ("/v1/place"),
// token its sessiontoken ("" when none). It returns the units billed.
func (g *Gate) Bill(ctx context.Context, t Ticket, path, token string) int {
	now := nowOf(g.Now).UTC()
	units := g.units(t.Key.Hash.ID(), path, token, now)
	if t.counted {
		g.Usage.AddUnits(ctx, t.Key.Hash.ID(), t.Day, units)
	}
	return units
}

// units applies API.md §2: autocomplete calls with one token within 5
// minutes of its first use, plus the first /place call with it, are one
// unit; every other call is one unit.
func (g *Gate) units(keyID, path, token string, now time.Time) int {
	auto, place := path == "/v1/autocomplete", path == "/v1/place"
	if token == "" || (!auto && !place) {
		return 1
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.sweep(now)
	s := g.sessions[token]
	live := s != nil && s.key == keyID && now.Sub(s.first) < SessionTTL
	switch {
	case auto && live && !s.place:
		return 0
	case auto:
		if len(g.sessions) < maxSessions {
			g.sessions[token] = &session{key: keyID, first: now}
		}
		return 1
	case live && !s.place:
		s.place = true
		return 0
	}
	return 1
}

// sweep drops expired sessions, at most once a minute.
func (g *Gate) sweep(now time.Time) {
	if g.sessions == nil {
		g.sessions = map[string]*session{}
	}
	if now.Sub(g.swept) < time.Minute {
		return
	}
	g.swept = now
	for tok, s := range g.sessions {
		if now.Sub(s.first) >= SessionTTL {
			delete(g.sessions, tok)
		}
	}
}

// Counter is one key's use on one day.
type Counter struct {
	Key      string `json:"key"` // Hash.ID
	Day      string `json:"day"`
	Requests int    `json:"requests"`
	Units    int    `json:"units"`
}

// Memory is a Usage kept in this process: exact for one process, lost when
// it stops unless kept in a file (FileUsage, the native server's). Days
// older than Keep are dropped.
type Memory struct {
	Keep int // days kept (0: 35)
	// OnChange, when set, is called (under the lock: it must be quick)
	// after every change (FileUsage uses it to know when to save).
	OnChange func()

	mu sync.Mutex
	m  map[[2]string]*Counter
}

// counter returns keyID's counter of day, made when absent (m.mu held).
func (m *Memory) counter(keyID, day string) *Counter {
	if m.m == nil {
		m.m = map[[2]string]*Counter{}
	}
	c := m.m[[2]string{keyID, day}]
	if c == nil {
		m.prune(day)
		c = &Counter{Key: keyID, Day: day}
		m.m[[2]string{keyID, day}] = c
	}
	return c
}

// Reserve implements Usage.
func (m *Memory) Reserve(_ context.Context, keyID, day string, limit int) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.counter(keyID, day)
	if limit > 0 && c.Requests >= limit {
		return false
	}
	c.Requests++
	m.changed()
	return true
}

// Release implements Usage.
func (m *Memory) Release(_ context.Context, keyID, day string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if c := m.m[[2]string{keyID, day}]; c != nil && c.Requests > 0 {
		c.Requests--
		m.changed()
	}
}

// AddUnits implements Usage.
func (m *Memory) AddUnits(_ context.Context, keyID, day string, units int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.counter(keyID, day).Units += units
	m.changed()
}

// changed tells OnChange, if set, that the counters changed (m.mu held).
func (m *Memory) changed() {
	if m.OnChange != nil {
		m.OnChange()
	}
}

func (m *Memory) prune(today string) {
	keep := m.Keep
	if keep <= 0 {
		keep = 35
	}
	t, err := time.Parse("2006-01-02", today)
	if err != nil {
		return
	}
	oldest := Day(t.AddDate(0, 0, -keep))
	for k := range m.m {
		if k[1] < oldest {
			delete(m.m, k)
		}
	}
}

// Counters returns the counters of keyID ("" for every key), oldest day
// first.
func (m *Memory) Counters(_ context.Context, keyID string) ([]Counter, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Counter
	for k, c := range m.m {
		if keyID == "" || k[0] == keyID {
			out = append(out, *c)
		}
	}
	sortCounters(out)
	return out, nil
}

func sortCounters(cs []Counter) {
	slices.SortFunc(cs, func(a, b Counter) int {
		return cmp.Or(cmp.Compare(a.Day, b.Day), cmp.Compare(a.Key, b.Key))
	})
}
