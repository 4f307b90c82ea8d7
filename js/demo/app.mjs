// The bando demo: MapLibre over the bundle's own vector tiles, labelled
// from the package's glyphs and sprite; a panel (a bottom sheet on phones,
// sheet.mjs) with search (type-ahead, one place card), directions
// (route.mjs), optimized trips (trip.mjs) and offline (the size of a
// province before it downloads, progress, the downloaded provinces with
// their size, update and delete); the old ↔ new structure and the UI
// language (i18n.mjs) apply to what is on screen. Everything is answered
// in the page by the wasm core from tiles kept in Cache Storage, and the
// page itself is cached by a service worker (sw.js): cut the network and
// it reopens and still works.
import { Bando, BandoError, TileNotCachedError, regionKeys } from "./bando/bando.mjs";
import { style, boundaryFilter, placeName } from "./bando/style.mjs";
import { $, h, fmt } from "./ui.mjs";
import { t, apply, category, language, setLanguage, bytes, num } from "./i18n.mjs";
import { bottomSheet } from "./sheet.mjs";
import { routePanel } from "./route.mjs";
import { tripPanel } from "./trip.mjs";

const bundleURL = new URL("bundle/", location.href).href;
const state = { v2: true, probes: {}, errors: [], tab: "search" };
window.bandoDemo = state; // tests read state.ready, probes, errors, route, trip, card, …
setLanguage(language());
apply();
$("uilang").value = language();
const sheet = bottomSheet($("panel"), $("grip"));
state.sheet = sheet;

// The page and the engine, cached for offline use (sw.js).
state.sw = "serviceWorker" in navigator
  ? navigator.serviceWorker.register("sw.js").then(() => navigator.serviceWorker.ready).then(() => true, (e) => String(e))
  : Promise.resolve("unsupported");

const t0 = performance.now();
const bando = await Bando.open({ tiles: bundleURL, cache: true, wasm: new URL("bando/dist/bando.wasm", location.href) });
window.bando = bando;
// The engine answering the page: tests swap in a fresh one (state.engine) after cutting the network.
const engine = () => state.engine ?? bando;
const v2 = () => state.v2;
const status = await bando.status();
state.coldStartMs = performance.now() - t0;
const showEngine = () => { $("engine").textContent = t("engine", status.version, status.data_date, state.coldStartMs.toFixed(0)); };
showEngine();
$("attribution").textContent = status.attribution.join(" · ");
const index = await bando.basemapIndex();

// ---- which endpoints answer: a probe each (404 "unknown path" = not served)
const probes = {
  autocomplete: "/v1/autocomplete?text=a", place: "/v1/place?ids=x", "geocode/reverse": "/v1/geocode/reverse?latlng=0,0",
  "geocode/forward": "/v1/geocode/forward?address=a", nearby: "/v1/nearby?categories=cafe&point.lat=0&point.lon=0",
  direction: "/v1/direction?origin=0,0&destination=0,0", "optimized-route": "/v1/optimized-route?json={}",
  distancematrix: "/v1/distancematrix?json={}", "address/convert": "/v1/address/convert?text=a",
  "forcodes/encode": ["/v1/forcodes/encode?lat=0&lng=0", "POST"], tiles: "/v1/tiles/0/0/0.mvt",
};
await Promise.all(Object.entries(probes).map(async ([name, p]) => {
  const [url, method] = Array.isArray(p) ? p : [p, "GET"];
  const r = await bando.fetch(url, { method });
  state.probes[name] = !(r.status === 404 && (await r.text()).includes("unknown path"));
}));
$("endpoints").textContent = t("endpoints") + Object.entries(state.probes).map(([k, v]) => `${v ? "✓" : "·"} ${k}`).join("  ");
for (const b of document.querySelectorAll("#tabs [data-endpoint]")) b.hidden = !state.probes[b.dataset.endpoint];

// ---- the map: tiles from the engine, labels from the package's glyphs and sprite
maplibregl.addProtocol("bando", async ({ url }) => {
  const [z, x, y] = url.slice("bando://".length).split("/").map(Number);
  return { data: await engine().tile(z, x, y) };
});
const dist = new URL("bando/dist/", location.href).href;
const mapStyle = () => style({
  tiles: "bando://{z}/{x}/{y}", glyphs: dist + "glyphs/{fontstack}/{range}.pbf", sprite: dist + "sprite",
  structure: state.v2 ? "new" : "old", language: language(), minzoom: index?.minzoom ?? 5, maxzoom: index?.maxzoom ?? 14,
});
const b = index?.bounds ?? [102, 8, 110, 23.5];
const map = new maplibregl.Map({
  container: "map", style: mapStyle(), bounds: [[b[0], b[1]], [b[2], b[3]]], maxZoom: 19,
  attributionControl: { compact: true, customAttribution: "© OpenStreetMap contributors" },
});
state.map = map;
map.addControl(new maplibregl.NavigationControl({ showCompass: false }), "top-right");
map.addControl(new maplibregl.ScaleControl(), "bottom-left");
map.on("error", (e) => state.errors.push(String(e.error?.message ?? e.error)));
map.on("idle", () => { state.idle = (state.idle ?? 0) + 1; });
await new Promise((r) => (map.loaded() ? r() : map.once("load", r)));

function fail(el, e) {
  const msg = e instanceof TileNotCachedError ? `${t("notCached")} ${e.path}` : e instanceof BandoError ? `${e.apiStatus}: ${e.message}` : String(e);
  el.hidden = false;
  el.replaceChildren(h("p", { class: "err" }, msg));
}

// ---- tabs; the route and trip panels draw only while their tab is open
const panels = {
  route: state.probes.direction ? routePanel({ engine, map, state, v2, fail }) : null,
  trip: state.probes["optimized-route"] ? tripPanel({ engine, map, state, v2, fail }) : null,
};
state.panels = panels;
function openTab(name, sheetTo = "half") {
  state.tab = name;
  for (const btn of document.querySelectorAll("#tabs button")) btn.classList.toggle("on", btn.dataset.tab === name);
  for (const s of document.querySelectorAll(".tab")) s.hidden = s.id !== `tab-${name}`;
  for (const [k, p] of Object.entries(panels)) p?.show(k === name);
  pick?.getElement().style.setProperty("display", name === "search" ? "" : "none");
  if (name === "offline") showOffline();
  sheet.open(sheetTo);
}
for (const btn of document.querySelectorAll("#tabs button")) btn.onclick = () => openTab(btn.dataset.tab);

// ---- type-ahead search: the list, or one card (the list hides while a card is open)
let seq = 0, pick = null, results = [], card = null;
state.searchTimes = [];
async function search() {
  const my = ++seq, text = $("q").value.trim();
  $("qclear").hidden = !text;
  if (!text) { results = []; return $("results").replaceChildren(); }
  closeCard(false);
  const c = map.getCenter(), t1 = performance.now();
  try {
    const r = await engine().autocomplete({ text, size: 8, admin_v2: state.v2, "boundary.circle.lat": c.lat, "boundary.circle.lon": c.lng });
    if (my !== seq) return;
    results = r.features;
    state.searchTimes.push(performance.now() - t1);
    renderResults(text);
    state.searched = (state.searched ?? 0) + 1;
  } catch (e) { if (my === seq) fail($("card"), e); }
}
function renderResults(text) {
  $("results").hidden = false;
  if (!results.length) {
    $("results").replaceChildren(h("li", { class: "empty" }, h("b", {}, t("noResults", text)), h("div", { class: "sub" }, t("noResultsHint"))));
    return;
  }
  $("results").replaceChildren(...results.map((f, i) => h("li", { onclick: () => openPlace(f), class: i === 0 ? "active" : "" },
    f.properties.name, h("div", { class: "sub" }, [category(f.properties.category), f.properties.label].filter(Boolean).join(" · ")))));
}
$("q").addEventListener("input", search);
$("q").addEventListener("focus", () => { openTab("search"); });
$("q").addEventListener("keydown", (e) => {
  if (e.key !== "Enter") return;
  e.preventDefault();
  if (results[0]) openPlace(results[0]);
});
$("qclear").onclick = () => { $("q").value = ""; search(); closeCard(); };

function mark(lng, lat) {
  pick?.remove();
  pick = new maplibregl.Marker({ color: "#d33" }).setLngLat([lng, lat]).addTo(map);
}

// "From here / to here / add to the trip" on the card.
function actions(p) {
  const go = (tab, fn) => () => { openTab(tab); fn(); };
  return h("p", { class: "row actions" },
    panels.route && h("button", { onclick: go("route", () => panels.route.setEnd("from", p)) }, t("from")),
    panels.route && h("button", { onclick: go("route", () => panels.route.setEnd("to", p)) }, t("to")),
    panels.trip && h("button", { onclick: go("trip", () => panels.trip.add(p)) }, t("addTrip")));
}

// The card: one selection at a time (a result or a point of the map), drawn
// from what the engine answers in the current structure and language.
async function renderCard() {
  const c = card;
  if (!c) return;
  const { lat, lng } = c;
  const parts = [];
  let name = c.feature?.properties.name, sub = c.feature?.properties.label, cat = c.feature ? category(c.feature.properties.category) : "";
  const extra = [];
  const jobs = [];
  if (c.feature && state.probes.place) {
    jobs.push(engine().place({ ids: c.feature.properties.id, admin_v2: state.v2 }).then((d) => {
      const p = d.features[0]?.properties ?? {};
      if (p.label) sub = p.label;
      if (p.phone) extra.push(`☎ ${p.phone}`);
      if (p.website) extra.push(p.website);
      if (p.opening_hours_v2 ?? p.opening_hours) extra.push(`🕑 ${p.opening_hours_v2 ?? p.opening_hours}`);
    }, () => {}));
  }
  let forcode = null;
  jobs.push(engine().forcodesEncode({ lat: +lat.toFixed(6), lng: +lng.toFixed(6), resolution: 11 }).then((f) => { forcode = f.forcodes; }, () => {}));
  let reverse = null;
  if (state.probes["geocode/reverse"]) {
    jobs.push(engine().geocodeReverse({ "point.lat": lat, "point.lon": lng, admin_v2: state.v2, size: 1 }).then((r) => { reverse = r.features[0]?.properties ?? null; }, () => {}));
  }
  await Promise.all(jobs);
  if (card !== c) return; // another selection came meanwhile
  if (!c.feature) {
    name = reverse?.name ?? t("pointPicked");
    sub = reverse?.label ?? "";
    cat = reverse ? category(reverse.category ?? reverse.layer) : "";
  }
  parts.push(h("div", { class: "cardhead" }, h("h2", {}, name),
    h("button", { class: "icon close", title: t("close"), "aria-label": t("close"), onclick: () => closeCard() }, "×")));
  if (cat) parts.push(h("div", { class: "cat" }, cat));
  if (sub) parts.push(h("div", { class: "sub" }, sub));
  for (const x of extra) parts.push(h("div", {}, x));
  parts.push(h("div", { class: "sub" }, `${fmt(lat, 6)}, ${fmt(lng, 6)}`, forcode ? [" · Forcode ", h("b", { id: "forcode" }, forcode)] : []));
  parts.push(actions({ lat, lng, name }));
  $("card").hidden = false;
  $("card").replaceChildren(...parts);
  $("results").hidden = true;
  state.card = { name, category: cat, label: sub, forcode, n: (state.card?.n ?? 0) + 1, structure: state.v2 ? "new" : "old", lang: language() };
}
function closeCard(showList = true) {
  card = null;
  $("card").hidden = true;
  $("card").replaceChildren();
  if (showList) $("results").hidden = false;
  pick?.remove();
  pick = null;
}
async function openPlace(f) {
  const [lng, lat] = f.geometry.coordinates;
  // on a phone the sheet opens to half: the place goes in the middle of the map above it
  map.easeTo({ center: [lng, lat], zoom: Math.max(map.getZoom(), 16), duration: 0, offset: [0, sheet.isPhone() ? -innerHeight / 4 : 0] });
  mark(lng, lat);
  card = { feature: f, lat, lng };
  $("q").blur();
  sheet.open("half");
  await renderCard();
}
async function clickAt(lat, lng) {
  mark(lng, lat);
  card = { lat, lng };
  await renderCard();
  state.clicked = (state.clicked ?? 0) + 1;
}

// ---- map clicks: the open tab decides (a route point, a trip stop, or the card)
map.on("click", (e) => {
  if (e.originalEvent.bandoHandled) return; // a route alternative was chosen
  const p = { lat: e.lngLat.lat, lng: e.lngLat.lng };
  if (state.tab === "route" && panels.route) return panels.route.pick(p);
  if (state.tab === "trip" && panels.trip) return panels.trip.pick(p);
  clickAt(p.lat, p.lng);
});

// ---- the structure and the language apply to everything on screen
function setStructure(on) {
  state.v2 = on;
  for (const l of ["boundary-province", "boundary-district", "boundary-ward"]) {
    map.setFilter(l, ["all", ["==", ["get", "level"], l.slice(9)], boundaryFilter(on ? "new" : "old")]);
  }
  fillProvinces();
  refreshAll();
}
$("v2").onchange = () => setStructure($("v2").checked);
$("uilang").onchange = () => {
  setLanguage($("uilang").value);
  apply();
  showEngine();
  map.setLayoutProperty("label-place", "text-field", placeName(language()));
  panels.route?.relabel();
  panels.trip?.relabel();
  refreshAll();
};
function refreshAll() {
  if (card) renderCard();
  else if ($("q").value.trim()) search();
  panels.route?.refresh();
  panels.trip?.refresh();
  if (state.tab === "offline") showOffline();
}

// ---- offline: the size before downloading, progress, the downloaded provinces
const structure = () => (state.v2 ? "new" : "old");
const regions = () => (index?.regions ?? []).filter((r) => r.structure === structure());
function fillProvinces() {
  const rs = regions();
  const keep = $("province").value;
  $("province").replaceChildren(...rs.map((r) => new Option(r.name, r.code)));
  if (rs.some((r) => r.code === keep)) $("province").value = keep;
  $("download").disabled = rs.length === 0;
}
fillProvinces();
const saved = () => JSON.parse(localStorage.getItem("bando.downloads") ?? "[]");
const save = (list) => localStorage.setItem("bando.downloads", JSON.stringify(list));
let manifest = null;
// The bytes and files a province needs: a packed bundle's plan (its archives), or a loose
// bundle's tiles from the manifest.
async function estimate(code) {
  manifest ??= await bando.manifest();
  const r = regions().find((x) => x.code === code);
  if (!r) return null;
  if (manifest.pack) {
    const plan = await bando.downloadPlan({ province: code, structure: structure() });
    return { region: r, keys: plan.archives.length, bytes: plan.bytes, toFetch: plan.toFetch };
  }
  const keys = regionKeys(manifest, r.bbox);
  const total = keys.reduce((s, k) => s + manifest.tiles[k].size, 0);
  return { region: r, keys: keys.length, bytes: total };
}
async function showOffline() {
  const code = $("province").value;
  const [e, s] = await Promise.all([code ? estimate(code) : null, bando.storage()]);
  state.storage = s;
  const est = await navigator.storage?.estimate?.().catch(() => null);
  const lines = [];
  if (e) lines.push(t("sizeBefore", bytes(e.bytes), num(e.keys), bytes(s.bytes)));
  if (est?.quota) lines.push(t("granted", bytes(est.quota), bytes(est.usage)));
  if (e && est?.quota && e.bytes > est.quota - est.usage) lines.push(t("notEnough", bytes(e.bytes), bytes(est.quota - est.usage)));
  $("estimate").textContent = lines.join(" ");
  state.estimate = e && { bytes: e.bytes, keys: e.keys, quota: est?.quota ?? null, usage: est?.usage ?? null };
  $("storage").textContent = t("stored", num(s.tiles), bytes(s.bytes));
  const list = saved();
  $("downloads").replaceChildren(...(list.length ? list.map((d) => h("li", {},
    h("span", { class: "name" }, d.name, h("div", { class: "sub" }, `${bytes(d.bytes)} · ${new Date(d.at).toLocaleDateString(language() === "en" ? "en-GB" : "vi-VN")}`)),
    h("button", { onclick: () => get(d.code, d.structure) }, t("update")),
    h("button", { onclick: () => remove(d) }, t("delete")))) : [h("li", { class: "empty" }, t("noneDownloaded"))]));
}
$("province").onchange = showOffline;
let ac = null;
async function get(code, struct = structure()) {
  ac = new AbortController();
  $("cancel").disabled = false;
  $("download").disabled = true;
  try {
    const r = await bando.download({ province: code, structure: struct }, {
      signal: ac.signal,
      onProgress: (p) => { $("progress").value = p.done / p.total; $("storage").textContent = t("progress", num(p.done), num(p.total), bytes(p.bytes)); },
    });
    const reg = (index?.regions ?? []).find((x) => x.code === code && x.structure === struct);
    const list = saved().filter((d) => !(d.code === code && d.structure === struct));
    list.push({ code, structure: struct, name: reg?.name ?? code, bytes: r.totalBytes ?? r.bytes, at: Date.now() });
    save(list);
    state.download = r;
    await showOffline();
  } catch (e) {
    $("storage").textContent = e.name === "AbortError" ? t("cancelled") : e.message;
  } finally {
    $("cancel").disabled = true;
    $("download").disabled = false;
  }
}
async function remove(d) {
  const r = await bando.evict({ province: d.code, structure: d.structure });
  save(saved().filter((x) => !(x.code === d.code && x.structure === d.structure)));
  await showOffline();
  $("storage").textContent += ` · ${t("removed", r.tiles)}`;
}
$("download").onclick = () => get($("province").value);
$("cancel").onclick = () => ac?.abort();
state.sw.then((v) => { state.swReady = v; });
state.readyAt = performance.now();
state.ready = true;
