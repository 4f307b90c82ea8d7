// Worker and wasm-in-Node measurements for /v1/autocomplete (bounded).
//
//   node js/bench/worker-bench.mjs [--bundle dir]... [--n 1000] [--repeats 5]
//        [--seconds 10] [--concurrency 1,8,32] [--out file.md] [--native bando]
//
// Needs `make worker` (worker/build: app.wasm, wasm_exec.js, index.mjs) and
// `make wasm` (build/bando.wasm). For each bundle (default testdata/bundle,
// plus build/bench/hanoi when it exists):
//   1. Worker CPU per request: the Worker runs under workerd (Miniflare, one
//      isolate); after warm-up, N sequential autocomplete requests; the
//      workerd process's utime+stime (/proc/<pid>/stat) over them / N; median
//      of --repeats. The same is measured for a no-op JS Worker with the same
//      assets/router setup (harness overhead: Miniflare's entry and asset
//      router workers, HTTP), and the difference is reported too.
//   2. Worker throughput: a Node HTTP client (keep-alive, concurrency C) for
//      --seconds against workerd's socket on 127.0.0.1: req/s, latency.
//   3. wasm in Node (js/bando.mjs): per-request latency (median, p95) and CPU
//      (process.cpuUsage) for the same queries, sequential, after warm-up.
//   4. with --native path/to/bando: the native server's CPU per request.
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execSync } from "node:child_process";
import { Agent, request } from "node:http";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Miniflare } from "miniflare";
import { repoRoot } from "../test/contract-lib.mjs";
import { startWorker, workerdPids, cpuTicks, wranglerSettings } from "../test/worker-miniflare.mjs";
import { Bando } from "../bando.mjs";

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf("--" + name);
  return i >= 0 ? args[i + 1] : def;
};
const bundles = args.flatMap((a, i) => (a === "--bundle" ? [args[i + 1]] : []));
if (!bundles.length) {
  bundles.push(join(repoRoot, "testdata/bundle"));
  if (existsSync("build/bench/hanoi/manifest.json")) bundles.push("build/bench/hanoi");
}
const N = Number(opt("n", 1000));
const REPEATS = Number(opt("repeats", 5));
const SECONDS = Math.min(Number(opt("seconds", 10)), 30);
const CONCURRENCY = opt("concurrency", "1,8,32").split(",").map(Number);
const OUT = opt("out", "");
const NATIVE = opt("native", "");
const TICK = 1 / 100; // seconds per clock tick (USER_HZ)

const KEY = "bench-key";
const KEY_HASHES = createHash("sha256").update(KEY).digest("hex");

// What a user types: growing prefixes of common Vietnamese place queries
// (folded and accented), both shapes, plus a few with a focus point.
const words = ["pho hue", "hoan kiem", "nguyen trai", "ho guom", "cho", "ba dinh", "cau giay", "benh vien", "truong", "Phở Huế", "Hồ Tây", "nha hat", "ga ha noi", "ngan hang", "cafe"];
const queries = [];
for (const w of words) {
  for (let n = 2; n <= w.length; n += 2) {
    const t = encodeURIComponent(w.slice(0, n).trim());
    if (t) queries.push(`/v1/autocomplete?text=${t}&apikey=${KEY}`);
  }
  const e = encodeURIComponent(w);
  queries.push(`/v1/autocomplete?input=${e}&location=21.03,105.85&radius=10&apikey=${KEY}`);
  queries.push(`/v1/autocomplete?text=${e}&focus.point.lat=21.03&focus.point.lon=105.85&size=5&apikey=${KEY}`);
}

const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
const pct = (a, p) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(s.length * p))]; };
const f2 = (x) => x.toFixed(2);

function workerdPid() {
  const pids = workerdPids();
  if (pids.length !== 1) throw new Error(`expected one workerd child, found ${pids.join(",") || "none"}`);
  return pids[0];
}

// sequential sends n requests one after another through dispatchFetch.
let firstError = null;
async function sequential(mf, n, urls) {
  const statuses = {};
  for (let i = 0; i < n; i++) {
    const r = await mf.dispatchFetch("http://127.0.0.1" + urls[i % urls.length]);
    const body = await r.text();
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    if (r.status >= 500 && !firstError) firstError = `${urls[i % urls.length]} → ${r.status} ${body.slice(0, 300)}`;
  }
  return statuses;
}

// cpuPerRequest: median over repeats of workerd CPU ms per request.
async function cpuPerRequest(mf, urls) {
  const pid = workerdPid();
  await sequential(mf, Math.max(200, urls.length * 3), urls); // warm-up
  const per = [];
  let statuses;
  for (let r = 0; r < REPEATS; r++) {
    const t0 = cpuTicks(pid);
    statuses = await sequential(mf, N, urls);
    per.push(((cpuTicks(pid) - t0) * TICK * 1000) / N);
  }
  return { median: median(per), all: per, statuses, rss: rssMB(pid) };
}

function rssMB(pid) {
  try {
    const m = execSync(`grep VmRSS /proc/${pid}/status`, { encoding: "utf8" }).match(/(\d+)/);
    return Number(m[1]) / 1024;
  } catch { return NaN; }
}

// load: C concurrent keep-alive clients for SECONDS against workerd's socket.
async function load(base, urls, c) {
  const agent = new Agent({ keepAlive: true, maxSockets: c });
  const lat = [];
  let ok = 0, bad = 0, i = 0;
  const kinds = {};
  const end = performance.now() + SECONDS * 1000;
  const one = (path) => new Promise((resolve) => {
    const t = performance.now();
    const req = request(new URL(path, base), { agent }, (res) => {
      res.resume();
      res.on("end", () => {
        lat.push(performance.now() - t);
        if (res.statusCode === 200) ok++;
        else { bad++; kinds[res.statusCode] = (kinds[res.statusCode] ?? 0) + 1; }
        resolve();
      });
    });
    req.on("error", (e) => { bad++; kinds[e.code ?? "error"] = (kinds[e.code ?? "error"] ?? 0) + 1; resolve(); });
    req.end();
  });
  const t0 = performance.now();
  await Promise.all(Array.from({ length: c }, async () => {
    while (performance.now() < end) await one(urls[i++ % urls.length]);
  }));
  const secs = (performance.now() - t0) / 1000;
  agent.destroy();
  return { c, rps: ok / secs, ok, bad, kinds, p50: median(lat), p95: pct(lat, 0.95), p99: pct(lat, 0.99) };
}

// noop Worker: same Miniflare/assets/router path, trivial JS answer.
async function startNoop(assetsDir) {
  const s = wranglerSettings();
  const mf = new Miniflare({
    modules: true,
    script: `export default { fetch() { return new Response('{"ok":true}', { headers: { "content-type": "application/json" } }); } };`,
    compatibilityDate: s.compatibilityDate,
    assets: { directory: assetsDir, binding: "ASSETS", routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true } },
    host: "127.0.0.1",
    port: 0,
  });
  return { mf, url: await mf.ready };
}

async function benchWorker(bundle) {
  const out = { bundle };
  // Cold start: first request on a fresh isolate (Go start + manifest).
  let { mf, url } = await startWorker({ buildDir: workerBuild, assetsDir: bundle, keyHashes: KEY_HASHES });
  try {
    const pid = workerdPid();
    await new Promise((r) => setTimeout(r, 500)); // let workerd settle
    const c0 = cpuTicks(pid);
    let t = performance.now();
    let r = await mf.dispatchFetch(`http://127.0.0.1/v1/status?apikey=${KEY}`);
    await r.arrayBuffer();
    out.coldStatusMs = performance.now() - t;
    out.coldCpuMs = (cpuTicks(pid) - c0) * TICK * 1000;
    t = performance.now();
    r = await mf.dispatchFetch("http://127.0.0.1" + queries[0]);
    await r.arrayBuffer();
    out.firstAutocompleteMs = performance.now() - t;
    out.cpu = await cpuPerRequest(mf, queries);
    out.minimal = await cpuPerRequest(mf, ["/v1/autocomplete"]);
    out.load = [];
    for (const c of CONCURRENCY) out.load.push(await load(url, queries, c));
  } finally {
    await mf.dispose();
  }
  ({ mf } = await startNoop(bundle));
  try {
    out.noop = await cpuPerRequest(mf, ["/"]);
  } finally {
    await mf.dispose();
  }
  return out;
}

// benchNative: the native server (--native path/to/bando) for comparison:
// its process CPU per request over N sequential HTTP requests.
async function benchNative(bin, bundle) {
  const { spawn } = await import("node:child_process");
  const { writeFileSync: wf } = await import("node:fs");
  const keys = join(snapRoot, "keys.txt");
  wf(keys, KEY_HASHES + "\n");
  const port = 20000 + Math.floor(Math.random() * 20000);
  const p = spawn(bin, ["serve", "--bundle", bundle, "--addr", `127.0.0.1:${port}`, "--keys", keys], { stdio: "ignore" });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try { await (await fetch(base + `/v1/status?apikey=${KEY}`)).arrayBuffer(); break; } catch (e) {
        if (i > 100) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path) => new Promise((resolve, reject) => {
      request(new URL(path, base), { agent }, (res) => { res.resume(); res.on("end", () => resolve(res.statusCode)); }).on("error", reject).end();
    });
    for (let i = 0; i < queries.length * 3; i++) await get(queries[i % queries.length]);
    const per = [];
    for (let r = 0; r < REPEATS; r++) {
      const t0 = cpuTicks(p.pid);
      for (let i = 0; i < N; i++) await get(queries[i % queries.length]);
      per.push(((cpuTicks(p.pid) - t0) * TICK * 1000) / N);
    }
    agent.destroy();
    return { median: median(per), all: per };
  } finally {
    p.kill();
  }
}

async function benchNode(bundle) {
  const bando = await Bando.open({ tiles: bundle, keyHashes: KEY_HASHES, wasm: pathToFileURL(join(nodeBuild, "bando.wasm")) });
  for (let i = 0; i < queries.length * 3; i++) await (await bando.fetch(queries[i % queries.length])).arrayBuffer();
  const lat = [];
  const n = Math.max(N, queries.length * 5);
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = await bando.fetch(queries[i % queries.length]);
    await r.arrayBuffer();
    lat.push(performance.now() - t);
  }
  const c = process.cpuUsage(c0);
  return { n, p50: median(lat), p95: pct(lat, 0.95), p99: pct(lat, 0.99), cpuMs: (c.user + c.system) / 1000 / n };
}

const date = new Date().toISOString();
const machine = `${cpus().length} CPUs (nproc ${execSync("nproc", { encoding: "utf8" }).trim()}), ${cpus()[0]?.model}`;
const lines = [];
const log = (s = "") => { lines.push(s); console.log(s); };
log(`# bando Worker benchmarks`);
log();
log(`- date: ${date}`);
log(`- machine: ${machine}; node ${process.version}; miniflare ${JSON.parse(readFileSync(join(repoRoot, "js/node_modules/miniflare/package.json"), "utf8")).version} (workerd)`);
log(`- command: \`node js/bench/worker-bench.mjs ${args.join(" ")}\` (N=${N}, repeats=${REPEATS}, load ${SECONDS}s per concurrency ${CONCURRENCY.join("/")})`);
log(`- queries: ${queries.length} autocomplete URLs (typing prefixes of ${words.length} phrases; Pelias and Google shapes), cycled`);
log();
const snapRoot = mkdtempSync(join(tmpdir(), "bando-bench-"));
process.on("exit", () => rmSync(snapRoot, { recursive: true, force: true }));
// Private copies of the builds too: others may rebuild the tree meanwhile.
const workerBuild = join(snapRoot, "worker");
for (const f of ["app.wasm", "wasm_exec.js", "index.mjs"]) cpSync(join(repoRoot, "worker/build", f), join(workerBuild, f));
const nodeBuild = join(snapRoot, "build");
for (const f of ["bando.wasm", "wasm_exec.js"]) cpSync(join(repoRoot, "build", f), join(nodeBuild, f));
for (const [bi, orig] of bundles.entries()) {
  // A private copy: the bundle must not change under a running engine.
  const b = join(snapRoot, String(bi));
  cpSync(orig, b, { recursive: true });
  log(`## bundle ${orig}`);
  log();
  firstError = null;
  const w = await benchWorker(b);
  if (firstError) log(`**errors**: first: ${firstError}\n`);
  log(`Worker under workerd (one isolate, Miniflare):`);
  log();
  log(`- cold: first request (Go start + manifest) ${f2(w.coldStatusMs)} ms wall, ~${w.coldCpuMs.toFixed(0)} ms workerd CPU (10 ms ticks); first autocomplete ${f2(w.firstAutocompleteMs)} ms wall`);
  log(`- CPU per autocomplete request (workerd utime+stime / N, median of ${REPEATS}): **${f2(w.cpu.median)} ms** (runs: ${w.cpu.all.map(f2).join(", ")}; statuses ${JSON.stringify(w.cpu.statuses)}; workerd RSS ${w.cpu.rss.toFixed(0)} MB)`);
  log(`- CPU per request of a no-op JS Worker, same harness: ${f2(w.noop.median)} ms → autocomplete minus harness: **${f2(w.cpu.median - w.noop.median)} ms**`);
  log(`- CPU per GET /v1/autocomplete without parameters (401 from Go, no search): ${f2(w.minimal.median)} ms`);
  log();
  log(`| concurrency | req/s | p50 ms | p95 ms | p99 ms | non-200 |`);
  log(`|---:|---:|---:|---:|---:|---:|`);
  for (const l of w.load) log(`| ${l.c} | ${l.rps.toFixed(0)} | ${f2(l.p50)} | ${f2(l.p95)} | ${f2(l.p99)} | ${l.bad}${l.bad ? " " + JSON.stringify(l.kinds) : ""} |`);
  log();
  const nd = await benchNode(b);
  log(`wasm in Node (js/bando.mjs, ${nd.n} sequential requests after warm-up): p50 **${f2(nd.p50)} ms**, p95 **${f2(nd.p95)} ms**, p99 ${f2(nd.p99)} ms; CPU ${f2(nd.cpuMs)} ms/request`);
  log();
  if (NATIVE) {
    const nv = await benchNative(NATIVE, b);
    log(`native server (${NATIVE} serve, HTTP, same queries): CPU per request ${f2(nv.median)} ms (median of ${REPEATS}: ${nv.all.map(f2).join(", ")})`);
    log();
  }
}
if (OUT) writeFileSync(OUT, lines.join("\n") + "\n");
