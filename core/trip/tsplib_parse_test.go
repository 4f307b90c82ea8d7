package trip

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// TSPLIB is a problem read from a TSPLIB 95 file (Reinelt 1991): its
// header fields and, for EDGE_WEIGHT_TYPE EXPLICIT with EDGE_WEIGHT_FORMAT
// FULL_MATRIX (the format of every asymmetric instance), its cost matrix.
type TSPLIB struct {
	Name, Type, Comment string
	Matrix              Matrix
}

// ErrTSPLIB is wrapped by every ParseTSPLIB error.
var ErrTSPLIB = errors.New("tsplib")

// ParseTSPLIB reads a TSPLIB file. Only explicit full matrices are
// supported; any other weight type or format is an error, never a guess.
// The dimension is checked against the input size before allocating.
func ParseTSPLIB(data []byte) (*TSPLIB, error) {
	header, body, ok := bytes.Cut(data, []byte("EDGE_WEIGHT_SECTION"))
	if !ok {
		return nil, fmt.Errorf("%w: no EDGE_WEIGHT_SECTION", ErrTSPLIB)
	}
	p := &TSPLIB{}
	fields, err := tsplibHeader(header)
	if err != nil {
		return nil, err
	}
	p.Name, p.Type, p.Comment = fields["NAME"], fields["TYPE"], fields["COMMENT"]
	if t := fields["EDGE_WEIGHT_TYPE"]; t != "EXPLICIT" {
		return nil, fmt.Errorf("%w: EDGE_WEIGHT_TYPE %q unsupported (want EXPLICIT)", ErrTSPLIB, t)
	}
	if f := fields["EDGE_WEIGHT_FORMAT"]; f != "FULL_MATRIX" {
		return nil, fmt.Errorf("%w: EDGE_WEIGHT_FORMAT %q unsupported (want FULL_MATRIX)", ErrTSPLIB, f)
	}
	n, err := strconv.Atoi(fields["DIMENSION"])
	if err != nil || n < 1 {
		return nil, fmt.Errorf("%w: bad DIMENSION %q", ErrTSPLIB, fields["DIMENSION"])
	}
	// Each weight takes at least one digit and one separator.
	if n > len(body) || n*n > (len(body)+1)/2 {
		return nil, fmt.Errorf("%w: DIMENSION %d needs %d weights, the section is %d bytes", ErrTSPLIB, n, n*n, len(body))
	}
	if p.Matrix, err = tsplibWeights(body, n); err != nil {
		return nil, err
	}
	return p, nil
}

// tsplibHeader reads "KEY: value" lines (spaces around the colon allowed).
func tsplibHeader(header []byte) (map[string]string, error) {
	fields := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(header))
	sc.Buffer(nil, len(header)+1)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("%w: header line %q has no colon", ErrTSPLIB, line)
		}
		fields[strings.TrimSpace(key)] = strings.TrimSpace(val)
	}
	return fields, sc.Err()
}

// tsplibWeights reads n×n numbers, row by row, ignoring line breaks; what
// follows them must be empty or EOF.
func tsplibWeights(body []byte, n int) (Matrix, error) {
	m := NewMatrix(n)
	words := bytes.Fields(body)
	if len(words) < n*n {
		return Matrix{}, fmt.Errorf("%w: %d weights, want %d", ErrTSPLIB, len(words), n*n)
	}
	for i, w := range words[:n*n] {
		v, err := strconv.ParseFloat(string(w), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return Matrix{}, fmt.Errorf("%w: weight %d (%q) is not a finite number", ErrTSPLIB, i, w)
		}
		m.Cost[i] = v
	}
	if rest := words[n*n:]; len(rest) > 1 || (len(rest) == 1 && string(rest[0]) != "EOF") {
		return Matrix{}, fmt.Errorf("%w: %q after the %d weights", ErrTSPLIB, rest[0], n*n)
	}
	return m, nil
}
