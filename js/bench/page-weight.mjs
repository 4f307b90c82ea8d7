// The demo page's weight by kind (HTML, JS, CSS, fonts = glyph ranges,
// sprite, wasm, MapLibre), raw, gzip -9 and brotli (quality 11): what a
// first visit downloads and the service worker keeps.
//   make demo-page && node js/bench/page-weight.mjs [build/demo-page]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";

const root = process.argv[2] ?? "build/demo-page";
const kind = (p) => p.endsWith(".pbf") ? "fonts (glyph PBFs)" : p.includes("sprite") || p.startsWith("icon") ? "sprite and icons"
  : p.endsWith(".wasm") ? "wasm (engine)" : p.startsWith("vendor/maplibre-gl.js") ? "MapLibre GL JS" : p.endsWith(".css") ? "CSS"
  : p.endsWith(".html") || p.endsWith(".webmanifest") ? "HTML + manifest" : /\.(m?js)$/.test(p) ? "JS (ours + wasm_exec)" : null;
const walk = (d) => readdirSync(d).flatMap((f) => statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]);
const rows = {};
for (const f of walk(root)) {
  const p = relative(root, f), k = kind(p);
  if (!k || p === "blank.html") continue;
  const b = readFileSync(f), r = (rows[k] ??= { files: 0, raw: 0, gzip: 0, brotli: 0 });
  r.files++;
  r.raw += b.length;
  r.gzip += gzipSync(b, { level: 9 }).length;
  r.brotli += brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } }).length;
}
const all = Object.values(rows).reduce((a, r) => ({ files: a.files + r.files, raw: a.raw + r.raw, gzip: a.gzip + r.gzip, brotli: a.brotli + r.brotli }), { files: 0, raw: 0, gzip: 0, brotli: 0 });
const n = (x) => x.toLocaleString("en-US");
console.log("| part | files | bytes | gzip -9 | brotli 11 |\n|---|---|---|---|---|");
for (const [k, r] of Object.entries(rows).sort((a, b) => b[1].raw - a[1].raw)) console.log(`| ${k} | ${r.files} | ${n(r.raw)} | ${n(r.gzip)} | ${n(r.brotli)} |`);
console.log(`| **all** | ${all.files} | ${n(all.raw)} | **${n(all.gzip)}** | **${n(all.brotli)}** |`);
