// Loads the h3port Go/wasm build (see ../internal/h3wasm) into this Node
// process and returns its batch API (globalThis.h3port).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';

function goroot() {
  if (process.env.GOROOT) return process.env.GOROOT;
  return execFileSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).trim();
}

// h3math is the import module of a build with -tags jsmath
// (../trig_jsmath.go): the engine's own trigonometry, which h3port's
// fdlibm.go reproduces bit for bit. Builds without the tag do not import it.
export const h3math = {
  sin: Math.sin, cos: Math.cos, tan: Math.tan,
  atan: Math.atan, atan2: Math.atan2, asin: Math.asin, acos: Math.acos,
};

export async function loadH3port(wasmPath) {
  if (!globalThis.Go) {
    const require = createRequire(import.meta.url);
    globalThis.fs ??= fs;
    require(path.join(goroot(), 'lib', 'wasm', 'wasm_exec.js'));
  }
  globalThis.h3port = undefined; // several builds may be loaded side by side
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), {
    ...go.importObject,
    h3math, // used by builds with -tags jsmath; ignored by others
  });
  go.run(instance); // returns when main exits; main blocks forever
  for (let i = 0; i < 1000 && !(globalThis.h3port && globalThis.h3port.ready); i++) {
    await new Promise((r) => setTimeout(r, 1));
  }
  if (!globalThis.h3port) throw new Error('h3port wasm did not start');
  return wrap(globalThis.h3port, instance.exports);
}

// zeroCopy returns helpers over the Go-owned io buffers and the
// //go:wasmexport functions (see ../internal/h3wasm/io.go): inputs are
// written straight into Go memory and results copied out once.
function zeroCopy(ex) {
  if (!ex.h3ioMeta) return undefined; // a build without io.go
  const mem = ex.mem;
  const metaPtr = ex.h3ioMeta() >>> 0;
  let meta, inPtr = -1, inWords = 0, lastBuf = null, inF64, inU64;
  // views re-creates the views after the Go heap (and so the ArrayBuffer)
  // grew or ioIn was reallocated.
  const views = () => {
    if (lastBuf !== mem.buffer) {
      lastBuf = mem.buffer;
      meta = new Uint32Array(lastBuf, metaPtr, 8); // [inPtr, 0, inWords, 0, outPtr, 0, outWords, 0]
      inPtr = -1;
    }
    if (inPtr !== meta[0]) {
      inPtr = meta[0];
      inWords = meta[2];
      inF64 = new Float64Array(lastBuf, inPtr, inWords);
      inU64 = new BigUint64Array(lastBuf, inPtr, inWords);
    }
  };
  const ensure = (words) => {
    views();
    if (words > inWords) {
      ex.h3ioGrowIn(words);
      views();
    }
  };
  // Results are copied out (the io buffer is reused by the next call).
  // Re-read the views: the call may have grown the Go heap.
  const outU64 = (n) => {
    views();
    return new BigUint64Array(lastBuf, meta[4], n).slice();
  };
  const outF64 = (n) => {
    views();
    return new Float64Array(lastBuf, meta[4], n).slice();
  };
  return {
    // coords: Float64Array [lat,lng]* degrees; res: one resolution for all
    latLngToCell(coords, res) {
      ensure(coords.length);
      inF64.set(coords);
      return outU64(ex.h3latLngToCell(coords.length >> 1, res));
    },
    cellToBoundary(cells) {
      ensure(cells.length);
      inU64.set(cells);
      return outF64(ex.h3cellToBoundary(cells.length));
    },
    gridDiskRaw(cells, k) {
      ensure(cells.length);
      inU64.set(cells);
      return outU64(ex.h3gridDisk(cells.length, k));
    },
    polygonToCells(loopsDeg, res) {
      let words = 1;
      for (const loop of loopsDeg) words += 1 + 2 * loop.length;
      ensure(words);
      let p = 0;
      inF64[p++] = loopsDeg.length;
      for (const loop of loopsDeg) {
        inF64[p++] = loop.length;
        for (const [la, ln] of loop) { inF64[p++] = la; inF64[p++] = ln; }
      }
      return decodeLists(outU64(ex.h3polygonToCells(words, res)), 1)[0];
    },
  };
}

const u8 = (ta) => new Uint8Array(ta.buffer, ta.byteOffset, ta.byteLength);
const asU64 = (b) => new BigUint64Array(b.buffer, b.byteOffset, b.byteLength / 8);
const asF64 = (b) => new Float64Array(b.buffer, b.byteOffset, b.byteLength / 8);
const bytes = (x) => (typeof x === 'number' ? Uint8Array.of(x) : Uint8Array.from(x));

// decodeLists splits the list encoding (count, items...) per element.
export function decodeLists(words, n, withDistances = false) {
  const out = new Array(n);
  let p = 0;
  for (let i = 0; i < n; i++) {
    const c = words[p++];
    if (c >= 1n << 63n) {
      out[i] = { error: Number(c & 0xffn) };
      continue;
    }
    const m = Number(c);
    const cells = words.subarray(p, p + m);
    p += m;
    if (withDistances) {
      const d = words.subarray(p, p + m);
      p += m;
      out[i] = { cells, distances: d };
    } else out[i] = { cells };
  }
  return out;
}

function wrap(raw, exports) {
  const zc = zeroCopy(exports);
  return {
    raw,
    zc, // zero-copy variants (latLngToCell with one res, cellToBoundary, gridDiskRaw, polygonToCells)
    // coords: Float64Array [lat,lng]* degrees; res: number or Uint8Array
    latLngToCell: (coords, res) => asU64(raw.latLngToCell(u8(coords), bytes(res))),
    cellToLatLng: (cells) => asF64(raw.cellToLatLng(u8(cells))),
    cellToBoundary: (cells) => asF64(raw.cellToBoundary(u8(cells))),
    cellToParent: (cells, res) => asU64(raw.cellToParent(u8(cells), bytes(res))),
    cellToCenterChild: (cells, res) => asU64(raw.cellToCenterChild(u8(cells), bytes(res))),
    cellToChildren: (cells, res) => decodeLists(asU64(raw.cellToChildren(u8(cells), bytes(res))), cells.length),
    gridDisk: (cells, k) => decodeLists(asU64(raw.gridDisk(u8(cells), bytes(k))), cells.length),
    gridDiskRaw: (cells, k) => asU64(raw.gridDisk(u8(cells), bytes(k))),
    gridDiskDistances: (cells, k) => decodeLists(asU64(raw.gridDiskDistances(u8(cells), bytes(k))), cells.length, true),
    gridRing: (cells, k) => decodeLists(asU64(raw.gridRing(u8(cells), bytes(k))), cells.length),
    gridDistance: (pairs) => asU64(raw.gridDistance(u8(pairs))),
    areNeighborCells: (pairs) => asU64(raw.areNeighborCells(u8(pairs))),
    // cellsToMultiPolygon(cells: BigUint64Array) -> [[[[lat, lng] radians]]] or {error}
    cellsToMultiPolygon: (cells) => {
      const f = asF64(raw.cellsToMultiPolygon(u8(cells)));
      if (f[0] < 0) return { error: -f[0] };
      let p = 0;
      const polys = new Array(f[p++]);
      for (let i = 0; i < polys.length; i++) {
        const loops = (polys[i] = new Array(f[p++]));
        for (let j = 0; j < loops.length; j++) {
          const verts = (loops[j] = new Array(f[p++]));
          for (let v = 0; v < verts.length; v++, p += 2) verts[v] = [f[p], f[p + 1]];
        }
      }
      return polys;
    },
    polygonToCells: raw.polygonToCells
      ? (loopsDeg, res) => {
          // loopsDeg: array of loops, each an array of [lat,lng] degrees
          const flat = [loopsDeg.length];
          for (const loop of loopsDeg) {
            flat.push(loop.length);
            for (const [la, ln] of loop) flat.push(la, ln);
          }
          return decodeLists(asU64(raw.polygonToCells(u8(Float64Array.from(flat)), bytes(res))), 1)[0];
        }
      : undefined,
  };
}
