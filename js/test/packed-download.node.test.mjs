// Province downloads of a packed bundle (core/tile/SPEC.md §9, js/offline.mjs)
// in Node: the region's archives and no others, checked whole; a download
// cut at any point resumes without fetching again what it received; an
// update fetches only the archives whose SHA-256 changed; evict; the
// engine answers offline from what was downloaded. Needs `make wasm bando`.
//
//   node --test js/test/packed-download.node.test.mjs
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync, rmSync, cpSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join, normalize } from "node:path";
import { loadContract, repoRoot } from "./contract-lib.mjs";
import { Bando, MemoryStore, TileNotCachedError } from "../bando.mjs";

const cf = loadContract();
const tmp = mkdtempSync(join(tmpdir(), "bando-packed-dl-"));
const packed = join(tmp, "packed");
let server, origin;
// What the server did: bytes of body sent per path for downloads; cut
// {at, times}: when set, download responses are cut (the socket destroyed) after
// that many bytes, cut.times times.
const sent = new Map();
let cut = null;

before(async () => {
  for (const f of ["build/bando.wasm", "build/bando"]) {
    if (!existsSync(join(repoRoot, f))) throw new Error(`${f} missing: run \`make wasm bando\` first`);
  }
  const r = spawnSync(join(repoRoot, "build/bando"), ["pack", "--in", cf.bundleDir, "--out", packed, "--archive-mib", "1"], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const file = normalize(join(tmp, path));
    if (!file.startsWith(tmp) || !existsSync(file)) {
      res.writeHead(404);
      return res.end();
    }
    let body = readFileSync(file);
    let status = 200;
    const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
    if (m) {
      const start = +m[1], end = m[2] === "" ? body.length - 1 : Math.min(+m[2], body.length - 1);
      if (start >= body.length) {
        res.writeHead(416);
        return res.end();
      }
      body = body.subarray(start, end + 1);
      status = 206;
    }
    res.writeHead(status, { "content-length": body.length, "accept-ranges": "bytes" });
    // Downloads ask for open-ended ranges ("bytes=N-"); the engine's tile
    // reads for closed ones: only downloads are cut and counted.
    const dl = path.includes("/packs/") && (!m || m[2] === "");
    const n = cut !== null && cut.times > 0 && dl ? Math.min(cut.at, body.length) : body.length;
    if (n < body.length) cut.times--;
    if (dl) sent.set(path, (sent.get(path) ?? 0) + n);
    if (n < body.length) {
      res.write(body.subarray(0, n), () => res.destroy());
    } else {
      res.end(body);
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  origin = `http://127.0.0.1:${server.address().port}`;
});
after(() => {
  server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const manifestOf = (dir) => JSON.parse(readFileSync(join(tmp, dir, "manifest.json"), "utf8"));
const sentTo = (dir, prefix) => [...sent].filter(([p]) => p.startsWith(`/${dir}/${prefix}`)).reduce((n, [, b]) => n + b, 0);

test("download({province}) fetches the province's archives, whole and checked", async () => {
  sent.clear();
  const store = new MemoryStore();
  const bando = await Bando.open({ tiles: origin + "/packed/", cache: store, keyHashes: cf.keyHashes });
  const plan = await bando.downloadPlan({ province: "01" });
  const m = manifestOf("packed");
  const want = m.pack.archives.filter((a) => !a.name.startsWith("c10_")); // TP.HCM's cell is not Hà Nội's
  assert.deepEqual(plan.archives.map((a) => a.name).sort(), want.map((a) => a.name).sort());
  assert.equal(plan.toFetch, want.reduce((n, a) => n + a.size, 0));
  let last = null;
  const r = await bando.download({ province: "01" }, { onProgress: (p) => { last = p; } });
  assert.equal(r.fetched, want.length);
  assert.equal(r.bytes, plan.toFetch + (r.bytes - plan.toFetch)); // (+ tiles.dir when not read yet)
  assert.equal(last.bytes, last.totalBytes);
  assert.equal(sentTo("packed", "packs/"), plan.toFetch, "each archive fetched once");
  const st = await bando.storage();
  assert.equal(st.archives, want.length);
  assert.equal((await bando.downloadPlan({ province: "01" })).toFetch, 0);
  const again = await bando.download({ province: "01" });
  assert.equal(again.fetched, 0);
  assert.equal(again.skipped, want.length);

  // Offline: every request answered from the store.
  const off = await Bando.open({ tiles: origin + "/packed/", cache: store, keyHashes: cf.keyHashes, fetch: () => Promise.reject(new TypeError("offline")) });
  for (const u of ["/v1/autocomplete?text=pho", "/v1/geocode/reverse?latlng=21.0287,105.8524", "/v1/direction?origin=21.0287,105.8524&destination=21.0368,105.8342&vehicle=motor"]) {
    const res = await off.fetch(u + "&apikey=demo-key");
    assert.equal(res.status, 200, `${u} offline: ${await res.text()}`);
  }

  // heldOnly: what the cache lacks (TP.HCM's cell) is absent, not an error.
  const held = await Bando.open({ tiles: origin + "/packed/", cache: store, heldOnly: true, keyHashes: cf.keyHashes, fetch: () => Promise.reject(new TypeError("offline")) });
  const far = "/v1/geocode/reverse?latlng=10.7769,106.7009&apikey=demo-key";
  assert.equal((await held.fetch(far)).status, 200, "heldOnly: TP.HCM's reverse answers from what is held");
  assert.equal((await held.fetch("/v1/autocomplete?text=pho&apikey=demo-key")).status, 200);
  await assert.rejects(off.geocodeReverse({ latlng: [10.7769, 106.7009], apikey: "demo-key" }), TileNotCachedError, "without heldOnly, a tile not held is an error offline");

  // Two provinces held: evicting TP.HCM keeps what Hà Nội needs.
  await bando.download({ province: "79" });
  const all = manifestOf("packed").pack.archives;
  assert.equal((await bando.storage()).archives, all.length);
  const ev79 = await bando.evict({ province: "79" });
  assert.equal(ev79.archives, all.length - want.length, "only TP.HCM's own archives");
  assert.equal((await bando.storage()).archives, want.length);
  const ev = await bando.evict({ province: "01" });
  assert.equal(ev.archives, want.length, "the last region takes the national archives with it");
  assert.equal((await bando.storage()).archives, 0);
});

// Cut the connection at many points of the download (once, or at every
// response); with no retry the download throws, and later calls complete
// it: over all calls every archive byte is sent exactly once.
// Cut points: bytes, or (below 1) a fraction of the largest archive.
for (const [point, times] of [[0, 1], [1, 1], [500, 1], [0.5, 1], [0.99, 1], [0.1, 1000]]) {
  test(`a download cut after ${point < 1 && point > 0 ? point * 100 + " % of the largest archive" : point + " bytes"} (${times === 1 ? "once" : "every response"}) resumes without fetching again`, async () => {
    sent.clear();
    const store = new MemoryStore();
    const bando = await Bando.open({ tiles: origin + "/packed/", cache: store, keyHashes: cf.keyHashes });
    const want = manifestOf("packed").pack.archives.filter((a) => !a.name.startsWith("c10_"));
    const total = want.reduce((n, a) => n + a.size, 0);
    const largest = Math.max(...want.map((a) => a.size));
    cut = { at: point > 0 && point < 1 ? Math.floor(point * largest) : point, times };
    let failures = 0;
    try {
      for (;;) {
        try {
          await bando.download({ province: "01" }, { retries: 0, concurrency: 1 });
          break;
        } catch (e) {
          assert.ok(e instanceof TileNotCachedError, String(e));
          if (++failures > 100) throw e;
        }
      }
    } finally {
      cut = null;
    }
    assert.ok(failures > 0, "the cut interrupted the download");
    assert.equal(sentTo("packed", "packs/"), total, "every archive byte sent once");
    assert.equal((await bando.storage()).archives, want.length);
    const r = await bando.fetch("/v1/autocomplete?text=pho&apikey=demo-key");
    assert.equal(r.status, 200);
  });
}

test("a retry within one call resumes by Range", async () => {
  sent.clear();
  const bando = await Bando.open({ tiles: origin + "/packed/", cache: new MemoryStore(), keyHashes: cf.keyHashes });
  const largest = Math.max(...manifestOf("packed").pack.archives.map((a) => a.size));
  cut = { at: Math.floor(largest / 5), times: 1000 };
  try {
    await assert.rejects(bando.download({ province: "01" }, { retries: 2, concurrency: 1 }), TileNotCachedError); // 3 tries × a fifth < the largest archive
  } finally {
    cut = null;
  }
  const r = await bando.download({ province: "01" }, { concurrency: 1 });
  const total = manifestOf("packed").pack.archives.filter((a) => !a.name.startsWith("c10_")).reduce((n, a) => n + a.size, 0);
  assert.equal(sentTo("packed", "packs/"), total);
  assert.ok(r.bytes < total, "the second call fetched only what the first did not");
});

test("an update fetches only the archives whose SHA-256 changed", async () => {
  const v2 = join(tmp, "v2");
  rmSync(v2, { recursive: true, force: true });
  cpSync(packed, v2, { recursive: true });
  const store = new MemoryStore();
  let bando = await Bando.open({ tiles: origin + "/v2/", cache: store, keyHashes: cf.keyHashes });
  await bando.download({ province: "01" });
  // A new bundle: one archive's bytes change (its header's reserved bytes:
  // no tile changes), the manifest says so.
  const m = manifestOf("v2");
  const a = m.pack.archives.find((x) => x.name.startsWith("c21_105-"));
  const f = join(v2, "packs", a.name + ".pack");
  const b = readFileSync(f);
  b[20] = 1;
  writeFileSync(f, b);
  a.sha256 = createHash("sha256").update(b).digest("hex");
  writeFileSync(join(v2, "manifest.json"), JSON.stringify(m, null, 1));
  sent.clear();
  const r = await bando.download({ province: "01" });
  assert.equal(r.updated, true);
  assert.equal(r.fetched, 1);
  assert.equal(sentTo("v2", "packs/"), a.size, "only the changed archive");
  bando = await Bando.open({ tiles: origin + "/v2/", cache: store, keyHashes: cf.keyHashes, fetch: () => Promise.reject(new TypeError("offline")) });
  const res = await bando.fetch("/v1/direction?origin=21.0287,105.8524&destination=21.0368,105.8342&vehicle=motor&apikey=demo-key");
  assert.equal(res.status, 200, "the updated bundle answers offline");
});
