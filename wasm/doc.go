//go:build js && wasm

// Command wasm is bando's core for GOOS=js GOARCH=wasm: it hands JavaScript
// an object whose open(getTile, options) gives an engine serving /v1
// requests in-process (js/bando.mjs wraps it); a request's AbortSignal
// cancels its context.
package main
