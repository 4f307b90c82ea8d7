// Measurements for js/BENCHMARKS.app.md, in headless Chromium against
// `bando serve` on 127.0.0.1 (a local server; no throttling):
//   - cold start: import the module + load and start the wasm + first answer
//     (a fresh browser profile, so nothing is cached), median of RUNS;
//   - download of a province (default the whole Hà Nội bundle, new code 01):
//     bytes, tiles, time, storage used (Cache Storage);
//   - warm latency per endpoint (median and p90 of N calls after warm-up),
//     the endpoints the core serves (directions and optimized routes too);
//   - the first route after the first answer (cold: its tiles over HTTP).
// Usage: node js/bench/app-bench.mjs [bundle=build/hanoi] [province=01]
// Needs `make bando demo-page` and /usr/bin/chromium.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { repoRoot } from "../test/contract-lib.mjs";

const bundle = process.argv[2] ?? join(repoRoot, "build/hanoi");
const province = process.argv[3] ?? "01";
const RUNS = Number(process.env.RUNS ?? 5), N = Number(process.env.N ?? 50);
const port = await new Promise((res) => { const s = createServer().listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => res(p)); }); });
const origin = `http://127.0.0.1:${port}`;
const server = spawn(join(repoRoot, "build/bando"), ["serve", "--bundle", bundle, "--page", join(repoRoot, "build/demo-page"), "--addr", `127.0.0.1:${port}`], { stdio: "ignore" });
for (let i = 0; i < 100; i++) {
  try { if ((await fetch(origin + "/index.html")).ok) break; } catch { /* starting */ }
  await new Promise((r) => setTimeout(r, 100));
}
const args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };

async function withProfile(fn) {
  const profile = mkdtempSync(join(tmpdir(), "bando-bench-"));
  const ctx = await chromium.launchPersistentContext(profile, { executablePath: "/usr/bin/chromium", headless: true, args });
  try {
    const page = await ctx.newPage();
    await page.goto(origin + "/blank.html");
    return await fn(page);
  } finally {
    await ctx.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

// From a blank page (no demo scripts running).
const cold = [];
for (let i = 0; i < RUNS; i++) {
  cold.push(await withProfile((page) => page.evaluate(async () => {
    const t0 = performance.now();
    const { Bando } = await import("./bando/bando.mjs?cold=" + Math.random());
    const t1 = performance.now();
    const b = await Bando.open({ tiles: new URL("bundle/", location.href).href, wasm: new URL("bando/dist/bando.wasm", location.href) });
    const t2 = performance.now();
    await b.autocomplete({ text: "hoan kiem" });
    const t3 = performance.now();
    // then the first route (its graph and hierarchy tiles over HTTP, decoded)
    const d = await b.direction({ origin: [21.0287, 105.8524], destination: [21.0368, 105.8342], vehicle: "motor" });
    const t4 = performance.now();
    if (d.status !== "OK") throw new Error("direction: " + d.status);
    return { script: t1 - t0, wasm: t2 - t1, first: t3 - t2, total: t3 - t0, firstRoute: t4 - t3 };
  })));
}

const rest = await withProfile((page) => page.evaluate(async ({ province, N }) => {
  const { Bando } = await import("./bando/bando.mjs");
  const b = await Bando.open({ tiles: new URL("bundle/", location.href).href, cache: true, wasm: new URL("bando/dist/bando.wasm", location.href) });
  const t0 = performance.now();
  const dl = await b.download({ province });
  const dlMs = performance.now() - t0;
  const storage = await b.storage();
  // Ten stops around central Hà Nội (seeded once by hand: markets, stations, lakes).
  const stops = [[21.0287, 105.8524], [21.0245, 105.8412], [21.0333, 105.85], [21.03, 105.845], [21.026, 105.848],
    [21.0368, 105.8342], [21.0160, 105.8290], [21.0065, 105.7860], [21.0400, 105.8460], [21.0190, 105.8560]].map(([lat, lon]) => ({ lat, lon }));
  const calls = {
    status: () => b.status(),
    "autocomplete (pelias)": () => b.autocomplete({ text: "hang bac" }),
    "autocomplete (google)": () => b.autocomplete({ input: "nguyen trai", location: "21.0,105.8" }),
    "forcodes/encode": () => b.forcodesEncode({ lat: 21.0287, lng: 105.8524, resolution: 13 }),
    "forcodes/decode": () => b.forcodesDecode({ forcodes: "HNO4DT45BQNZ" }),
    "tiles z14": () => b.tile(14, 13009, 7212),
    "tiles z10": () => b.tile(10, 813, 450),
    place: () => b.place({ ids: first.features[0].properties.id }),
    "geocode/reverse": () => b.geocodeReverse({ "point.lat": 21.0287, "point.lon": 105.8524 }),
    nearby: () => b.nearby({ categories: "cafe", "point.lat": 21.0287, "point.lon": 105.8524 }),
    "address/convert": () => b.addressConvert({ text: "Phường Hàng Bạc, Quận Hoàn Kiếm, Hà Nội", to: "new" }),
    "direction (car, 2.4 km, alternatives)": () => b.direction({ origin: [21.0287, 105.8524], destination: [21.0368, 105.8342] }),
    "direction (motor, 8 km, vi)": () => b.direction({ origin: [21.0287, 105.8524], destination: [21.0065, 105.7860], vehicle: "motor" }),
    "direction (car, 3 destinations, en)": () => b.direction({ origin: [21.0287, 105.8524], destination: [[21.0368, 105.8342], [21.0245, 105.8412], [21.0160, 105.8290]], language: "en" }),
    "optimized-route (5 stops, auto)": () => b.optimizedRoute({ locations: stops.slice(0, 5) }),
    "optimized-route (10 stops, motorcycle)": () => b.optimizedRoute({ locations: stops, costing: "motorcycle" }),
    "distancematrix (5×5, auto)": () => b.distanceMatrix({ sources: stops.slice(0, 5), targets: stops.slice(5) }),
  };
  const first = await b.autocomplete({ text: "hang bac" });
  const served = {};
  for (const [name, call] of Object.entries(calls)) {
    try { await call(); served[name] = true; } catch (e) { served[name] = String(e.message ?? e); delete calls[name]; }
  }
  const lat = {};
  for (const [name, call] of Object.entries(calls)) {
    for (let i = 0; i < 5; i++) await call();
    const t = [];
    for (let i = 0; i < N; i++) { const s = performance.now(); await call(); t.push(performance.now() - s); }
    t.sort((x, y) => x - y);
    lat[name] = { median: t[Math.floor(t.length / 2)], p90: t[Math.floor(t.length * 0.9)] };
  }
  return { dl, dlMs, storage, lat, served };
}, { province, N }));

server.kill();
const idx = JSON.parse(await (await import("node:fs/promises")).readFile(join(bundle, "tiles/basemap/index.mp"), "utf8"));
console.log(JSON.stringify({ bundle, cold, coldMedian: Object.fromEntries(["script", "wasm", "first", "total", "firstRoute"].map((k) => [k, median(cold.map((c) => c[k]))])), ...rest, zooms: idx.zooms, archives: idx.archives.length }, null, 1));
