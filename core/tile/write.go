package tile

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// WriteBundle writes manifest m and the tiles to dir, replacing a bundle
// already there without ever leaving the path without a whole bundle
// (SPEC.md §1.1): everything goes to a sibling temporary directory, which
// then takes dir's place — an atomic exchange of the two directories where
// the system has one (Linux), else two renames with a window that
// RecoverBundle closes — and only then is the old bundle removed. dir must
// be absent, empty or a bando bundle (CheckOut): WriteBundle never deletes
// what it did not write. Temporary directories of earlier interrupted
// writes to dir are removed first. m.Tiles is filled from tiles. Output is
// deterministic: the same inputs give byte-identical files.
func WriteBundle(dir string, m *Manifest, tiles map[string][]byte) error {
	m.Format = "bando-tiles"
	m.FormatVersion = max(LooseFormatVersion, m.MinReaderVersion) // a layer may need a newer reader (search layer 3)
	if m.MinReaderVersion == 0 {
		m.MinReaderVersion = 1
	}
	entries := make(map[string]TileEntry, len(tiles))
	for k, b := range tiles {
		if !ValidKey(k) {
			return fmt.Errorf("invalid tile key %q", k)
		}
		entries[k] = EntryOf(b)
	}
	t, err := NewTileTable(entries)
	if err != nil {
		return err
	}
	m.Tiles = t
	dir = filepath.Clean(dir)
	if err := PrepareOut(dir); err != nil {
		return err
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, tempPrefix(dir, "new"))
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp) // after a successful swap: the old bundle
	if err := writeFiles(tmp, m, tiles); err != nil {
		return err
	}
	return swapIn(tmp, dir)
}

// writeFiles writes the tiles, then the manifest last, and flushes them to
// disk (one flush of the file systems rather than a sync per file: a
// country has tens of thousands of tiles), so that the bundle swapped in
// is whole even after a crash of the machine.
func writeFiles(tmp string, m *Manifest, tiles map[string][]byte) error {
	dirs := map[string]bool{tmp: true}
	for _, k := range m.Tiles.Keys() {
		p := filepath.Join(tmp, filepath.FromSlash(Path(k)))
		if d := filepath.Dir(p); !dirs[d] {
			if err := os.MkdirAll(d, 0o755); err != nil {
				return err
			}
			dirs[d] = true
		}
		if err := os.WriteFile(p, tiles[k], 0o644); err != nil {
			return err
		}
	}
	mb, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, ManifestPath), append(mb, '\n'), 0o644); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	flushAll()
	return nil
}

// swapIn puts the whole bundle at tmp in dir's place; afterwards tmp holds
// the old bundle, if there was one (the caller removes it).
func swapIn(tmp, dir string) error {
	parent := filepath.Dir(dir)
	if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
		if err := os.Rename(tmp, dir); err != nil {
			return err
		}
		return syncDir(parent)
	}
	if isEmptyDir(dir) {
		if err := os.Remove(dir); err != nil {
			return err
		}
		if err := os.Rename(tmp, dir); err != nil {
			return err
		}
		return syncDir(parent)
	}
	err := exchangeDirs(tmp, dir) // atomic: dir is the old bundle, then the new
	if err == nil {
		return syncDir(parent)
	}
	if !errors.Is(err, errNoExchange) {
		return err
	}
	// Two renames: between them nothing is at dir, and RecoverBundle (run
	// by readers that open dir, and by the next write) puts the old bundle
	// back if the process dies there.
	old := filepath.Join(parent, tempPrefix(dir, "old")+strings.TrimPrefix(filepath.Base(tmp), tempPrefix(dir, "new")))
	if err := os.Rename(dir, old); err != nil {
		return err
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.Rename(old, dir)
		return err
	}
	if err := syncDir(parent); err != nil {
		return err
	}
	return os.Rename(old, tmp) // the old bundle, for the caller's RemoveAll(tmp)
}

// exchangeDirs is exchange (a variable so that tests can take the
// two-rename way).
var exchangeDirs = exchange

// errNoExchange: the system cannot exchange two directories atomically.
var errNoExchange = errors.New("no atomic directory exchange")

// tempPrefix names dir's sibling temporary directories: kind "new" for a
// bundle being written (or an old one being removed), "old" for the old
// bundle set aside during a two-rename swap.
func tempPrefix(dir, kind string) string {
	return "." + filepath.Base(dir) + ".bando-" + kind + "-"
}

// PrepareOut readies dir for WriteBundle, which calls it; a builder calls
// it before its work too, to fail early: it puts back a bundle set aside
// by an interrupted swap (RecoverBundle), refuses a dir that is not ours
// (CheckOut) and removes the temporary directories of earlier interrupted
// writes to dir. One build writes to a given dir at a time.
func PrepareOut(dir string) error {
	dir = filepath.Clean(dir)
	if err := RecoverBundle(dir); err != nil {
		return err
	}
	if err := CheckOut(dir); err != nil {
		return err
	}
	return removeLeftovers(dir)
}

// RecoverBundle finishes a replacement of the bundle at dir that was
// interrupted between its two renames (possible only where the system has
// no atomic exchange): when nothing is at dir and the old bundle is set
// aside beside it, the old bundle goes back. Readers that open a bundle
// directory call it first; it does nothing otherwise.
func RecoverBundle(dir string) error {
	dir = filepath.Clean(dir)
	if _, err := os.Lstat(dir); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	olds, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), globEscape(tempPrefix(dir, "old"))+"*"))
	for _, o := range olds {
		if isBundle(o) {
			return os.Rename(o, dir)
		}
	}
	return nil
}

// removeLeftovers removes the temporary directories of earlier interrupted
// writes to dir (a half-written bundle, or an old one not yet removed).
func removeLeftovers(dir string) error {
	for _, kind := range []string{"new", "old"} {
		ms, err := filepath.Glob(filepath.Join(filepath.Dir(dir), globEscape(tempPrefix(dir, kind))+"*"))
		if err != nil {
			return err
		}
		for _, m := range ms {
			if err := os.RemoveAll(m); err != nil {
				return err
			}
		}
	}
	return nil
}

func globEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `*`, `\*`, `?`, `\?`, `[`, `\[`)
	return r.Replace(s)
}

// CheckOut reports whether a bundle may be written to dir: dir is absent,
// an empty directory, or a bando bundle (a manifest.json of format
// bando-tiles, and nothing beside it but tiles/, or a packed bundle's
// tiles.dir and packs/). Anything else is refused
// with an error naming dir, so that writing never deletes a user's files.
func CheckOut(dir string) error {
	fi, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s exists and is not a directory; choose a new or empty directory for the bundle", dir)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(ents) == 0 {
		return nil
	}
	if !isBundle(dir) {
		return fmt.Errorf("%s is not empty and is not a bando bundle (no manifest.json of format bando-tiles): refusing to replace it; choose a new or empty directory", dir)
	}
	for _, e := range ents {
		if n := e.Name(); n != ManifestPath && !((n == "tiles" || n == "packs") && e.IsDir()) && n != DirectoryPath {
			return fmt.Errorf("%s is a bando bundle but also holds %s, which a build would delete: move it out first", dir, n)
		}
	}
	return nil
}

// isBundle: dir holds a manifest.json of format bando-tiles.
func isBundle(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, ManifestPath))
	if err != nil {
		return false
	}
	var m struct {
		Format string `json:"format"`
	}
	return json.Unmarshal(b, &m) == nil && m.Format == "bando-tiles"
}

func isEmptyDir(dir string) bool {
	ents, err := os.ReadDir(dir)
	return err == nil && len(ents) == 0
}

// syncDir makes the entries of directory d durable (names created or
// renamed in it).
func syncDir(d string) error {
	f, err := os.Open(d)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}

// EntryOf is the manifest record of a tile's bytes.
func EntryOf(b []byte) TileEntry {
	sum := sha256.Sum256(b)
	return TileEntry{Size: len(b), SHA256: hex.EncodeToString(sum[:])}
}
