// Issue #14's Worker measurements, bounded (one workerd, a 2-core machine
// shared with others): cold start, Worker CPU per request per endpoint, and
// a mixed-load run. Compares Worker builds (e.g. main's and this branch's).
//
//   node js/bench/worker-product-bench.mjs --build worker/build [--build OLD/worker/build@OLD/testdata/bundle]
//        [--bundle testdata/bundle] [--cold 7] [--n 1000] [--repeats 3]
//        [--load-seconds 60] [--connections 32] [--load-all] [--out file.md]
// (--cold 0 / --n 0 skip those parts; --load-all runs the load on every build)
//
// 1. Cold isolate: --cold fresh workerd processes; for each, the time to
//    Miniflare's ready (workerd start + script start-up, which compiles
//    app.wasm), then the first request's workerd CPU (utime+stime, 10 ms
//    ticks) and wall time; medians.
// 2. CPU per request after warm-up, per endpoint: N sequential requests,
//    workerd CPU / N, median of --repeats; the same for a no-op JS Worker
//    (Miniflare's entry and asset-router workers, HTTP: not billed by
//    Cloudflare) and the difference.
// 3. Load: --connections keep-alive clients for --load-seconds against
//    workerd's socket, every endpoint mixed: errors, p50/p99, req/s,
//    workerd RSS before and after. Only for the first --build.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus } from "node:os";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { repoRoot } from "../test/contract-lib.mjs";
import { startWorker, workerdPids, cpuTicks, wranglerSettings } from "../test/worker-miniflare.mjs";

const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf("--" + name); return i >= 0 ? args[i + 1] : def; };
// --build DIR[@BUNDLE]: a Worker build and the bundle it reads (default
// --bundle): an older build may need the bundle of its own tree.
const DEFAULT_BUNDLE = opt("bundle", join(repoRoot, "testdata/bundle"));
const builds = args.flatMap((a, i) => (a === "--build" ? [args[i + 1]] : []));
if (!builds.length) builds.push(join(repoRoot, "worker/build"));
let BUNDLE = DEFAULT_BUNDLE;
const COLD = Number(opt("cold", 7));
const N = Number(opt("n", 1000));
const REPEATS = Number(opt("repeats", 3));
const LOAD_S = Math.min(Number(opt("load-seconds", 60)), 60);
const CONNS = Math.min(Number(opt("connections", 32)), 64);
const OUT = opt("out", "");
const TICK_MS = 10;

const KEY = "bench-key";
const HASH = createHash("sha256").update(KEY).digest("hex");

// One request kind per endpoint (and shape); every one answers 200.
const endpoints = {
  "autocomplete (Pelias)": ["GET", ["pho", "hoan kiem", "ba dinh", "nha hat", "cho", "hang", "lo", "Phở"].map((t) => `/v1/autocomplete?text=${encodeURIComponent(t)}&apikey=${KEY}`)],
  "autocomplete (Google)": ["GET", ["pho", "hoan", "ba", "nha"].map((t) => `/v1/autocomplete?input=${t}&location=21.03,105.85&apikey=${KEY}`)],
  "forcodes/encode": ["POST", ["21.0285,105.8542", "21.03,105.85", "20.99,105.87"].map((p) => { const [a, b] = p.split(","); return `/v1/forcodes/encode?lat=${a}&lng=${b}&apikey=${KEY}`; })],
  "forcodes/decode": ["POST", ["HN4TZUZBPKRN0F", "HNO4DT45BQNZ"].map((f) => `/v1/forcodes/decode?forcodes=${f}&apikey=${KEY}`)],
  status: ["GET", [`/v1/status?apikey=${KEY}`]],
};
const mixed = Object.values(endpoints).flatMap(([m, urls]) => urls.map((u) => [m, u]));

const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
const pct = (a, p) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(s.length * p))]; };
const f = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : "–");
const lines = [];
const log = (s = "") => { console.log(s); lines.push(s); };

function pid() {
  const p = workerdPids();
  if (p.length !== 1) throw new Error(`expected one workerd, found ${p.join(",") || "none"}`);
  return p[0];
}
// threadTicks: utime+stime of each thread of process p.
function threadTicks(p) {
  const out = new Map();
  for (const t of readdirSync(`/proc/${p}/task`)) {
    try {
      const st = readFileSync(`/proc/${p}/task/${t}/stat`, "utf8");
      const rest = st.slice(st.lastIndexOf(")") + 2).split(" ");
      const name = st.slice(st.indexOf("(") + 1, st.lastIndexOf(")"));
      out.set(t, { name, ticks: Number(rest[11]) + Number(rest[12]) });
    } catch {}
  }
  return out;
}

// busiestDelta: the largest per-thread CPU growth between two samples (ms)
// and that thread's name: the thread that ran the request, as opposed to
// V8's background compiler threads.
function busiestDelta(a, b) {
  let best = { ms: 0, name: "" };
  for (const [t, v] of b) {
    const ms = (v.ticks - (a.get(t)?.ticks ?? 0)) * TICK_MS;
    if (ms > best.ms) best = { ms, name: v.name };
  }
  return best;
}

function rssMB(p) {
  const m = readFileSync(`/proc/${p}/status`, "utf8").match(/VmRSS:\s+(\d+)/);
  return Number(m[1]) / 1024;
}

async function seq(mf, n, reqs) {
  for (let i = 0; i < n; i++) {
    const [m, u] = reqs[i % reqs.length];
    const r = await mf.dispatchFetch("http://127.0.0.1" + u, { method: m });
    const b = await r.text();
    if (r.status !== 200) throw new Error(`${m} ${u} → ${r.status} ${b.slice(0, 200)}`);
  }
}

async function cpuPer(mf, reqs) {
  const p = pid();
  await seq(mf, 300, reqs);
  const per = [];
  for (let r = 0; r < REPEATS; r++) {
    const t0 = cpuTicks(p);
    await seq(mf, N, reqs);
    per.push(((cpuTicks(p) - t0) * TICK_MS) / N);
  }
  return median(per);
}

// cold: medians over COLD fresh workerd processes (build null: the no-op
// Worker) of the time to ready, the workerd CPU until ready (process
// start, script start-up: app.wasm compiled, with this branch's glue Go's
// runtime started) and the first request's CPU and wall time.
async function cold(build) {
  const ready = [], startCpu = [], cpu = [], wall = [], thread = [];
  for (let i = 0; i < COLD; i++) {
    const t0 = performance.now();
    const { mf } = build ? await startWorker({ buildDir: build, assetsDir: BUNDLE, keyHashes: HASH }) : await startNoop();
    ready.push(performance.now() - t0);
    startCpu.push(cpuTicks(pid()) * TICK_MS);
    try {
      const p = pid();
      await new Promise((r) => setTimeout(r, 300));
      const c0 = cpuTicks(p);
      const th0 = threadTicks(p);
      const t = performance.now();
      const r = await mf.dispatchFetch(build ? `http://127.0.0.1${endpoints["autocomplete (Pelias)"][1][0]}` : "http://127.0.0.1/");
      await r.text();
      wall.push(performance.now() - t);
      cpu.push((cpuTicks(p) - c0) * TICK_MS);
      thread.push(busiestDelta(th0, threadTicks(p)).ms);
      if (r.status !== 200) throw new Error(`cold request → ${r.status}`);
    } finally {
      await mf.dispose();
    }
  }
  return { ready: median(ready), startCpu: median(startCpu), cpu: median(cpu), cpuAll: cpu, thread: median(thread), threadAll: thread, wall: median(wall) };
}

async function startNoop() {
  const s = wranglerSettings();
  const mf = new Miniflare({
    modules: true,
    script: `export default { fetch() { return new Response('{"ok":true}', { headers: { "content-type": "application/json" } }); } };`,
    compatibilityDate: s.compatibilityDate,
    assets: { directory: BUNDLE, binding: "ASSETS", routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true } },
    host: "127.0.0.1", port: 0,
  });
  await mf.ready;
  return { mf };
}

async function noop() {
  const { mf } = await startNoop();
  try { return await cpuPer(mf, [["GET", "/"]]); } finally { await mf.dispose(); }
}

const coldLine = (c) => `workerd start to ready ${f(c.ready, 0)} ms wall, ${f(c.startCpu, 0)} ms CPU; first request ${f(c.cpu, 0)} ms CPU in all threads (10 ms ticks; all: ${c.cpuAll.join(", ")}), ${f(c.thread, 0)} ms in its busiest thread (${c.threadAll.join(", ")}), ${f(c.wall, 1)} ms wall`;

async function load(base) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNS });
  const lat = [];
  let ok = 0, i = 0, retried = 0;
  const errors = {};
  const end = performance.now() + LOAD_S * 1000;
  const one = ([m, path], retry = false) => new Promise((resolve) => {
    const t = performance.now();
    const req = request(new URL(path, base), { agent, method: m }, (res) => {
      res.resume();
      res.on("end", () => {
        lat.push(performance.now() - t);
        if (res.statusCode === 200) ok++; else errors[res.statusCode] = (errors[res.statusCode] ?? 0) + 1;
        resolve();
      });
    });
    req.on("error", (e) => {
      // A keep-alive socket the server closed just as it was reused: Node's
      // documented case for a retry (not an answer of the Worker's).
      if (req.reusedSocket && e.code === "ECONNRESET" && !retry) { retried++; one([m, path], true).then(resolve); return; }
      errors[e.code ?? "error"] = (errors[e.code ?? "error"] ?? 0) + 1;
      resolve();
    });
    req.end();
  });
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONNS }, async () => { while (performance.now() < end) await one(mixed[i++ % mixed.length]); }));
  const secs = (performance.now() - t0) / 1000;
  agent.destroy();
  return { rps: ok / secs, ok, errors, retried, p50: median(lat), p99: pct(lat, 0.99) };
}

log(`# bando Worker: cold start, CPU per request, load`);
log();
log(`- date: ${new Date().toISOString()}; machine: ${cpus().length} CPUs (${cpus()[0].model}), shared; node ${process.version}`);
log(`- command: \`node js/bench/worker-product-bench.mjs ${args.join(" ")}\``);
log(`- bundle: ${BUNDLE}`);
const noopMs = await noop();
log(`- no-op JS Worker (harness: Miniflare entry + asset router + HTTP): ${f(noopMs, 3)} ms CPU/request`);
if (COLD > 0) log(`- no-op JS Worker, cold (${COLD} fresh workerd, medians): ${coldLine(await cold(null))}`);
for (const spec of builds) {
  const [build, bundle] = spec.split("@");
  BUNDLE = bundle ?? DEFAULT_BUNDLE;
  log();
  log(`## build ${build} (bundle ${BUNDLE})`);
  const c = COLD > 0 ? await cold(build) : null;
  log();
  if (c) log(`Cold isolate (${COLD} fresh workerd, medians): ${coldLine(c)}`);
  const { mf, url } = await startWorker({ buildDir: build, assetsDir: BUNDLE, keyHashes: HASH });
  try {
    log();
    log(`| endpoint | workerd CPU ms/request | minus no-op harness |`);
    log(`|---|---:|---:|`);
    for (const [name, [m, urls]] of N > 0 ? Object.entries(endpoints) : []) {
      const ms = await cpuPer(mf, urls.map((u) => [m, u]));
      log(`| ${name} | ${f(ms, 3)} | ${f(ms - noopMs, 3)} |`);
    }
    if ((spec === builds[0] || args.includes("--load-all")) && LOAD_S > 0) {
      const p = pid();
      const rss0 = rssMB(p);
      const l = await load(url);
      const rss1 = rssMB(p);
      log();
      log(`Load: ${LOAD_S} s, ${CONNS} connections, ${mixed.length} requests of every endpoint mixed: ${l.ok} answered 200, errors ${JSON.stringify(l.errors)} (${l.retried} resets of reused keep-alive sockets retried); ${f(l.rps, 0)} req/s; latency p50 ${f(l.p50)} ms, p99 ${f(l.p99)} ms; workerd RSS ${f(rss0, 1)} MB before, ${f(rss1, 1)} MB after`);
    }
  } finally {
    await mf.dispose();
  }
}
if (OUT) writeFileSync(OUT, lines.join("\n") + "\n");
