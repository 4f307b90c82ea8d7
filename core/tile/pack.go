package tile

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The packed layout (SPEC.md §9): tiles packed into a few archives read by
// byte range, and one directory that says where each tile is.
const (
	// PackedFormatVersion is the format_version (and min_reader_version) of
	// a packed bundle: a reader of version 1 would find no tiles in it.
	PackedFormatVersion = 2
	// LooseFormatVersion is the format_version of a bundle of loose tiles
	// (SPEC.md §1), which every reader reads.
	LooseFormatVersion = 1
	// DirectoryPath is the bundle-relative path of a packed bundle's directory.
	DirectoryPath = "tiles.dir"
	// DefaultArchiveBytes is the size an archive is cut at when a tile
	// more would pass it (PackOptions.ArchiveBytes).
	DefaultArchiveBytes = 16 << 20
	// MaxArchiveBytes is the largest archive a writer makes: Cloudflare
	// Workers serve static assets of at most 25 MiB.
	MaxArchiveBytes = 25 << 20

	archiveMagic  = "BANDOPAK"
	dirMagic      = "BANDODIR"
	headerBytes   = 32 // of an archive and of the directory
	packedVersion = 1  // u32 after the magic, archive and directory
)

// ArchivePath is the bundle-relative path of the archive with this name.
func ArchivePath(name string) string { return "packs/" + name + ".pack" }

// PackInfo is the manifest's "pack" member (SPEC.md §9.1): the directory
// and the archives of a packed bundle.
type PackInfo struct {
	Directory FileInfo   `json:"directory"`
	Archives  []FileInfo `json:"archives"`
	dir       *directory // filled by LoadDirectory
}

// FileInfo describes one file of a packed bundle: the directory or an
// archive.
type FileInfo struct {
	Name   string `json:"name,omitempty"` // an archive's file is packs/<name>.pack
	Region string `json:"region"`         // province code (new structure) whose downloads hold it; "" none
	// BBox [west, south, east, north] of a spatial archive's tiles:
	// downloads of every province whose bbox meets it hold it.
	BBox   []float64 `json:"bbox,omitempty"`
	Size   int64     `json:"size"`
	SHA256 string    `json:"sha256"`
	Tiles  int       `json:"tiles"`
}

// directory is a parsed tiles.dir: where tile i of the manifest's table is.
type directory struct {
	arch []uint16 // archive of tile i
	off  []uint32 // its offset in the archive
}

// Packed reports whether the bundle is packed (SPEC.md §9).
func (m *Manifest) Packed() bool { return m.Pack != nil }

// LoadDirectory reads and checks a packed bundle's directory through src
// and fills m.Tiles from it; nothing to do for a loose bundle or a loaded
// directory. The directory is checked against the manifest's size and
// SHA-256 like a tile.
func (m *Manifest) LoadDirectory(ctx context.Context, src Source) error {
	if m.Pack == nil || m.Pack.dir != nil {
		return nil
	}
	d := m.Pack.Directory
	e := TileEntry{Size: int(d.Size), SHA256: d.SHA256}
	var b []byte
	var err error
	vs, verifying := src.(VerifyingSource)
	if verifying {
		b, err = vs.GetVerified(ctx, DirectoryPath, e)
	} else {
		b, err = src.Get(ctx, DirectoryPath)
	}
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return fmt.Errorf("%s: %w", DirectoryPath, ErrMissing)
		}
		return fmt.Errorf("%s: %w", DirectoryPath, err)
	}
	if int64(len(b)) != d.Size {
		return fmt.Errorf("%w: %s has %d bytes, manifest says %d", ErrCorrupt, DirectoryPath, len(b), d.Size)
	}
	if !verifying {
		if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != d.SHA256 {
			return fmt.Errorf("%w: %s sha256 mismatch", ErrCorrupt, DirectoryPath)
		}
	}
	return m.SetDirectory(b)
}

// SetDirectory fills m.Tiles from the bytes of the directory (verified by
// the caller against m.Pack.Directory).
func (m *Manifest) SetDirectory(b []byte) error {
	if m.Pack == nil {
		return fmt.Errorf("%w: manifest: a directory for a loose bundle", ErrCorrupt)
	}
	t, d, err := parseDirectory(b, m.Pack.Archives)
	if err != nil {
		return err
	}
	m.Tiles, m.Pack.dir = t, d
	return nil
}

// checkPack applies SPEC.md §9.1 to the manifest's "pack" member.
func (p *PackInfo) check() error {
	if len(p.Archives) > math.MaxUint16 {
		return fmt.Errorf("%w: manifest: %d archives", ErrCorrupt, len(p.Archives))
	}
	if err := p.Directory.check(false); err != nil {
		return err
	}
	seen := make(map[string]bool, len(p.Archives))
	for i := range p.Archives {
		a := &p.Archives[i]
		if err := a.check(true); err != nil {
			return err
		}
		if seen[a.Name] {
			return fmt.Errorf("%w: manifest: archive %q twice", ErrCorrupt, a.Name)
		}
		seen[a.Name] = true
	}
	return nil
}

func (f *FileInfo) check(archive bool) error {
	what := "directory"
	if archive {
		what = "archive " + strconv.Quote(f.Name)
		if !ValidKey(f.Name) || strings.Contains(f.Name, "/") {
			return fmt.Errorf("%w: manifest: bad archive name %q", ErrCorrupt, f.Name)
		}
	}
	var sum [32]byte
	if f.Size < headerBytes || f.Size > math.MaxUint32 || !decodeLowerHex(&sum, []byte(f.SHA256)) || f.Tiles < 0 {
		return fmt.Errorf("%w: manifest: bad %s entry", ErrCorrupt, what)
	}
	if f.BBox != nil && len(f.BBox) != 4 {
		return fmt.Errorf("%w: manifest: %s bbox of %d numbers", ErrCorrupt, what, len(f.BBox))
	}
	return nil
}

// parseDirectory reads tiles.dir (SPEC.md §9.3): every tile's key, size
// and SHA-256 as a TileTable, and where it is. Every range must lie in its
// archive after the header.
func parseDirectory(b []byte, archives []FileInfo) (TileTable, *directory, error) {
	bad := func(f string, a ...any) (TileTable, *directory, error) {
		return TileTable{}, nil, &corruptError{DirectoryPath + ": " + fmt.Sprintf(f, a...)}
	}
	if len(b) < headerBytes || string(b[:8]) != dirMagic {
		return bad("not a bando directory")
	}
	le := binary.LittleEndian
	if v := le.Uint32(b[8:]); v != packedVersion {
		return bad("version %d (want %d)", v, packedVersion)
	}
	n, klen, na := uint64(le.Uint32(b[12:])), uint64(le.Uint32(b[16:])), int(le.Uint32(b[20:]))
	if na != len(archives) {
		return bad("%d archives, manifest lists %d", na, len(archives))
	}
	archPad := (2*n + 3) &^ 3
	want := headerBytes + 12*n + archPad + 32*n + klen
	if uint64(len(b)) != want {
		return bad("%d bytes, its header says %d", len(b), want)
	}
	p := b[headerBytes:]
	u32s := func(k uint64) []uint32 {
		out := make([]uint32, n)
		for i := range out {
			out[i] = le.Uint32(p[4*(k*n+uint64(i)):])
		}
		return out
	}
	ends, sizes, offs := u32s(0), u32s(1), u32s(2)
	ap := p[12*n:]
	arch := make([]uint16, n)
	for i := range arch {
		arch[i] = le.Uint16(ap[2*i:])
	}
	sums := p[12*n+archPad : 12*n+archPad+32*n]
	keys := string(p[12*n+archPad+32*n:])
	for i := range arch {
		if int(arch[i]) >= na {
			return bad("tile %d in archive %d of %d", i, arch[i], na)
		}
		if end := uint64(offs[i]) + uint64(sizes[i]); offs[i] < headerBytes || end > uint64(archives[arch[i]].Size) {
			return bad("tile %d at %d+%d outside archive %q", i, offs[i], sizes[i], archives[arch[i]].Name)
		}
	}
	t, err := TableFromParts(keys, ends, sizes, bytes.Clone(sums))
	if err != nil {
		return bad("%v", err)
	}
	return t, &directory{arch: arch, off: offs}, nil
}

// encodeDirectory writes tiles.dir for the table and where its tiles are.
func encodeDirectory(t *TileTable, d *directory, archives int) []byte {
	n := t.Len()
	archPad := (2*n + 3) &^ 3
	out := make([]byte, headerBytes+12*n+archPad+32*n+len(t.keys))
	le := binary.LittleEndian
	copy(out, dirMagic)
	le.PutUint32(out[8:], packedVersion)
	le.PutUint32(out[12:], uint32(n))
	le.PutUint32(out[16:], uint32(len(t.keys)))
	le.PutUint32(out[20:], uint32(archives))
	p := out[headerBytes:]
	for i := 0; i < n; i++ {
		le.PutUint32(p[4*i:], t.ends[i])
		le.PutUint32(p[4*(n+i):], t.sizes[i])
		le.PutUint32(p[4*(2*n+i):], d.off[i])
		le.PutUint16(p[12*n+2*i:], d.arch[i])
	}
	copy(p[12*n+archPad:], t.sums)
	copy(p[12*n+archPad+32*n:], t.keys)
	return out
}

// archiveHeader is the 32-byte header of an archive holding n tiles.
func archiveHeader(n int) []byte {
	h := make([]byte, headerBytes)
	copy(h, archiveMagic)
	binary.LittleEndian.PutUint32(h[8:], packedVersion)
	binary.LittleEndian.PutUint32(h[12:], uint32(n))
	return h
}

// location returns the archive path and offset of tile i of a packed
// bundle.
func (p *PackInfo) location(i int) (string, int64) {
	return ArchivePath(p.Archives[p.dir.arch[i]].Name), int64(p.dir.off[i])
}

// RangeSource is a Source that can read part of a file (an HTTP Range
// request, a ReadAt, an R2 ranged get). GetRange returns the n bytes at
// off of path, fewer when the file ends before (a truncated archive), or
// an error wrapping ErrNotFound when there is no such file.
type RangeSource interface {
	Source
	GetRange(ctx context.Context, path string, off int64, n int) ([]byte, error)
}

// VerifyingRangeSource is a RangeSource that checks the range it read
// against a tile's entry itself (VerifyingSource).
type VerifyingRangeSource interface {
	Source
	GetRangeVerified(ctx context.Context, path string, off int64, e TileEntry) ([]byte, error)
}

// readPacked reads tile i of a packed bundle by range: through the
// source's own range read when it has one, else by reading the whole
// archive (a plain Source, such as a function that takes only a path).
// verified: the source checked the bytes.
func (s *Store) readPacked(ctx context.Context, key string, i int) (b []byte, verified bool, err error) {
	t := &s.manifest.Tiles
	path, off := s.manifest.Pack.location(i)
	size := t.Size(i)
	switch src := s.src.(type) {
	case VerifyingRangeSource:
		b, err = src.GetRangeVerified(ctx, path, off, t.Entry(i))
		verified = true
	case RangeSource:
		b, err = src.GetRange(ctx, path, off, size)
	default:
		b, err = s.src.Get(ctx, path)
		if err == nil {
			if end := off + int64(size); end <= int64(len(b)) {
				b = b[off:end:end]
			} else {
				b = b[min(off, int64(len(b))):]
			}
		}
	}
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return nil, false, fmt.Errorf("tile %q: archive %s: %w", key, path, ErrMissing)
		}
		return nil, false, fmt.Errorf("tile %q: archive %s: %w", key, path, err)
	}
	if len(b) != size {
		return nil, false, fmt.Errorf("%w: tile %q: archive %s truncated (%d of %d bytes at %d)", ErrCorrupt, key, path, len(b), size, off)
	}
	return b, verified, nil
}

// KeepArchives restricts a packed bundle whose directory is loaded to the
// tiles of the named archives: every other tile is then absent (Has
// false, ErrNotFound), as in a bundle built without it. A device that
// downloaded some provinces (js/offline.mjs) opens the bundle so, and its
// engines skip what it does not hold instead of failing on it. Unknown
// names are ignored.
func (m *Manifest) KeepArchives(names []string) error {
	if m.Pack == nil || m.Pack.dir == nil {
		return fmt.Errorf("%w: KeepArchives needs a packed bundle with its directory loaded", ErrCorrupt)
	}
	keep := make([]bool, len(m.Pack.Archives))
	for _, n := range names {
		for i, a := range m.Pack.Archives {
			if a.Name == n {
				keep[i] = true
			}
		}
	}
	t, d := &m.Tiles, m.Pack.dir
	b := newTableBuilder(t.Len())
	nd := &directory{}
	for i := range t.Len() {
		if !keep[d.arch[i]] {
			continue
		}
		var sum [32]byte
		copy(sum[:], t.SHA256(i))
		b.addSum([]byte(t.Key(i)), t.Size(i), &sum)
		nd.arch = append(nd.arch, d.arch[i])
		nd.off = append(nd.off, d.off[i])
	}
	nt, _ := b.table() // a subset of a valid table, in order: cannot fail
	m.Tiles, m.Pack.dir = nt, nd
	return nil
}
