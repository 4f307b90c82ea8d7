// bando's autocomplete side by side with flexsearch, minisearch, fuse.js and
// Orama, in one Node run (one child process per engine, so each one's
// resident memory is its own), on the same names and the same cases:
//
//   node --expose-gc peers.mjs --bundle DIR --corpus places.jsonl --cases cases.jsonl [--engines a,b] [--every N]
//
// places.jsonl: `go run ./bundle/cmd/casegen --bundle DIR --corpus` (every
// place of the bundle: id, names, lat, lon); cases.jsonl: bundle/eval's
// format (testdata/search/cases.jsonl). The peers index every name of every
// place (name and alternative names), folded by the same normaliser
// (lower case, marks removed, đ→d), with their prefix and typo options on;
// bando answers from the bundle's tiles through js/bando.mjs (wasm), with
// the cases' focus point and radius (the peers have no focus: they see the
// text only). A result is a hit, as in `bando eval`, when it lies within
// within_m of the expected point and its folded name is the expected one.
//
// Per engine: top-1 / top-5 per variant, index build time, latency per
// query (p50 / p95 over the second pass; the first warms caches: bando's
// tiles; fuse.js and Orama, at about a second per query, run one pass),
// and memory: the child's resident set (RSS) and V8 heap + external
// (which holds bando's wasm memory) after the index is built and the
// queries ran, minus the same taken before building (corpus loaded).
// --every N runs every Nth case only (fuse.js takes about a second per query).
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join, resolve } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../../..");

function arg(name, def) {
  const i = process.argv.indexOf("--" + name);
  return i > 0 ? process.argv[i + 1] : def;
}

// fold: lower case, marks removed, đ→d, anything but letters and digits a
// single space (as core/text.Fold).
export function fold(s) {
  return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[đĐ]/g, "d").toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

function readJSONL(path) {
  return readFileSync(path, "utf8").split("\n").filter((l) => l.trim() && !l.startsWith("//")).map((l) => JSON.parse(l));
}

function distanceM(lat1, lon1, lat2, lon2) {
  const r = Math.PI / 180, R = 6371008.8;
  const a = Math.sin((lat2 - lat1) * r / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin((lon2 - lon1) * r / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(a)));
}

// hit: the result (name, lat, lon) satisfies the case's expectation.
function hit(c, name, lat, lon) {
  const e = c.expect;
  return distanceM(e.lat, e.lon, lat, lon) <= Math.max(e.within_m, 1) && fold(name) === fold(e.name);
}

function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.max(0, Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1))] : 0;
}

function memory() {
  globalThis.gc?.();
  globalThis.gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed + m.external };
}

// Each engine: build(docs) → search(case) → [{name, lat, lon}] (best first, ≤ 5).
const engines = {
  async flexsearch(docs) {
    const { Index } = await import("flexsearch");
    // "forward" indexes every word prefix; flexsearch's typo tolerance is a
    // tokenizer of its own ("tolerant"), exclusive with "forward", so its
    // suggest mode (results missing a word) stands in for it.
    const index = new Index({ tokenize: "forward", encode: (s) => fold(s).split(" ").filter(Boolean) });
    docs.forEach((d, i) => index.add(i, d.text));
    return (c) => index.search(fold(c.query.text ?? c.query.input), { limit: 5, suggest: true }).map((i) => docs[i]);
  },
  async minisearch(docs) {
    const { default: MiniSearch } = await import("minisearch");
    const ms = new MiniSearch({ fields: ["text"], idField: "i", processTerm: (t) => fold(t) || null,
      searchOptions: { prefix: true, fuzzy: 0.2 } });
    ms.addAll(docs.map((d, i) => ({ i, text: d.text })));
    return (c) => ms.search(fold(c.query.text ?? c.query.input)).slice(0, 5).map((r) => docs[r.id]);
  },
  async fuse(docs) {
    const { default: Fuse } = await import("fuse.js");
    const fuse = new Fuse(docs.map((d) => ({ text: fold(d.text) })), { keys: ["text"], ignoreLocation: true, threshold: 0.4 });
    return (c) => fuse.search(fold(c.query.text ?? c.query.input), { limit: 5 }).map((r) => docs[r.refIndex]);
  },
  orama: (docs) => oramaEngine(docs, {}),
  // every word must match (threshold 0; the default, 1, takes any)
  "orama-all": (docs) => oramaEngine(docs, { threshold: 0 }),
  // the engine's defaults (js/bando.mjs: 8 MiB for search, address and admin
  // tiles, 16 MiB for place cells, the routing graph's own 56 MiB, GC target
  // 25), plus BANDO_OPTS
  // (JSON Bando.open options, in the environment) to try others
  bando: (docs, bundle) => bandoEngine(bundle, {}),
  // the memory-lean setting for search: 512 KB for search and admin
  // tiles (place cells, address tiles and the graph keep their own caches,
  // which autocomplete does not fill)
  "bando-lean": (docs, bundle) => bandoEngine(bundle, { cacheBytes: 512 << 10 }),
  // Go's and the native engine's defaults: a 32 MB cache, GC target 100
  "bando-32mb": (docs, bundle) => bandoEngine(bundle, { cacheBytes: 32 << 20, gcPercent: 100 }),
  // a decoded-tile cache of 4 MB, GC target 100 (the last run's bando-4mb)
  "bando-4mb": (docs, bundle) => bandoEngine(bundle, { cacheBytes: 4 << 20, gcPercent: 100 }),
  // the same engine over the repository's 51-place sample bundle: the wasm
  // runtime's own memory, which does not grow with the names (its hit
  // rates mean nothing)
  "bando-runtime": () => bandoEngine(join(repo, "testdata/bundle"), {}),
};

async function oramaEngine(docs, opts) {
  const { create, insertMultiple, search } = await import("@orama/orama");
  const db = create({ schema: { text: "string" } });
  await insertMultiple(db, docs.map((d, i) => ({ id: String(i), text: fold(d.text) })), 5000);
  return async (c) => (await search(db, { term: fold(c.query.text ?? c.query.input), tolerance: 1, limit: 5, ...opts })).hits.map((h) => docs[+h.id]);
}

async function bandoEngine(bundle, opts) {
  {
    const { Bando } = await import(join(repo, "js/bando.mjs"));
    const b = await Bando.open({ tiles: bundle, ...opts, ...JSON.parse(process.env.BANDO_OPTS ?? "{}") });
    return async (c) => {
      const qs = new URLSearchParams({ size: "5" });
      for (const [k, v] of Object.entries(c.query)) qs.set(k, String(v));
      const body = await (await b.fetch("/v1/autocomplete?" + qs)).json();
      return (body.features ?? []).map((f) => ({ name: f.properties.name, lat: f.geometry.coordinates[1], lon: f.geometry.coordinates[0] }));
    };
  }
}

async function child(name, bundle, corpus, casesPath, every) {
  const places = readJSONL(corpus);
  const docs = places.map((p) => ({ name: p.names[0], lat: p.lat, lon: p.lon, text: p.names.join(" ; ") }));
  const cases = readJSONL(casesPath).filter((c, i) => (c.kind ?? "autocomplete") === "autocomplete" && i % every === 0);
  const before = memory();
  const t0 = performance.now();
  const search = await engines[name](docs, bundle);
  const buildMs = performance.now() - t0;
  const passes = name === "fuse" || name.startsWith("orama") ? 1 : 2; // about a second per query: nothing to warm
  const lat = [];
  const ranks = new Map();
  for (let pass = 0; pass < passes; pass++) {
    for (const c of cases) {
      const t = performance.now();
      const res = await search(c);
      const dt = performance.now() - t;
      if (pass === passes - 1) {
        lat.push(dt);
        ranks.set(c, res.findIndex((r) => hit(c, r.name, r.lat, r.lon)) + 1);
      }
    }
  }
  const after = memory();
  const by = {};
  for (const [c, r] of ranks) {
    for (const v of [c.variant, "all"]) {
      by[v] ??= { n: 0, top1: 0, top5: 0 };
      by[v].n++;
      by[v].top1 += r === 1 ? 1 : 0;
      by[v].top5 += r >= 1 && r <= 5 ? 1 : 0;
    }
  }
  process.send({ name, docs: docs.length, cases: cases.length, buildMs, p50: percentile(lat, 50), p95: percentile(lat, 95),
    rssMB: (after.rss - before.rss) / 2 ** 20, heapMB: (after.heap - before.heap) / 2 ** 20, by });
}

async function main() {
  const bundle = resolve(arg("bundle", join(repo, "build/hanoi-hcmc")));
  const corpus = resolve(arg("corpus", "places.jsonl"));
  const cases = resolve(arg("cases", join(repo, "testdata/search/cases.jsonl")));
  const every = Number(arg("every", "1"));
  const names = arg("engines", "bando,bando-4mb,flexsearch,minisearch,orama,fuse").split(",");
  const results = [];
  for (const name of names) {
    const r = await new Promise((res, rej) => {
      const p = fork(fileURLToPath(import.meta.url), ["--child", name, "--bundle", bundle, "--corpus", corpus, "--cases", cases, "--every", String(every)],
        { execArgv: ["--expose-gc", "--max-old-space-size=8192"] });
      p.on("message", res);
      p.on("exit", (code) => code && rej(new Error(`${name} exited ${code}`)));
    });
    results.push(r);
    process.stderr.write(`${name}: done\n`);
  }
  const pct = (a, n) => (n ? (100 * a) / n : 0).toFixed(1) + "%";
  console.log(`corpus ${results[0].docs} places, ${results[0].cases} cases (every ${every}), node ${process.version}`);
  console.log("| engine | top-1 | top-5 | p50 ms | p95 ms | build s | RSS MB | heap+ext MB |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of results) {
    const a = r.by.all;
    console.log(`| ${r.name} | ${pct(a.top1, a.n)} | ${pct(a.top5, a.n)} | ${r.p50.toFixed(3)} | ${r.p95.toFixed(3)} | ${(r.buildMs / 1000).toFixed(1)} | ${r.rssMB.toFixed(1)} | ${r.heapMB.toFixed(1)} |`);
  }
  const variants = Object.keys(results[0].by).filter((v) => v !== "all").sort();
  console.log("\n| variant | " + results.map((r) => r.name + " top-1 / top-5").join(" | ") + " |");
  console.log("|---|" + results.map(() => "---").join("|") + "|");
  for (const v of variants) {
    console.log(`| ${v} | ` + results.map((r) => { const s = r.by[v] ?? { n: 0, top1: 0, top5: 0 }; return `${pct(s.top1, s.n)} / ${pct(s.top5, s.n)}`; }).join(" | ") + " |");
  }
}

if (process.argv.includes("--child")) {
  await child(arg("child"), arg("bundle"), arg("corpus"), arg("cases"), Number(arg("every", "1")));
  process.exit(0);
} else {
  await main();
}
