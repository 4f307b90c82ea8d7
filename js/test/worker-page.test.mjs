// The demo page served by the Worker (workerd under Miniflare): assets =
// the sample bundle + build/demo-page in page/ (what `make worker
// PAGE=build/demo-page` builds). "/" is the page, /bundle/ the bundle
// (manifest.json and tiles/ only), /v1/ still the API; without the page in
// the assets none of those paths is served. Then Chromium opens the page
// from the Worker: the map draws, and a route and a trip answer and draw.
// Needs `make worker demo-page` and /usr/bin/chromium (never downloaded).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { repoRoot } from "./contract-lib.mjs";
import { startWorker, workerDir } from "./worker-miniflare.mjs";

const bundle = join(repoRoot, "testdata/bundle");
const page = join(repoRoot, "build/demo-page");
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
let dirs = [], withPage, without;

function assets(withPageFiles) {
  const d = mkdtempSync(join(tmpdir(), "bando-worker-page-"));
  dirs.push(d);
  cpSync(join(bundle, "manifest.json"), join(d, "manifest.json"));
  cpSync(join(bundle, "tiles"), join(d, "tiles"), { recursive: true });
  if (withPageFiles) cpSync(page, join(d, "page"), { recursive: true });
  return d;
}

before(async () => {
  if (!existsSync(join(page, "index.html"))) throw new Error("build/demo-page missing: run make demo-page");
  const keyHashes = readFileSync(join(repoRoot, "testdata/keys.txt"), "utf8");
  withPage = await startWorker({ buildDir: join(workerDir, "build"), assetsDir: assets(true), keyHashes });
  without = await startWorker({ buildDir: join(workerDir, "build"), assetsDir: assets(false), keyHashes });
});
after(async () => {
  await withPage?.mf.dispose();
  await without?.mf.dispose();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const get = (w, path, init) => w.mf.dispatchFetch("http://127.0.0.1" + path, init);

test("the Worker serves the page, the bundle and still the API", async () => {
  let r = await get(withPage, "/");
  assert.equal(r.status, 200);
  assert.match(r.headers.get("content-type"), /text\/html/);
  assert.match(await r.text(), /<title>bando/);
  for (const [path, type, file] of [
    ["/app.mjs", /javascript/, join(page, "app.mjs")],
    ["/route.mjs", /javascript/, join(page, "route.mjs")],
    ["/bando/dist/bando.wasm", /wasm/, join(page, "bando/dist/bando.wasm")],
    ["/vendor/maplibre-gl.js", /javascript/, join(page, "vendor/maplibre-gl.js")],
    ["/bundle/manifest.json", /json/, join(bundle, "manifest.json")],
    ["/bundle/tiles/graph/index.mp", /^/, join(bundle, "tiles/graph/index.mp")], // no type for .mp
  ]) {
    r = await get(withPage, path);
    assert.equal(r.status, 200, path);
    assert.match(r.headers.get("content-type") ?? "", type, path);
    assert.deepEqual(new Uint8Array(await r.arrayBuffer()), new Uint8Array(readFileSync(file)), path);
  }
  // the API is untouched: a key is still needed, answers are JSON
  r = await get(withPage, "/v1/status");
  assert.equal(r.status, 401);
  r = await get(withPage, "/v1/status?apikey=demo-key");
  assert.equal((await r.json()).status, "OK");
  // only manifest.json and tiles/ under /bundle/; other methods and missing files: the API's JSON 404/405
  for (const [path, method] of [["/bundle/page/index.html"], ["/bundle/"], ["/nothing-here.js"], ["/", "POST"]]) {
    r = await get(withPage, path, { method: method ?? "GET" });
    assert.ok(r.status === 404 || r.status === 405, `${method ?? "GET"} ${path}: ${r.status}`);
    assert.match(r.headers.get("content-type") ?? "", /json/, path);
    await r.body?.cancel();
  }
});

test("without the page in the assets, neither the page nor the bundle is served", async () => {
  for (const path of ["/", "/index.html", "/bundle/manifest.json", "/bundle/tiles/graph/index.mp"]) {
    const r = await get(without, path);
    assert.equal(r.status, 404, path);
    assert.match(r.headers.get("content-type") ?? "", /json/, path);
    await r.body?.cancel();
  }
  assert.equal((await (await get(without, "/v1/status?apikey=demo-key")).json()).status, "OK");
});

test("Chromium runs the demo from the Worker: map, route, trip", { timeout: 240_000 }, async (t) => {
  if (!existsSync(executablePath)) throw new Error(`${executablePath} missing: apt-get install -y chromium (or set CHROMIUM)`);
  const profile = mkdtempSync(join(tmpdir(), "bando-worker-chromium-"));
  dirs.push(profile);
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath, headless: true, viewport: { width: 1280, height: 800 },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
  });
  const logs = [];
  try {
    const p = await ctx.newPage();
    p.on("pageerror", (e) => logs.push(e.message));
    await p.goto(withPage.url.href);
    await p.waitForFunction(() => window.bandoDemo?.ready && (window.bandoDemo.idle ?? 0) > 0, null, { timeout: 120_000 }).catch((e) => assert.fail(`${e.message}\n${logs.join("\n")}`));
    // The sample bundle's Hà Nội block (testdata/contract: the optimized-route cases).
    const got = await p.evaluate(async () => {
      const d = window.bandoDemo, wps = d.panels.route.waypoints;
      const answer = (k) => new Promise((res) => { const i = setInterval(() => { if (d[k]?.drawn) { clearInterval(i); res(d[k]); } }, 50); });
      document.querySelector("#tabs [data-tab=route]").click();
      d.route = null;
      wps.set(0, { lat: 21.0031, lng: 105.8003, name: "A" });
      wps.set(1, { lat: 21.004, lng: 105.8024, name: "B" });
      const route = await answer("route");
      const routeDrawn = d.map.queryRenderedFeatures({ layers: ["route-line"] }).length;
      document.querySelector("#tabs [data-tab=trip]").click();
      const stops = d.panels.trip.waypoints;
      for (const [lat, lng] of [[21.0031, 105.8003], [21.004, 105.8024], [21.0031, 105.8027], [21.004, 105.8008]]) stops.set(null, { lat, lng, name: `${lat},${lng}` });
      d.trip = null;
      await d.panels.trip.optimize();
      const trip = await answer("trip");
      return { route, routeDrawn, trip, tripDrawn: d.map.queryRenderedFeatures({ layers: ["trip-line"] }).length, errors: d.errors };
    });
    t.diagnostic(JSON.stringify(got));
    assert.equal(got.route.status, "OK");
    assert.ok(got.route.steps >= 2 && got.routeDrawn > 0, JSON.stringify(got.route));
    assert.equal(got.trip.legs, 3);
    assert.ok(got.tripDrawn >= 1);
    assert.deepEqual(got.errors, []);
    assert.deepEqual(logs, []);
  } finally {
    await ctx.close();
  }
});
