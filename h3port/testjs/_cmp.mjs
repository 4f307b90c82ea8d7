// usage: node cmp.mjs a.wasm b.wasm ... ; prints median ops/s per build and h3-js, same process
import * as h3 from 'h3-js';
import { loadH3port } from '/work/main/h3port/testjs/h3port-loader.mjs';
const files = process.argv.slice(2).filter((a) => a.endsWith('.wasm'));
const RUNS = Number(process.env.RUNS ?? 3);
const only = process.env.ONLY;
const builds = [];
for (const f of files) builds.push([f.split('/').pop(), await loadH3port(f)]);
const N = 1024;
const pts = new Float64Array(2 * N);
for (let i = 0; i < N; i++) { const f = i / N; pts[2 * i] = 21.028 + (f - 0.5) * 0.2; pts[2 * i + 1] = 105.852 + ((i % 37) / 37 - 0.5) * 0.2; }
const cellsStr = Array.from({ length: N }, (_, i) => h3.latLngToCell(pts[2 * i], pts[2 * i + 1], 9));
const cells = BigUint64Array.from(cellsStr, (c) => BigInt('0x' + c));
const ward = [[21.0235, 105.847], [21.0235, 105.8566], [21.0325, 105.8566], [21.0325, 105.847]];
function ops(fn, per) { for (let i = 0; i < 3; i++) fn(); let n = 0; const t0 = process.hrtime.bigint(); let t; do { fn(); n += per; t = process.hrtime.bigint(); } while (t - t0 < 250_000_000n); return n / (Number(t - t0) / 1e9); }
const med = (x) => x.slice().sort((a, b) => a - b)[Math.floor(x.length / 2)];
const cases = {
  latLngToCell: [() => { for (let i = 0; i < N; i++) h3.latLngToCell(pts[2 * i], pts[2 * i + 1], 9); }, (w) => () => w.latLngToCell(pts, 9), N],
  cellToBoundary: [() => { for (let i = 0; i < N; i++) h3.cellToBoundary(cellsStr[i]); }, (w) => () => w.cellToBoundary(cells), N],
  gridDisk: [() => { for (let i = 0; i < N; i++) h3.gridDisk(cellsStr[i], 2); }, (w) => () => w.gridDiskRaw(cells, 2), N],
  polygonToCells: [() => h3.polygonToCells(ward, 10), (w) => () => w.polygonToCells([ward], 10), 1],
};
for (const [name, [js, mk, per]] of Object.entries(cases)) {
  if (only && !only.split(',').includes(name)) continue;
  const r = { js: [] }; for (const [b] of builds) r[b] = [];
  for (let k = 0; k < RUNS; k++) { r.js.push(ops(js, per)); for (const [b, w] of builds) r[b].push(ops(mk(w), per)); }
  const mj = med(r.js);
  console.log(name.padEnd(15), 'h3-js', Math.round(mj), builds.map(([b]) => `${b} ${(med(r[b]) / mj).toFixed(2)}x`).join('  '));
}
process.exit(0);
