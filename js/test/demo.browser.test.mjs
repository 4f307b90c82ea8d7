// The demo page in headless Chromium, served by `bando serve` (the page from
// build/demo-page, the bundle built from ../shared/data/vn2021/hoankiem.osm.pbf
// with the admin layers and routing). On the desktop (1280×800): street
// names, POI icons and house numbers drawn as symbols; search (no results
// with a hint, Enter picks the first result, one card replacing the list,
// categories in words), the old ↔ new structure and the English UI applied
// to what is on screen, click for forcodes, a route (its ends from the place card and a typed search, then
// other vehicles, English, a second destination clicked on the map), an
// optimized trip of five stops clicked on the map; download the province
// for offline, cut the network, then a fresh engine answers every endpoint
// (direction and optimized-route included) from Cache Storage alone, the
// map draws tiles it never drew before, and the route and trip panels
// still answer and draw; then the page reloads with the network cut (the
// service worker) and shows the map, a search and a route. On phones
// (390×844, 360×800, fresh profiles): the map fills the screen under the
// sheet at peek (≥ 90%), the sheet drags to half and full, every control is
// ≥ 44 px, search and card; cold start and warm autocomplete measured at
// each viewport. Screenshots go to build/test-output/.
// Needs `make bando demo-page` and Chromium (/usr/bin/chromium; never downloaded).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
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
  // missing, built before routing, or older than the builder (formats move: rebuild, ~30 s)
  if (!existsSync(join(bundle, "tiles/graph/index.mp")) || statSync(join(bundle, "manifest.json")).mtimeMs < statSync(join(repoRoot, "build/bando")).mtimeMs) {
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

// Pixels of the map canvas within tol of an RGB colour (a drawn line).
async function colourPixels([r, g, b], tol = 40) {
  const png = await page.locator("#map canvas").screenshot();
  return page.evaluate(async ({ b64, r, g, b, tol }) => {
    const img = new Image();
    img.src = "data:image/png;base64," + b64;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height), ctx = c.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, img.width, img.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - r) + Math.abs(d[i + 1] - g) + Math.abs(d[i + 2] - b) <= tol) n++;
    return n;
  }, { b64: png.toString("base64"), r, g, b, tol });
}
const routeBlue = [0x1a, 0x73, 0xe8], tripTeal = [0x1b, 0x99, 0x8b]; // the route line, the trip's second leg (pins use neither)
// Features of a layer drawn on the map now.
const rendered = (layer) => page.evaluate((l) => window.bandoDemo.map.queryRenderedFeatures({ layers: [l] }).length, layer);
// Click the map at a coordinate (projected to the page).
async function clickMap(lng, lat) {
  const { x, y } = await page.evaluate(([lng, lat]) => {
    const m = window.bandoDemo.map, r = m.getContainer().getBoundingClientRect(), p = m.project([lng, lat]);
    return { x: r.left + p.x, y: r.top + p.y };
  }, [lng, lat]);
  await page.mouse.click(x, y);
}
const tab = (name) => page.click(`#tabs [data-tab=${name}]`);
// Wait for a new answer of a panel (state.route / state.trip replaced).
async function newAnswer(key, action) {
  await page.evaluate((k) => { window.bandoDemo[k] = null; }, key);
  await action();
  await waitFor((k) => window.bandoDemo[k]?.drawn, key); // answered, and the map idle after drawing it
  return page.evaluate((k) => window.bandoDemo[k], key);
}
// The step list of the route panel: texts, and any element other than <b> inside an instruction.
const steps = () => page.$$eval("#routeOut .step .instr", (els) => ({ texts: els.map((e) => e.textContent), tags: [...new Set(els.flatMap((e) => [...e.querySelectorAll("*")].map((x) => x.tagName)))] }));
// Five stops around Hoàn Kiếm for the trip, and the second destination of the route.
const stops = [[105.8524, 21.0287], [105.8412, 21.0245], [105.8500, 21.0333], [105.8450, 21.0300], [105.8480, 21.0260]];

test("demo: search, route, trip, download, offline", { timeout: 480_000 }, async (t) => {
  await page.goto(origin + "/");
  try {
    await waitFor(() => window.bandoDemo?.ready && (window.bandoDemo.idle ?? 0) > 0);
  } catch (e) {
    assert.fail(`page not ready: ${e.message}\n${logs.join("\n")}`);
  }
  const probes = await page.evaluate(() => window.bandoDemo.probes);
  t.diagnostic(`endpoints served: ${JSON.stringify(probes)}`);
  for (const p of ["autocomplete", "tiles", "forcodes/encode", "direction", "optimized-route"]) assert.ok(probes[p], `${p} served`);
  assert.ok(await mapColours() > 8, "the map draws");
  await shot("1-map");
  const perf = { desktop: await measure(page) };
  t.diagnostic(`1280×800: ${JSON.stringify(perf.desktop)}`);

  // ---- a map that reads like a map: symbols from the package's glyphs and sprite
  await mapIdleAfter(() => page.evaluate(() => window.bandoDemo.map.jumpTo({ center: [105.8522, 21.0285], zoom: 16 })));
  const symbols = await page.evaluate(() => {
    const m = window.bandoDemo.map, q = (l) => m.queryRenderedFeatures({ layers: [l] });
    return { roads: [...new Set(q("label-road").map((f) => f.properties.name))], pois: q("pois").map((f) => f.properties.class), places: q("label-place").length };
  });
  t.diagnostic(`z16 Hoàn Kiếm: ${symbols.roads.length} street names, ${symbols.pois.length} POI icons, ${symbols.places} place labels`);
  assert.ok(symbols.roads.length >= 5 && symbols.roads.some((n) => /^(Phố|Đường) /.test(n)), JSON.stringify(symbols.roads));
  assert.ok(symbols.pois.length >= 5, JSON.stringify(symbols.pois));
  assert.ok(symbols.places >= 1);
  await shot("1b-z16-labels");
  await mapIdleAfter(() => page.evaluate(() => window.bandoDemo.map.jumpTo({ center: [105.8522, 21.0285], zoom: 18.2 })));
  assert.ok(await rendered("housenumbers") > 0, "house numbers at z18");
  await shot("1c-z18-housenumbers");

  // ---- search: no results with a hint; Enter picks the first result
  await page.fill("#q", "zzqxv");
  await waitFor(() => document.querySelector("#results li.empty"));
  assert.match(await page.textContent("#results"), /Không tìm thấy “zzqxv”.*Thử/s);

  // ---- type-ahead search and the place card
  await page.fill("#q", "hang bac");
  await waitFor(() => document.querySelectorAll("#results li:not(.empty)").length > 0);
  const first = await page.textContent("#results li >> nth=0");
  await shot("2-search");
  await mapIdleAfter(() => page.press("#q", "Enter"));
  await waitFor(() => !document.getElementById("card").hidden && document.getElementById("forcode"));
  let card = await page.textContent("#card");
  assert.ok(first.startsWith(card.match(/^[^×]+?(?=×)/)?.[0] ?? "?"), `Enter opened the first result: ${first} / ${card}`);
  assert.match(card, /Hàng Bạc/i);
  assert.match(await page.textContent("#forcode"), /^HN[0-9A-Z]+$/);
  assert.ok(await page.isHidden("#results"), "the card replaces the list");
  assert.equal(await page.locator("#card h2").count(), 1, "one card");
  assert.doesNotMatch(card, /\b[nwr]\d{3,}\b|[a-z]+_[a-z_]+/, `no raw ids or slugs: ${card}`);
  const cat = await page.textContent("#card .cat");
  assert.match(cat, /^[A-ZĐÂĂÊÔƠƯ]/, `category in words: ${cat}`);
  await shot("3-place-card");
  // a click on the map replaces the card (one card per selection)
  await page.evaluate(() => { window.bandoDemo.card = null; window.bandoDemo.map.jumpTo({ center: [105.8515, 21.0290], zoom: 16 }); });
  await clickMap(105.8515, 21.0290);
  await waitFor(() => window.bandoDemo.card?.forcode);
  assert.equal(await page.locator("#card h2").count(), 1, "still one card");
  // and a result again
  await page.fill("#q", "hang bac");
  await waitFor(() => !document.getElementById("results").hidden && document.querySelectorAll("#results li:not(.empty)").length > 0);
  await page.click("#results li >> nth=0");
  await waitFor(() => !document.getElementById("card").hidden && document.getElementById("forcode"));

  // old ↔ new structure: the province list, the boundary filter and the open card follow
  await tab("offline");
  const n0 = await page.evaluate(() => window.bandoDemo.card.n);
  await page.uncheck("#v2");
  await waitFor((n) => window.bandoDemo.card.n > n && window.bandoDemo.card.structure === "old", n0);
  const oldOpts = await page.$$eval("#province option", (os) => os.map((o) => o.textContent));
  const filt = await page.evaluate(() => JSON.stringify(window.bandoDemo.map.getFilter("boundary-province")));
  assert.ok(oldOpts.some((o) => /Hà Nội/.test(o)) && filt.includes('"old"'), `${oldOpts} ${filt}`);
  const oldLabel = await page.evaluate(() => window.bandoDemo.card.label);
  await page.check("#v2");
  await waitFor(() => window.bandoDemo.card.structure === "new");
  const newLabel = await page.evaluate(() => window.bandoDemo.card.label);
  t.diagnostic(`card label old: ${oldLabel} / new: ${newLabel}`);
  assert.ok((await page.evaluate(() => JSON.stringify(window.bandoDemo.map.getFilter("boundary-province")))).includes('"new"'));
  // the whole UI in English, the card included, then back
  await page.selectOption("#uilang", "en");
  await waitFor(() => window.bandoDemo.card.lang === "en");
  assert.equal(await page.textContent("#tabs [data-tab=search]"), "Search");
  await waitFor(() => document.getElementById("estimate").textContent.startsWith("To download"));
  assert.match(await page.getAttribute("#q", "placeholder"), /Search places/);
  await tab("search");
  assert.match(await page.textContent("#card .actions"), /From here/);
  await shot("3b-english");
  await page.selectOption("#uilang", "vi").catch(async () => { await tab("offline"); await page.selectOption("#uilang", "vi"); });
  await waitFor(() => window.bandoDemo.card.lang === "vi");
  await tab("search");

  // ---- the route: from the place card ("Đi từ đây"), to a typed search
  await tab("search");
  await page.click("#card .actions button >> text=Đi từ đây");
  assert.equal(await page.evaluate(() => window.bandoDemo.tab), "route");
  assert.match(await page.inputValue("#routeWps .wp:nth-child(1) input"), /Hàng Bạc/);
  let route = await newAnswer("route", async () => {
    await page.fill("#routeWps .wp:nth-child(2) input", "nha tho lon");
    await page.click("#routeWps .wp:nth-child(2) .sugg li >> nth=0");
  });
  t.diagnostic(`route (car, vi): ${JSON.stringify(route)}`);
  assert.equal(route.status, "OK");
  assert.ok(route.routes >= 1 && route.steps >= 3 && route.points >= 5, JSON.stringify(route));
  let st = await steps();
  assert.deepEqual(st.tags, ["B"], `only <b> in instructions: ${st.tags}`);
  assert.match(st.texts.join("\n"), /Rẽ|Đi|Tiếp tục/);
  assert.match(await page.textContent("#routeOut .routeopt.on"), /\d+ phút · [\d,]+ k?m/);
  assert.ok(await rendered("route-line") > 0, "the route line is drawn");
  assert.ok(await colourPixels(routeBlue) > 500, "the route line is visible");
  assert.equal(await page.$$eval(".pin.route", (ps) => ps.map((p) => p.textContent).join("")), "AB");
  await shot("4-route");
  if (route.routes > 1) {
    // an alternative, chosen from the list, becomes the route drawn dark
    await page.click("#routeOut .routeopt >> nth=1");
    assert.equal(await page.evaluate(() => window.bandoDemo.route.selected), 1);
    assert.ok(await rendered("route-alt") > 0, "the other route is drawn lighter");
  }
  // every vehicle answers; English instructions
  const vehicles = {};
  for (const v of ["motor", "bike", "walking", "truck", "taxi", "car"]) {
    const r = await newAnswer("route", () => page.selectOption("#vehicle", v));
    vehicles[v] = `${r.status} ${r.routes} routes, ${r.steps} steps, ${Math.round(r.ms)} ms`;
    assert.equal(r.status, "OK", `${v}: ${JSON.stringify(r)}`);
  }
  t.diagnostic(`vehicles: ${JSON.stringify(vehicles)}`);
  await newAnswer("route", () => page.selectOption("#lang", "en"));
  st = await steps();
  assert.match(st.texts.join("\n"), /Turn|Head|Continue|destination/, st.texts.join("\n"));
  assert.match(await page.textContent("#routeOut .routeopt.on"), /mins? · [\d.]+ k?m/);
  assert.doesNotMatch(await page.textContent("#routeOut"), /\bqua\b/, "no Vietnamese words in an English summary");
  // a second destination clicked on the map: two legs
  await page.click("#addDest");
  await page.evaluate(() => window.bandoDemo.map.jumpTo({ center: [105.847, 21.029], zoom: 14.5 }));
  route = await newAnswer("route", () => clickMap(...stops[3]));
  assert.equal(await page.locator("#routeOut h3").count(), 2, "one heading per leg");
  assert.equal(await page.$$eval(".pin.route", (ps) => ps.map((p) => p.textContent).join("")), "ABC");
  await page.selectOption("#lang", "vi");
  // the sanitiser keeps <b> and text only; nothing runs
  const clean = await page.evaluate(async () => {
    const { sanitize } = await import("./ui.mjs");
    const d = document.createElement("div");
    d.append(sanitize('Rẽ <b>phải</b> &amp; <i>x</i><img src=x onerror="window.pwned=1"><script>window.pwned=2</script><b onclick="x()">y</b>'));
    await new Promise((r) => setTimeout(r, 50));
    return { html: d.innerHTML, pwned: window.pwned ?? null };
  });
  assert.deepEqual(clean, { html: "Rẽ <b>phải</b> &amp; x<b>y</b>", pwned: null });

  // ---- the trip: five stops clicked on the map, optimized
  await tab("trip");
  await page.evaluate(() => window.bandoDemo.map.jumpTo({ center: [105.847, 21.029], zoom: 14.5 }));
  for (const [lng, lat] of stops) {
    const n = await page.locator("#tripWps input").evaluateAll((is) => is.filter((i) => i.value).length);
    await clickMap(lng, lat);
    await waitFor((k) => [...document.querySelectorAll("#tripWps input")].filter((i) => i.value).length > k, n);
  }
  const trip = await newAnswer("trip", () => page.click("#optimize"));
  t.diagnostic(`trip: ${JSON.stringify(trip)}`);
  assert.equal(trip.legs, 4);
  assert.deepEqual([...trip.order].sort(), [0, 1, 2, 3, 4], "every stop once");
  assert.ok(trip.order[0] === 0 && trip.order[4] === 4, "first and last stay");
  assert.ok(trip.length > 1 && trip.time > 60, JSON.stringify(trip));
  assert.equal((await page.$$eval(".pin.trip", (ps) => ps.map((p) => p.textContent))).sort().join(""), "12345", "visiting order numbered");
  assert.match(await page.textContent("#tripOut .order"), /^Thứ tự: A → [B-D] → [B-D] → [B-D] → E$/);
  assert.ok(await rendered("trip-line") >= 4, "the legs are drawn");
  assert.ok(await colourPixels(tripTeal) > 200, "the second leg is visible");
  await shot("5-trip");

  // ---- download the province (new structure: Hà Nội, 01)
  await tab("offline");
  const regions = await page.$$eval("#province option", (os) => os.map((o) => [o.value, o.textContent]));
  assert.ok(regions.some(([v]) => v === "01"), JSON.stringify(regions));
  await page.selectOption("#province", "01");
  // the size before it starts, with the storage the browser grants
  await waitFor(() => window.bandoDemo.estimate?.bytes > 0 && document.getElementById("estimate").textContent.includes("MB"));
  const est = await page.evaluate(() => window.bandoDemo.estimate);
  t.diagnostic(`before the download: ${JSON.stringify(est)}; ${await page.textContent("#estimate")}`);
  assert.ok(est.quota > est.bytes, JSON.stringify(est));
  assert.match(await page.textContent("#estimate"), /Cần tải [\d,.]+ [kMG]B \([\d.,]+ tệp\).*Trình duyệt cho phép/);
  const dl0 = Date.now();
  await page.click("#download");
  await waitFor(() => window.bandoDemo.download && document.querySelector("#downloads li button"));
  const dl = await page.evaluate(() => ({ ...window.bandoDemo.download, storage: window.bandoDemo.storage }));
  t.diagnostic(`download: ${JSON.stringify(dl)} in ${Date.now() - dl0} ms (page)`);
  assert.ok(dl.tiles > 5 && dl.fetched + dl.skipped === dl.tiles && dl.storage.bytes >= dl.bytes);
  assert.equal(dl.totalBytes, est.bytes, "the size shown before is what the download took");
  assert.match(await page.textContent("#storage"), /MB/);
  // the downloaded provinces: name, size, update, delete
  const row = await page.textContent("#downloads li");
  assert.match(row, /Hà Nội.*[\d,.]+ MB.*Cập nhật.*Xoá/s, row);
  await shot("6-downloaded");

  // ---- cut the network
  await context.setOffline(true);
  // (no-store: a file in the HTTP cache would answer even offline; only Cache Storage may count)
  assert.equal(await page.evaluate(() => fetch("/bundle/manifest.json", { cache: "no-store" }).then(() => "online", () => "offline")), "offline");
  const answers = await page.evaluate(async () => {
    const { Bando } = await import("./bando/bando.mjs");
    const fresh = await Bando.open({
      tiles: new URL("bundle/", location.href).href, cache: true, wasm: new URL("bando/dist/bando.wasm", location.href),
      fetch: (url, init) => fetch(url, { ...init, cache: "no-store" }), // tiles from Cache Storage or nowhere
    });
    window.bandoDemo.engine = fresh; // the map and the panels now use the fresh engine
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
      direction: () => fresh.direction({ origin: p, destination: { lat: 21.0245, lng: 105.8412 }, vehicle: "motor" }),
      "optimized-route": () => fresh.optimizedRoute({ locations: [{ lat: 21.0287, lon: 105.8524 }, { lat: 21.0245, lon: 105.8412 }, { lat: 21.0333, lon: 105.8500 }] }),
      distancematrix: () => fresh.distanceMatrix({ sources: [{ lat: 21.0287, lon: 105.8524 }], targets: [{ lat: 21.0245, lon: 105.8412 }] }),
      "address/convert": () => fresh.addressConvert({ text: "Phường Hàng Bạc, Quận Hoàn Kiếm, Hà Nội" }),
    };
    const res = {};
    for (const [name, call] of Object.entries(calls)) {
      try {
        const v = await call();
        res[name] = v instanceof Uint8Array ? { bytes: v.byteLength } : { ok: true, status: v.status ?? v.trip?.status, summary: JSON.stringify(v).slice(0, 300) };
      } catch (e) {
        res[name] = { error: `${e.name}: ${e.message}` };
      }
    }
    return res;
  });
  t.diagnostic(`offline answers: ${JSON.stringify(answers)}`);
  for (const [name, a] of Object.entries(answers)) {
    // An endpoint the core does not serve is a BandoError 404 (not a missing tile).
    if (!probes[name] && name !== "status") assert.match(a.error ?? "", /BandoError/, `${name} offline`);
    else assert.ok(!a.error, `${name} offline: ${a.error}`);
  }
  assert.ok(answers.autocomplete.summary.includes("Hàng Bạc"), answers.autocomplete.summary);
  assert.ok(answers.tiles.bytes > 0);
  assert.equal(answers.direction.status, "OK", answers.direction.summary);
  assert.equal(answers["optimized-route"].status, 0, answers["optimized-route"].summary);

  // the map draws tiles it never drew, offline (zoom out, then in elsewhere)
  const errs0 = await page.evaluate(() => window.bandoDemo.errors.length);
  await mapIdleAfter(() => page.evaluate(() => window.bandoDemo.map.jumpTo({ center: [105.835, 21.03], zoom: 13 })));
  await mapIdleAfter(() => page.evaluate(() => window.bandoDemo.map.jumpTo({ center: [105.848, 21.025], zoom: 15.5 })));
  assert.equal(await page.evaluate(() => window.bandoDemo.errors.length), errs0, JSON.stringify(await page.evaluate(() => window.bandoDemo.errors)));
  assert.ok(await mapColours() > 8, "the map draws offline");
  await shot("7-offline-map");
  // click for forcodes, offline
  await tab("search");
  const clicked = await page.evaluate(() => window.bandoDemo.clicked ?? 0);
  await page.mouse.click(800, 400);
  await waitFor((k) => (window.bandoDemo.clicked ?? 0) > k, clicked);
  assert.match(await page.textContent("#forcode"), /^HN[0-9A-Z]+$/);
  await shot("8-offline-click");

  // the route and trip panels, offline, on the fresh engine
  await tab("route");
  route = await newAnswer("route", () => page.selectOption("#vehicle", "motor"));
  assert.equal(route.status, "OK", JSON.stringify(route));
  assert.ok(route.steps >= 3);
  assert.ok(await rendered("route-line") > 0 && await colourPixels(routeBlue) > 500, "the route line is drawn offline");
  await shot("9-offline-route");
  await tab("trip");
  const trip2 = await newAnswer("trip", () => page.selectOption("#costing", "motorcycle"));
  assert.equal(trip2.legs, 4, JSON.stringify(trip2));
  assert.ok(await rendered("trip-line") >= 4, "the trip is drawn offline");
  await shot("10-offline-trip");
  assert.equal(await page.evaluate(() => window.bandoDemo.errors.length), errs0);

  // ---- reopen the page with the network cut: the service worker serves the page, the
  // engine and the glyphs; the map, a search and a route answer from the cache
  assert.equal(await page.evaluate(() => window.bandoDemo.swReady), true, "service worker active");
  await page.reload();
  await waitFor(() => window.bandoDemo?.ready && (window.bandoDemo.idle ?? 0) > 0);
  assert.ok(await mapColours() > 8, "the map draws after an offline reload");
  await page.fill("#q", "hang bac");
  await waitFor(() => document.querySelectorAll("#results li:not(.empty)").length > 0);
  assert.match(await page.textContent("#results"), /Hàng Bạc/);
  await shot("11-offline-reload-search");
  await page.click("#results li >> nth=0");
  await waitFor(() => document.getElementById("forcode"));
  await page.click("#card .actions button >> nth=1"); // "Đến đây"
  await page.evaluate(() => window.bandoDemo.map.jumpTo({ center: [105.847, 21.029], zoom: 14.5 }));
  route = await newAnswer("route", () => clickMap(...stops[1]));
  assert.equal(route.status, "OK", JSON.stringify(route));
  assert.ok(await colourPixels(routeBlue) > 500, "the route is drawn after an offline reload");
  await shot("12-offline-reload-route");
  const offErrs = await page.evaluate(() => window.bandoDemo.errors);
  assert.deepEqual(offErrs, [], "no map errors offline");
  await context.setOffline(false);
  // delete the province from the list
  await tab("offline");
  await page.click("#downloads li button >> text=Xoá");
  await waitFor(() => document.querySelector("#downloads li.empty"));
  perfs.desktop = perf.desktop;
});

// ---- phones: fresh profiles at 390×844 and 360×800
const perfs = {};
for (const [w, hgt] of [[390, 844], [360, 800]]) {
  test(`demo on a phone, ${w}×${hgt}: full-screen map, bottom sheet, touch targets, search`, { timeout: 240_000 }, async (t) => {
    const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox", "--disable-gpu", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"] });
    try {
      const ctx = await browser.newContext({ viewport: { width: w, height: hgt }, hasTouch: true, isMobile: true });
      const p = await ctx.newPage();
      p.on("pageerror", (e) => logs.push(`pageerror (${w}): ${e.message}`));
      const ps = (name) => p.screenshot({ path: join(out, `phone-${w}-${name}.png`) });
      const wf = (fn, arg) => p.waitForFunction(fn, arg, { timeout: 60_000, polling: 100 });
      await p.goto(origin + "/");
      await wf(() => window.bandoDemo?.ready && (window.bandoDemo.idle ?? 0) > 0);
      const perf = await measure(p);
      perfs[`${w}×${hgt}`] = perf;
      // the map fills the screen; the sheet at peek leaves it ≥ 90%
      const cover = await p.evaluate(() => {
        const m = document.getElementById("map").getBoundingClientRect(), s = document.getElementById("panel").getBoundingClientRect();
        return { map: (m.width * m.height) / (innerWidth * innerHeight), visible: Math.min(s.top, innerHeight) / innerHeight, sheet: window.bandoDemo.sheet.state };
      });
      t.diagnostic(`${w}×${hgt}: ${JSON.stringify(cover)}`);
      assert.equal(cover.sheet, "peek");
      assert.ok(cover.map > 0.99 && cover.visible >= 0.9, JSON.stringify(cover));
      await p.evaluate(() => window.bandoDemo.map.jumpTo({ center: [105.8522, 21.0285], zoom: 16 }));
      await wf(() => window.bandoDemo.map.loaded() && window.bandoDemo.map.queryRenderedFeatures({ layers: ["label-road"] }).length > 0);
      await p.waitForTimeout(300);
      assert.ok(await p.evaluate(() => window.bandoDemo.map.queryRenderedFeatures({ layers: ["pois"] }).length) > 0, "POI icons on a phone");
      await ps("1-peek");
      // drag the grip up: half, then full; tap it: back to peek
      const drag = async (dy) => {
        const g = await p.locator("#grip").boundingBox();
        const x = g.x + g.width / 2, y = g.y + g.height / 2;
        await p.mouse.move(x, y);
        await p.mouse.down();
        for (let i = 1; i <= 8; i++) { await p.mouse.move(x, y + (dy * i) / 8); await p.waitForTimeout(40); }
        await p.mouse.up();
        await p.waitForTimeout(350);
        return p.evaluate(() => window.bandoDemo.sheet.state);
      };
      assert.equal(await drag(-hgt * 0.4), "half");
      await ps("2-half");
      assert.equal(await drag(-hgt * 0.45), "full");
      // every control of the open sheet is at least 44 px high (touch targets)
      for (const name of ["search", "route", "trip", "offline"]) {
        await p.click(`#tabs [data-tab=${name}]`);
        const small = await p.evaluate(() => [...document.querySelectorAll("#panel button, #panel input, #panel select, #panel li, #tabs button")]
          .filter((e) => e.offsetParent !== null && e.type !== "checkbox")
          .map((e) => [e.id || e.textContent.trim().slice(0, 20) || e.className, Math.round(e.getBoundingClientRect().height)])
          .filter(([, hh]) => hh < 44));
        assert.deepEqual(small, [], `${name} tab: controls under 44 px`);
        await ps(`3-full-${name}`);
      }
      await p.click("#tabs [data-tab=search]");
      const g = await p.locator("#grip").boundingBox();
      await p.mouse.click(g.x + g.width / 2, g.y + g.height / 2);
      await p.waitForTimeout(350);
      assert.equal(await p.evaluate(() => window.bandoDemo.sheet.state), "peek");
      // search from the peek: the sheet opens, Enter shows the card at half
      await p.tap("#q");
      await p.fill("#q", "nha tho lon");
      await wf(() => document.querySelectorAll("#results li:not(.empty)").length > 0);
      assert.notEqual(await p.evaluate(() => window.bandoDemo.sheet.state), "peek");
      await ps("4-search");
      await p.press("#q", "Enter");
      await wf(() => document.getElementById("forcode"));
      assert.equal(await p.evaluate(() => window.bandoDemo.sheet.state), "half");
      assert.match(await p.textContent("#card h2"), /Nhà thờ Lớn|Nhà Thờ Lớn/i);
      await ps("5-card");
      await ctx.close();
    } finally {
      await browser.close();
    }
  });
}

// Cold start (navigation to the first autocomplete answer) and warm autocomplete
// (the typed prefixes of five queries, 3 rounds after a warm-up) in the page.
async function measure(p) {
  return p.evaluate(async () => {
    const b = window.bando, c = { "boundary.circle.lat": 21.0285, "boundary.circle.lon": 105.8522 };
    const ready = window.bandoDemo.readyAt;
    await b.autocomplete({ text: "hoan kiem", ...c });
    const first = performance.now();
    const words = ["hang bac", "nha tho lon", "pho hue", "ho guom", "trang tien"];
    const prefixes = words.flatMap((w) => Array.from({ length: w.length - 1 }, (_, i) => w.slice(0, i + 2)));
    for (const text of prefixes) await b.autocomplete({ text, ...c });
    const ms = [];
    for (let r = 0; r < 3; r++) {
      for (const text of prefixes) {
        const t0 = performance.now();
        await b.autocomplete({ text, ...c });
        ms.push(performance.now() - t0);
      }
    }
    ms.sort((a, z) => a - z);
    const q = (f) => ms[Math.min(ms.length - 1, Math.floor(f * ms.length))];
    return { engineStartMs: Math.round(window.bandoDemo.coldStartMs), readyMs: Math.round(ready), firstAnswerMs: Math.round(first), n: ms.length, p50: +q(0.5).toFixed(2), p95: +q(0.95).toFixed(2) };
  });
}

after(() => {
  if (Object.keys(perfs).length) writeFileSync(join(out, "demo-perf.json"), JSON.stringify(perfs, null, 1) + "\n");
  console.log(`demo perf: ${JSON.stringify(perfs)}`);
});
