// Latency of bando's autocomplete in wasm through js/bando.mjs alone:
// the cases (default testdata/search/cases.jsonl) twice, the second pass
// timed, p50 / p95 / p99 wall per query, the Node process's CPU per query
// and its memory at the end. BANDO_OPTS (JSON Bando.open options) and WASM
// (a bando.wasm, e.g. one built without -s -w for `node --cpu-prof`) in
// the environment.
//   node latency.mjs --bundle DIR [--cases FILE]
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const arg = (k, d) => { const i = process.argv.indexOf("--" + k); return i > 0 ? process.argv[i + 1] : d; };
const { Bando } = await import(join(repo, "js/bando.mjs"));
const opts = JSON.parse(process.env.BANDO_OPTS ?? "{}");
const b = await Bando.open({ tiles: resolve(arg("bundle", join(repo, "testdata/bundle"))), ...(process.env.WASM ? { wasm: resolve(process.env.WASM) } : {}), ...opts });
const cases = readFileSync(resolve(arg("cases", join(repo, "testdata/search/cases.jsonl"))), "utf8").trim().split("\n").map(JSON.parse)
  .filter((c) => (c.kind ?? "autocomplete") === "autocomplete");
const lat = [];
const c0 = process.cpuUsage();
for (let pass = 0; pass < 2; pass++) {
  for (const c of cases) {
    const qs = new URLSearchParams({ size: "5" });
    for (const [k, v] of Object.entries(c.query)) qs.set(k, String(v));
    const t = performance.now();
    await (await b.fetch("/v1/autocomplete?" + qs)).json();
    if (pass === 1) lat.push(performance.now() - t);
  }
}
const cu = process.cpuUsage(c0);
lat.sort((x, y) => x - y);
const p = (q) => lat[Math.min(lat.length - 1, Math.floor((q / 100) * lat.length))].toFixed(2);
const m = process.memoryUsage();
console.log(`${JSON.stringify(opts)} n=${lat.length} p50=${p(50)} p95=${p(95)} p99=${p(99)} ms; CPU ${((cu.user + cu.system) / 1000 / (2 * lat.length)).toFixed(2)} ms/query; ` +
  `rss ${(m.rss / 2 ** 20).toFixed(0)} MB, external ${(m.external / 2 ** 20).toFixed(0)} MB, heap ${(m.heapUsed / 2 ** 20).toFixed(0)} MB`);
