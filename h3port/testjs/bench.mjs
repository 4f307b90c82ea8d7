// Benchmarks h3port's wasm build against h3-js in the same Node process.
// usage: node bench.mjs --wasm ../../build/h3port.wasm [--runs 5] [--ms 300] [--wasm2 other.wasm]
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
// --wasm2 loads a second build into the same process (e.g. without
// -tags jsmath) and measures it in the same runs, after the first build's
// figures: a before/after comparison with both ratios to the same h3-js runs.
import * as h3 from 'h3-js';
import { loadH3port } from './h3port-loader.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const wasm = await loadH3port(args.wasm ?? new URL('../../build/h3port.wasm', import.meta.url).pathname);
const wasm2 = args.wasm2 ? await loadH3port(args.wasm2) : undefined;
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
const makeCases = (wasm) => ({
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
});
const cases = makeCases(wasm);
const cases2 = wasm2 ? makeCases(wasm2) : undefined;
console.log(`node ${process.version}, h3-js 4.5.0, ${RUNS} runs x ${MS} ms, medians (ratios: median of per-run ratios)`);
console.log('| operation | h3-js ops/s | h3port wasm batched ops/s | ratio | h3port wasm per-call ops/s | ratio |');
console.log('|---|---:|---:|---:|---:|---:|');
const second = [];
for (const [name, c] of Object.entries(cases)) {
  const c2 = cases2?.[name];
  const js = [], batch = [], single = [], rb = [], rs = [];
  const batch2 = [], single2 = [], rb2 = [], rs2 = [];
  for (let r = 0; r < RUNS; r++) {
    const j0 = opsPerSec(c.js, c.per);
    const b = opsPerSec(c.batch, c.per);
    const s1 = opsPerSec(c.single, c.singlePer);
    const b2 = c2 ? opsPerSec(c2.batch, c.per) : 0;
    const s2 = c2 ? opsPerSec(c2.single, c.singlePer) : 0;
    const j1 = opsPerSec(c.js, c.per);
    const jm = (j0 + j1) / 2;
    js.push(j0, j1);
    batch.push(b);
    single.push(s1);
    rb.push(b / jm);
    rs.push(s1 / jm);
    batch2.push(b2);
    single2.push(s2);
    rb2.push(b2 / jm);
    rs2.push(s2 / jm);
  }
  const f = (x) => Math.round(x).toLocaleString('en-US');
  console.log(`| ${name} | ${f(median(js))} | ${f(median(batch))} | ${median(rb).toFixed(2)}x | ${f(median(single))} | ${median(rs).toFixed(2)}x |`);
  if (c2) second.push(`| ${name} | ${f(median(js))} | ${f(median(batch2))} | ${median(rb2).toFixed(2)}x | ${f(median(single2))} | ${median(rs2).toFixed(2)}x |`);
}
if (second.length) {
  console.log(`\n--wasm2 ${args.wasm2} (same runs, same h3-js figures):`);
  console.log('| operation | h3-js ops/s | wasm2 batched ops/s | ratio | wasm2 per-call ops/s | ratio |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const l of second) console.log(l);
}
process.exit(0);
