// The syumai/workers decision (worker/README.md): Worker builds reading the
// bundle from an R2 bucket bound as TILES (Miniflare's R2), measured
// alternately in one run: the glue's getTile (JS reads the object, hashes
// it with WebCrypto), the same without the WebCrypto check (-tags
// plainsource: Go verifies), and syumai/workers' r2 package (-tags
// syumair2: Go reads the object through syumai's bridge and verifies).
// BANDO_CACHE_BYTES=1 keeps the tile cache empty, so every request reads
// its tiles again: the difference between builds is the cost of getting
// tiles across.
//
//   node js/bench/worker-r2-bench.mjs --build glue=DIR --build plain=DIR --build syumai=DIR
//        [--bundle testdata/bundle] [--n 300] [--repeats 5] [--cold 5]
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, relative } from "node:path";
import { repoRoot } from "../test/contract-lib.mjs";
import { startWorker, workerdPids } from "../test/worker-miniflare.mjs";

const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf("--" + name); return i >= 0 ? args[i + 1] : def; };
const BUNDLE = opt("bundle", join(repoRoot, "testdata/bundle"));
const builds = args.flatMap((a, i) => (a === "--build" ? [args[i + 1].split("=")] : []));
const N = Number(opt("n", 300));
const REPEATS = Number(opt("repeats", 5));
const COLD = Number(opt("cold", 5));
const KEY = "bench-key";
const HASH = createHash("sha256").update(KEY).digest("hex");
const reqs = ["pho hue", "bun cha", "ho guom", "cafe"].map((t) => `/v1/autocomplete?text=${encodeURIComponent(t)}&apikey=${KEY}`)
  .concat([`/v1/geocode/reverse?latlng=21.018021,105.851487&apikey=${KEY}`, `/v1/place?ids=n1003&apikey=${KEY}`]);

const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
const load = () => loadavg().map((x) => x.toFixed(1)).join(" ");
const files = (d) => readdirSync(d, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath ?? e.path, e.name));
const cpuMs = (pid) => readdirSync(`/proc/${pid}/task`).reduce((s, t) => { try { return s + Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, "utf8").split(" ")[0]); } catch { return s; } }, 0) / 1e6;

async function start(dir) {
  const before = new Set(workerdPids());
  const { mf } = await startWorker({
    buildDir: dir, assetsDir: BUNDLE, keyHashes: HASH,
    extraBindings: { BANDO_CACHE_BYTES: "1" },
    options: { r2Buckets: ["TILES"] },
  });
  const bucket = await mf.getR2Bucket("TILES");
  for (const f of files(BUNDLE)) await bucket.put(relative(BUNDLE, f), new Uint8Array(readFileSync(f)));
  const [pid] = workerdPids().filter((p) => !before.has(p));
  return { mf, pid };
}

async function seq(mf, n) {
  for (let i = 0; i < n; i++) {
    const r = await mf.dispatchFetch("http://127.0.0.1" + reqs[i % reqs.length]);
    const t = await r.text();
    if (r.status !== 200) throw new Error(`${reqs[i % reqs.length]} → ${r.status} ${t.slice(0, 200)}`);
  }
}

console.log(`# Tiles from R2 (Miniflare), tile cache off: CPU per request`);
console.log(`- date ${new Date().toISOString()}; ${cpus().length} CPUs (${cpus()[0].model}); load average ${load()}`);
console.log(`- command: node js/bench/worker-r2-bench.mjs ${args.join(" ")}`);
const cold = Object.fromEntries(builds.map(([n]) => [n, []]));
for (let i = 0; i < COLD; i++) {
  for (const [name, dir] of builds) {
    const w = await start(dir);
    try {
      await new Promise((r) => setTimeout(r, 300));
      const c0 = cpuMs(w.pid);
      await seq(w.mf, 1);
      cold[name].push(cpuMs(w.pid) - c0);
    } finally { await w.mf.dispose(); }
  }
}
const ws = [];
for (const [, dir] of builds) ws.push(await start(dir));
const per = builds.map(() => []);
try {
  for (const w of ws) await seq(w.mf, 100);
  for (let r = 0; r < REPEATS; r++) {
    for (let i = 0; i < ws.length; i++) {
      const c0 = cpuMs(ws[i].pid);
      await seq(ws[i].mf, N);
      per[i].push((cpuMs(ws[i].pid) - c0) / N);
    }
  }
} finally { for (const w of ws) await w.mf.dispose(); }
console.log(`\n| build | app.wasm gzip -9 | first request CPU (median of ${COLD} fresh) | CPU/request, every tile read from R2 (median of ${REPEATS} × ${N}) |`);
console.log(`|---|---:|---:|---:|`);
builds.forEach(([name, dir], i) => {
  const gz = (() => { try { return readFileSync(join(dir, "app.wasm.gz.size"), "utf8").trim(); } catch { return "–"; } })();
  console.log(`| ${name} | ${gz} | ${median(cold[name]).toFixed(1)} ms | ${median(per[i]).toFixed(3)} ms (${per[i].map((x) => x.toFixed(2)).join(", ")}) |`);
});
console.log(`\nload average after: ${load()}`);
