package basemap

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/bando-vn/bando/core/tile"
)

// Magic opens every archive (FORMAT.md §2).
const Magic = "BANDOMVT"

// ArchiveVersion is the archive layout this package reads and writes.
const ArchiveVersion = 1

// HeaderSize is the fixed header: magic, version, flags, entry count.
const HeaderSize = 16

// EntrySize is one directory entry: tile id u64, offset u32, length u32.
const EntrySize = 16

// MaxZoom is the deepest zoom a tile id can name.
const MaxZoom = 24

// ErrCorrupt is wrapped by every archive decoding error.
var ErrCorrupt = fmt.Errorf("basemap archive: %w", tile.ErrCorrupt)

// TileID packs z/x/y so that ids sort by zoom, then x, then y.
func TileID(z, x, y uint32) uint64 { return uint64(z)<<58 | uint64(x)<<29 | uint64(y) }

// SplitID is the inverse of TileID.
func SplitID(id uint64) (z, x, y uint32) {
	return uint32(id >> 58), uint32(id>>29) & (1<<29 - 1), uint32(id) & (1<<29 - 1)
}

// ValidTile reports whether z/x/y names a tile (z ≤ MaxZoom, x and y < 2^z).
func ValidTile(z, x, y int) bool {
	return z >= 0 && z <= MaxZoom && x >= 0 && y >= 0 && x < 1<<z && y < 1<<z
}

// Entry is one directory entry: where a tile's bytes are in the data
// section (offsets relative to its start).
type Entry struct {
	ID     uint64
	Offset uint32
	Length uint32
}

// Archive is an opened archive: its directory, and a reader for the data.
// It is read-only and safe for concurrent use when r is.
type Archive struct {
	r        io.ReaderAt
	dataOff  int64
	entries  []Entry
	dataSize int64
}

// Header reads and checks the 16-byte header; it returns the entry count.
func Header(h []byte) (int, error) {
	if len(h) < HeaderSize || string(h[:8]) != Magic {
		return 0, fmt.Errorf("%w: bad magic", ErrCorrupt)
	}
	// every version ≥ 1 is read (core/tile/SPEC.md §6: a newer one only
	// adds what this reader may ignore)
	if v := binary.LittleEndian.Uint16(h[8:]); v < 1 {
		return 0, fmt.Errorf("%w: version %d", ErrCorrupt, v)
	}
	return int(binary.LittleEndian.Uint32(h[12:])), nil
}

// Open reads the header and directory of an archive of size bytes from r
// (two reads: the header, then the directory) and checks every entry:
// ids strictly ascending and valid, byte ranges inside the data section.
func Open(r io.ReaderAt, size int64) (*Archive, error) {
	var h [HeaderSize]byte
	if size < HeaderSize {
		return nil, fmt.Errorf("%w: %d bytes", ErrCorrupt, size)
	}
	if _, err := r.ReadAt(h[:], 0); err != nil {
		return nil, err
	}
	n, err := Header(h[:])
	if err != nil {
		return nil, err
	}
	if int64(n) > (size-HeaderSize)/EntrySize {
		return nil, fmt.Errorf("%w: %d entries do not fit in %d bytes", ErrCorrupt, n, size)
	}
	dir := make([]byte, n*EntrySize)
	if _, err := r.ReadAt(dir, HeaderSize); err != nil {
		return nil, err
	}
	a := &Archive{r: r, dataOff: HeaderSize + int64(n)*EntrySize}
	a.dataSize = size - a.dataOff
	if a.entries, err = parseDir(dir, a.dataSize); err != nil {
		return nil, err
	}
	return a, nil
}

func parseDir(dir []byte, dataSize int64) ([]Entry, error) {
	es := make([]Entry, len(dir)/EntrySize)
	for i := range es {
		b := dir[i*EntrySize:]
		e := Entry{ID: binary.LittleEndian.Uint64(b), Offset: binary.LittleEndian.Uint32(b[8:]), Length: binary.LittleEndian.Uint32(b[12:])}
		z, x, y := SplitID(e.ID)
		if !ValidTile(int(z), int(x), int(y)) || TileID(z, x, y) != e.ID {
			return nil, fmt.Errorf("%w: entry %d: bad tile id %#x", ErrCorrupt, i, e.ID)
		}
		if i > 0 && e.ID <= es[i-1].ID {
			return nil, fmt.Errorf("%w: entry %d: ids not ascending", ErrCorrupt, i)
		}
		if int64(e.Offset)+int64(e.Length) > dataSize {
			return nil, fmt.Errorf("%w: entry %d: bytes %d+%d beyond the data (%d)", ErrCorrupt, i, e.Offset, e.Length, dataSize)
		}
		es[i] = e
	}
	return es, nil
}

// Entries returns the directory (read-only).
func (a *Archive) Entries() []Entry { return a.entries }

// Find returns the directory entry of z/x/y.
func (a *Archive) Find(z, x, y int) (Entry, bool) {
	if !ValidTile(z, x, y) {
		return Entry{}, false
	}
	id := TileID(uint32(z), uint32(x), uint32(y))
	i := sort.Search(len(a.entries), func(i int) bool { return a.entries[i].ID >= id })
	if i < len(a.entries) && a.entries[i].ID == id {
		return a.entries[i], true
	}
	return Entry{}, false
}

// Tile returns the bytes of z/x/y (one byte-range read), or ok=false when
// the archive does not hold it.
func (a *Archive) Tile(z, x, y int) (b []byte, ok bool, err error) {
	e, ok := a.Find(z, x, y)
	if !ok {
		return nil, false, nil
	}
	b = make([]byte, e.Length)
	if e.Length == 0 {
		return b, true, nil
	}
	if _, err := a.r.ReadAt(b, a.dataOff+int64(e.Offset)); err != nil {
		return nil, false, err
	}
	return b, true, nil
}

// Write encodes tiles (id → MVT bytes) as an archive. Identical tiles are
// stored once (entries share their range). Output is deterministic.
func Write(tiles map[uint64][]byte) ([]byte, error) {
	ids := make([]uint64, 0, len(tiles))
	for id := range tiles {
		z, x, y := SplitID(id)
		if !ValidTile(int(z), int(x), int(y)) {
			return nil, fmt.Errorf("basemap: bad tile id %#x", id)
		}
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	out := make([]byte, HeaderSize+len(ids)*EntrySize)
	copy(out, Magic)
	binary.LittleEndian.PutUint16(out[8:], ArchiveVersion)
	binary.LittleEndian.PutUint32(out[12:], uint32(len(ids)))
	seen := map[string]uint32{}
	var data []byte
	for i, id := range ids {
		b := tiles[id]
		off, dup := seen[string(b)]
		if !dup {
			off = uint32(len(data))
			if int64(len(data))+int64(len(b)) > 1<<32-1 {
				return nil, errors.New("basemap: archive over 4 GiB")
			}
			seen[string(b)] = off
			data = append(data, b...)
		}
		e := out[HeaderSize+i*EntrySize:]
		binary.LittleEndian.PutUint64(e, id)
		binary.LittleEndian.PutUint32(e[8:], off)
		binary.LittleEndian.PutUint32(e[12:], uint32(len(b)))
	}
	return append(out, data...), nil
}
