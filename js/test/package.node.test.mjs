// The npm package as users get it: `npm pack`, install the tarball into a
// fresh project (no registry needed), then (1) import it in Node and answer
// /v1/status from the fixture bundle with the packaged wasm, (2) compile a
// strict TypeScript file calling every method (and check a wrong call does
// not compile), (3) build a browser app with Vite (no option but the wasm
// URL), serve it under a strict Content-Security-Policy and answer an
// autocomplete and a route in headless Chromium, a cancelled type-ahead call
// rejecting with AbortError, (4) the same app under Vite's dev server.
// Prints the package size. Needs `make wasm` (js/dist), the dev
// dependencies (typescript, vite, playwright-core) and Chromium
// (CHROMIUM=path, default /usr/bin/chromium).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, copyFileSync, readdirSync, statSync, existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { extname, normalize, sep } from "node:path";
import { chromium } from "playwright-core";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./contract-lib.mjs";

const js = join(repoRoot, "js");
const bin = (n) => join(js, "node_modules/.bin", n);
let proj, tgz;

before(() => {
  if (!existsSync(join(js, "dist/bando.wasm"))) throw new Error("js/dist/bando.wasm missing: run `make wasm` first");
  proj = mkdtempSync(join(tmpdir(), "bando-pkg-"));
  const out = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", proj], { cwd: js, encoding: "utf8" }));
  tgz = out[0];
  console.log(`npm pack: ${tgz.filename} ${tgz.size} bytes packed, ${tgz.unpackedSize} unpacked, ${tgz.entryCount} files`);
  writeFileSync(join(proj, "package.json"), JSON.stringify({ name: "app", private: true, type: "module", dependencies: { bando: `file:./${tgz.filename}` } }));
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund"], { cwd: proj, stdio: "pipe" });
});

test("packed: files, and it answers in Node", () => {
  const files = tgz.files.map((f) => f.path).sort();
  for (const f of ["bando.mjs", "bando.d.ts", "offline.mjs", "manifest.mjs", "basemap.mjs", "style.mjs", "dist/bando.wasm", "dist/wasm_exec.js", "dist/sprite.json", "dist/sprite@2x.png", "dist/glyphs/Noto Sans Regular/7680-7935.pbf", "dist/glyphs/Noto Sans Bold/0-255.pbf", "dist/glyphs/OFL.txt", "README.md", "package.json", "LICENSE", "NOTICE"]) {
    assert.ok(files.includes(f), `${f} in the package (${files})`);
  }
  const pkg = JSON.parse(readFileSync(join(proj, "node_modules/bando/package.json"), "utf8"));
  assert.equal(pkg.private, undefined, "publishable: not private");
  assert.equal(pkg.license, "Apache-2.0");
  const mod = readFileSync(join(proj, "node_modules/bando/bando.mjs"), "utf8");
  assert.doesNotMatch(mod, /\beval\s*\(|new Function\s*\(/, "no code evaluated from strings");
  assert.doesNotMatch(readFileSync(join(proj, "node_modules/bando/bando.d.ts"), "utf8"), /\.\.\/shared|function manifestParts|h3mathImports/, "the declarations cite nothing outside the package and no internals");
  assert.ok(!files.some((f) => f.startsWith("test/") || f.startsWith("node_modules/")), "no tests in the package");
  const src = `import { Bando } from "bando"; const b = await Bando.open({ tiles: ${JSON.stringify(join(repoRoot, "testdata/bundle"))} }); const s = await b.status(); console.log(s.status, s.tiles);`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", src], { cwd: proj, encoding: "utf8" });
  assert.match(out, /^OK \d+/);
});

test("strict TypeScript: every method compiles, a wrong call does not", () => {
  for (const f of ["tsconfig.json", "every-method.ts", "bad.ts"]) copyFileSync(join(js, "test/types", f), join(proj, f));
  const ok = spawnSync(bin("tsc"), ["-p", proj], { encoding: "utf8" });
  assert.equal(ok.status, 0, ok.stdout + ok.stderr);
  writeFileSync(join(proj, "tsconfig.bad.json"), JSON.stringify({ extends: "./tsconfig.json", files: ["bad.ts"] }));
  const bad = spawnSync(bin("tsc"), ["-p", join(proj, "tsconfig.bad.json")], { encoding: "utf8" });
  assert.notEqual(bad.status, 0);
  assert.match(bad.stdout, /"plane"/);
  assert.match(bad.stdout, /"car"/); // a Google vehicle is not a Valhalla costing
  assert.match(bad.stdout, /data_date|not assignable to type 'number'/);
});

// The app: the package's own import of wasm_exec.js, the wasm URL from Vite,
// then an autocomplete, a route and a cancelled type-ahead call.
const appMain = [
  `import { Bando } from "bando";`,
  `import { style } from "bando/style";`,
  `import wasm from "bando/dist/bando.wasm?url";`,
  `const out = {};`,
  `try {`,
  `  const b = await Bando.open({ tiles: location.origin + "/bundle/", wasm });`,
  `  out.status = (await b.status()).status;`,
  `  out.layers = style({ tiles: "bando://{z}/{x}/{y}" }).layers.length;`,
  `  out.ac = (await b.autocomplete({ text: "pho hue" })).features.length;`,
  `  out.route = (await b.direction({ origin: [21.006, 105.8003], destination: [21.006, 105.8027], alternatives: false })).status;`,
  `  const ctl = new AbortController();`,
  `  const p = b.autocomplete({ text: "hang" }, { signal: ctl.signal });`,
  `  ctl.abort();`,
  `  try { await p; out.abort = "resolved"; } catch (e) { out.abort = e.name; }`,
  `  const w = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });`,
  `  out.worker = await new Promise((res) => { w.onmessage = (e) => res(e.data); w.onerror = (e) => res("error: " + e.message); });`,
  `} catch (e) { out.error = String(e && e.stack || e); }`,
  `document.getElementById("out").textContent = JSON.stringify(out);`,
].join("\n");

// The same package in a module Web Worker.
const appWorker = [
  `import { Bando } from "bando";`,
  `import wasm from "bando/dist/bando.wasm?url";`,
  `(async () => {`,
  `  const b = await Bando.open({ tiles: location.origin + "/bundle/", wasm });`,
  `  postMessage((await b.autocomplete({ text: "pho hue" })).features.length > 0 ? "OK" : "no answer");`,
  `})().catch((e) => postMessage("error: " + e));`,
].join("\n");

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self' data: blob:";
const mime = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm", ".json": "application/json" };

// serveApp serves dist/ at / and the sample bundle at /bundle/, every answer
// under the strict CSP.
async function serveApp(dist) {
  const bundle = join(repoRoot, "testdata/bundle");
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const [base, rel] = path.startsWith("/bundle/") ? [bundle, path.slice(8)] : [dist, path === "/" ? "index.html" : path.slice(1)];
    const file = normalize(join(base, rel));
    if (!file.startsWith(base + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { "content-security-policy": CSP });
      return res.end();
    }
    res.writeHead(200, { "content-type": mime[extname(file)] ?? "application/octet-stream", "content-security-policy": CSP });
    res.end(readFileSync(file));
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

// runPage loads url in Chromium and returns the app's answers and any CSP violation.
async function runPage(url) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
  try {
    const page = await browser.newPage();
    const violations = [];
    page.on("console", (m) => { if (/Content Security Policy|Refused to/.test(m.text())) violations.push(m.text()); });
    await page.goto(url);
    await page.waitForFunction(() => document.getElementById("out")?.textContent, null, { timeout: 120_000 });
    return { out: JSON.parse(await page.textContent("#out")), violations };
  } finally {
    await browser.close();
  }
}

test("Vite builds the app; under a strict CSP it answers an autocomplete and a route, and a cancelled call rejects with AbortError", async () => {
  writeFileSync(join(proj, "index.html"), `<!doctype html><div id="out"></div><script type="module" src="./main.js"></script>`);
  writeFileSync(join(proj, "main.js"), appMain);
  writeFileSync(join(proj, "worker.js"), appWorker);
  const r = spawnSync(bin("vite"), ["build", "--logLevel", "warn"], { cwd: proj, encoding: "utf8" });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const assets = readdirSync(join(proj, "dist/assets"));
  assert.ok(assets.some((f) => f.endsWith(".wasm")), `wasm emitted: ${assets}`);
  const { server, origin } = await serveApp(join(proj, "dist"));
  try {
    const { out, violations } = await runPage(origin + "/");
    assert.equal(out.error, undefined, out.error);
    assert.deepEqual(violations, []);
    assert.equal(out.status, "OK");
    assert.ok(out.layers > 0);
    assert.ok(out.ac > 0, `autocomplete features: ${out.ac}`);
    assert.equal(out.route, "OK");
    assert.equal(out.abort, "AbortError");
    assert.equal(out.worker, "OK", "in a module Web Worker");
  } finally {
    server.close();
  }
});

test("the same app under Vite's dev server", async () => {
  const { createServer: viteServer } = await import(join(js, "node_modules/vite/dist/node/index.js"));
  const bundle = join(repoRoot, "testdata/bundle");
  const vite = await viteServer({
    root: proj, logLevel: "warn", server: { host: "127.0.0.1", port: 0, strictPort: false },
    plugins: [{
      name: "bundle", configureServer(s) {
        s.middlewares.use("/bundle", (req, res, next) => {
          const file = normalize(join(bundle, decodeURIComponent(req.url.split("?")[0])));
          if (!file.startsWith(bundle + sep) || !existsSync(file)) { res.statusCode = 404; return res.end(); }
          res.end(readFileSync(file));
        });
      },
    }],
  });
  await vite.listen();
  try {
    const { out } = await runPage(vite.resolvedUrls.local[0]);
    assert.equal(out.error, undefined, out.error);
    assert.equal(out.status, "OK");
    assert.ok(out.ac > 0);
    assert.equal(out.route, "OK");
    assert.equal(out.abort, "AbortError");
  } finally {
    await vite.close();
  }
});
