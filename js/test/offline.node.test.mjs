// js/offline.mjs and the typed methods of js/bando.mjs in Node: a bundle
// served over HTTP (testdata/bundle), a region downloaded into a
// MemoryStore, then the network cut: every served endpoint still answers,
// a tile outside the region (a basemap archive, a routing graph cell) is a
// TileNotCachedError, a bad request a BandoError carrying the API's body;
// a region's download holds its graph cells (routing works offline). Also:
// integrity (a corrupted tile is refused) and cancel + resume. Needs `make wasm`.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Bando, BandoError, TileNotCachedError, IntegrityError, MemoryStore, regionKeys } from "../bando.mjs";
import { repoRoot } from "./contract-lib.mjs";
import { serveStatic } from "./static-server.mjs";

let srv, base;
const manifest = JSON.parse(readFileSync(join(repoRoot, "testdata/bundle/manifest.json"), "utf8"));
// Hồ Chí Minh City centre (the fixture's Dinh Độc Lập and Bến Thành).
const hcmc = [106.68, 10.76, 106.71, 10.79];

before(async () => {
  srv = await serveStatic(repoRoot, ["/testdata/"]);
  base = srv.origin + "/testdata/bundle/";
});
after(() => new Promise((r) => srv.server.close(r)));

// A fetch that can be cut, and that counts what it fetched.
function network() {
  const n = { online: true, paths: [], corrupt: null };
  n.fetch = async (url, init) => {
    if (!n.online) throw new TypeError("fetch failed (network cut)");
    n.paths.push(url.slice(base.length));
    const r = await fetch(url, init);
    if (n.corrupt && url.endsWith(n.corrupt)) {
      const b = new Uint8Array(await r.arrayBuffer());
      b[0] ^= 1;
      return new Response(b, { status: 200 });
    }
    return r;
  };
  return n;
}

test("download a region, cut the network, endpoints answer", async () => {
  const net = network();
  const store = new MemoryStore();
  const bando = await Bando.open({ tiles: base, cache: store, fetch: net.fetch });
  const progress = [];
  const res = await bando.download({ bbox: hcmc }, { onProgress: (p) => progress.push(p) });
  const want = regionKeys(manifest, hcmc);
  assert.equal(res.tiles, want.length);
  assert.equal(progress.at(-1).done, want.length);
  assert.ok(want.some((k) => k.startsWith("basemap/")) && want.some((k) => k.startsWith("place/")));
  assert.ok(want.length < Object.keys(manifest.tiles).length, "a region is not the whole bundle");
  for (const k of want) assert.ok(await store.has(`tiles/${k}.mp`), k);
  const use = await bando.storage();
  assert.equal(use.tiles, (await store.list()).length);
  assert.ok(use.bytes >= res.bytes);

  net.online = false;
  const st = await bando.status();
  assert.equal(st.status, "OK");
  const ac = await bando.autocomplete({ text: "dinh doc lap" });
  assert.ok(ac.features.some((f) => f.properties.name === "Dinh Độc Lập"), JSON.stringify(ac));
  const enc = await bando.forcodesEncode({ lat: 10.777, lng: 106.695, resolution: 11 });
  assert.equal(enc.status, "OK");
  const dec = await bando.forcodesDecode({ forcodes: enc.forcodes });
  assert.equal(dec.status, "OK");
  const mvt = await bando.tile(14, 13047, 7698); // over Dinh Độc Lập
  assert.ok(mvt.byteLength > 0, "basemap tile offline");
  // A tile that is not cached, offline (a fresh engine: the first one keeps
  // decoded tiles in memory): a typed error naming it.
  const archive = "tiles/basemap/0/0/0.mp";
  assert.ok(await store.delete(archive));
  const fresh = await Bando.open({ tiles: base, cache: store, fetch: net.fetch });
  await assert.rejects(fresh.tile(14, 13047, 7698), (e) => e instanceof TileNotCachedError && e.path === archive);
  // A bad request: a typed error with the API's body; an unknown path: the API's JSON 404.
  await assert.rejects(bando.autocomplete({}), (e) => { assert.ok(e instanceof BandoError && e.status === 400, String(e)); assert.equal(e.apiStatus, "INVALID_REQUEST", JSON.stringify(e.body)); return true; });
  await assert.rejects(bando.direction({ origin: [10.777, 106.695], destination: [10.78, 106.7], vehicle: "plane" }), (e) => e instanceof BandoError && e.status === 400 && /vehicle/.test(e.message));
  const nf = await bando.fetch("/v1/no-such-endpoint");
  assert.equal(nf.status, 404);
  assert.equal((await nf.json()).status, "NOT_FOUND");
  // Routing offline: the fixture's graph is in Hà Nội, so in Hồ Chí Minh City there is no road (an answer, not a missing tile)
  const far = await bando.direction({ origin: [10.777, 106.695], destination: [10.78, 106.7] });
  assert.equal(far.status, "NOT_FOUND", JSON.stringify(far));
  // … and Hà Nội's graph cells were not part of this region: a typed error naming one.
  const hanoiTrip = { origin: [21.0031, 105.8003], destination: [21.004, 105.8024] };
  await assert.rejects(fresh.direction(hanoiTrip), (e) => e instanceof TileNotCachedError && /^tiles\/(graph|ch\/car)\/(\d\/)?\d+\/\d+\.mp$/.test(e.path), "Hà Nội's graph cells not cached");
});

test("graph and hierarchy cells are spatial: a Hà Nội download routes offline", async () => {
  const hanoi = [105.79, 20.99, 105.81, 21.01];
  const keys = regionKeys(manifest, hanoi);
  for (const k of ["graph/index", "ch/car/core"]) assert.ok(keys.includes(k), `${k}: bundle-wide`);
  assert.ok(keys.some((k) => /^graph\/(\d\/)?\d+\/\d+$/.test(k)) && keys.some((k) => /^ch\/motor\/(\d\/)?\d+\/\d+$/.test(k)), keys.join(" "));
  assert.ok(!regionKeys(manifest, hcmc).some((k) => /^(graph|ch\/\w+)\/(\d\/)?\d+\/\d+$/.test(k)), "no graph cell in Hồ Chí Minh City's download");
  const net = network();
  const bando = await Bando.open({ tiles: base, cache: new MemoryStore(), fetch: net.fetch });
  await bando.download({ bbox: hanoi });
  net.online = false;
  const d = await bando.direction({ origin: [21.0031, 105.8003], destination: [21.004, 105.8024], vehicle: "motor" });
  assert.equal(d.status, "OK", JSON.stringify(d));
  const t = await bando.optimizedRoute({ locations: [{ lat: 21.0031, lon: 105.8003 }, { lat: 21.004, lon: 105.8024 }, { lat: 21.0031, lon: 105.8027 }] });
  assert.equal(t.trip.status, 0);
});

test("a corrupted tile is refused, cancel then resume", async () => {
  const net = network();
  const store = new MemoryStore();
  const bando = await Bando.open({ tiles: base, cache: store, fetch: net.fetch });
  const keys = regionKeys(manifest, hcmc);
  net.corrupt = `tiles/${keys[0]}.mp`;
  await assert.rejects(bando.download({ bbox: hcmc }, { concurrency: 1 }), IntegrityError);
  assert.equal(await store.has(net.corrupt), false);
  net.corrupt = null;
  const ac = new AbortController();
  const p = bando.download({ bbox: hcmc }, { concurrency: 1, signal: ac.signal, onProgress: (x) => { if (x.done === 3) ac.abort(); } });
  await assert.rejects(p, (e) => e.name === "AbortError");
  const before = (await store.list()).length;
  assert.ok(before >= 3 && before < keys.length + 1, `${before} cached after cancel`);
  const fetchedBefore = net.paths.length;
  const res = await bando.download({ bbox: hcmc });
  assert.ok(res.skipped >= 3, `resumed: ${JSON.stringify(res)}`);
  assert.equal(res.fetched + res.skipped, keys.length);
  assert.equal(net.paths.length - fetchedBefore, res.fetched, "only missing tiles fetched");
  const n = (await store.list()).length;
  const ev = await bando.evict();
  assert.equal(ev.tiles, n);
  assert.equal((await bando.storage()).tiles, 0);
});
