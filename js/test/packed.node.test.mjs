// Packed bundles (core/tile/SPEC.md §9) in wasm through js/bando.mjs: the
// contract suite from a packed copy of the contract bundle read from disk
// (positioned reads) and over HTTP (Range requests), the same answers as
// the loose bundle's goldens; a damaged archive fails only the requests
// that need its tiles, with a 5xx JSON error. Needs `make wasm bando`.
//
//   node --test js/test/packed.node.test.mjs
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, writeFileSync, rmSync, cpSync, truncateSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadContract, compare, summary, runner, repoRoot } from "./contract-lib.mjs";
import { serveStatic } from "./static-server.mjs";
import { Bando } from "../bando.mjs";

const cf = loadContract();
const tmp = mkdtempSync(join(tmpdir(), "bando-packed-"));
const packed = join(tmp, "packed");
let srv;

before(async () => {
  for (const f of ["build/bando.wasm", "build/bando"]) {
    if (!existsSync(join(repoRoot, f))) throw new Error(`${f} missing: run \`make wasm bando\` first`);
  }
  const r = spawnSync(join(repoRoot, "build/bando"), ["pack", "--in", cf.bundleDir, "--out", packed, "--archive-mib", "1"], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  srv = await serveStatic(tmp, ["/"]);
});
after(() => {
  srv?.server.close();
  rmSync(tmp, { recursive: true, force: true });
});

// The goldens are the loose bundle's: /v1/status says format_version 1.
function golden(c) {
  const g = cf.goldens[c.name];
  return c.url.startsWith("/v1/status") ? Buffer.from(g.toString("utf8").replace('"format_version":1,', '"format_version":2,')) : g;
}

async function contract(bando) {
  const run = runner((url, init) => bando.fetch(url, init));
  const results = [];
  for (const c of cf.cases) results.push({ name: c.name, problems: compare(c, golden(c), await run(c)) });
  return summary(results);
}

test("contract cases from a packed bundle on disk", async () => {
  const bando = await Bando.open({ tiles: packed, keyHashes: cf.keyHashes });
  const msg = await contract(bando);
  assert.ok(msg === null, msg);
});

test("contract cases from a packed bundle over HTTP (Range requests)", async () => {
  const log = [];
  const counting = async (url, init) => {
    const r = await fetch(url, init);
    log.push({ url, range: init?.headers?.range ?? null, status: r.status });
    return r;
  };
  const bando = await Bando.open({ tiles: Bando.httpSource(srv.origin + "/packed/", counting), keyHashes: cf.keyHashes });
  const msg = await contract(bando);
  assert.ok(msg === null, msg);
  const archives = log.filter((l) => l.url.includes("/packs/"));
  assert.ok(archives.length > 0, "no archive read");
  assert.ok(archives.every((l) => l.range && l.status === 206), "every archive read is a Range request answered 206");
  assert.ok(log.filter((l) => l.url.endsWith("/tiles.dir")).length === 1, "the directory is read once");
});

test("a function source that ignores the range still reads a packed bundle", async () => {
  const whole = Bando.dirSource(packed);
  const bando = await Bando.open({ tiles: (path) => whole(path), keyHashes: cf.keyHashes });
  const r = await bando.fetch("/v1/autocomplete?text=pho&apikey=demo-key");
  assert.equal(r.status, 200);
});

// Damage the Hà Nội cell archive (place cells, graph): requests that need
// it fail with a 5xx JSON error; others answer as before.
for (const [name, damage] of [
  ["corrupt", (f) => { const b = readFileSync(f); for (let i = 32; i < b.length; i += 97) b[i] ^= 0xff; writeFileSync(f, b); }],
  ["truncated", (f) => truncateSync(f, 100)],
]) {
  test(`a ${name} archive fails only the requests that need its tiles`, async () => {
    const dir = join(tmp, name);
    cpSync(packed, dir, { recursive: true });
    const m = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
    const hn = m.pack.archives.find((a) => a.name.startsWith("c21_105-"));
    assert.ok(hn, "no Hà Nội cell archive");
    damage(join(dir, "packs", hn.name + ".pack"));
    for (const tiles of [dir, srv.origin + "/" + name + "/"]) {
      const bando = await Bando.open({ tiles, keyHashes: cf.keyHashes });
      const bad = await bando.fetch("/v1/direction?origin=21.0287,105.8524&destination=21.0368,105.8342&vehicle=car&apikey=demo-key");
      assert.ok(bad.status >= 500, `direction through a ${name} archive: ${bad.status}`);
      const body = await bad.json();
      assert.equal(typeof body.status, "string", JSON.stringify(body));
      const ok = await bando.fetch("/v1/autocomplete?text=pho&apikey=demo-key");
      assert.equal(ok.status, 200, `autocomplete (national archive) through ${tiles}`);
      const hcm = await bando.fetch("/v1/geocode/reverse?latlng=10.7769,106.7009&apikey=demo-key");
      assert.equal(hcm.status, 200, "reverse in TP.HCM (another archive)");
    }
  });
}
