// The bando demo: MapLibre over the bundle's own vector tiles; tabs for
// search (type-ahead, place card, click for reverse geocoding and
// forcodes), directions (route.mjs), optimized trips (trip.mjs) and
// offline (download a province with progress, storage used); the old ↔ new
// structure switch. Everything is answered in the page by the wasm core
// from tiles kept in Cache Storage: cut the network and it still works.
import { Bando, BandoError, TileNotCachedError } from "./bando/bando.mjs";
import { style, boundaryFilter } from "./bando/style.mjs";
import { $, h, esc, fmt } from "./ui.mjs";
import { routePanel } from "./route.mjs";
import { tripPanel } from "./trip.mjs";

const bundleURL = new URL("bundle/", location.href).href;
const state = { v2: true, picked: null, probes: {}, errors: [], tab: "search" };
window.bandoDemo = state; // tests read state.ready, probes, errors, route, trip, …

const t0 = performance.now();
const bando = await Bando.open({ tiles: bundleURL, cache: true, wasm: new URL("bando/dist/bando.wasm", location.href) });
window.bando = bando;
// The engine answering the page: tests swap in a fresh one (state.engine) after cutting the network.
const engine = () => state.engine ?? bando;
const v2 = () => state.v2;
const status = await bando.status();
state.coldStartMs = performance.now() - t0;
$("engine").textContent = `${status.version} · dữ liệu ${status.data_date} · khởi động ${state.coldStartMs.toFixed(0)} ms`;
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
for (const [name, p] of Object.entries(probes)) {
  const [url, method] = Array.isArray(p) ? p : [p, "GET"];
  const r = await bando.fetch(url, { method });
  state.probes[name] = !(r.status === 404 && (await r.text()).includes("unknown path"));
}
$("endpoints").textContent = "Endpoint: " + Object.entries(state.probes).map(([k, v]) => `${v ? "✓" : "·"} ${k}`).join("  ");
for (const b of document.querySelectorAll("#tabs [data-endpoint]")) b.hidden = !state.probes[b.dataset.endpoint];

// ---- the map
// Place names as HTML (the style has no glyphs: no font files needed).
const labelBox = h("div");
function labels() {
  map.getCanvasContainer().append(labelBox);
  const seen = new Set();
  labelBox.replaceChildren(...map.queryRenderedFeatures({ layers: ["places"] }).filter((f) => {
    const k = f.properties.name;
    return k && !seen.has(k) && seen.add(k);
  }).slice(0, 80).map((f) => {
    const p = map.project(f.geometry.coordinates);
    return h("div", { class: `label ${f.properties.class}`, style: `left:${p.x}px;top:${p.y}px` }, f.properties.name);
  }));
}
maplibregl.addProtocol("bando", async ({ url }) => {
  const [z, x, y] = url.slice("bando://".length).split("/").map(Number);
  return { data: await engine().tile(z, x, y) };
});
const b = index?.bounds ?? [102, 8, 110, 23.5];
const map = new maplibregl.Map({
  container: "map", style: style({ tiles: "bando://{z}/{x}/{y}", structure: "new", minzoom: index?.minzoom ?? 5, maxzoom: index?.maxzoom ?? 14 }),
  bounds: [[b[0], b[1]], [b[2], b[3]]], maxZoom: 18, attributionControl: { compact: false, customAttribution: "© OpenStreetMap contributors" },
});
state.map = map;
map.addControl(new maplibregl.NavigationControl({ showCompass: false }), "top-right");
map.addControl(new maplibregl.ScaleControl(), "bottom-right");
map.on("error", (e) => state.errors.push(String(e.error?.message ?? e.error)));
map.on("idle", () => { state.idle = (state.idle ?? 0) + 1; labels(); });
map.on("move", () => labelBox.replaceChildren());
await new Promise((r) => (map.loaded() ? r() : map.once("load", r)));

function setStructure(on) {
  state.v2 = on;
  for (const l of ["boundary-province", "boundary-district", "boundary-ward"]) {
    map.setFilter(l, ["all", ["==", ["get", "level"], l.slice(9)], boundaryFilter(on ? "new" : "old")]);
  }
  fillProvinces();
}
$("v2").onchange = () => setStructure($("v2").checked);

function show(el, html) { el.hidden = false; el.innerHTML = html; }
function fail(el, e) {
  const msg = e instanceof TileNotCachedError ? `Chưa tải dữ liệu vùng này (offline): ${e.path}` : e instanceof BandoError ? `${e.apiStatus}: ${e.message}` : String(e);
  el.hidden = false;
  el.replaceChildren(h("p", { class: "err" }, msg));
}

// ---- tabs; the route and trip panels draw only while their tab is open
const panels = {
  route: state.probes.direction ? routePanel({ engine, map, state, v2, fail }) : null,
  trip: state.probes["optimized-route"] ? tripPanel({ engine, map, state, v2, fail }) : null,
};
state.panels = panels;
function openTab(name) {
  state.tab = name;
  for (const btn of document.querySelectorAll("#tabs button")) btn.classList.toggle("on", btn.dataset.tab === name);
  for (const s of document.querySelectorAll(".tab")) s.hidden = s.id !== `tab-${name}`;
  for (const [k, p] of Object.entries(panels)) p?.show(k === name);
  pick?.getElement().style.setProperty("display", name === "search" ? "" : "none");
}
for (const btn of document.querySelectorAll("#tabs button")) btn.onclick = () => openTab(btn.dataset.tab);

// ---- type-ahead search and the place card
let seq = 0, pick = null;
$("q").addEventListener("input", async () => {
  const my = ++seq, text = $("q").value.trim();
  if (!text) return $("results").replaceChildren();
  const c = map.getCenter();
  try {
    const r = await engine().autocomplete({ text, size: 8, admin_v2: state.v2, "boundary.circle.lat": c.lat, "boundary.circle.lon": c.lng });
    if (my !== seq) return;
    $("results").replaceChildren(...r.features.map((f) => h("li", { onclick: () => openPlace(f) },
      f.properties.name, h("div", { class: "sub" }, f.properties.label))));
    state.searched = (state.searched ?? 0) + 1;
  } catch (e) { fail($("card"), e); }
});

function mark(lng, lat) {
  pick?.remove();
  pick = new maplibregl.Marker({ color: "#d33" }).setLngLat([lng, lat]).addTo(map);
}

// "From here / to here / add to the trip" on the place and click cards.
function actions(p) {
  const go = (tab, fn) => () => { openTab(tab); fn(); };
  return h("p", { class: "row actions" },
    panels.route && h("button", { onclick: go("route", () => panels.route.setEnd("from", p)) }, "Đi từ đây"),
    panels.route && h("button", { onclick: go("route", () => panels.route.setEnd("to", p)) }, "Đến đây"),
    panels.trip && h("button", { onclick: go("trip", () => panels.trip.add(p)) }, "+ Lộ trình"));
}

async function openPlace(f) {
  const [lon, lat] = f.geometry.coordinates;
  map.flyTo({ center: [lon, lat], zoom: 16, duration: 0 });
  mark(lon, lat);
  state.picked = { lat, lng: lon };
  let extra = "";
  if (state.probes.place) {
    try {
      const d = await engine().place({ ids: f.properties.id, admin_v2: state.v2 });
      const p = d.features[0]?.properties ?? {};
      extra = [p.phone && `☎ ${esc(p.phone)}`, p.website && esc(p.website), p.opening_hours_v2 && `🕑 ${esc(p.opening_hours_v2)}`].filter(Boolean).join("<br>");
    } catch (e) { extra = esc(e.message); }
  }
  const p = f.properties;
  show($("card"), `<h2>${esc(p.name)}</h2><div class="sub">${esc(p.label)}</div><div>${esc((p.category ?? []).join(", "))}</div>
    <div class="sub">${lat.toFixed(6)}, ${lon.toFixed(6)} · ${esc(p.id)}</div>${extra}`);
  $("card").append(actions({ lat, lng: lon, name: p.name }));
  await clickAt(lat, lon);
}

// ---- map clicks: the open tab decides (a route point, a trip stop, or the click card)
map.on("click", (e) => {
  if (e.originalEvent.bandoHandled) return; // a route alternative was chosen
  const p = { lat: e.lngLat.lat, lng: e.lngLat.lng };
  if (state.tab === "route" && panels.route) return panels.route.pick(p);
  if (state.tab === "trip" && panels.trip) return panels.trip.pick(p);
  mark(p.lng, p.lat);
  clickAt(p.lat, p.lng);
});

async function clickAt(lat, lng) {
  state.picked = { lat, lng };
  const parts = [`<h2>Điểm đã chọn</h2><div class="sub">${lat.toFixed(6)}, ${lng.toFixed(6)}</div>`];
  let name = `${fmt(lat)}, ${fmt(lng)}`;
  try {
    const f = await engine().forcodesEncode({ lat: +lat.toFixed(6), lng: +lng.toFixed(6), resolution: 11 });
    parts.push(`<div>Forcode: <b id="forcode">${esc(f.forcodes)}</b> (${esc(f.admin_code)})</div>`);
  } catch (e) { parts.push(`<div class="sub">forcodes: ${esc(e.message)}</div>`); }
  if (state.probes["geocode/reverse"]) {
    try {
      const r = await engine().geocodeReverse({ "point.lat": lat, "point.lon": lng, admin_v2: state.v2 });
      const p = r.features[0]?.properties;
      if (p) {
        parts.push(`<div>${esc(p.name)}<div class="sub">${esc(p.label)}</div></div>`);
        name = p.name;
      }
    } catch (e) { parts.push(`<div class="sub">${esc(e.message)}</div>`); }
  }
  show($("click"), parts.join(""));
  $("click").append(actions({ lat, lng, name }));
  state.clicked = (state.clicked ?? 0) + 1;
}

// ---- offline: provinces, download with progress, storage used, eviction
function fillProvinces() {
  const regions = (index?.regions ?? []).filter((r) => r.structure === (state.v2 ? "new" : "old"));
  $("province").replaceChildren(...regions.map((r) => new Option(`${r.name} (${r.code})`, r.code)));
  $("download").disabled = regions.length === 0;
}
fillProvinces();
async function showStorage() {
  const s = await bando.storage();
  state.storage = s;
  $("storage").textContent = `Đã lưu: ${s.tiles} tệp, ${(s.bytes / 1048576).toFixed(2)} MiB` + (s.usage != null ? ` (trình duyệt dùng ${(s.usage / 1048576).toFixed(1)} MiB / ${(s.quota / 1073741824).toFixed(1)} GiB)` : "");
}
let ac = null;
$("download").onclick = async () => {
  ac = new AbortController();
  $("cancel").disabled = false;
  $("download").disabled = true;
  try {
    const r = await bando.download({ province: $("province").value, structure: state.v2 ? "new" : "old" }, {
      signal: ac.signal,
      onProgress: (p) => { $("progress").value = p.done / p.total; $("storage").textContent = `${p.done}/${p.total} tệp · ${(p.bytes / 1048576).toFixed(2)} MiB`; },
    });
    await showStorage();
    state.download = r;
  } catch (e) {
    $("storage").textContent = e.name === "AbortError" ? "Đã huỷ (tải lại để tiếp tục)" : e.message;
  } finally {
    $("cancel").disabled = true;
    $("download").disabled = false;
  }
};
$("cancel").onclick = () => ac?.abort();
$("evict").onclick = async () => {
  const r = await bando.evict({ province: $("province").value, structure: state.v2 ? "new" : "old" });
  await showStorage();
  $("storage").textContent += ` · đã xoá ${r.tiles} tệp`;
};
await showStorage();
state.ready = true;
