// Worker CPU of /v1/optimized-route on a real bundle (issue #13): a Worker
// build (`make worker`) under workerd (Miniflare) serving BUNDLE as its
// assets; 8 seeded trips of --stops stops drawn in central Hà Nội (the Go
// benchmark's box, kept when they answer 200), then --n sequential requests
// cycling over them, --repeats times: workerd CPU per request (utime+stime,
// 10 ms ticks, every thread: the harness's ~1.2–1.5 ms per request
// included, BENCHMARKS.worker.md) and wall time; medians.
//
//   node js/bench/worker-trip-bench.mjs --bundle /tmp/trip-hn [--build worker/build] [--stops 10] [--n 100] [--repeats 3]
import { createHash } from "node:crypto";
import { cpus } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../test/contract-lib.mjs";
import { startWorker, workerdPids, cpuTicks } from "../test/worker-miniflare.mjs";

const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf("--" + name); return i >= 0 ? args[i + 1] : def; };
const BUILD = opt("build", join(repoRoot, "worker/build"));
const BUNDLE = opt("bundle", "");
const STOPS = Number(opt("stops", 10));
const N = Number(opt("n", 100));
const REPEATS = Number(opt("repeats", 3));
const TICK_MS = 10;
if (!BUNDLE) throw new Error("--bundle DIR (a bundle with a routing graph, e.g. Hà Nội) is required");

const KEY = "bench-key";
const HASH = createHash("sha256").update(KEY).digest("hex");
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };

// A small seeded generator (mulberry32) so every run draws the same trips.
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function tripURL(r) {
  const locations = Array.from({ length: STOPS }, () => ({ lat: +(20.98 + 0.08 * r()).toFixed(6), lon: +(105.78 + 0.1 * r()).toFixed(6) }));
  return `/v1/optimized-route?json=${encodeURIComponent(JSON.stringify({ locations, costing: "auto" }))}&apikey=${KEY}`;
}

async function get(mf, url) {
  const t = performance.now();
  const res = await mf.dispatchFetch("http://127.0.0.1" + url);
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - t };
}

const { mf } = await startWorker({ buildDir: BUILD, assetsDir: BUNDLE, keyHashes: HASH });
try {
  const pids = workerdPids();
  if (pids.length !== 1) throw new Error(`expected one workerd, found ${pids.join(",") || "none"}`);
  const pid = pids[0];
  const r = rng(13 + STOPS);
  const urls = [];
  let drawn = 0;
  while (urls.length < 8 && drawn < 200) {
    const u = tripURL(r);
    drawn++;
    const res = await get(mf, u);
    if (res.status === 200) urls.push(u);
  }
  if (urls.length < 8) throw new Error(`only ${urls.length} routable trips in ${drawn} draws`);
  for (const u of urls) await get(mf, u); // warm: tiles cached, code compiled
  const cpu = [], wall = [];
  for (let k = 0; k < REPEATS; k++) {
    const c0 = cpuTicks(pid);
    for (let i = 0; i < N; i++) {
      const res = await get(mf, urls[i % urls.length]);
      if (res.status !== 200) throw new Error(`status ${res.status}: ${res.body.slice(0, 200)}`);
      wall.push(res.ms);
    }
    cpu.push(((cpuTicks(pid) - c0) * TICK_MS) / N);
  }
  console.log(`# Worker CPU, /v1/optimized-route with ${STOPS} stops`);
  console.log(`- date ${new Date().toISOString()}; ${cpus().length} CPUs (${cpus()[0].model}), shared; node ${process.version}`);
  console.log(`- command: node js/bench/worker-trip-bench.mjs ${args.join(" ")}`);
  console.log(`- ${urls.length} trips (${drawn} drawn), ${N} requests × ${REPEATS}`);
  console.log(`- workerd CPU per request (all threads, harness included): median ${median(cpu).toFixed(1)} ms (runs: ${cpu.map((x) => x.toFixed(1)).join(", ")})`);
  console.log(`- wall per request: median ${median(wall).toFixed(1)} ms`);
} finally {
  await mf.dispose();
}
