// Issue #14's Worker figures under workerd run directly (workerd-direct.mjs:
// the socket goes straight to the Worker, ASSETS is a disk service — no
// Miniflare entry or asset-router worker in front of every request), with
// several Worker builds measured ALTERNATELY in one run so that the
// machine's load falls on all of them alike.
//
//   node js/bench/worker-direct-bench.mjs --build A=dir[@bundle] [--build B=dir …]
//        [--bundle build/bench/wk-hn] [--cold 7] [--n 500] [--repeats 5]
//        [--load-seconds 60] [--connections 32] [--mix all|search] [--instances 1] [--client node|go]
//        [--kv] [--out file.md]
//        [--first /v1/…]  (the cold isolate's first request; default an autocomplete)
// (--cold 0, --n 0, --load-seconds 0 skip a part)
//
// CPU is read from /proc/<workerd>/task/*/schedstat (nanoseconds on the
// CPU, every thread: the isolate's and V8's background compilers), so it
// does not count time spent waiting for a core on a loaded machine.
//
// 1. Cold isolate, --cold rounds × every build: a fresh workerd; CPU from
//    spawn to listening (script start-up: app.wasm compiled, Go started,
//    the warm-up), then 300 ms idle, then the first request's CPU (all
//    threads; and the busiest thread, the isolate's) and wall time.
// 2. Worker CPU per request after warm-up, per endpoint: --n sequential
//    requests, CPU / n, --repeats rounds alternating the builds; medians;
//    minus a constant-answer JS Worker in the same configuration (workerd's
//    HTTP handling, not billed by Cloudflare).
// 3. Load: --connections keep-alive connections for --load-seconds, the mix
//    (every endpoint, or the search endpoints only), each build in turn:
//    errors, p50/p99, req/s, workerd RSS at start and end; the load average.
import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../test/contract-lib.mjs";
import { freePort, isolateMemory, startWorkerd } from "./workerd-direct.mjs";
import { busiest, median, rssMB, sum, threadNs } from "./workerd-stats.mjs";

const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf("--" + name); return i >= 0 ? args[i + 1] : def; };
const BUNDLE = opt("bundle", "build/bench/wk-hn");
// --build NAME=DIR[@BUNDLE][#VAR=value,VAR=value]: a Worker build, the
// bundle it serves, Worker vars (e.g. #BANDO_GOGC=400).
const builds = args.flatMap((a, i) => (a === "--build" ? [args[i + 1]] : [])).map((s) => {
  const [spec, varSpec = ""] = s.split("#");
  const eq = spec.indexOf("=");
  const [name, rest] = eq >= 0 ? [spec.slice(0, eq), spec.slice(eq + 1)] : [spec, spec];
  const [dir, bundle] = rest.split("@");
  const vars = Object.fromEntries(varSpec.split(",").filter(Boolean).map((kv) => kv.split("=")));
  return { name, dir, bundle: bundle ?? BUNDLE, vars };
});
const COLD = Number(opt("cold", 7));
const N = Number(opt("n", 500));
const REPEATS = Number(opt("repeats", 5));
const LOAD_S = Math.min(Number(opt("load-seconds", 60)), 60);
const CONNS = Math.min(Number(opt("connections", 32)), 64);
const MIX = opt("mix", "all");
// --instances N: the load goes to N workerd processes (workerd runs an
// isolate on one thread; N = the cores given to the Worker), connections
// split between them.
const INSTANCES = Number(opt("instances", 1));
// --client node|go: the load client (go: worker/loadgen, built on demand).
const CLIENT = opt("client", "node");
const LOADGEN = join(tmpdir(), "bando-loadgen");
if (CLIENT === "go") execFileSync("go", ["build", "-o", LOADGEN, "./worker/loadgen"], { cwd: repoRoot, stdio: "inherit" });
const KV = args.includes("--kv");
const OUT = opt("out", "");

const KEY = "bench-key";
const HASH = createHash("sha256").update(KEY).digest("hex");
const KVRECS = { [HASH]: { admin: true } };
const workerOpts = (b) => ({ buildDir: b.dir, assetsDir: b.bundle, vars: b.vars, ...(KV ? { kv: KVRECS } : { keyHashes: HASH }) });

const enc = encodeURIComponent;
const dm = (a) => `/v1/distancematrix?json=${enc(JSON.stringify({ sources: a.slice(0, 2), targets: a.slice(2), costing: "auto" }))}`;
// One request kind per endpoint (and shape), on the Hà Nội bundle; all
// answer 200. "search" marks the search mix of the acceptance.
const endpoints = {
  "autocomplete (Pelias)": [true, "GET", ["pho", "ho guom", "ba dinh", "nha hat lon", "cho dong xuan", "hang bac", "lotte", "Phở bò", "van mieu", "cau giay"].map((t) => `/v1/autocomplete?text=${enc(t)}`)],
  "autocomplete (Google)": [true, "GET", ["pho", "hoan kiem", "bach mai", "nha tho"].map((t) => `/v1/autocomplete?input=${enc(t)}&location=21.03,105.85`)],
  place: [true, "GET", ["w1019600", "n29596886", "n29607588", "n29610298"].map((id) => `/v1/place?ids=${id}`)],
  "geocode/reverse": [true, "GET", ["21.028,105.852", "21.0362,105.8345", "21.0039,105.8201", "21.0450,105.7920"].map((p) => `/v1/geocode/reverse?latlng=${p}`)],
  nearby: [true, "GET", ["restaurant", "cafe", "school"].map((c) => `/v1/nearby?categories=${c}&point.lat=21.02&point.lon=105.852`)],
  "forcodes/encode": [false, "POST", ["21.0285,105.8542", "21.03,105.85", "20.99,105.87"].map((p) => { const [a, b] = p.split(","); return `/v1/forcodes/encode?lat=${a}&lng=${b}`; })],
  "forcodes/decode": [false, "POST", ["HN4TZUZBPKRN0F", "HNO4DT45BQNZ"].map((f) => `/v1/forcodes/decode?forcodes=${f}`)],
  "place/children": [false, "GET", ["/v1/place/children?parent_id=r1903516"]],
  "address/convert": [false, "GET", ["12 Hàng Bạc, Phường Hàng Bạc, Quận Hoàn Kiếm, Hà Nội", "1 Tràng Tiền, Hoàn Kiếm, Hà Nội"].map((t) => `/v1/address/convert?text=${enc(t)}`)],
  "geocode/forward": [true, "GET", ["12 Hàng Bạc, Hoàn Kiếm, Hà Nội", "Văn Miếu, Đống Đa"].map((t) => `/v1/geocode/forward?address=${enc(t)}`)],
  distancematrix: [false, "GET", [dm([{ lat: 21.0285, lon: 105.8542 }, { lat: 21.0362, lon: 105.8345 }, { lat: 21.0039, lon: 105.8201 }, { lat: 21.0450, lon: 105.7920 }])]],
  direction: [false, "GET", ["21.0285,105.8542&destination=21.0362,105.8345", "21.0039,105.8201&destination=21.0450,105.7920"].map((od) => `/v1/direction?origin=${od}`)],
  "optimized-route": [false, "GET", [`/v1/optimized-route?json=${enc(JSON.stringify({ locations: [{ lat: 21.0285, lon: 105.8542 }, { lat: 21.0362, lon: 105.8345 }, { lat: 21.0039, lon: 105.8201 }, { lat: 21.0450, lon: 105.7920 }], costing: "auto" }))}`]],
  tiles: [false, "GET", ["/v1/tiles/14/13047/7698.mvt", "/v1/tiles/12/3261/1924.mvt"]],
  status: [false, "GET", ["/v1/status"]],
  ...(KV ? { "admin/usage": [false, "GET", ["/v1/admin/usage"]] } : {}),
};
const withKey = (u) => u + (u.includes("?") ? "&" : "?") + "apikey=" + KEY;
const reqsOf = (name) => { const [, m, urls] = endpoints[name]; return urls.map((u) => [m, withKey(u)]); };
const mixed = Object.keys(endpoints).filter((n) => MIX === "all" || endpoints[n][0]).flatMap(reqsOf);

const pct = (a, p) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(s.length * p))]; };
const f = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : "–");
const load = () => loadavg().map((x) => x.toFixed(1)).join(" ");
const lines = [];
const log = (s = "") => { console.log(s); lines.push(s); };


const agent = new Agent({ keepAlive: true, maxSockets: CONNS });
let retried = 0;
function call(base, [m, path], retry = true) {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { agent, method: m }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
    });
    req.on("error", (e) => {
      // An idle keep-alive socket the server closed just as it was reused:
      // Node's documented case for a retry (not an answer of the Worker's).
      if (retry && req.reusedSocket && e.code === "ECONNRESET") {
        retried++;
        call(base, [m, path], false).then(resolve, reject);
      } else reject(e);
    });
    req.end();
  });
}

async function seq(w, n, reqs) {
  for (let i = 0; i < n; i++) {
    const r = await call(w.url, reqs[i % reqs.length]);
    if (r.status !== 200) throw new Error(`${reqs[i % reqs.length].join(" ")} → ${r.status} ${String(r.body).slice(0, 200)}`);
  }
}

// cpuPerRequest: workerd's CPU (all threads) over n sequential requests,
// sampled around each one: {mean, each} in ms (each: one value per
// request, for the per-request median).
async function cpuPerRequest(w, n, reqs) {
  const each = [];
  const t0 = sum(threadNs(w.pid));
  let prev = t0;
  for (let i = 0; i < n; i++) {
    const rq = reqs[i % reqs.length];
    const r = await call(w.url, rq);
    if (r.status !== 200) throw new Error(`${rq.join(" ")} → ${r.status} ${String(r.body).slice(0, 200)}`);
    const now = sum(threadNs(w.pid));
    each.push((now - prev) / 1e6);
    prev = now;
  }
  return { mean: (prev - t0) / n / 1e6, each };
}

log(`# bando Worker under workerd (direct): cold start, CPU per request, load`);
log();
log(`- date: ${new Date().toISOString()}; machine: ${cpus().length} CPUs (${cpus()[0].model}), shared; node ${process.version}; load average at start ${load()}`);
log(`- command: \`node js/bench/worker-direct-bench.mjs ${args.join(" ")}\``);
log(`- builds: ${builds.map((b) => `${b.name} = ${b.dir} (bundle ${b.bundle})`).join("; ")}${KV ? "; keys in KV, usage in the Durable Object" : "; keys from BANDO_KEY_HASHES"}`);

// 1. Cold.
if (COLD > 0) {
  // A constant-answer JS Worker first in each round: workerd's own start-up.
  const coldBuilds = [{ name: "constant-answer JS Worker", noop: true }, ...builds];
  const res = Object.fromEntries(coldBuilds.map((b) => [b.name, { start: [], ready: [], all: [], thread: [], wall: [] }]));
  const first = opt("first", "") ? ["GET", withKey(opt("first"))] : reqsOf("autocomplete (Pelias)")[1];
  for (let i = 0; i < COLD; i++) {
    for (const b of coldBuilds) {
      const w = await startWorkerd(b.noop ? { noop: true, assetsDir: BUNDLE } : workerOpts(b));
      try {
        const r = res[b.name];
        r.ready.push(w.readyMs);
        await new Promise((ok) => setTimeout(ok, 300));
        const a = threadNs(w.pid);
        r.start.push(sum(a) / 1e6);
        const t = performance.now();
        const got = await call(w.url, b.noop ? ["GET", "/"] : first);
        r.wall.push(performance.now() - t);
        const c = threadNs(w.pid);
        r.all.push((sum(c) - sum(a)) / 1e6);
        r.thread.push(busiest(a, c) / 1e6);
        if (got.status !== 200) throw new Error(`cold ${b.name}: ${got.status} ${got.body}`);
      } finally {
        await w.stop();
      }
    }
  }
  log();
  log(`## Cold isolate (${COLD} fresh workerd per build, alternating; first request \`${first[1]}\`; load average after: ${load()})`);
  log();
  log(`| build | start-up CPU (spawn → listening + 300 ms) | first request CPU, isolate thread | first request CPU, all threads | first request wall | listening after |`);
  log(`|---|---:|---:|---:|---:|---:|`);
  for (const b of coldBuilds) {
    const r = res[b.name];
    log(`| ${b.name} | ${f(median(r.start), 0)} ms | **${f(median(r.thread), 1)} ms** (${r.thread.map((x) => f(x, 0)).join(", ")}) | ${f(median(r.all), 1)} ms | ${f(median(r.wall), 1)} ms | ${f(median(r.ready), 0)} ms |`);
  }
}

// 2. CPU per request per endpoint.
if (N > 0) {
  const noop = await startWorkerd({ noop: true, assetsDir: BUNDLE });
  const ws = [];
  for (const b of builds) ws.push(await startWorkerd(workerOpts(b)));
  try {
    await seq(noop, 200, [["GET", "/"]]);
    for (const w of ws) await seq(w, 200, mixed.length ? mixed : reqsOf("status"));
    for (const w of ws) for (const name of Object.keys(endpoints)) await seq(w, 100, reqsOf(name));
    const per = Object.fromEntries(["noop", ...builds.map((b) => b.name)].map((k) => [k, {}]));
    for (let r = 0; r < REPEATS; r++) {
      (per.noop.x ??= []).push(await cpuPerRequest(noop, N, [["GET", "/"]]));
      for (const name of Object.keys(endpoints)) {
        for (let i = 0; i < builds.length; i++) (per[builds[i].name][name] ??= []).push(await cpuPerRequest(ws[i], N, reqsOf(name)));
      }
    }
    const noopMean = median(per.noop.x.map((x) => x.mean));
    const noopMed = median(per.noop.x.flatMap((x) => x.each));
    log();
    log(`## Worker CPU per request after warm-up (${N} sequential requests × ${REPEATS} rounds, builds alternating; load average after: ${load()})`);
    log();
    log(`workerd's CPU (all threads, /proc schedstat) read around each request. Constant-answer JS Worker (workerd's HTTP + this client's requests): per-request median ${f(noopMed, 3)} ms, mean ${f(noopMean, 3)} ms. Each cell: **per-request median minus the constant Worker's** (the goal's figure) / mean over the ${N} requests (median of the ${REPEATS} rounds) minus the constant Worker's; raw medians in the last columns.`);
    log();
    log(`| endpoint | ${builds.map((b) => `${b.name}: median / mean`).join(" | ")} | ${builds.map((b) => `${b.name} raw median`).join(" | ")} |`);
    log(`|---|${builds.map(() => "---:").join("|")}|${builds.map(() => "---:").join("|")}|`);
    for (const name of Object.keys(endpoints)) {
      const cells = builds.map((b) => {
        const rs = per[b.name][name];
        const med = median(rs.flatMap((x) => x.each)), mean = median(rs.map((x) => x.mean));
        return [`**${f(med - noopMed, 3)}** / ${f(mean - noopMean, 3)}`, f(med, 3)];
      });
      log(`| ${name} | ${cells.map((c) => c[0]).join(" | ")} | ${cells.map((c) => c[1]).join(" | ")} |`);
    }
  } finally {
    await noop.stop();
    for (const w of ws) await w.stop();
  }
}

// 3. Load.
// goLoad runs the load with worker/loadgen (Go's HTTP client: a fraction
// of Node's CPU per request, which competes with workerd for the cores).
async function goLoad(ws) {
  const dir = mkdtempSync(join(tmpdir(), "bando-loadgen-"));
  try {
    const lines = [];
    for (let k = 0; k < mixed.length * ws.length; k++) {
      const [m, u] = mixed[k % mixed.length];
      lines.push(`${m} ${ws[k % ws.length].url}${u}`);
    }
    writeFileSync(join(dir, "targets.txt"), lines.join("\n") + "\n");
    const out = await new Promise((res, rej) => execFile(LOADGEN, ["-c", String(CONNS), "-d", `${LOAD_S}s`, "-targets", join(dir, "targets.txt")], { encoding: "utf8", timeout: (LOAD_S + 60) * 1000 }, (e, so) => (e ? rej(e) : res(so))));
    const r = JSON.parse(out);
    return { rps: r.rps, ok: r.ok, errors: r.errors, p50: r.p50_ms, p99: r.p99_ms, client: r.client_cpu_ms_per_request };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const errorDetail = [];
async function loadRun(ws) {
  const lat = [];
  let ok = 0, i = 0;
  const errors = {};
  const end = performance.now() + LOAD_S * 1000;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONNS }, async (_, c) => {
    const w = ws[c % ws.length]; // connections split over the instances
    while (performance.now() < end) {
      const rq = mixed[i++ % mixed.length];
      const t = performance.now();
      try {
        const r = await call(w.url, rq);
        lat.push(performance.now() - t);
        if (r.status === 200) ok++; else errors[r.status] = (errors[r.status] ?? 0) + 1;
      } catch (e) {
        errors[e.code ?? "error"] = (errors[e.code ?? "error"] ?? 0) + 1;
        if (errorDetail.length < 5) errorDetail.push(`${((performance.now() - t0) / 1000).toFixed(1)} s ${rq[1]}: ${e.code ?? e.message}`);
      }
    }
  }));
  const secs = (performance.now() - t0) / 1000;
  return { rps: ok / secs, ok, errors, p50: median(lat), p99: pct(lat, 0.99) };
}

if (LOAD_S > 0) {
  log();
  log(`## Load: ${LOAD_S} s, ${CONNS} keep-alive connections (${CLIENT === "go" ? "Go client, worker/loadgen" : "Node http client"}), ${MIX === "all" ? "every endpoint" : "the search endpoints"} mixed (${mixed.length} requests cycled), ${INSTANCES} workerd per build, builds in turn`);
  log();
  log(`Capacity = ${cpus().length} cores / (workerd + client CPU per request): the req/s this machine would give with its cores to ourselves (one workerd per core: --instances).`);
  log();
  log(`| build | answered 200 | errors | req/s | p50 | p99 | workerd CPU / request | client CPU / request | capacity, req/s | isolate memory, wasm + JS heap: start → after warm-up → [every 10 s] → end | workerd RSS, same points | load average before → after |`);
  log(`|---|---:|---|---:|---:|---:|---:|---:|---:|---|---|---|`);
  for (const b of builds) {
    const ws = [];
    try {
      for (let k = 0; k < INSTANCES; k++) {
        const inspectorPort = await freePort();
        const w = await startWorkerd({ ...workerOpts(b), inspectorPort });
        w.mem = await isolateMemory(inspectorPort);
        ws.push(w);
      }
      const rss = (w) => f(rssMB(w.pid), 1);
      const iso = async (w) => { const m = await w.mem.sample(); return `${f(m.wasmMB, 1)}+${f(m.jsMB, 1)}`; };
      const rss0 = ws.map(rss);
      const iso0 = await Promise.all(ws.map(iso));
      for (const w of ws) await seq(w, 2 * mixed.length, mixed);
      const rss1 = ws.map(rss);
      const iso1 = await Promise.all(ws.map(iso));
      const l0 = load();
      const cpu0 = ws.map((w) => sum(threadNs(w.pid)));
      const me0 = process.cpuUsage();
      // RSS of each workerd every 10 s during the load (is it flat?).
      const rssTrace = ws.map(() => []), isoTrace = ws.map(() => []);
      const tick = setInterval(() => ws.forEach(async (w, k) => { rssTrace[k].push(rss(w)); isoTrace[k].push(await iso(w)); }), 10_000);
      const l = CLIENT === "go" ? await goLoad(ws) : await loadRun(ws);
      clearInterval(tick);
      const cpu = ws.reduce((a, w, k) => a + sum(threadNs(w.pid)) - cpu0[k], 0) / 1e6 / Math.max(1, l.ok);
      const me = process.cpuUsage(me0);
      const client = l.client ?? (me.user + me.system) / 1e3 / Math.max(1, l.ok);
      const isoEnd = await Promise.all(ws.map(iso));
      const live = await Promise.all(ws.map(async (w) => f(await w.mem.liveMB(), 1)));
      const mem = ws.map((w, k) => `${iso0[k]} → ${iso1[k]} → [${isoTrace[k].join(", ")}] → ${isoEnd[k]} (Go live heap after GC ${live[k]})`).join("; ");
      const rssAll = ws.map((w, k) => `${rss0[k]} → ${rss1[k]} → [${rssTrace[k].join(", ")}] → ${rss(w)}`).join("; ");
      log(`| ${b.name}${INSTANCES > 1 ? ` ×${INSTANCES}` : ""} | ${l.ok} | ${JSON.stringify(l.errors)} | **${f(l.rps, 0)}** | ${f(l.p50)} ms | ${f(l.p99)} ms | ${f(cpu, 3)} ms | ${f(client, 3)} ms | **${f(cpus().length * 1000 / (cpu + client), 0)}** | ${mem} MB | ${rssAll} MB | ${l0} → ${load()} |`);
    } finally {
      for (const w of ws) { w.mem?.close(); await w.stop(); }
    }
  }
}
agent.destroy();
if (errorDetail.length) log(`\nfirst errors: ${errorDetail.join("; ")}`);
log();
log(`(${retried} requests retried after a reset of a reused idle keep-alive socket)`);
if (OUT) writeFileSync(OUT, lines.join("\n") + "\n");
