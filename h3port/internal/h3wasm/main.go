//go:build js && wasm

// Command h3wasm exposes h3port to JavaScript (Node or browsers) as the
// global object `h3port`, for the h3-js parity check and benchmarks in
// ../../testjs. Every function works on batches: inputs and outputs are
// Uint8Array views over little-endian Float64/BigUint64 data, so the
// syscall/js crossing is paid once per batch, not once per element.
//
// Degrees are converted exactly as h3-js does ((deg*PI)/180 and
// (rad*180)/PI) so that both libraries see bit-identical radians.
//
// Variable-length results ("lists") are encoded as uint64 words: for each
// input element, a count n followed by n cells; errors are encoded as the
// count 2^63 | h3ErrorCode.
package main

import (
	"math"
	"syscall/js"
	"unsafe"

	"github.com/bando-vn/bando/h3port"
)

const errFlag = uint64(1) << 63

var uint8Array = js.Global().Get("Uint8Array")

// in copies a JS Uint8Array into a fresh 8-byte-aligned buffer.
func in(v js.Value) []uint64 {
	n := v.Get("length").Int()
	words := make([]uint64, (n+7)/8)
	if n > 0 {
		js.CopyBytesToGo(unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), n), v)
	}
	return words
}

func inBytes(v js.Value) []byte {
	b := make([]byte, v.Get("length").Int())
	js.CopyBytesToGo(b, v)
	return b
}

func f64s(w []uint64) []float64 {
	if len(w) == 0 {
		return nil
	}
	return unsafe.Slice((*float64)(unsafe.Pointer(&w[0])), len(w))
}

// out copies words into a new JS Uint8Array.
func out(words []uint64) js.Value {
	n := len(words) * 8
	arr := uint8Array.New(n)
	if n > 0 {
		js.CopyBytesToJS(arr, unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), n))
	}
	return arr
}

func outF(f []float64) js.Value {
	if len(f) == 0 {
		return uint8Array.New(0)
	}
	return out(unsafe.Slice((*uint64)(unsafe.Pointer(&f[0])), len(f)))
}

func degToRad(d float64) float64 { return (d * math.Pi) / 180 }

// resAt returns the resolution for element i: a single-byte array applies
// to all elements.
func resAt(res []byte, i int) int {
	if len(res) == 1 {
		return int(res[0])
	}
	return int(res[i])
}

func errWord(err error) uint64 { return errFlag | uint64(h3port.ErrorCode(err)) }

func appendList(dst []uint64, cells []h3port.Cell, err error) []uint64 {
	if err != nil {
		return append(dst, errWord(err))
	}
	dst = append(dst, uint64(len(cells)))
	for _, c := range cells {
		dst = append(dst, uint64(c))
	}
	return dst
}

var funcs = map[string]func(args []js.Value) js.Value{
	// latLngToCell(coords: f64 [lat,lng]* degrees, res: u8 [1|n]) -> u64 cells (0 on error)
	"latLngToCell": func(a []js.Value) js.Value {
		c := f64s(in(a[0]))
		res := inBytes(a[1])
		o := make([]uint64, len(c)/2)
		for i := range o {
			cell, err := h3port.LatLngRadsToCell(degToRad(c[2*i]), degToRad(c[2*i+1]), resAt(res, i))
			if err == nil {
				o[i] = uint64(cell)
			}
		}
		return out(o)
	},
	// cellToLatLng(cells) -> f64 [lat,lng]* radians (NaN on error)
	"cellToLatLng": func(a []js.Value) js.Value {
		cells := in(a[0])
		o := make([]float64, 2*len(cells))
		for i, c := range cells {
			lat, lng, err := h3port.CellToLatLngRads(h3port.Cell(c))
			if err != nil {
				lat, lng = math.NaN(), math.NaN()
			}
			o[2*i], o[2*i+1] = lat, lng
		}
		return outF(o)
	},
	// cellToBoundary(cells) -> f64 [n, lat0, lng0, ... lat9, lng9]* radians (n=-code on error)
	"cellToBoundary": func(a []js.Value) js.Value {
		cells := in(a[0])
		o := make([]float64, 21*len(cells))
		buf := make([]float64, 0, 20)
		for i, c := range cells {
			rec := o[21*i : 21*i+21]
			b, err := h3port.AppendCellBoundaryRads(buf[:0], h3port.Cell(c))
			if err != nil {
				rec[0] = -float64(h3port.ErrorCode(err))
				continue
			}
			rec[0] = float64(len(b) / 2)
			copy(rec[1:], b)
		}
		return outF(o)
	},
	// cellToParent(cells, res: u8 [1|n]) -> u64 (0 on error)
	"cellToParent": func(a []js.Value) js.Value {
		cells := in(a[0])
		res := inBytes(a[1])
		o := make([]uint64, len(cells))
		for i, c := range cells {
			p, err := h3port.CellToParent(h3port.Cell(c), resAt(res, i))
			if err == nil {
				o[i] = uint64(p)
			}
		}
		return out(o)
	},
	// cellToCenterChild(cells, res) -> u64 (0 on error)
	"cellToCenterChild": func(a []js.Value) js.Value {
		cells := in(a[0])
		res := inBytes(a[1])
		o := make([]uint64, len(cells))
		for i, c := range cells {
			p, err := h3port.CellToCenterChild(h3port.Cell(c), resAt(res, i))
			if err == nil {
				o[i] = uint64(p)
			}
		}
		return out(o)
	},
	// cellToChildren(cells, res) -> list
	"cellToChildren": func(a []js.Value) js.Value {
		cells := in(a[0])
		res := inBytes(a[1])
		var o []uint64
		for i, c := range cells {
			ch, err := h3port.CellToChildren(h3port.Cell(c), resAt(res, i))
			o = appendList(o, ch, err)
		}
		return out(o)
	},
	// gridDisk(cells, k: u8 [1|n]) -> list
	"gridDisk": func(a []js.Value) js.Value {
		cells := in(a[0])
		ks := inBytes(a[1])
		var o []uint64
		for i, c := range cells {
			d, err := h3port.GridDisk(h3port.Cell(c), resAt(ks, i))
			o = appendList(o, d, err)
		}
		return out(o)
	},
	// gridDiskDistances(cells, k) -> list of cells, then list of distances (as cells)
	"gridDiskDistances": func(a []js.Value) js.Value {
		cells := in(a[0])
		ks := inBytes(a[1])
		var o []uint64
		for i, c := range cells {
			d, dist, err := h3port.GridDiskDistances(h3port.Cell(c), resAt(ks, i))
			o = appendList(o, d, err)
			if err == nil {
				for _, v := range dist {
					o = append(o, uint64(v))
				}
			}
		}
		return out(o)
	},
	// gridRing(cells, k) -> list
	"gridRing": func(a []js.Value) js.Value {
		cells := in(a[0])
		ks := inBytes(a[1])
		var o []uint64
		for i, c := range cells {
			d, err := h3port.GridRing(h3port.Cell(c), resAt(ks, i))
			o = appendList(o, d, err)
		}
		return out(o)
	},
	// gridDistance(pairs of cells) -> u64 distance (errFlag|code on error)
	"gridDistance": func(a []js.Value) js.Value {
		cells := in(a[0])
		o := make([]uint64, len(cells)/2)
		for i := range o {
			d, err := h3port.GridDistance(h3port.Cell(cells[2*i]), h3port.Cell(cells[2*i+1]))
			if err != nil {
				o[i] = errWord(err)
			} else {
				o[i] = uint64(d)
			}
		}
		return out(o)
	},
	// areNeighborCells(pairs) -> u64 0/1 (errFlag|code on error)
	"areNeighborCells": func(a []js.Value) js.Value {
		cells := in(a[0])
		o := make([]uint64, len(cells)/2)
		for i := range o {
			n, err := h3port.AreNeighborCells(h3port.Cell(cells[2*i]), h3port.Cell(cells[2*i+1]))
			switch {
			case err != nil:
				o[i] = errWord(err)
			case n:
				o[i] = 1
			}
		}
		return out(o)
	},
	// cellsToMultiPolygon(cells) -> f64 [nPolys, (nLoops, (nVerts, lat, lng, ...)...)...]
	// radians; [-code] on error.
	"cellsToMultiPolygon": func(a []js.Value) js.Value {
		cells := in(a[0])
		hs := unsafe.Slice((*h3port.Cell)(unsafe.Pointer(unsafe.SliceData(cells))), len(cells))
		mp, err := h3port.CellsToMultiPolygonRads(hs)
		if err != nil {
			return outF([]float64{-float64(h3port.ErrorCode(err))})
		}
		o := []float64{float64(len(mp))}
		for _, p := range mp {
			o = append(o, float64(len(p)))
			for _, l := range p {
				o = append(o, float64(len(l)))
				for _, v := range l {
					o = append(o, v[0], v[1])
				}
			}
		}
		return outF(o)
	},
	// polygonToCells(loops: f64 [nLoops, n0, lat,lng..., n1, ...] degrees, res: u8) -> list (one element)
	"polygonToCells": func(a []js.Value) js.Value {
		f := f64s(in(a[0]))
		res := int(inBytes(a[1])[0])
		cells, err := h3port.PolygonToCellsRadsForWasm(decodePolygon(f), res)
		return out(appendList(nil, cells, err))
	},
}

// decodePolygon reads [nLoops, n, lat, lng, ...] (degrees) into radian
// loops, the first being the outer loop.
func decodePolygon(f []float64) [][][2]float64 {
	if len(f) == 0 {
		return nil
	}
	nLoops := int(f[0])
	p := 1
	loops := make([][][2]float64, 0, nLoops)
	for l := 0; l < nLoops && p < len(f); l++ {
		n := int(f[p])
		p++
		loop := make([][2]float64, 0, n)
		for i := 0; i < n && p+1 < len(f); i++ {
			loop = append(loop, [2]float64{degToRad(f[p]), degToRad(f[p+1])})
			p += 2
		}
		loops = append(loops, loop)
	}
	return loops
}

func main() {
	obj := js.Global().Get("Object").New()
	for name, fn := range funcs {
		fn := fn
		obj.Set(name, js.FuncOf(func(this js.Value, args []js.Value) any { return fn(args) }))
	}
	obj.Set("ready", true)
	js.Global().Set("h3port", obj)
	select {}
}
