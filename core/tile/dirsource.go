package tile

import (
	"context"
	"errors"
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

// MapSource is a Source over an in-memory map of bundle-relative paths.
type MapSource map[string][]byte

// Get returns m[p] or ErrNotFound.
func (m MapSource) Get(_ context.Context, p string) ([]byte, error) {
	b, ok := m[p]
	if !ok {
		return nil, ErrNotFound
	}
	return b, nil
}
