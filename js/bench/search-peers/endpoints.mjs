// Latency of the endpoints other than autocomplete that read search,
// address, place and admin tiles — /v1/geocode/forward, /v1/geocode/reverse,
// /v1/nearby, /v1/place — in wasm through js/bando.mjs, to choose their
// caches (cacheBytes, geocodeCacheBytes): each list twice, the second pass
// timed, p50 / p95 wall per request, the process's CPU per request and the
// size of the wasm memory after each list (the peak the Go heap reached:
// never given back); RSS at the end. BANDO_OPTS (JSON Bando.open options)
// and WASM (another bando.wasm: an older build to compare) in the
// environment, as latency.mjs.
//   node endpoints.mjs --bundle DIR [--forward testdata/geocode/forward.jsonl]
//        [--reverse testdata/geocode/reverse.jsonl] [--cases FILE (autocomplete: place ids)]
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const arg = (k, d) => { const i = process.argv.indexOf("--" + k); return i > 0 ? process.argv[i + 1] : d; };
const jsonl = (p) => readFileSync(resolve(p), "utf8").trim().split("\n").map(JSON.parse);
const percentile = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)] ?? 0; };
let inst = null; // the bando.wasm instance, caught as js/bando.mjs instantiates it: its memory's size
for (const f of ["instantiate", "instantiateStreaming"]) {
  const orig = WebAssembly[f];
  WebAssembly[f] = async (...a) => { const r = await orig(...a); inst = r.instance ?? r; return r; };
}
const { Bando } = await import(join(repo, "js/bando.mjs"));
const opts = JSON.parse(process.env.BANDO_OPTS ?? "{}");
const b = await Bando.open({ tiles: resolve(arg("bundle", join(repo, "testdata/bundle"))), ...(process.env.WASM ? { wasm: resolve(process.env.WASM) } : {}), ...opts });
const get = async (u) => {
  const r = await b.fetch(u);
  const body = await r.json();
  if (r.status !== 200) throw new Error(`${u}: ${r.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body;
};

const forward = jsonl(arg("forward", join(repo, "testdata/geocode/forward.jsonl"))).map((c) => "/v1/geocode/forward?" + new URLSearchParams(c.query));
const points = jsonl(arg("reverse", join(repo, "testdata/geocode/reverse.jsonl"))).map((c) => [c.query["point.lat"], c.query["point.lon"]]);
const reverse = points.map(([lat, lon]) => `/v1/geocode/reverse?point.lat=${lat}&point.lon=${lon}`);
const nearby = points.map(([lat, lon]) => `/v1/nearby?categories=cafe,restaurant,atm&point.lat=${lat}&point.lon=${lon}&size=10`);
const ids = [];
for (const c of jsonl(arg("cases", join(repo, "testdata/search/cases.jsonl"))).slice(0, 300)) {
  if ((c.kind ?? "autocomplete") !== "autocomplete") continue;
  const body = await get("/v1/autocomplete?" + new URLSearchParams({ ...c.query, size: "1" }));
  const id = body.features?.[0]?.properties?.id;
  if (id) ids.push(id);
}
const place = ids.map((id) => "/v1/place?ids=" + encodeURIComponent(id));

const rows = [];
for (const [name, urls] of Object.entries({ forward, reverse, nearby, place })) {
  const lat = [];
  let cpu = 0;
  for (let pass = 0; pass < 2; pass++) {
    const c0 = process.cpuUsage();
    for (const u of urls) {
      const t = performance.now();
      await get(u);
      if (pass === 1) lat.push(performance.now() - t);
    }
    const c = process.cpuUsage(c0);
    if (pass === 1) cpu = (c.user + c.system) / 1000 / urls.length;
  }
  rows.push(`${name} n=${urls.length} p50=${percentile(lat, 50).toFixed(2)} p95=${percentile(lat, 95).toFixed(2)} ms; CPU ${cpu.toFixed(2)} ms/request; wasm memory ${(inst.exports.mem.buffer.byteLength / 2 ** 20).toFixed(1)} MB`);
}
const m = process.memoryUsage();
rows.push(`RSS ${(m.rss / 2 ** 20).toFixed(0)} MB`);
console.log(JSON.stringify(opts), rows.join(" | "));
