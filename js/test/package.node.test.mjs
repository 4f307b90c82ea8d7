// The npm package as users get it: `npm pack`, install the tarball into a
// fresh project (no registry needed), then (1) import it in Node and answer
// /v1/status from the fixture bundle with the packaged wasm, (2) compile a
// strict TypeScript file calling every method (and check a wrong call does
// not compile), (3) build a browser app with Vite. Prints the package size.
// Needs `make wasm` (js/dist) and the dev dependencies (typescript, vite).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, copyFileSync, readdirSync, statSync, existsSync } from "node:fs";
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
  for (const f of ["bando.mjs", "bando.d.ts", "offline.mjs", "basemap.mjs", "style.mjs", "dist/bando.wasm", "dist/wasm_exec.js", "README.md", "package.json"]) {
    assert.ok(files.includes(f), `${f} in the package (${files})`);
  }
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

test("Vite builds a browser app using the package", () => {
  writeFileSync(join(proj, "index.html"), `<!doctype html><div id="out"></div><script type="module" src="./main.js"></script>`);
  writeFileSync(join(proj, "main.js"), [
    `import { Bando } from "bando";`,
    `import { style } from "bando/style";`,
    `import wasm from "bando/dist/bando.wasm?url";`,
    `import wasmExec from "bando/dist/wasm_exec.js?url";`,
    `const b = await Bando.open({ tiles: location.origin + "/bundle/", wasm: new URL(wasm, location.href), wasmExec: new URL(wasmExec, location.href), cache: true });`,
    `document.getElementById("out").textContent = JSON.stringify([await b.status(), style({ tiles: "bando://{z}/{x}/{y}" }).layers.length]);`,
  ].join("\n"));
  const r = spawnSync(bin("vite"), ["build", "--logLevel", "warn"], { cwd: proj, encoding: "utf8" });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const assets = readdirSync(join(proj, "dist/assets"));
  assert.ok(assets.some((f) => f.endsWith(".wasm")), `wasm emitted: ${assets}`);
  // the app's chunk (Vite may also emit a few-byte stub for the node:
  // modules bando.mjs imports only when it runs in Node)
  const jsAsset = assets.find((f) => f.endsWith(".js") && !f.startsWith("wasm_exec") && !f.startsWith("__vite-browser-external"));
  assert.ok(jsAsset && statSync(join(proj, "dist/assets", jsAsset)).size > 1000, `${assets}`);
});
