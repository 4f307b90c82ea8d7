// The demo page in headless Chromium, served by `bando serve` (the page from
// build/demo-page, the bundle built from ../shared/data/vn2021/hoankiem.osm.pbf
// with the admin layers): search, place card, click for forcodes, download
// the province for offline, cut the network, then a fresh engine answers
// every endpoint the core serves from Cache Storage alone and the map draws
// tiles it never drew before. Screenshots go to build/test-output/.
// Needs `make bando demo-page` and Chromium (/usr/bin/chromium; never downloaded).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { repoRoot } from "./contract-lib.mjs";

const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const osm = process.env.BANDO_DEMO_OSM ?? join(repoRoot, "../shared/data/vn2021/hoankiem.osm.pbf");
const bundle = process.env.BANDO_DEMO_BUNDLE ?? join(repoRoot, "build/test-demo-bundle");
const out = join(repoRoot, "build/test-output");
let server, context, profile, origin, page;
const logs = [];

const freePort = () => new Promise((res) => { const s = createServer().listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => res(p)); }); });

before(async () => {
  for (const f of ["build/bando", "build/demo-page/index.html", "build/demo-page/vendor/maplibre-gl.js"]) {
    if (!existsSync(join(repoRoot, f))) throw new Error(`${f} missing: run make bando demo-page`);
  }
  if (!existsSync(executablePath)) throw new Error(`${executablePath} missing: apt-get install -y chromium (or set CHROMIUM)`);
  if (!existsSync(osm)) throw new Error(`${osm} missing (real data under ../shared)`);
  if (!existsSync(join(bundle, "manifest.json"))) {
    execFileSync(join(repoRoot, "build/bando"), ["build", "-q", "--osm", osm, "--admin", join(repoRoot, "../shared/data/admin"), "--out", bundle], { stdio: "inherit" });
  }
  mkdirSync(out, { recursive: true });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(join(repoRoot, "build/bando"), ["serve", "--bundle", bundle, "--page", join(repoRoot, "build/demo-page"), "--addr", `127.0.0.1:${port}`], { stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(origin + "/index.html")).ok) break; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  profile = mkdtempSync(join(tmpdir(), "bando-demo-chromium-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath, headless: true, viewport: { width: 1280, height: 800 },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
    timeout: 60_000,
  });
  page = await context.newPage();
  page.on("console", (m) => logs.push(`console.${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => logs.push(`pageerror: ${e.message}`));
});

after(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  server?.kill();
  if (logs.length) writeFileSync(join(out, "demo-console.log"), logs.join("\n") + "\n");
});

const shot = (name) => page.screenshot({ path: join(out, `${name}.png`) });
const waitFor = (fn, arg, ms = 60_000) => page.waitForFunction(fn, arg, { timeout: ms, polling: 100 });
const idleCount = () => page.evaluate(() => window.bandoDemo.idle ?? 0);
async function mapIdleAfter(action) {
  const n = await idleCount();
  await action();
  await waitFor((k) => (window.bandoDemo.idle ?? 0) > k, n);
}
// The map canvas is not blank: many distinct colours in a screenshot of it.
async function mapColours() {
  const png = await page.locator("#map canvas").screenshot();
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = "data:image/png;base64," + b64;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height), g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, img.width, img.height).data, seen = new Set();
    for (let i = 0; i < d.length; i += 4 * 37) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    return seen.size;
  }, png.toString("base64"));
}

test("demo: search, click, download, offline", { timeout: 300_000 }, async (t) => {
  await page.goto(origin + "/");
  try {
    await waitFor(() => window.bandoDemo?.ready && (window.bandoDemo.idle ?? 0) > 0);
  } catch (e) {
    assert.fail(`page not ready: ${e.message}\n${logs.join("\n")}`);
  }
  const probes = await page.evaluate(() => window.bandoDemo.probes);
  t.diagnostic(`endpoints served: ${JSON.stringify(probes)}`);
  assert.ok(probes.autocomplete && probes.tiles && probes["forcodes/encode"]);
  assert.ok(await mapColours() > 8, "the map draws");
  await shot("1-map");

  // type-ahead search and the place card
  await page.fill("#q", "hang bac");
  await waitFor(() => document.querySelectorAll("#results li").length > 0);
  await shot("2-search");
  await mapIdleAfter(() => page.click("#results li >> nth=0"));
  await waitFor(() => !document.getElementById("card").hidden && document.getElementById("forcode"));
  const card = await page.textContent("#card");
  assert.match(card, /Hàng Bạc/i);
  assert.match(await page.textContent("#forcode"), /^HN[0-9A-Z]+$/);
  await shot("3-place-card");

  // old ↔ new structure: the province list and the boundary filter follow
  await page.uncheck("#v2");
  const oldOpts = await page.$$eval("#province option", (os) => os.map((o) => o.textContent));
  const filt = await page.evaluate(() => JSON.stringify(window.bandoDemo.map.getFilter("boundary-province")));
  assert.ok(oldOpts.some((o) => /Hà Nội/.test(o)) && filt.includes('"old"'), `${oldOpts} ${filt}`);
  await page.check("#v2");
  assert.ok((await page.evaluate(() => JSON.stringify(window.bandoDemo.map.getFilter("boundary-province")))).includes('"new"'));

  // download the province (new structure: Hà Nội, 01)
  const regions = await page.$$eval("#province option", (os) => os.map((o) => [o.value, o.textContent]));
  assert.ok(regions.some(([v]) => v === "01"), JSON.stringify(regions));
  await page.selectOption("#province", "01");
  const dl0 = Date.now();
  await page.click("#download");
  await waitFor(() => window.bandoDemo.download);
  const dl = await page.evaluate(() => ({ ...window.bandoDemo.download, storage: window.bandoDemo.storage }));
  t.diagnostic(`download: ${JSON.stringify(dl)} in ${Date.now() - dl0} ms (page)`);
  assert.ok(dl.tiles > 5 && dl.fetched + dl.skipped === dl.tiles && dl.storage.bytes >= dl.bytes);
  assert.match(await page.textContent("#storage"), /MiB/);
  await shot("4-downloaded");

  // cut the network
  await context.setOffline(true);
  assert.equal(await page.evaluate(() => fetch("/bundle/manifest.json").then(() => "online", () => "offline")), "offline");
  const answers = await page.evaluate(async (probes) => {
    const { Bando } = await import("./bando/bando.mjs");
    const fresh = await Bando.open({ tiles: new URL("bundle/", location.href).href, cache: true, wasm: new URL("bando/dist/bando.wasm", location.href) });
    window.bandoDemo.engine = fresh; // the map's tiles now come from the fresh engine
    const p = { lat: 21.0287, lng: 105.8524 };
    const calls = {
      status: () => fresh.status(),
      autocomplete: () => fresh.autocomplete({ text: "hang bac" }),
      "forcodes/encode": () => fresh.forcodesEncode({ lat: p.lat, lng: p.lng }),
      tiles: () => fresh.tile(14, 13009, 7212),
      place: () => fresh.place({ ids: "n1" }),
      "geocode/reverse": () => fresh.geocodeReverse({ "point.lat": p.lat, "point.lon": p.lng }),
      "geocode/forward": () => fresh.geocodeForward({ text: "Hàng Bạc, Hoàn Kiếm" }),
      nearby: () => fresh.nearby({ categories: "cafe", "point.lat": p.lat, "point.lon": p.lng }),
      direction: () => fresh.direction({ origin: p, destination: { lat: 21.0245, lng: 105.8412 } }),
      "optimized-route": () => fresh.optimizedRoute({ locations: [{ lat: 21.0287, lon: 105.8524 }, { lat: 21.0245, lon: 105.8412 }, { lat: 21.0333, lon: 105.8500 }] }),
      distancematrix: () => fresh.distanceMatrix({ sources: [{ lat: 21.0287, lon: 105.8524 }], targets: [{ lat: 21.0245, lon: 105.8412 }] }),
      "address/convert": () => fresh.addressConvert({ text: "Phường Hàng Bạc, Quận Hoàn Kiếm, Hà Nội" }),
    };
    const res = {};
    for (const [name, call] of Object.entries(calls)) {
      if (name !== "status" && !probes[name]) continue;
      try {
        const v = await call();
        res[name] = v instanceof Uint8Array ? { bytes: v.byteLength } : { ok: true, summary: JSON.stringify(v).slice(0, 600) };
      } catch (e) {
        res[name] = { error: `${e.name}: ${e.message}` };
      }
    }
    return res;
  }, probes);
  t.diagnostic(`offline answers: ${JSON.stringify(answers)}`);
  for (const [name, a] of Object.entries(answers)) assert.ok(!a.error, `${name} offline: ${a.error}`);
  assert.ok(answers.autocomplete.summary.includes("Hàng Bạc"), answers.autocomplete.summary);
  assert.ok(answers.tiles.bytes > 0);

  // the map draws tiles it never drew, offline (zoom out, then in elsewhere)
  const errs0 = await page.evaluate(() => window.bandoDemo.errors.length);
  await mapIdleAfter(() => page.evaluate(() => window.bandoDemo.map.jumpTo({ center: [105.835, 21.03], zoom: 13 })));
  await mapIdleAfter(() => page.evaluate(() => window.bandoDemo.map.jumpTo({ center: [105.848, 21.025], zoom: 15.5 })));
  assert.equal(await page.evaluate(() => window.bandoDemo.errors.length), errs0, JSON.stringify(await page.evaluate(() => window.bandoDemo.errors)));
  assert.ok(await mapColours() > 8, "the map draws offline");
  await shot("5-offline-map");
  // click for forcodes, offline
  const clicked = await page.evaluate(() => window.bandoDemo.clicked ?? 0);
  await page.mouse.click(800, 400);
  await waitFor((k) => (window.bandoDemo.clicked ?? 0) > k, clicked);
  assert.match(await page.textContent("#forcode"), /^HN[0-9A-Z]+$/);
  await shot("6-offline-click");
  await context.setOffline(false);
});
