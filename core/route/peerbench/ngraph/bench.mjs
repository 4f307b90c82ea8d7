// ngraph.path A* on bando's Hà Nội car graph (exported by
// `PEERBENCH_OUT=dir go test -tags routino -run ExportForNgraph`), same
// pairs of nodes as the Routino comparison, shortest distance. Prints the
// median time per route and the heap the graph takes (node --expose-gc).
// Usage: node --expose-gc bench.mjs DIR [rounds]
import { readFileSync } from "node:fs";
import createGraph from "ngraph.graph";
import path from "ngraph.path";

const dir = process.argv[2];
const rounds = Number(process.argv[3] || 3);
const f64 = (n) => new Float64Array(readFileSync(`${dir}/${n}`).buffer.slice(0));
const u32 = (n) => new Uint32Array(readFileSync(`${dir}/${n}`).buffer.slice(0));
const coords = f64("coords.f64"), arcs = u32("arcs.u32"), lens = f64("lens.f64"), pairs = u32("pairs.u32");

global.gc();
const heap0 = process.memoryUsage().heapUsed;
const g = createGraph();
for (let i = 0; i < coords.length / 2; i++) g.addNode(i, { lat: coords[2 * i], lng: coords[2 * i + 1] });
for (let k = 0; k < lens.length; k++) g.addLink(arcs[2 * k], arcs[2 * k + 1], { len: lens[k] });
global.gc();
const heapMB = (process.memoryUsage().heapUsed - heap0) / 1048576;

// straight-line metres, scaled down a little so it never exceeds a road
// length measured on the ellipsoid (admissible heuristic)
const rad = Math.PI / 180;
const dist = (a, b) => {
  const x = (b.data.lng - a.data.lng) * rad * Math.cos(((a.data.lat + b.data.lat) / 2) * rad);
  const y = (b.data.lat - a.data.lat) * rad;
  return 0.99 * 6356752 * Math.hypot(x, y);
};
const finder = path.aStar(g, { oriented: true, distance: (a, b, link) => link.data.len, heuristic: dist });
const times = [];
let found = 0;
for (let r = 0; r < rounds; r++) {
  for (let i = 0; i < pairs.length; i += 2) {
    const t0 = process.hrtime.bigint();
    const p = finder.find(pairs[i], pairs[i + 1]);
    const t1 = process.hrtime.bigint();
    if (r === 0 && p.length > 0) found++;
    if (r > 0) times.push(Number(t1 - t0) / 1000); // round 0 warms the JIT
  }
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ nodes: coords.length / 2, arcs: lens.length, pairs: pairs.length / 2, found,
  p50_us: times[times.length >> 1], heap_mb: Math.round(heapMB * 10) / 10 }));
