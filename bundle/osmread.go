package bundle

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/paulmach/osm"
	"github.com/paulmach/osm/osmpbf"
	"github.com/paulmach/osm/osmxml"
)

// InputError names an input file and what is wrong with it.
type InputError struct {
	File string
	Err  error
}

func (e *InputError) Error() string { return e.File + ": " + e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// ErrNotOSM: the file is none of the OSM formats bando reads.
var ErrNotOSM = errors.New("not an OSM file (expected .osm.pbf, OSM XML or Overpass JSON)")

// ErrEmpty: the file holds no OSM object.
var ErrEmpty = errors.New("no OSM objects in the file")

type format int

const (
	formatPBF format = iota + 1
	formatXML
	formatJSON
)

// sniff recognises the format from the first bytes.
func sniff(head []byte) (format, error) {
	h := bytes.TrimLeft(head, " \t\r\n\xef\xbb\xbf")
	switch {
	case len(head) >= 13 && bytes.Contains(head[:min(len(head), 32)], []byte("OSMHeader")):
		return formatPBF, nil
	case bytes.HasPrefix(h, []byte("<")):
		if !bytes.Contains(head, []byte("<osm")) {
			return 0, ErrNotOSM
		}
		return formatXML, nil
	case bytes.HasPrefix(h, []byte("{")):
		return formatJSON, nil
	}
	return 0, ErrNotOSM
}

// progressReader reports the bytes read through p.
type progressReader struct {
	p *stageProgress
	r io.Reader
}

func (pr progressReader) Read(b []byte) (int, error) {
	n, err := pr.r.Read(b)
	pr.p.add(int64(n))
	return n, err
}

// scanOSM calls fn for every object of the file, in file order.
func scanOSM(ctx context.Context, path string, logw io.Writer, fn func(osm.Object)) error {
	f, err := os.Open(path)
	if err != nil {
		return &InputError{path, err}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return &InputError{path, err}
	}
	if st.IsDir() {
		return &InputError{path, errors.New("is a directory")}
	}
	br := bufio.NewReaderSize(progressReader{newProgress(logw, "reading "+path, "MB", 1<<20, st.Size()), f}, 1<<16)
	head, _ := br.Peek(512)
	fm, err := sniff(head)
	if err != nil {
		return &InputError{path, err}
	}
	n := 0
	count := func(o osm.Object) { n++; fn(o) }
	switch fm {
	case formatJSON:
		err = scanJSON(br, count)
	case formatXML:
		err = scanWith(osmxml.New(ctx, br), count)
	default:
		err = scanWith(osmpbf.New(ctx, br, runtime.GOMAXPROCS(0)), count)
	}
	if err == nil && n == 0 {
		err = ErrEmpty
	}
	if err != nil {
		return &InputError{path, err}
	}
	return nil
}

func scanWith(s osm.Scanner, fn func(osm.Object)) error {
	defer s.Close()
	for s.Scan() {
		fn(s.Object())
	}
	if err := s.Err(); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return fmt.Errorf("truncated: %w", err)
		}
		return err
	}
	return nil
}

// scanJSON reads an Overpass / OSM API JSON document.
func scanJSON(r io.Reader, fn func(osm.Object)) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	var doc osm.OSM
	if err := json.Unmarshal(b, &doc); err != nil {
		return fmt.Errorf("bad OSM JSON: %w", err)
	}
	for _, o := range doc.Objects() {
		fn(o)
	}
	return nil
}
