package access

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// FileUsage is a Memory kept in a file (the native server's counters, next
// to its key file), so that a restart keeps every key's usage and daily
// quota. Changes are saved at most every Interval and on Close, each save
// written safely: a temporary file beside it, synced, renamed over the
// file, the directory synced — a crash leaves the old counters or the new,
// never a torn file, and loses at most the last Interval of counts.
type FileUsage struct {
	*Memory
	Path     string
	Interval time.Duration // between saves (0: one second)

	mu    sync.Mutex // serialises saves
	dirty chan struct{}
	stop  chan struct{}
	done  chan struct{}
}

// OpenFileUsage reads the counters at path (none yet when it does not
// exist) and starts saving changes to it.
func OpenFileUsage(path string) (*FileUsage, error) {
	// Temporary files of saves interrupted by a crash: never the counters.
	if olds, err := filepath.Glob(filepath.Join(filepath.Dir(path), "."+globQuote(filepath.Base(path))+".tmp-*")); err == nil {
		for _, o := range olds {
			os.Remove(o)
		}
	}
	m := &Memory{}
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, err
	default:
		var cs []Counter
		if err := json.Unmarshal(b, &cs); err != nil {
			return nil, fmt.Errorf("%s: not a usage file (%v); move it away to start counting afresh", path, err)
		}
		m.m = make(map[[2]string]*Counter, len(cs))
		for _, c := range cs {
			c := c
			m.m[[2]string{c.Key, c.Day}] = &c
		}
	}
	f := &FileUsage{Memory: m, Path: path, dirty: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	m.OnChange = func() {
		select {
		case f.dirty <- struct{}{}:
		default:
		}
	}
	go f.loop()
	return f, nil
}

func (f *FileUsage) loop() {
	defer close(f.done)
	every := f.Interval
	if every <= 0 {
		every = time.Second
	}
	for {
		select {
		case <-f.stop:
			return
		case <-f.dirty:
			f.Save()
			select {
			case <-f.stop:
				return
			case <-time.After(every):
			}
		}
	}
}

// Close stops the saving loop and saves the counters a last time.
func (f *FileUsage) Close() error {
	close(f.stop)
	<-f.done
	return f.Save()
}

// Save writes the counters to Path now.
func (f *FileUsage) Save() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	cs, _ := f.Memory.Counters(context.Background(), "")
	if cs == nil {
		cs = []Counter{}
	}
	b, err := json.Marshal(cs)
	if err != nil {
		return err
	}
	return writeFileAtomic(f.Path, append(b, '\n'))
}

// writeFileAtomic replaces path with b: temporary file, sync, rename,
// directory sync.
func writeFileAtomic(path string, b []byte) error {
	dir := filepath.Dir(path)
	t, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(t.Name())
	if _, err := t.Write(b); err != nil {
		t.Close()
		return err
	}
	if err := t.Sync(); err != nil {
		t.Close()
		return err
	}
	if err := t.Close(); err != nil {
		return err
	}
	if err := os.Rename(t.Name(), path); err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

func globQuote(s string) string {
	return strings.NewReplacer(`\`, `\\`, `*`, `\*`, `?`, `\?`, `[`, `\[`).Replace(s)
}
