package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/bando-vn/bando/core/access"
)

// keysCmd runs `bando keys add|list|revoke`. A key file holds one hash a
// line (access.ParseKeys); the Worker's KV namespace holds the same keys as
// hash → JSON ({"revoked","admin","rpm","rpd"}).
func keysCmd(args []string) error {
	sub := "add"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub, args = args[0], args[1:]
	} else if len(args) == 0 || (args[0] != "-h" && args[0] != "--help" && args[0] != "-help") {
		return usageError{"keys", errors.New("keys needs add, list, revoke or export")}
	}
	fs := flag.NewFlagSet("keys "+sub, flag.ContinueOnError)
	file := fs.String("file", "", "key file (hashes only; created by add)")
	rpm := fs.Int("rpm", 0, "add: requests per minute (0: no limit)")
	rpd := fs.Int("rpd", 0, "add: requests per day (0: no limit)")
	admin := fs.Bool("admin", false, "add: the key may read /v1/admin/usage")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *file == "" {
		return usageError{"keys", errors.New("keys: --file FILE is required")}
	}
	switch sub {
	case "add":
		return keysAdd(*file, access.Key{PerMinute: *rpm, PerDay: *rpd, Admin: *admin})
	case "list":
		return keysList(*file)
	case "export":
		return keysExport(*file)
	case "revoke":
		if fs.NArg() != 1 {
			return errors.New("usage: bando keys revoke --file FILE ID|HASH")
		}
		return keysRevoke(*file, fs.Arg(0))
	}
	return usageError{"keys", fmt.Errorf("unknown subcommand %q", sub)}
}

func readKeys(file string, missingOK bool) (access.StaticKeys, error) {
	b, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) && missingOK {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	ks, err := access.ParseKeys(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return ks, nil
}

func writeKeys(file string, ks access.StaticKeys) error {
	var b strings.Builder
	b.WriteString("# bando API keys: SHA-256 hashes only (bando keys add|list|revoke)\n")
	for _, k := range ks {
		b.WriteString(k.Format() + "\n")
	}
	tmp := file + ".tmp"
	if err := os.WriteFile(tmp, []byte(b.String()), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, file)
}

// kvValue is a key's record in the Worker's KV namespace BANDO_KEYS.
func kvValue(k access.Key) string {
	b, _ := json.Marshal(map[string]any{"revoked": k.Revoked, "admin": k.Admin, "rpm": k.PerMinute, "rpd": k.PerDay})
	return string(b)
}

func kvPut(k access.Key) string {
	return fmt.Sprintf("npx wrangler kv key put --binding=BANDO_KEYS --remote %s '%s'", k.Hash, kvValue(k))
}

func keysAdd(file string, k access.Key) error {
	ks, err := readKeys(file, true)
	if err != nil {
		return err
	}
	raw := make([]byte, 24)
	if _, err := rand.Read(raw); err != nil {
		return err
	}
	key := "bd_" + base64.RawURLEncoding.EncodeToString(raw)
	k.Hash = access.HashKey(key)
	if err := writeKeys(file, append(ks, k)); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "key %s added to %s. The key itself is printed once, below, and stored nowhere:\n", k.Hash.ID(), file)
	fmt.Println(key)
	fmt.Fprintf(os.Stderr, "For the Worker, load it into KV:\n  %s\n", kvPut(k))
	return nil
}

// keysExport prints the key file as the JSON `wrangler kv bulk put` reads:
// [{"key": hash, "value": record}], revoked keys included so a revoke reaches
// the Worker (worker/deploy.mjs).
func keysExport(file string) error {
	ks, err := readKeys(file, false)
	if err != nil {
		return err
	}
	type entry struct {
		Key   string `json:"key"`
		Value string `json:"value"`
	}
	out := make([]entry, len(ks))
	for i, k := range ks {
		out[i] = entry{Key: k.Hash.String(), Value: kvValue(k)}
	}
	b, err := json.Marshal(out)
	if err != nil {
		return err
	}
	fmt.Println(string(b))
	return nil
}

func keysList(file string) error {
	ks, err := readKeys(file, false)
	if err != nil {
		return err
	}
	for _, k := range ks {
		fmt.Printf("%s  %s\n", k.Hash.ID(), k.Format())
	}
	return nil
}

func keysRevoke(file, which string) error {
	ks, err := readKeys(file, false)
	if err != nil {
		return err
	}
	n := 0
	for i := range ks {
		if which == ks[i].Hash.ID() || which == ks[i].Hash.String() {
			ks[i].Revoked = true
			n++
			fmt.Fprintf(os.Stderr, "revoked %s. For the Worker (refused within a minute):\n  %s\n", ks[i].Hash.ID(), kvPut(ks[i]))
		}
	}
	if n == 0 {
		return fmt.Errorf("no key %s in %s (give its id or hash, from bando keys list)", which, file)
	}
	return writeKeys(file, ks)
}

// fileKeys is the native server's KeySource: the key file, read again
// when it changes (checked at most every 10 s), so `bando keys revoke`
// takes effect within a minute without a restart. A file that becomes
// unreadable or invalid keeps the last good keys (and says so once).
type fileKeys struct {
	path string

	mu      sync.Mutex
	keys    access.StaticKeys
	mtime   time.Time
	checked time.Time
}

func openFileKeys(path string) (*fileKeys, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	ks, err := readKeys(path, false)
	if err != nil {
		return nil, err
	}
	if len(ks) == 0 {
		return nil, fmt.Errorf("%s holds no key hash: refusing to serve open (omit --keys for a keyless local server)", path)
	}
	return &fileKeys{path: path, keys: ks, mtime: st.ModTime(), checked: time.Now()}, nil
}

func (f *fileKeys) Lookup(ctx context.Context, h access.Hash) (access.Key, bool, error) {
	f.mu.Lock()
	if time.Since(f.checked) > 10*time.Second {
		f.checked = time.Now()
		if st, err := os.Stat(f.path); err == nil && !st.ModTime().Equal(f.mtime) {
			if ks, err := readKeys(f.path, false); err == nil && len(ks) > 0 {
				f.keys, f.mtime = ks, st.ModTime()
			} else {
				fmt.Fprintf(os.Stderr, "bando serve: %s changed but cannot be used (%v); keeping the previous keys\n", f.path, err)
				f.mtime = st.ModTime()
			}
		}
	}
	ks := f.keys
	f.mu.Unlock()
	return ks.Lookup(ctx, h)
}
