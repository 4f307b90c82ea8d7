package tile

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// WriteBundle writes manifest m and the tiles to dir atomically: everything
// goes to a sibling temporary directory that is renamed over dir only when
// complete, so a failed build leaves no half-written bundle. m.Tiles is
// filled from tiles. Output is deterministic: the same inputs give
// byte-identical files.
func WriteBundle(dir string, m *Manifest, tiles map[string][]byte) error {
	m.Format = "bando-tiles"
	m.FormatVersion = FormatVersion
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
	keys := t.Keys()
	parent := filepath.Dir(filepath.Clean(dir))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, ".bando-build-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for _, k := range keys {
		p := filepath.Join(tmp, filepath.FromSlash(Path(k)))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
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
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.Rename(tmp, dir)
}

// EntryOf is the manifest record of a tile's bytes.
func EntryOf(b []byte) TileEntry {
	sum := sha256.Sum256(b)
	return TileEntry{Size: len(b), SHA256: hex.EncodeToString(sum[:])}
}
