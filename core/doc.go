// Package core answers /v1 requests (API.md) from a bundle of tiles: it
// parses and validates parameters, checks the API key, runs the engines and
// writes the JSON, with no dependency on net/http so it runs the same
// natively, in wasm and in a Worker.
package core
