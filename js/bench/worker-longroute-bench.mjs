// Hà Nội → TP.HCM in the Worker on a Vietnam-wide bundle (issue #10: peak
// isolate memory ≤ 128 MB): a Worker build (`make worker WASM_OPT=none`,
// any bundle) served by workerd directly (workerd-direct.mjs) with --bundle
// as its assets. The bundle is not copied: the assets service points at its
// directory (`make worker BUNDLE=…` would copy 1.8 GB into
// worker/build/assets; the glue reads tiles the same way from assets or
// R2, one body per tile, checked with WebCrypto).
//
//   node js/bench/worker-longroute-bench.mjs [--bundle build/bench/route-vn] [--build worker/build]
//        [--rounds 3] [--warm 3] [--embed yes,no] [--var NAME=value …] [--out file.md]
//
// --embed: the manifest shipped in the script (yes: what `make worker`
// does on the paid plan, whose 100,000 asset files a Vietnam bundle needs;
// no: the free plan, where the script would pass 3 MB and the tiles live in
// R2 — the first request reads manifest.json), or auto (embed-manifest.sh).
// Each listed configuration is measured in every round, alternating.
//
// Per round and configuration, for each request kind (car, car without
// alternatives, motor): a fresh workerd, the request on the fresh isolate
// (cold: Go already started and warmed up at script start-up, as on
// Cloudflare), then --warm more of the same on that isolate; then one more
// fresh isolate answering every kind in turn twice (the tiles of two
// vehicles' hierarchies in one isolate). Per request: status, the route's
// distance, workerd CPU (all threads; the busiest thread, the isolate's),
// wall time, the isolate's memory — wasm memory (it only grows: its value
// after the request is its peak), JS heap used and committed, ArrayBuffers
// outside the heap — sampled through the inspector during the request
// (whenever the isolate waits for a tile) and after it, and workerd's RSS.
// Medians over the rounds; maxima for the memory peaks.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { repoRoot } from "../test/contract-lib.mjs";
import { freePort, isolateMemory, startWorkerd } from "./workerd-direct.mjs";
import { busiest, median, rssMB, sum, threadNs } from "./workerd-stats.mjs";

const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf("--" + name); return i >= 0 ? args[i + 1] : def; };
const BUNDLE = resolve(opt("bundle", "build/bench/route-vn"));
const BUILD = resolve(opt("build", join(repoRoot, "worker/build")));
const ROUNDS = Number(opt("rounds", 3));
const WARM = Number(opt("warm", 3));
const EMBEDS = opt("embed", "yes,no").split(",");
const VARS = Object.fromEntries(args.flatMap((a, i) => (a === "--var" ? [args[i + 1].split("=")] : [])));
const OUT = opt("out", "");

const KEY = "bench-key";
const HASH = createHash("sha256").update(KEY).digest("hex");
const OD = "origin=21.0285,105.8542&destination=10.7769,106.7009";
const KINDS = {
  car: `/v1/direction?${OD}&vehicle=car`,
  "car, alternatives=false": `/v1/direction?${OD}&vehicle=car&alternatives=false`,
  motor: `/v1/direction?${OD}&vehicle=motor`,
};

const f = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : "–");
const load = () => loadavg().map((x) => x.toFixed(1)).join(" ");
const lines = [];
const log = (s = "") => { console.log(s); lines.push(s); };

// buildDirFor: a build directory serving BUNDLE, the manifest embedded or
// not (embed-manifest.sh writes manifest.bin from assets/manifest.json).
function buildDirFor(embed) {
  const dir = mkdtempSync(join(tmpdir(), "bando-longroute-"));
  for (const f of ["app.wasm", "index.mjs", "wasm_exec.js"]) symlinkSync(join(BUILD, f), join(dir, f));
  symlinkSync(BUNDLE, join(dir, "assets"));
  const said = execFileSync("sh", [join(repoRoot, "worker/embed-manifest.sh"), dir, embed], { encoding: "utf8" }).trim();
  return { dir, said };
}

// start: a fresh workerd with its inspector, and the isolate's memory.
async function start(buildDir) {
  const inspectorPort = await freePort();
  const w = await startWorkerd({ buildDir, assetsDir: BUNDLE, keyHashes: HASH, vars: VARS, inspectorPort });
  w.mem = await isolateMemory(inspectorPort);
  return w;
}

// measure sends one request and samples the isolate while it runs.
async function measure(w, path) {
  const peak = { wasmMB: 0, jsMB: 0, jsTotalMB: 0, buffersMB: 0, rssMB: 0 };
  const take = (s) => { for (const k in peak) peak[k] = Math.max(peak[k], s[k]); };
  let done = false, samples = 0;
  const poll = (async () => {
    while (!done) {
      take({ ...(await w.mem.sample()), rssMB: rssMB(w.pid) });
      samples++;
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  const a = threadNs(w.pid);
  const t = performance.now();
  const res = await fetch(w.url + path + "&apikey=" + KEY);
  const body = await res.text();
  const wall = performance.now() - t;
  const b = threadNs(w.pid);
  done = true;
  await poll;
  const after = { ...(await w.mem.sample()), rssMB: rssMB(w.pid) };
  take(after);
  let distanceKm = NaN, status = String(res.status);
  try {
    const j = JSON.parse(body);
    status += " " + j.status;
    distanceKm = j.routes[0].legs.reduce((s, l) => s + l.distance.value, 0) / 1000;
  } catch {}
  return { status, distanceKm, cpuAll: (sum(b) - sum(a)) / 1e6, cpuThread: busiest(a, b) / 1e6, wall, peak, after, samples };
}

// isolate: the sum Cloudflare's limit bounds, at its peak: wasm memory +
// committed JS heap + ArrayBuffers outside it.
const isolateMB = (m) => m.wasmMB + m.jsTotalMB + m.buffersMB;

log(`# Hà Nội → TP.HCM in the Worker (workerd, direct), Vietnam-wide bundle`);
log();
log(`- date: ${new Date().toISOString()}; machine: ${cpus().length} CPUs (${cpus()[0].model}), shared; node ${process.version}; load average at start ${load()}`);
log(`- command: \`node js/bench/worker-longroute-bench.mjs ${args.join(" ")}\``);
log(`- build ${BUILD}; bundle ${BUNDLE} (assets service on its directory); Worker vars ${JSON.stringify(VARS)}`);

const configs = EMBEDS.map((e) => ({ embed: e, ...buildDirFor(e) }));
for (const c of configs) log(`- embed=${c.embed}: ${c.said}`);
const cold = {}, warm = {}, mixed = {}, lives = {};
const rec = (o, cfg, kind, r) => ((o[cfg] ??= {})[kind] ??= []).push(r);
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of configs) {
      for (const [kind, path] of Object.entries(KINDS)) {
        const w = await start(c.dir);
        try {
          rec(cold, c.embed, kind, await measure(w, path));
          for (let i = 0; i < WARM; i++) rec(warm, c.embed, kind, await measure(w, path));
          (lives[c.embed] ??= []).push(await w.mem.liveMB());
        } finally { w.mem.close(); await w.stop(); }
      }
      const w = await start(c.dir);
      try {
        for (let k = 0; k < 2; k++) for (const [kind, path] of Object.entries(KINDS)) rec(mixed, c.embed, `${kind} (${k ? "again" : "first"})`, await measure(w, path));
        (lives[c.embed + " mixed"] ??= []).push(await w.mem.liveMB());
      } finally { w.mem.close(); await w.stop(); }
    }
    console.error(`round ${round + 1}/${ROUNDS} done, load ${load()}`);
  }
} finally {
  for (const c of configs) rmSync(c.dir, { recursive: true, force: true });
}

const row = (name, rs) => {
  const mx = (k) => Math.max(...rs.map((r) => r.peak[k]));
  const st = [...new Set(rs.map((r) => r.status))].join(", ");
  const ds = [...new Set(rs.map((r) => f(r.distanceKm, 1)))].join(", ");
  return `| ${name} | ${rs.length} | ${st} | ${ds} | **${f(median(rs.map((r) => r.cpuThread)))}** (${rs.map((r) => f(r.cpuThread, 0)).join(", ")}) | ${f(median(rs.map((r) => r.cpuAll)))} | ${f(median(rs.map((r) => r.wall)), 0)} | ${f(mx("wasmMB"))} | ${f(mx("jsMB"))} / ${f(mx("jsTotalMB"))} | ${f(mx("buffersMB"))} | **${f(Math.max(...rs.map((r) => isolateMB(r.peak))))}** | ${f(mx("rssMB"), 0)} |`;
};
const table = (title, o) => {
  log();
  log(`## ${title}`);
  log();
  log(`| configuration, request | n | status | distance km | workerd CPU ms, isolate thread: median (each) | CPU ms, all threads | wall ms | wasm memory MB, max | JS heap used / committed MB, max | ArrayBuffers MB, max | isolate MB, max (wasm + JS committed + buffers) | workerd RSS MB, max |`);
  log(`|---|---:|---|---|---|---:|---:|---:|---|---:|---:|---:|`);
  for (const [cfg, kinds] of Object.entries(o)) for (const [kind, rs] of Object.entries(kinds)) log(row(`embed=${cfg}: ${kind}`, rs));
};
table(`Fresh isolate, first request (${ROUNDS} rounds)`, cold);
table(`Same isolate, the same request again (${WARM} per isolate × ${ROUNDS} rounds)`, warm);
table(`One fresh isolate answering car, car without alternatives, motor, then all three again (${ROUNDS} rounds)`, mixed);
log();
log(`Go live heap after a full collection at each isolate's end (MB): ${Object.entries(lives).map(([k, v]) => `embed=${k}: ${v.map((x) => f(x)).join(", ")}`).join("; ")}`);
log();
log(`Load average at the end: ${load()}. Samples through the inspector are taken whenever the isolate waits (for a tile); Go's compute between two waits is not sampled, but the wasm memory only grows, so its value after the request is its peak.`);
if (OUT) writeFileSync(OUT, lines.join("\n") + "\n");
