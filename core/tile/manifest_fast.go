package tile

import (
	"bytes"
	"strconv"
)

// The manifest's "tiles" object is nearly all of it (a city bundle: 6,500
// entries, 720 KB of 800 KB) and encoding/json's reflection is slow where
// the first request of a Worker isolate pays for it (wasm: ~200 ms for that
// bundle, most of the cold first request). parseFast reads the manifest
// with encoding/json for everything but "tiles", which it reads with a
// scanner for exactly the shape the writer produces:
//
//	"tiles": {"<key>": {"size": <int>, "sha256": "<hex>"}, …}
//
// (any whitespace, members in any order, unknown members skipped). Anything
// else — an escape or a byte outside printable ASCII in a string, a size
// that is not a plain integer, a duplicate key, invalid JSON — makes it
// give up (ok false) and ParseManifest reads the whole document with
// encoding/json: the fast path only accepts documents on which the two
// agree (FuzzParseManifest checks that they do).

// fastScanner walks JSON bytes; every method leaves i after what it read.
type fastScanner struct {
	b []byte
	i int
}

func (s *fastScanner) ws() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// peek skips whitespace and returns the next byte (0 at the end).
func (s *fastScanner) peek() byte {
	s.ws()
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

func (s *fastScanner) eat(c byte) bool {
	if s.peek() == c {
		s.i++
		return true
	}
	return false
}

// plainString reads a string of printable ASCII without escapes and
// returns the offsets of its contents.
func (s *fastScanner) plainString() (int, int, bool) {
	if !s.eat('"') {
		return 0, 0, false
	}
	start := s.i
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			return start, s.i - 1, true
		case c < 0x20 || c > 0x7e || c == '\\':
			return 0, 0, false
		}
		s.i++
	}
	return 0, 0, false
}

// integer reads an integer literal that fits an int (what encoding/json
// accepts for an int field).
func (s *fastScanner) integer() (int, bool) {
	s.ws()
	start := s.i
	if s.i < len(s.b) && s.b[s.i] == '-' {
		s.i++
	}
	digits := s.i
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		s.i++
	}
	if s.i == digits || s.b[digits] == '0' && s.i-digits > 1 {
		return 0, false
	}
	if s.i < len(s.b) && (s.b[s.i] == '.' || s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		return 0, false
	}
	n, err := strconv.Atoi(string(s.b[start:s.i]))
	return n, err == nil
}

// skipValue skips one JSON value, accepting exactly what encoding/json's
// scanner accepts (any string byte from 0x20 up, valid escapes, the number
// grammar); nesting is bounded.
func (s *fastScanner) skipValue(depth int) bool {
	if depth > 64 {
		return false
	}
	switch c := s.peek(); {
	case c == '"':
		return s.skipString()
	case c == '{' || c == '[':
		s.i++
		close := byte('}')
		if c == '[' {
			close = ']'
		}
		if s.eat(close) {
			return true
		}
		for {
			if c == '{' && (s.peek() != '"' || !s.skipString() || !s.eat(':')) {
				return false
			}
			if !s.skipValue(depth + 1) {
				return false
			}
			if s.eat(close) {
				return true
			}
			if !s.eat(',') {
				return false
			}
		}
	case c == '-' || c >= '0' && c <= '9':
		return s.skipNumber()
	default:
		for _, lit := range []string{"true", "false", "null"} {
			if bytes.HasPrefix(s.b[s.i:], []byte(lit)) {
				s.i += len(lit)
				return true
			}
		}
		return false
	}
}

// skipString skips a string at s.i (which is '"').
func (s *fastScanner) skipString() bool {
	for s.i++; s.i < len(s.b); s.i++ {
		switch c := s.b[s.i]; {
		case c == '"':
			s.i++
			return true
		case c < 0x20:
			return false
		case c == '\\':
			s.i++
			if s.i >= len(s.b) {
				return false
			}
			switch s.b[s.i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if s.i+4 >= len(s.b) {
					return false
				}
				for _, h := range s.b[s.i+1 : s.i+5] {
					if !(h >= '0' && h <= '9' || h >= 'a' && h <= 'f' || h >= 'A' && h <= 'F') {
						return false
					}
				}
				s.i += 4
			default:
				return false
			}
		}
	}
	return false
}

// skipNumber skips a number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *fastScanner) skipNumber() bool {
	digits := func() int {
		n := 0
		for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
			s.i++
			n++
		}
		return n
	}
	if s.b[s.i] == '-' {
		s.i++
	}
	if s.i < len(s.b) && s.b[s.i] == '0' {
		s.i++
	} else if digits() == 0 {
		return false
	}
	if s.i < len(s.b) && s.b[s.i] == '.' {
		s.i++
		if digits() == 0 {
			return false
		}
	}
	if s.i < len(s.b) && (s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		s.i++
		if s.i < len(s.b) && (s.b[s.i] == '+' || s.b[s.i] == '-') {
			s.i++
		}
		if digits() == 0 {
			return false
		}
	}
	return true
}

// tilesMember reads the top-level object, skipping every member but
// "tiles", which it reads (tiles): its value's span [t0, t1) and contents.
func (s *fastScanner) tilesMember() (t0, t1 int, tiles TileTable, ok bool) {
	if !s.eat('{') || s.eat('}') {
		return
	}
	t0 = -1
	for {
		k0, k1, ok := s.plainString()
		if !ok || !s.eat(':') {
			return 0, 0, TileTable{}, false
		}
		k := s.b[k0:k1]
		s.ws()
		v0 := s.i
		switch {
		case string(k) == "tiles" && t0 < 0:
			if tiles, ok = s.tiles(); !ok {
				return 0, 0, TileTable{}, false
			}
			t0, t1 = v0, s.i
		case bytes.EqualFold(k, []byte("tiles")):
			return 0, 0, TileTable{}, false // a duplicate, or another case encoding/json would match
		case !s.skipValue(0):
			return 0, 0, TileTable{}, false
		}
		if s.eat('}') {
			break
		}
		if !s.eat(',') {
			return 0, 0, TileTable{}, false
		}
	}
	if s.peek() != 0 || t0 < 0 {
		return 0, 0, TileTable{}, false
	}
	return t0, t1, tiles, true
}

// tiles reads the "tiles" object at s.i straight into a table (the keys
// and hashes are copied out of the document: nothing keeps it alive). A
// bad entry (TileTable) or a duplicate key gives up: encoding/json then
// reads the document and reports it.
func (s *fastScanner) tiles() (TileTable, bool) {
	if !s.eat('{') {
		return TileTable{}, false
	}
	// One '{' per entry as written: the count sizes the table's slices (a
	// few more where other members hold objects; fewer only if the document
	// is not the writer's, then they grow).
	tb := newTableBuilder(bytes.Count(s.b[s.i:], []byte{'{'}))
	if s.eat('}') {
		return tb.table()
	}
	for {
		k0, k1, ok := s.plainString()
		if !ok || !s.eat(':') || !s.eat('{') {
			return TileTable{}, false
		}
		var sum [32]byte
		size, ok := s.entry(&sum)
		if !ok || !tb.addSum(s.b[k0:k1], size, &sum) {
			return TileTable{}, false
		}
		if s.eat('}') {
			return tb.table()
		}
		if !s.eat(',') {
			return TileTable{}, false
		}
	}
}

// entry reads the members of one tile's object after its '{': the size,
// and the sha256 into sum. Without a sha256, or with one that is not 64
// lower-case hex digits, it gives up (the entry is bad: encoding/json then
// reports it).
func (s *fastScanner) entry(sum *[32]byte) (size int, ok bool) {
	hasSum := false
	for n := 0; !s.eat('}'); n++ {
		if n > 0 && !s.eat(',') {
			return 0, false
		}
		f0, f1, ok := s.plainString()
		if !ok || !s.eat(':') {
			return 0, false
		}
		switch string(s.b[f0:f1]) {
		case "size":
			if size, ok = s.integer(); !ok {
				return 0, false
			}
		case "sha256":
			if !s.eat('"') || len(s.b)-s.i < 65 || s.b[s.i+64] != '"' || !decodeLowerHex(sum, s.b[s.i:s.i+64]) {
				return 0, false
			}
			s.i += 65
			hasSum = true
		default: // json's matching of field names ignores case: leave those to it
			if bytes.EqualFold(s.b[f0:f1], []byte("size")) || bytes.EqualFold(s.b[f0:f1], []byte("sha256")) || !s.skipValue(0) {
				return 0, false
			}
		}
	}
	return size, hasSum
}
