// Shared by the Worker routing benchmarks (worker-trip-bench.mjs,
// worker-direction-bench.mjs): a Worker build (`make worker`) under
// workerd (Miniflare) serving --bundle as its assets; `count` seeded
// requests drawn by `draw` (kept when `keep` accepts the answer), warmed
// once, then --n sequential requests cycling over them, --repeats times:
// workerd CPU per request (utime+stime, 10 ms ticks, every thread: the
// harness's ~1.2–1.5 ms per request included, BENCHMARKS.worker.md) and
// wall time; medians printed as Markdown lines.
import { createHash } from "node:crypto";
import { cpus } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../test/contract-lib.mjs";
import { startWorker, workerdPids, cpuTicks } from "../test/worker-miniflare.mjs";

export const args = process.argv.slice(2);
export const opt = (name, def) => { const i = args.indexOf("--" + name); return i >= 0 ? args[i + 1] : def; };
export const KEY = "bench-key";
const TICK_MS = 10;
const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };

// rng is a small seeded generator (mulberry32) so every run draws the same requests.
export function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function get(mf, url) {
  const t = performance.now();
  const res = await mf.dispatchFetch("http://127.0.0.1" + url);
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - t };
}

// bench runs one benchmark: title and script name for the report, draw(r)
// a request URL from the generator r, keep(res) whether an answer counts.
export async function bench({ title, script, seed, count, draw, keep, what }) {
  const BUILD = opt("build", join(repoRoot, "worker/build"));
  const BUNDLE = opt("bundle", "");
  const N = Number(opt("n", 100));
  const REPEATS = Number(opt("repeats", 3));
  if (!BUNDLE) throw new Error("--bundle DIR (a bundle with a routing graph, e.g. Hà Nội) is required");
  const HASH = createHash("sha256").update(KEY).digest("hex");
  const { mf } = await startWorker({ buildDir: BUILD, assetsDir: BUNDLE, keyHashes: HASH });
  try {
    const pids = workerdPids();
    if (pids.length !== 1) throw new Error(`expected one workerd, found ${pids.join(",") || "none"}`);
    const pid = pids[0];
    const r = rng(seed);
    const urls = [];
    let drawn = 0;
    while (urls.length < count && drawn < 200) {
      const u = draw(r);
      drawn++;
      if (keep(await get(mf, u))) urls.push(u);
    }
    if (urls.length < count) throw new Error(`only ${urls.length} answering ${what} in ${drawn} draws`);
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
    console.log(`# Worker CPU, ${title}`);
    console.log(`- date ${new Date().toISOString()}; ${cpus().length} CPUs (${cpus()[0].model}), shared; node ${process.version}`);
    console.log(`- command: node js/bench/${script} ${args.join(" ")}`);
    console.log(`- ${urls.length} ${what} (${drawn} drawn), ${N} requests × ${REPEATS}`);
    console.log(`- workerd CPU per request (all threads, harness included): median ${median(cpu).toFixed(1)} ms (runs: ${cpu.map((x) => x.toFixed(1)).join(", ")})`);
    console.log(`- wall per request: median ${median(wall).toFixed(1)} ms`);
  } finally {
    await mf.dispose();
  }
}
