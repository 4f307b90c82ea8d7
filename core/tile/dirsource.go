package tile

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// DirSource reads a bundle from a directory of the local file system.
type DirSource string

// Get returns the bytes of the bundle-relative path p.
func (d DirSource) Get(_ context.Context, p string) ([]byte, error) {
	if !fs.ValidPath(p) || strings.Contains(p, "..") {
		return nil, ErrNotFound
	}
	b, err := os.ReadFile(filepath.Join(string(d), filepath.FromSlash(path.Clean(p))))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	return b, err
}

// GetRange reads n bytes at off of the bundle-relative path p (ReadAt;
// fewer when the file ends before).
func (d DirSource) GetRange(_ context.Context, p string, off int64, n int) ([]byte, error) {
	if !fs.ValidPath(p) || strings.Contains(p, "..") {
		return nil, ErrNotFound
	}
	f, err := os.Open(filepath.Join(string(d), filepath.FromSlash(path.Clean(p))))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, n)
	got, err := f.ReadAt(b, off)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return b[:got], nil
}

// MapSource is a bundle in memory: bundle-relative paths (the manifest,
// tiles/<key>.mp) to bytes. MapBundle makes one from tiles by key.
type MapSource map[string][]byte

// Get returns m[p] or ErrNotFound.
func (m MapSource) Get(_ context.Context, p string) ([]byte, error) {
	b, ok := m[p]
	if !ok {
		return nil, ErrNotFound
	}
	return b, nil
}

// GetRange returns n bytes at off of m[p] (fewer when it ends before).
func (m MapSource) GetRange(_ context.Context, p string, off int64, n int) ([]byte, error) {
	b, ok := m[p]
	if !ok {
		return nil, ErrNotFound
	}
	if off < 0 || off > int64(len(b)) {
		return nil, nil
	}
	return b[off:min(off+int64(n), int64(len(b)))], nil
}

// MapBundle returns a MapSource holding tiles (by key) and a manifest
// listing them, for tests and builders that read what they just built.
func MapBundle(tiles map[string][]byte) MapSource {
	m := &Manifest{Format: "bando-tiles", FormatVersion: LooseFormatVersion, MinReaderVersion: 1}
	src := MapSource{}
	entries := make(map[string]TileEntry, len(tiles))
	for k, b := range tiles {
		entries[k] = EntryOf(b)
		src[Path(k)] = b
	}
	t, err := NewTileTable(entries)
	if err != nil { // a bad key: the manifest names it, so that opening it fails
		mb, _ := json.Marshal(map[string]any{"format": m.Format, "min_reader_version": 1, "tiles": entries})
		src[ManifestPath] = mb
		return src
	}
	m.Tiles = t
	mb, _ := json.Marshal(m) // a Manifest always marshals
	src[ManifestPath] = mb
	return src
}

// OpenMap opens a Store over tiles by key (MapBundle), with the default
// cache budget; keys that are not valid tile keys make it fail.
func OpenMap(tiles map[string][]byte) (*Store, error) {
	return Open(context.Background(), MapBundle(tiles), 0)
}
