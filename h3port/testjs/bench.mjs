// Benchmarks h3port's wasm build against h3-js in the same Node process.
// usage: node bench.mjs --wasm ../../build/h3port.wasm [--runs 5] [--ms 300]
//
// Both sides get the same 1,024 inputs inside one JS function per timed
// call: h3-js is called once per element in a JS loop (its API has no batch
// form); h3port gets the whole batch in one zero-copy call (inputs written
// into Go memory, one //go:wasmexport call, results copied out; see
// ../internal/h3wasm/io.go). Per-call figure: h3port called once per
// element (batches of ONE), 64 calls per timed function.
// Each run measures h3-js, h3port batched, h3port per-call, h3-js again,
// back to back; the ratio of a run is h3port / mean(h3-js before, after).
// Reported: median over runs of ops/s and of the per-run ratios (the
// machine may be shared, so ratios from adjacent measurements are more
// stable than ratios of medians).
import * as h3 from 'h3-js';
import { loadH3port } from './h3port-loader.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const wasm = await loadH3port(args.wasm ?? new URL('../../build/h3port.wasm', import.meta.url).pathname);
const RUNS = Number(args.runs ?? 5);
const MS = BigInt(Number(args.ms ?? 300));
const N = 1024;
const pts = new Float64Array(2 * N);
for (let i = 0; i < N; i++) {
  const f = i / N;
  pts[2 * i] = 21.028 + (f - 0.5) * 0.2;
  pts[2 * i + 1] = 105.852 + ((i % 37) / 37 - 0.5) * 0.2;
}
const cellsStr = Array.from({ length: N }, (_, i) => h3.latLngToCell(pts[2 * i], pts[2 * i + 1], 9));
const cells = BigUint64Array.from(cellsStr, (c) => BigInt('0x' + c));
const ward = [[21.0235, 105.847], [21.0235, 105.8566], [21.0325, 105.8566], [21.0325, 105.847]];

// opsPerSec runs fn (which performs `per` elementary ops) for ~300 ms.
function opsPerSec(fn, per) {
  for (let i = 0; i < 3; i++) fn();
  let ops = 0;
  const t0 = process.hrtime.bigint();
  let t;
  do {
    fn();
    ops += per;
    t = process.hrtime.bigint();
  } while (t - t0 < MS * 1_000_000n);
  return ops / (Number(t - t0) / 1e9);
}
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const one = (ta, i) => ta.subarray(i, i + 1);
const cases = {
  latLngToCell: {
    js: () => { for (let i = 0; i < N; i++) h3.latLngToCell(pts[2 * i], pts[2 * i + 1], 9); },
    batch: () => wasm.zc.latLngToCell(pts, 9),
    single: () => { for (let i = 0; i < 64; i++) wasm.zc.latLngToCell(pts.subarray(2 * i, 2 * i + 2), 9); },
    per: N, singlePer: 64,
  },
  cellToBoundary: {
    js: () => { for (let i = 0; i < N; i++) h3.cellToBoundary(cellsStr[i]); },
    batch: () => wasm.zc.cellToBoundary(cells),
    single: () => { for (let i = 0; i < 64; i++) wasm.zc.cellToBoundary(one(cells, i)); },
    per: N, singlePer: 64,
  },
  'gridDisk(k=2)': {
    js: () => { for (let i = 0; i < N; i++) h3.gridDisk(cellsStr[i], 2); },
    batch: () => wasm.zc.gridDiskRaw(cells, 2),
    single: () => { for (let i = 0; i < 64; i++) wasm.zc.gridDiskRaw(one(cells, i), 2); },
    per: N, singlePer: 64,
  },
  'polygonToCells(ward, res 10)': {
    js: () => h3.polygonToCells(ward, 10),
    batch: () => wasm.zc.polygonToCells([ward], 10),
    single: () => wasm.zc.polygonToCells([ward], 10),
    per: 1, singlePer: 1,
  },
};
console.log(`node ${process.version}, h3-js 4.5.0, ${RUNS} runs x ${MS} ms, medians (ratios: median of per-run ratios)`);
console.log('| operation | h3-js ops/s | h3port wasm batched ops/s | ratio | h3port wasm per-call ops/s | ratio |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, c] of Object.entries(cases)) {
  const js = [], batch = [], single = [], rb = [], rs = [];
  for (let r = 0; r < RUNS; r++) {
    const j0 = opsPerSec(c.js, c.per);
    const b = opsPerSec(c.batch, c.per);
    const s1 = opsPerSec(c.single, c.singlePer);
    const j1 = opsPerSec(c.js, c.per);
    js.push(j0, j1);
    batch.push(b);
    single.push(s1);
    rb.push(b / ((j0 + j1) / 2));
    rs.push(s1 / ((j0 + j1) / 2));
  }
  const f = (x) => Math.round(x).toLocaleString('en-US');
  console.log(`| ${name} | ${f(median(js))} | ${f(median(batch))} | ${median(rb).toFixed(2)}x | ${f(median(single))} | ${median(rs).toFixed(2)}x |`);
}
process.exit(0);
