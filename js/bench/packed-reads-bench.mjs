// Range reads of a packed bundle (core/tile/SPEC.md §9) against the loose
// bundle it was packed from: requests and bytes a cold query reads, in wasm
// over HTTP (js/bando.mjs, a local server answering Range requests) and in
// the Worker under workerd (its ASSETS binding replaced by a Node function
// that serves the bundle and counts). Cold: a fresh engine (wasm: a new
// Bando.open; Worker: a new isolate) per query; what opening reads
// (manifest, directory) is counted apart, as "open".
//
//   node js/bench/packed-reads-bench.mjs --loose DIR --packed DIR [--worker=false]
//   (DIR: `bando build --osm ../shared/data/vn2021/hanoi.osm.pbf --admin ../shared/data/admin
//    --out DIR`; packed: `bando pack --in DIR --out DIR2`; the Worker needs `make worker`)
import { createServer } from "node:http";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, normalize } from "node:path";
import { Miniflare } from "miniflare";
import { Bando } from "../bando.mjs";
import { wranglerSettings, workerDir, manifestModule } from "../test/worker-miniflare.mjs";

const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf("--" + name); return i >= 0 ? args[i + 1] : (args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? def); };
const LOOSE = opt("loose"), PACKED = opt("packed");
const WORKER = opt("worker", "true") !== "false";
if (!LOOSE || !PACKED) throw new Error("usage: --loose DIR --packed DIR");
const KEY = "bench-key", HASH = createHash("sha256").update(KEY).digest("hex");

const queries = [
  ["autocomplete 'pho hue'", "/v1/autocomplete?text=pho%20hue"],
  ["autocomplete 'ho hoan kiem'", "/v1/autocomplete?text=ho%20hoan%20kiem"],
  ["autocomplete 'bach mai' (Google)", "/v1/autocomplete?input=bach%20mai&location=21.0,105.84"],
  ["reverse (Hoàn Kiếm)", "/v1/geocode/reverse?latlng=21.0287,105.8524"],
  ["route car, Hoàn Kiếm → Cầu Giấy", "/v1/direction?origin=21.0287,105.8524&destination=21.0362,105.7905&vehicle=car"],
  ["route motor, Long Biên → Hà Đông", "/v1/direction?origin=21.0470,105.8880&destination=20.9710,105.7780&vehicle=motor"],
];

// A counting file server over both bundles: /loose/… and /packed/…, with
// Range (206, 416).
const count = { n: 0, bytes: 0 };
function serveFile(root, path, rangeHeader) {
  const file = normalize(join(root, path));
  if (!file.startsWith(normalize(root)) || !existsSync(file)) return { status: 404 };
  let body = readFileSync(file);
  const m = /^bytes=(\d+)-(\d*)$/.exec(rangeHeader ?? "");
  if (!m) return { status: 200, body };
  const start = +m[1], end = m[2] === "" ? body.length - 1 : Math.min(+m[2], body.length - 1);
  if (start >= body.length) return { status: 416 };
  return { status: 206, body: body.subarray(start, end + 1) };
}
const roots = { loose: LOOSE, packed: PACKED };
const server = createServer((req, res) => {
  const [, layout, ...rest] = decodeURIComponent(new URL(req.url, "http://x").pathname).split("/");
  const r = roots[layout] ? serveFile(roots[layout], rest.join("/"), req.headers.range) : { status: 404 };
  count.n++;
  count.bytes += r.body?.length ?? 0;
  res.writeHead(r.status, r.body ? { "content-length": r.body.length } : {});
  res.end(r.body);
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const origin = `http://127.0.0.1:${server.address().port}`;

const fmt = (c) => `${c.n} req, ${(c.bytes / 1024).toFixed(1)} KB`;
const rows = [];

async function wasmRun(layout) {
  for (const [name, url] of queries) {
    count.n = count.bytes = 0;
    const bando = await Bando.open({ tiles: `${origin}/${layout}/` });
    const open = { ...count };
    count.n = count.bytes = 0;
    const r = await bando.fetch(url);
    if (r.status !== 200) throw new Error(`${layout} ${url}: ${r.status} ${await r.text()}`);
    rows.push({ runtime: "wasm over HTTP", layout, name, open, query: { ...count } });
  }
}

async function workerRun(layout) {
  const s = wranglerSettings();
  const buildDir = join(workerDir, "build");
  const manifest = manifestModule(buildDir, roots[layout]);
  for (const [name, url] of queries) {
    count.n = count.bytes = 0;
    const mf = new Miniflare({
      name: "bando",
      modulesRoot: buildDir,
      modules: [
        { type: "ESModule", path: join(buildDir, "index.mjs") },
        { type: "ESModule", path: join(buildDir, "wasm_exec.js") },
        { type: "CompiledWasm", path: join(buildDir, "app.wasm") },
        ...(manifest ? [{ type: "Data", path: join(buildDir, "manifest.bin"), contents: manifest }] : []),
      ],
      compatibilityDate: s.compatibilityDate,
      compatibilityFlags: s.compatibilityFlags,
      bindings: { BANDO_KEY_HASHES: HASH },
      serviceBindings: {
        ASSETS: async (req) => {
          const r = serveFile(roots[layout], decodeURIComponent(new URL(req.url).pathname).slice(1), req.headers.get("range"));
          count.n++;
          count.bytes += r.body?.length ?? 0;
          return new Response(r.body ?? null, { status: r.status });
        },
      },
    });
    try {
      const st = await mf.dispatchFetch(`http://127.0.0.1/v1/status?apikey=${KEY}`); // the engine opens: manifest, directory
      await st.text();
      const open = { ...count };
      count.n = count.bytes = 0;
      const r = await mf.dispatchFetch(`http://127.0.0.1${url}&apikey=${KEY}`);
      const t = await r.text();
      if (r.status !== 200) throw new Error(`worker ${layout} ${url}: ${r.status} ${t.slice(0, 200)}`);
      rows.push({ runtime: "Worker (workerd)", layout, name, open, query: { ...count } });
    } finally {
      await mf.dispose();
    }
  }
}

for (const layout of ["loose", "packed"]) await wasmRun(layout);
if (WORKER) for (const layout of ["loose", "packed"]) await workerRun(layout);
server.close();

console.log(`# Cold reads: loose tiles vs packed archives (requests and bytes per query)`);
console.log(`- date ${new Date().toISOString()}; ${cpus().length} CPUs (${cpus()[0].model}); load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);
console.log(`- command: node js/bench/packed-reads-bench.mjs ${args.join(" ")}\n`);
console.log(`| runtime | query | open, loose | open, packed | query, loose | query, packed |`);
console.log(`|---|---|---|---|---|---|`);
for (const rt of [...new Set(rows.map((r) => r.runtime))]) {
  for (const [name] of queries) {
    const l = rows.find((r) => r.runtime === rt && r.name === name && r.layout === "loose");
    const p = rows.find((r) => r.runtime === rt && r.name === name && r.layout === "packed");
    if (l && p) console.log(`| ${rt} | ${name} | ${fmt(l.open)} | ${fmt(p.open)} | ${fmt(l.query)} | ${fmt(p.query)} |`);
  }
}
process.exit(0);
