//go:build js && wasm

package main

// Zero-copy batch calls. JavaScript writes inputs straight into ioIn (a
// Go-owned buffer it views through the wasm memory), calls an exported
// wasm function (//go:wasmexport, not syscall/js) with plain numbers, and
// reads the result from ioOut. A syscall/js call costs ~20-60 us (event
// hand-off to a goroutine plus a js.Value reference with a finalizer per
// argument); a wasmexport call costs ~0.15 us and allocates nothing. ioMeta tells JavaScript where the buffers are:
// [inPtr, inWords, outPtr, outWords]; both pointers change only when a
// buffer is grown, and the wasm memory's ArrayBuffer changes when the Go
// heap grows, so JavaScript re-reads both before every use.

import (
	"unsafe"

	"github.com/bando-vn/bando/h3port"
)

var (
	ioIn   = make([]uint64, 1<<14)
	ioOut  = make([]uint64, 1<<14)
	ioMeta [4]uint64
	bbuf   = make([]float64, 0, 20)
)

func ptrOf(w []uint64) uint64 { return uint64(uintptr(unsafe.Pointer(unsafe.SliceData(w)))) }

func updateMeta(outWords int) {
	ioMeta[0], ioMeta[1] = ptrOf(ioIn), uint64(len(ioIn))
	ioMeta[2], ioMeta[3] = ptrOf(ioOut), uint64(outWords)
}

// outSpace makes ioOut hold at least n words, keeping the first keep.
func outSpace(n, keep int) []uint64 {
	if n > len(ioOut) {
		b := make([]uint64, max(n, 2*len(ioOut)))
		copy(b, ioOut[:keep])
		ioOut = b
	}
	return ioOut
}

//go:wasmexport h3ioMeta
func ioMetaPtr() int32 {
	updateMeta(0)
	return int32(uintptr(unsafe.Pointer(&ioMeta[0])))
}

// h3ioGrowIn makes ioIn hold at least words words.
//
//go:wasmexport h3ioGrowIn
func ioGrowIn(words int32) {
	if n := int(words); n > len(ioIn) {
		ioIn = make([]uint64, max(n, 2*len(ioIn)))
	}
	updateMeta(0)
}

// h3latLngToCell(n, res): in f64 [lat,lng]*n degrees -> out u64*n (0 on error).
//
//go:wasmexport h3latLngToCell
func ioLatLngToCell(n32, res32 int32) int32 {
	n, res := int(n32), int(res32)
	in := f64s(ioIn[:2*n])
	out := outSpace(n, 0)[:n]
	for i := range out {
		c, err := h3port.LatLngRadsToCell(degToRad(in[2*i]), degToRad(in[2*i+1]), res)
		if err != nil {
			c = 0
		}
		out[i] = uint64(c)
	}
	updateMeta(n)
	return n32
}

// h3cellToBoundary(n): in u64 cells -> out f64 [count, lat0, lng0, ...
// lat9, lng9]*n radians (count = -code on error).
//
//go:wasmexport h3cellToBoundary
func ioCellToBoundary(n32 int32) int32 {
	n := int(n32)
	cells := ioIn[:n]
	o := f64s(outSpace(21*n, 0)[:21*n])
	for i, c := range cells {
		rec := o[21*i : 21*i+21]
		b, err := h3port.AppendCellBoundaryRads(bbuf[:0], h3port.Cell(c))
		if err != nil {
			rec[0] = -float64(h3port.ErrorCode(err))
			continue
		}
		rec[0] = float64(len(b) / 2)
		copy(rec[1:], b)
	}
	updateMeta(21 * n)
	return int32(21 * n)
}

// h3gridDisk(n, k): in u64 cells -> out list encoding (see main.go).
//
//go:wasmexport h3gridDisk
func ioGridDisk(n32, k32 int32) int32 {
	n, k := int(n32), int(k32)
	m, err := h3port.MaxGridDiskSize(k)
	if err != nil || m > 1<<20 {
		m = 0
	}
	p := 0
	for i := 0; i < n; i++ {
		// Room for the count and at least one cell, so that out[p+1] exists.
		out := outSpace(p+1+max(int(m), 1), p)
		dst := unsafe.Slice((*h3port.Cell)(unsafe.Pointer(&out[p+1])), len(out)-p-1)[:0]
		d, err := h3port.AppendGridDisk(dst, h3port.Cell(ioIn[i]), k)
		if err != nil {
			out[p] = errWord(err)
			p++
			continue
		}
		if len(d) > 0 && unsafe.SliceData(d) != unsafe.SliceData(dst[:1]) {
			// AppendGridDisk had to reallocate: copy back.
			out = outSpace(p+1+len(d), p)
			copy(unsafe.Slice((*h3port.Cell)(unsafe.Pointer(&out[p+1])), len(d)), d)
		}
		out[p] = uint64(len(d))
		p += 1 + len(d)
	}
	updateMeta(p)
	return int32(p)
}

// h3polygonToCells(words, res): in f64 [nLoops, n0, lat, lng, ...] degrees
// -> out list (one element).
//
//go:wasmexport h3polygonToCells
func ioPolygonToCells(words, res int32) int32 {
	cells, err := h3port.PolygonToCellsRadsForWasm(decodePolygon(f64s(ioIn[:words])), int(res))
	if err != nil {
		ioOut[0] = errWord(err)
		updateMeta(1)
		return 1
	}
	out := outSpace(1+len(cells), 0)
	out[0] = uint64(len(cells))
	copy(unsafe.Slice((*h3port.Cell)(unsafe.Pointer(&out[1])), len(cells)), cells)
	updateMeta(1 + len(cells))
	return int32(1 + len(cells))
}
