// Memory of bando in wasm step by step (run with node --expose-gc): after
// Bando.open, a first autocomplete naming no area, one naming an area (the
// gazetteer's build), then every case; V8's external (which holds the wasm
// memory), heap and RSS after two gc() each. Wasm memory is never given
// back, so each step shows the peak it reached (its size is printed: the
// bando.wasm instance is caught as js/bando.mjs instantiates it). BANDO_OPTS
// and WASM as in latency.mjs.
//   node --expose-gc steps.mjs --bundle DIR [--cases FILE]
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const arg = (k, d) => { const i = process.argv.indexOf("--" + k); return i > 0 ? process.argv[i + 1] : d; };
const mem = (label) => {
  gc(); gc();
  const m = process.memoryUsage();
  const wasm = inst ? `, wasm memory ${(inst.exports.mem.buffer.byteLength / 2 ** 20).toFixed(1)} MB` : "";
  console.log(label.padEnd(28), `external ${(m.external / 2 ** 20).toFixed(1)} MB, heap ${(m.heapUsed / 2 ** 20).toFixed(1)} MB, rss ${(m.rss / 2 ** 20).toFixed(1)} MB${wasm}`);
};
let inst = null;
for (const f of ["instantiate", "instantiateStreaming"]) {
  const orig = WebAssembly[f];
  WebAssembly[f] = async (...a) => { const r = await orig(...a); inst = r.instance ?? r; return r; };
}
const { Bando } = await import(join(repo, "js/bando.mjs"));
mem("start");
const b = await Bando.open({ tiles: resolve(arg("bundle", join(repo, "testdata/bundle"))), ...(process.env.WASM ? { wasm: resolve(process.env.WASM) } : {}), ...JSON.parse(process.env.BANDO_OPTS ?? "{}") });
mem("open");
await (await b.fetch("/v1/autocomplete?text=nha+tho")).text();
mem("first query (no area)");
await (await b.fetch("/v1/autocomplete?text=pho+hue")).text();
mem("area query (gazetteer)");
for (const line of readFileSync(resolve(arg("cases", join(repo, "testdata/search/cases.jsonl"))), "utf8").trim().split("\n")) {
  const c = JSON.parse(line);
  if ((c.kind ?? "autocomplete") !== "autocomplete") continue;
  const qs = new URLSearchParams({ size: "5" });
  for (const [k, v] of Object.entries(c.query)) qs.set(k, String(v));
  await (await b.fetch("/v1/autocomplete?" + qs)).text();
}
mem("the cases");
