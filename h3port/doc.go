// Package h3port is a pure-Go port of Uber's H3 v4 hexagonal grid library whose results are bit-identical to the C library and h3-js, boundary vertices within rounding (see README.md).
package h3port
