//go:build js && wasm && jsmath

package h3port

// Trigonometry from the JavaScript engine (build tag jsmath, GOOS=js
// GOARCH=wasm only; replaces fdlibm.go).
//
// fdlibm.go reproduces V8's Math.sin/cos/tan/atan/atan2/asin/acos bit for
// bit, but Go's wasm code generation runs those float kernels ~2.5x slower
// than native, and H3 spends much of its time in them. Under
// this tag the seven functions are wasm imports of the engine's own Math.*
// instead: same results as fdlibm.go (and as h3-js, whose emscripten build
// also calls Math.*), proven by testjs/parity.mjs on the jsmath build.
// (For |x| >= 2^19*pi/2, where fdlibm.go falls back to package math, the
// engine's result is used; H3 never produces such arguments from finite
// degree coordinates.)
//
// The host MUST provide the import module "h3math" with the functions
//
//	sin, cos, tan, atan, asin, acos: Math.sin, ... (float64) -> float64
//	atan2: Math.atan2 (y, x float64) -> float64
//
// in the WebAssembly import object next to go.importObject, e.g.
//
//	{...go.importObject, h3math: {sin: Math.sin, cos: Math.cos, tan: Math.tan,
//	  atan: Math.atan, atan2: Math.atan2, asin: Math.asin, acos: Math.acos}}
//
// otherwise instantiation fails (LinkError). See testjs/h3port-loader.mjs
// and, for `go test`, testjs/go_js_wasm_exec_h3math.

//go:wasmimport h3math sin
func fSin(x float64) float64

//go:wasmimport h3math cos
func fCos(x float64) float64

//go:wasmimport h3math tan
func fTan(x float64) float64

//go:wasmimport h3math atan
func fAtan(x float64) float64

//go:wasmimport h3math atan2
func fAtan2(y, x float64) float64

//go:wasmimport h3math asin
func fAsin(x float64) float64

//go:wasmimport h3math acos
func fAcos(x float64) float64

// fSinCos returns fSin(x), fCos(x).
func fSinCos(x float64) (sin, cos float64) { return fSin(x), fCos(x) }
