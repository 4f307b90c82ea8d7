package tile

import (
	"encoding/json"
	"fmt"
)

// FormatVersion is the tile format version this reader and writer implement.
// A reader accepts a bundle whose MinReaderVersion is <= FormatVersion.
// 3: bundles with a graph layer v3 (varint tables, core/route/graph/FORMAT.md)
// say min_reader_version 3.
const FormatVersion = 3

// ManifestPath is the bundle-relative path of the manifest.
const ManifestPath = "manifest.json"

// Attribution that travels with every bundle built from OpenStreetMap data.
const OSMAttribution = "© OpenStreetMap contributors (ODbL 1.0)"

// Manifest describes a bundle (SPEC.md §Manifest). It is JSON so that a
// person, a CDN and a service worker can read it without msgpack.
type Manifest struct {
	Format           string       `json:"format"`             // always "bando-tiles"
	FormatVersion    int          `json:"format_version"`     // version the writer implemented
	MinReaderVersion int          `json:"min_reader_version"` // oldest reader that can use it
	Generator        string       `json:"generator"`          // e.g. "bando 0.1.0"
	DataDate         string       `json:"data_date"`          // YYYY-MM-DD: newest timestamp of the input
	Attribution      []string     `json:"attribution"`        // shown by /v1/status
	Sources          []SourceInfo `json:"sources"`            // every input file and dataset
	Layers           []LayerInfo  `json:"layers"`             // what each tile family holds
	Tiles            TileTable    `json:"tiles,omitzero"`     // key → size and sha256 (a packed bundle: from its directory, not written here)
	Pack             *PackInfo    `json:"pack,omitempty"`     // a packed bundle's directory and archives (SPEC.md §9)
}

// SourceInfo names one input of the bundle and its licence.
type SourceInfo struct {
	Name    string `json:"name"`
	License string `json:"license"`
	Role    string `json:"role,omitempty"`
	Detail  string `json:"detail,omitempty"`
}

// LayerInfo describes one layer: its key prefix, version and provenance.
type LayerInfo struct {
	Name        string `json:"name"`
	Prefix      string `json:"prefix"`
	Version     int    `json:"version"`
	Count       int    `json:"count"`
	Exact       bool   `json:"exact"`
	Description string `json:"description"`
}

// TileEntry is the manifest record of one tile.
type TileEntry struct {
	Size   int    `json:"size"`
	SHA256 string `json:"sha256"` // lower-case hex of the tile bytes
}

// ValidKey reports whether key is a well-formed tile key (SPEC.md §Keys):
// 1..200 bytes of [a-z0-9_.-] in non-empty segments joined by "/", no
// segment "." or "..".
func ValidKey(key string) bool { return validKey(key) }

func validKeyBytes(key []byte) bool { return validKey(key) }

func validKey[S string | []byte](key S) bool {
	if len(key) == 0 || len(key) > 200 {
		return false
	}
	seg := 0 // start of the current segment
	for i := 0; i <= len(key); i++ {
		if i == len(key) || key[i] == '/' {
			if s := string(key[seg:i]); s == "" || s == "." || s == ".." { // (no allocation: compared only)
				return false
			}
			seg = i + 1
			continue
		}
		c := key[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

// Path is the bundle-relative path of the tile with this key.
func Path(key string) string { return "tiles/" + key + ".mp" }

// ParseManifest decodes and checks a manifest.
func ParseManifest(b []byte) (*Manifest, error) {
	m, ok := parseFast(b)
	if !ok {
		m = &Manifest{}
		if err := json.Unmarshal(b, m); err != nil {
			return nil, fmt.Errorf("%w: manifest: %v", ErrCorrupt, err)
		}
	}
	if err := m.check(); err != nil {
		return nil, err
	}
	return m, nil
}

// ParseManifestTiles decodes and checks a manifest read in two parts: its
// JSON without the tiles (rest: a "tiles" member there must be empty) and
// its tile table (TableFromParts). The result is ParseManifest's for the
// whole document.
func ParseManifestTiles(rest []byte, tiles TileTable) (*Manifest, error) {
	m := &Manifest{}
	if err := json.Unmarshal(rest, m); err != nil {
		return nil, fmt.Errorf("%w: manifest: %v", ErrCorrupt, err)
	}
	if m.Tiles.Len() > 0 || m.Tiles.bad != nil {
		return nil, fmt.Errorf("%w: manifest: tiles given twice", ErrCorrupt)
	}
	m.Tiles = tiles
	if err := m.check(); err != nil {
		return nil, err
	}
	return m, nil
}

// check applies SPEC.md §2 to a decoded manifest (its tiles were checked
// as they were read: TileTable).
func (m *Manifest) check() error {
	if m.Format != "bando-tiles" {
		return fmt.Errorf("%w: manifest: format %q is not bando-tiles", ErrCorrupt, m.Format)
	}
	if m.MinReaderVersion > FormatVersion {
		return fmt.Errorf("%w: bundle needs reader version %d, this is %d", ErrVersion, m.MinReaderVersion, FormatVersion)
	}
	if err := m.Tiles.err(); err != nil {
		return err
	}
	if m.Pack != nil {
		if m.Tiles.Len() > 0 {
			return fmt.Errorf("%w: manifest: a packed bundle lists its tiles in %s, not in \"tiles\"", ErrCorrupt, DirectoryPath)
		}
		return m.Pack.check()
	}
	return nil
}

// parseFast reads b with encoding/json except for the "tiles" object
// (manifest_fast.go); ok false: b is left to encoding/json whole.
func parseFast(b []byte) (*Manifest, bool) {
	s := &fastScanner{b: b}
	t0, t1, tiles, ok := s.tilesMember()
	if !ok {
		return nil, false
	}
	rest := make([]byte, 0, len(b)-(t1-t0)+2)
	rest = append(append(append(rest, b[:t0]...), "{}"...), b[t1:]...)
	var m Manifest
	if json.Unmarshal(rest, &m) != nil {
		return nil, false // errors are encoding/json's, on the whole document
	}
	m.Tiles = tiles
	return &m, true
}

// Keys returns the manifest's tile keys in sorted order (a new slice).
func (m *Manifest) Keys() []string { return m.Tiles.Keys() }

// Layer returns the layer with this name, or nil.
func (m *Manifest) Layer(name string) *LayerInfo {
	for i := range m.Layers {
		if m.Layers[i].Name == name {
			return &m.Layers[i]
		}
	}
	return nil
}

// CheckLayerVersion applies SPEC.md §6 to a tile's `v`: every version ≥ 1
// is readable (newer layers only add what a reader may ignore); a tile
// without `v` (read as 0) or below 1 is corrupt.
func CheckLayerVersion(layer string, v int64) error {
	if v < 1 {
		return fmt.Errorf("%w: %s tile: layer version %d (want ≥ 1)", ErrCorrupt, layer, v)
	}
	return nil
}
