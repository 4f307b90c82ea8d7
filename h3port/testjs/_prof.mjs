import { loadH3port } from './h3port-loader.mjs';
const w = await loadH3port(process.argv[2]);
const N = 1024, pts = new Float64Array(2 * N);
for (let i = 0; i < N; i++) { const f = i / N; pts[2 * i] = 21.028 + (f - 0.5) * 0.2; pts[2 * i + 1] = 105.852 + ((i % 37) / 37 - 0.5) * 0.2; }
const what = process.argv[3];
const cells = w.latLngToCell(pts, 9);
const t0 = Date.now();
while (Date.now() - t0 < 4000) { if (what === 'b') w.cellToBoundary(cells); else w.latLngToCell(pts, 9); }
process.exit(0);
