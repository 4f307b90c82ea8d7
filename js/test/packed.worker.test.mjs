// Packed bundles (core/tile/SPEC.md §9) in the Worker under workerd: the
// contract suite from a packed copy of the contract bundle served as
// static assets (archives read by Range requests to env.ASSETS), the same
// answers as the loose bundle's goldens; a damaged archive fails only the
// requests that need its tiles, with a 5xx JSON error. Needs `make worker
// bando`.
//
//   node --test js/test/packed.worker.test.mjs
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, writeFileSync, rmSync, cpSync, truncateSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadContract, compare, summary, runner, repoRoot } from "./contract-lib.mjs";
import { startWorker } from "./worker-miniflare.mjs";

const cf = loadContract();
const tmp = mkdtempSync(join(tmpdir(), "bando-packed-worker-"));
const packed = join(tmp, "packed");

before(() => {
  if (!existsSync(join(repoRoot, "build/bando"))) throw new Error("build/bando missing: run `make bando` first");
  const r = spawnSync(join(repoRoot, "build/bando"), ["pack", "--in", cf.bundleDir, "--out", packed, "--archive-mib", "1"], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
});
after(() => rmSync(tmp, { recursive: true, force: true }));

// The goldens are the loose bundle's: /v1/status says format_version 1.
function golden(c) {
  const g = cf.goldens[c.name];
  return c.url.startsWith("/v1/status") ? Buffer.from(g.toString("utf8").replace('"format_version":1,', '"format_version":2,')) : g;
}

test("contract cases from a packed bundle in the Worker", async () => {
  const { mf } = await startWorker({ assetsDir: packed, keyHashes: cf.keyHashes });
  try {
    const run = runner((url, init) => mf.dispatchFetch("http://127.0.0.1" + url, init));
    const results = [];
    for (const c of cf.cases) results.push({ name: c.name, problems: compare(c, golden(c), await run(c)) });
    const msg = summary(results);
    assert.ok(msg === null, msg);
  } finally {
    await mf.dispose();
  }
});

for (const [name, damage] of [
  ["corrupt", (f) => { const b = readFileSync(f); for (let i = 32; i < b.length; i += 97) b[i] ^= 0xff; writeFileSync(f, b); }],
  ["truncated", (f) => truncateSync(f, 100)],
]) {
  test(`a ${name} archive fails only the Worker's requests that need its tiles`, async () => {
    const dir = join(tmp, name);
    cpSync(packed, dir, { recursive: true });
    const m = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
    const hn = m.pack.archives.find((a) => a.name.startsWith("c21_105-"));
    assert.ok(hn, "no Hà Nội cell archive");
    damage(join(dir, "packs", hn.name + ".pack"));
    const { mf } = await startWorker({ assetsDir: dir, keyHashes: cf.keyHashes });
    try {
      const get = (u) => mf.dispatchFetch("http://127.0.0.1" + u + "&apikey=demo-key");
      const bad = await get("/v1/direction?origin=21.0287,105.8524&destination=21.0368,105.8342&vehicle=car");
      assert.ok(bad.status >= 500, `direction through a ${name} archive: ${bad.status}`);
      assert.equal(bad.headers.get("content-type")?.split(";")[0], "application/json");
      assert.equal(typeof (await bad.json()).status, "string");
      const ok = await get("/v1/autocomplete?text=pho");
      assert.equal(ok.status, 200, "autocomplete (national archive)");
      await ok.arrayBuffer();
      const hcm = await get("/v1/geocode/reverse?latlng=10.7769,106.7009");
      assert.equal(hcm.status, 200, "reverse in TP.HCM (another archive)");
      await hcm.arrayBuffer();
    } finally {
      await mf.dispose();
    }
  });
}
