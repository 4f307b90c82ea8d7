// Parity check: runs one seeded stream of inputs through h3-js (C H3 v4.5
// compiled by emscripten) and through h3port's wasm build in the same Node
// process, and compares every result.
//
// usage: node parity.mjs --wasm ../../build/h3port.wasm [--count 1000000] [--seed N]
// The seed is printed; set it with --seed or $H3SEED to replay a run.
// Last line: "<checks> passed, <failures> failed"; exit status 1 on any failure.
import * as h3 from 'h3-js';
import { loadH3port, decodeLists } from './h3port-loader.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const count = Number(args.count ?? process.env.H3_PARITY_COUNT ?? 1_000_000);
const seed = Number(args.seed ?? process.env.H3SEED ?? (Date.now() % 2 ** 31));
const wasmPath = args.wasm ?? new URL('../../build/h3port.wasm', import.meta.url).pathname;
const BATCH = 20000;
const TOL = 1e-12; // degrees

console.log(`seed=${seed} count=${count} (replay: --seed ${seed})`);

// sfc32 PRNG seeded from a 32-bit seed via splitmix32.
function makeRng(s) {
  let x = s >>> 0;
  const sm = () => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = sm(), b = sm(), c = sm(), d = sm();
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
}
const rnd = makeRng(seed);
const rint = (n) => Math.floor(rnd() * n);

// Special points: the 12 pentagon centres (icosahedron vertices) and pairs
// of adjacent ones (icosahedron edges).
const pentCenters = h3.getPentagons(0).map((c) => h3.cellToLatLng(c));
const toVec = ([la, ln]) => {
  const p = (la * Math.PI) / 180, l = (ln * Math.PI) / 180;
  return [Math.cos(p) * Math.cos(l), Math.cos(p) * Math.sin(l), Math.sin(p)];
};
const toLL = ([x, y, z]) => {
  const n = Math.hypot(x, y, z);
  return [(Math.asin(z / n) * 180) / Math.PI, (Math.atan2(y, x) * 180) / Math.PI];
};
const edges = [];
for (let i = 0; i < 12; i++)
  for (let j = i + 1; j < 12; j++) {
    const a = toVec(pentCenters[i]), b = toVec(pentCenters[j]);
    const ang = Math.acos(a[0] * b[0] + a[1] * b[1] + a[2] * b[2]);
    if (ang < 1.2) edges.push([a, b]); // adjacent vertices are ~63.4 deg apart
  }
const jitter = () => (rnd() - 0.5) * 10 ** -(rnd() * 9); // up to 0.5 deg, down to 1e-9 deg

// genPoint returns [lat, lng, kind] in degrees.
function genPoint() {
  const r = rnd();
  if (r < 0.4) {
    return [(Math.asin(2 * rnd() - 1) * 180) / Math.PI, rnd() * 360 - 180, 0];
  }
  if (r < 0.55) {
    const [la, ln] = pentCenters[rint(12)];
    return [la + jitter(), ln + jitter(), 1];
  }
  if (r < 0.7) {
    const [a, b] = edges[rint(edges.length)];
    const t = rnd();
    const p = toLL([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
    return [p[0] + jitter(), p[1] + jitter(), 2];
  }
  if (r < 0.82) {
    // across the antimeridian, including |lng| slightly above 180
    const lat = (Math.asin(2 * rnd() - 1) * 180) / Math.PI;
    const s = rnd() < 0.5 ? 180 : -180;
    return [lat, s + jitter(), 3];
  }
  if (r < 0.88) {
    // near the poles
    const s = rnd() < 0.5 ? 90 : -90;
    return [s - Math.sign(s) * Math.abs(jitter()) * 10, rnd() * 360 - 180, 4];
  }
  if (r < 0.94) {
    // longitudes outside [-180, 180] (wrap-around)
    return [rnd() * 170 - 85, rnd() * 1080 - 540, 5];
  }
  // exact cell vertices / centres of random cells (ties on edges)
  const c = h3.latLngToCell(rnd() * 170 - 85, rnd() * 360 - 180, rint(16));
  const b = h3.cellToBoundary(c);
  const v = rnd() < 0.8 ? b[rint(b.length)] : h3.cellToLatLng(c);
  return [v[0], v[1], 6];
}

const wasm = await loadH3port(wasmPath);
let passed = 0, failed = 0;
const failures = [];
function fail(msg) {
  failed++;
  if (failures.length < 20) failures.push(msg);
}
const check = (ok, msg) => (ok ? passed++ : fail(msg()));
const hex = (v) => v.toString(16);
const toDeg = (r) => (r * 180) / Math.PI; // h3-js's radsToDegs
const safe = (f) => { try { return f(); } catch (e) { return { error: e.code ?? String(e) }; } };
const sameList = (js, ours) =>
  !js.error && !ours.error && js.length === ours.cells.length && js.every((c, i) => c === hex(ours.cells[i]));

const t0 = Date.now();
for (let done = 0; done < count; ) {
  const n = Math.min(BATCH, count - done);
  const coords = new Float64Array(2 * n);
  const res = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const [la, ln] = genPoint();
    coords[2 * i] = la;
    coords[2 * i + 1] = ln;
    res[i] = rint(16);
  }
  // 1. latLngToCell
  const ours = wasm.latLngToCell(coords, res);
  const jsCells = new Array(n);
  for (let i = 0; i < n; i++) {
    const js = safe(() => h3.latLngToCell(coords[2 * i], coords[2 * i + 1], res[i]));
    jsCells[i] = js;
    check(js === hex(ours[i]), () => `latLngToCell(${coords[2 * i]}, ${coords[2 * i + 1]}, ${res[i]}): h3-js ${JSON.stringify(js)} ours ${hex(ours[i])}`);
  }
  const cells = BigUint64Array.from(jsCells, (c) => (typeof c === 'string' ? BigInt('0x' + c) : 0n));
  // 2. cellToLatLng and 3. cellToBoundary
  const centers = wasm.cellToLatLng(cells);
  const bounds = wasm.zc.cellToBoundary(cells); // zero-copy (wasmexport) path
  // 4. cellToParent, 5. cellToCenterChild
  const pres = Uint8Array.from(res, (r) => rint(r + 1));
  const cres = Uint8Array.from(res, (r) => Math.min(15, r + rint(4)));
  const parents = wasm.cellToParent(cells, pres);
  const centerChildren = wasm.cellToCenterChild(cells, cres);
  // 6. gridDisk (k = 1..2), 7. gridRing, 8. children (every 4th, small)
  const ks = Uint8Array.from(res, () => 1 + rint(2));
  const disks = wasm.gridDisk(cells, ks);
  // The zero-copy (wasmexport) paths take one res / k per batch: check
  // them against the per-element results above (themselves compared with
  // h3-js below) where the parameters agree.
  const zr = (done / BATCH) % 16;
  const zcCells = wasm.zc.latLngToCell(coords, zr);
  const zcDisks = decodeLists(wasm.zc.gridDiskRaw(cells, 2), n);
  for (let i = 0; i < n; i++) {
    if (res[i] === zr) check(zcCells[i] === ours[i], () => `zc.latLngToCell(${coords[2 * i]}, ${coords[2 * i + 1]}, ${zr}): ${hex(zcCells[i])} vs ${hex(ours[i])}`);
    if (ks[i] === 2) {
      const a = zcDisks[i], b = disks[i];
      check(a.error === b.error && (a.error !== undefined || (a.cells.length === b.cells.length && a.cells.every((x, j) => x === b.cells[j]))),
        () => `zc.gridDisk(${hex(cells[i])}, 2) differs`);
    }
  }
  const ringIdx = [], childIdx = [];
  for (let i = 0; i < n; i++) {
    if (i % 8 === 0) ringIdx.push(i);
    if (i % 4 === 1 && res[i] <= 13) childIdx.push(i);
  }
  const rings = wasm.gridRing(BigUint64Array.from(ringIdx, (i) => cells[i]), Uint8Array.from(ringIdx, (i) => ks[i]));
  const chRes = Uint8Array.from(childIdx, (i) => res[i] + 1 + (i % 3 === 0 ? 1 : 0));
  const children = wasm.cellToChildren(BigUint64Array.from(childIdx, (i) => cells[i]), chRes);
  // 9. gridDistance / areNeighborCells against a disk member
  const pairs = new BigUint64Array(2 * n);

  for (let i = 0; i < n; i++) {
    const c = jsCells[i];
    if (typeof c !== 'string') continue;
    const ll = h3.cellToLatLng(c);
    check(Math.abs(ll[0] - toDeg(centers[2 * i])) <= TOL && Math.abs(ll[1] - toDeg(centers[2 * i + 1])) <= TOL,
      () => `cellToLatLng(${c}): h3-js ${ll} ours ${toDeg(centers[2 * i])},${toDeg(centers[2 * i + 1])}`);
    const b = h3.cellToBoundary(c);
    const rec = bounds.subarray(21 * i, 21 * i + 21);
    let ok = rec[0] === b.length;
    for (let v = 0; ok && v < b.length; v++) {
      ok = Math.abs(b[v][0] - toDeg(rec[1 + 2 * v])) <= TOL && Math.abs(b[v][1] - toDeg(rec[2 + 2 * v])) <= TOL;
    }
    check(ok, () => `cellToBoundary(${c}): h3-js ${JSON.stringify(b)} ours ${rec[0]}:${Array.from(rec.subarray(1, 1 + 2 * rec[0]), toDeg)}`);
    const p = h3.cellToParent(c, pres[i]);
    check(p === hex(parents[i]), () => `cellToParent(${c}, ${pres[i]}): h3-js ${p} ours ${hex(parents[i])}`);
    const cc = h3.cellToCenterChild(c, cres[i]);
    check(cc === hex(centerChildren[i]), () => `cellToCenterChild(${c}, ${cres[i]}): h3-js ${cc} ours ${hex(centerChildren[i])}`);
    const d = safe(() => h3.gridDisk(c, ks[i]));
    check(sameList(d, disks[i]), () => `gridDisk(${c}, ${ks[i]}): h3-js ${d} ours ${disks[i].cells && Array.from(disks[i].cells, hex)}`);
    const other = d.length ? d[rint(d.length)] : c;
    pairs[2 * i] = cells[i];
    pairs[2 * i + 1] = BigInt('0x' + other);
  }
  ringIdx.forEach((i, j) => {
    const c = jsCells[i];
    if (typeof c !== 'string') return;
    const r = safe(() => h3.gridRing(c, ks[i]));
    check(sameList(r, rings[j]), () => `gridRing(${c}, ${ks[i]}): h3-js ${r} ours ${rings[j].cells && Array.from(rings[j].cells, hex)}`);
  });
  childIdx.forEach((i, j) => {
    const c = jsCells[i];
    if (typeof c !== 'string') return;
    const r = safe(() => h3.cellToChildren(c, chRes[j]));
    check(sameList(r, children[j]), () => `cellToChildren(${c}, ${chRes[j]}): h3-js ${r} ours ${children[j].cells && Array.from(children[j].cells, hex)}`);
  });
  const dists = wasm.gridDistance(pairs);
  const neigh = wasm.areNeighborCells(pairs);
  for (let i = 0; i < n; i++) {
    const c = jsCells[i];
    if (typeof c !== 'string') continue;
    const o = hex(pairs[2 * i + 1]);
    const dj = safe(() => h3.gridDistance(c, o));
    const dOurs = dists[i] >= 1n << 63n ? { error: Number(dists[i] & 0xffn) } : Number(dists[i]);
    check(typeof dj === 'number' ? dj === dOurs : typeof dOurs === 'object',
      () => `gridDistance(${c}, ${o}): h3-js ${JSON.stringify(dj)} ours ${JSON.stringify(dOurs)}`);
    const nj = safe(() => h3.areNeighborCells(c, o));
    check(typeof nj === 'boolean' ? Number(nj) === Number(neigh[i]) : neigh[i] >= 1n << 63n,
      () => `areNeighborCells(${c}, ${o}): h3-js ${JSON.stringify(nj)} ours ${neigh[i]}`);
  }
  done += n;
  if (done % 200000 === 0 || done === count) {
    console.log(`  ${done}/${count} inputs, ${passed} checks passed, ${failed} failed, ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  }
}

// cellsToMultiPolygon on random cell sets: disks, disks with random cells
// removed (holes, several components), rings, unions of distant disks,
// polygonToCells of random polygons (with holes), pentagon neighbourhoods,
// the antimeridian (genPoint's kinds), plus invalid sets (duplicates, mixed
// resolutions, invalid cells) whose error codes must agree.
const mpSets = Math.max(100, Math.round(count / 250));
const randCell = (maxRes) => {
  const [la, ln] = genPoint();
  return h3.latLngToCell(la, ln, rint(maxRes + 1));
};
function randPolygon(c) {
  // a random star-shaped polygon around cell c spanning a few cells, with an
  // optional hole
  const [la, ln] = h3.cellToLatLng(c);
  const r = Math.min(20, (Math.sqrt(h3.cellArea(c, 'km2')) / 111) * (1 + rnd() * 3));
  const n = 3 + rint(8);
  const loop = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * (i + rnd() * 0.8)) / n;
    const rr = r * (0.3 + rnd());
    const vla = Math.max(-89.9, Math.min(89.9, la + rr * Math.sin(a)));
    const vln = ln + (rr * Math.cos(a)) / Math.max(0.25, Math.cos((la * Math.PI) / 180));
    loop.push([vla, ((vln + 540) % 360) - 180]);
  }
  const poly = [loop];
  if (rnd() < 0.4) {
    const hr = r * 0.25;
    poly.push([[la - hr, ln - hr], [la + hr, ln - hr], [la + hr, ln + hr], [la - hr, ln + hr]]);
  }
  return poly;
}
let lastPolygon = null; // set by randCellSet's polygonToCells branch
function randCellSet() {
  const r = rnd();
  if (r < 0.2) return h3.gridDisk(randCell(15), rint(5));
  if (r < 0.4) return h3.gridDisk(randCell(15), 1 + rint(4)).filter(() => rnd() < 0.7);
  if (r < 0.5) { const c = randCell(15); return h3.gridRing(c, 1 + rint(3)).concat(rnd() < 0.5 ? [c] : []); }
  if (r < 0.6) {
    const c = randCell(15), res = h3.getResolution(c);
    const set = new Set(h3.gridDisk(c, rint(3)));
    for (let i = rint(3); i >= 0; i--) {
      const [la, ln] = genPoint();
      for (const x of h3.gridDisk(h3.latLngToCell(la, ln, res), rint(3))) set.add(x);
    }
    return [...set];
  }
  if (r < 0.75) {
    const c = randCell(14);
    const poly = randPolygon(c), res = Math.min(15, h3.getResolution(c) + rint(2));
    try {
      const cells = h3.polygonToCells(poly, res);
      lastPolygon = { poly, res, cells };
      return cells;
    } catch { return [c]; }
  }
  if (r < 0.85) {
    const p = h3.getPentagons(rint(16))[rint(12)];
    return h3.gridDisk(p, rint(4)).filter(() => rnd() < 0.85);
  }
  if (r < 0.9) { // near the antimeridian, several components
    const res = rint(10);
    const set = new Set();
    for (let i = 0; i < 3; i++) for (const x of h3.gridDisk(h3.latLngToCell(rnd() * 160 - 80, rnd() < 0.5 ? 179.99 : -179.99, res), rint(4))) set.add(x);
    return [...set].filter(() => rnd() < 0.8);
  }
  if (r < 0.93) return h3.getRes0Cells().filter(() => rnd() < 0.5);
  if (r < 0.95) return [];
  // invalid sets
  const d = h3.gridDisk(randCell(15), 1);
  const q = rnd();
  if (q < 0.4) return d.concat([d[rint(d.length)]]);
  if (q < 0.7) return d.concat([randCell(15)]);
  return d.concat(['8' + rint(16).toString(16) + 'ffffffffffffff'.slice(0, 14)]);
}
const sameMulti = (js, ours) => {
  if (js.error !== undefined || ours.error !== undefined) return js.error === ours.error;
  if (js.length !== ours.length) return false;
  for (let i = 0; i < js.length; i++) {
    if (js[i].length !== ours[i].length) return false;
    for (let j = 0; j < js[i].length; j++) {
      const a = js[i][j], b = ours[i][j];
      if (a.length !== b.length) return false;
      for (let v = 0; v < a.length; v++) {
        if (!(Math.abs(a[v][0] - toDeg(b[v][0])) <= TOL && Math.abs(a[v][1] - toDeg(b[v][1])) <= TOL)) return false;
      }
    }
  }
  return true;
};
function mpSetError(set) {
  if (!set.length) return undefined;
  const res = h3.getResolution(set[0]);
  for (const c of set) {
    if (!h3.isValidCell(c)) return { error: 5 };
    if (h3.getResolution(c) !== res) return { error: 12 };
  }
  return new Set(set).size !== set.length ? { error: 10 } : undefined;
}
const mpGlobe = h3.getRes0Cells();
let mpCells = 0;
for (let i = 0; i < mpSets; i++) {
  lastPolygon = null;
  const set = i === 0 ? mpGlobe : randCellSet();
  if (lastPolygon) {
    // polygonToCells itself: same cells in the same order as h3-js
    const { poly, res, cells: jsCells } = lastPolygon;
    const ours = wasm.zc.polygonToCells(poly, res);
    check(!ours.error && ours.cells.length === jsCells.length && jsCells.every((c, j) => c === hex(ours.cells[j])),
      () => `polygonToCells(${JSON.stringify(poly)}, ${res}): h3-js ${jsCells.length} cells, ours ${ours.error ? 'error ' + ours.error : ours.cells.length}`);
  }
  mpCells += set.length;
  const big = BigUint64Array.from(set, (c) => BigInt('0x' + c));
  // h3-js 4.5.0 allocates its output struct with `_calloc(SZ)` (size 0, so
  // not zeroed) and on an error return frees it anyway, walking garbage:
  // after earlier calls this can hang. So invalid sets are not passed to
  // h3-js; their error code is derived with h3-js's own primitives in the
  // order of C's validateCellSet (validity and resolution per cell, then
  // duplicates).
  const js = mpSetError(set) ?? safe(() => h3.cellsToMultiPolygon(set));
  const ours = wasm.cellsToMultiPolygon(big);
  check(sameMulti(js, ours), () => `cellsToMultiPolygon(${JSON.stringify(set)}): h3-js ${JSON.stringify(js).slice(0, 400)} ours ${JSON.stringify(ours.error ? ours : ours.map((p) => p.map((l) => l.map(([a, b]) => [toDeg(a), toDeg(b)])))).slice(0, 400)}`);
}
console.log(`  cellsToMultiPolygon: ${mpSets} sets (${mpCells} cells), ${((Date.now() - t0) / 1000).toFixed(1)}s`);
for (const f of failures) console.log('MISMATCH ' + f);
if (failed) console.log(`replay with: --seed ${seed} --count ${count}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
