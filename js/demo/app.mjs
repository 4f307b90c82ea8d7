// The bando demo: MapLibre over the bundle's own vector tiles, search,
// place card, click for forcodes (and reverse geocoding, routing and trips
// when the engine answers them), old ↔ new structures, and "download this
// province" for offline use. Everything is answered in the page by the wasm
// core from tiles kept in Cache Storage: cut the network and it still works.
import { Bando, BandoError, TileNotCachedError } from "./bando/bando.mjs";
import { style, boundaryFilter } from "./bando/style.mjs";

const $ = (id) => document.getElementById(id);
const bundleURL = new URL("bundle/", location.href).href;
const state = { v2: true, picked: null, stops: [], markers: [], probes: {} };
window.bandoDemo = state; // tests read state.ready, state.probes, state.errors
state.errors = [];

const t0 = performance.now();
const bando = await Bando.open({ tiles: bundleURL, cache: true, wasm: new URL("bando/dist/bando.wasm", location.href) });
window.bando = bando;
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
for (const s of document.querySelectorAll(".feature")) s.hidden = !state.probes[s.dataset.endpoint];

// ---- the map
maplibregl.addProtocol("bando", async ({ url }) => {
  const [z, x, y] = url.slice("bando://".length).split("/").map(Number);
  return { data: await (state.engine ?? bando).tile(z, x, y) };
});
const b = index?.bounds ?? [102, 8, 110, 23.5];
const map = new maplibregl.Map({
  container: "map", style: style({ tiles: "bando://{z}/{x}/{y}", structure: "new", minzoom: index?.minzoom ?? 5, maxzoom: index?.maxzoom ?? 14 }),
  bounds: [[b[0], b[1]], [b[2], b[3]]], maxZoom: 18, attributionControl: { compact: false, customAttribution: "© OpenStreetMap contributors" },
});
state.map = map;
map.on("error", (e) => state.errors.push(String(e.error?.message ?? e.error)));
map.on("idle", () => { state.idle = (state.idle ?? 0) + 1; labels(); });

// Place names as HTML (the style has no glyphs: no font files needed).
const labelBox = document.createElement("div");
function labels() {
  map.getCanvasContainer().append(labelBox);
  const seen = new Set();
  labelBox.replaceChildren(...map.queryRenderedFeatures({ layers: ["places"] }).filter((f) => {
    const k = f.properties.name;
    return k && !seen.has(k) && seen.add(k);
  }).slice(0, 80).map((f) => {
    const d = document.createElement("div");
    const p = map.project(f.geometry.coordinates);
    d.className = `label ${f.properties.class}`;
    d.style.left = `${p.x}px`;
    d.style.top = `${p.y}px`;
    d.textContent = f.properties.name;
    return d;
  }));
}
map.on("move", () => labelBox.replaceChildren());

function setStructure(v2) {
  state.v2 = v2;
  for (const l of ["boundary-province", "boundary-district", "boundary-ward"]) {
    map.setFilter(l, ["all", ["==", ["get", "level"], l.slice(9)], boundaryFilter(v2 ? "new" : "old")]);
  }
  fillProvinces();
}
$("v2").onchange = () => setStructure($("v2").checked);

function marker(lngLat, color = "#d33") {
  const m = new maplibregl.Marker({ color }).setLngLat(lngLat).addTo(map);
  state.markers.push(m);
  return m;
}

function show(el, html) { el.hidden = false; el.innerHTML = html; }
const esc = (s) => String(s ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
function fail(el, e) {
  const msg = e instanceof TileNotCachedError ? `Chưa tải dữ liệu vùng này (offline): ${e.path}` : e instanceof BandoError ? `${e.apiStatus}: ${e.message}` : String(e);
  show(el, `<p class="err">${esc(msg)}</p>`);
}

// ---- type-ahead search and the place card
let seq = 0;
$("q").addEventListener("input", async () => {
  const my = ++seq, text = $("q").value.trim();
  if (!text) return $("results").replaceChildren();
  const c = map.getCenter();
  try {
    const r = await bando.autocomplete({ text, size: 8, admin_v2: state.v2, "boundary.circle.lat": c.lat, "boundary.circle.lon": c.lng });
    if (my !== seq) return;
    $("results").replaceChildren(...r.features.map((f) => {
      const li = document.createElement("li");
      li.innerHTML = `${esc(f.properties.name)}<div class="sub">${esc(f.properties.label)}</div>`;
      li.onclick = () => openPlace(f);
      return li;
    }));
    state.searched = (state.searched ?? 0) + 1;
  } catch (e) { fail($("card"), e); }
});

async function openPlace(f) {
  const [lon, lat] = f.geometry.coordinates;
  map.flyTo({ center: [lon, lat], zoom: 16, duration: 0 });
  state.markers.forEach((m) => m.remove());
  marker([lon, lat]);
  state.picked = { lat, lng: lon };
  let extra = "";
  if (state.probes.place) {
    try {
      const d = await bando.place({ ids: f.properties.id, admin_v2: state.v2 });
      const p = d.features[0]?.properties ?? {};
      extra = [p.phone && `☎ ${esc(p.phone)}`, p.website && esc(p.website), p.opening_hours_v2 && `🕑 ${esc(p.opening_hours_v2)}`].filter(Boolean).join("<br>");
    } catch (e) { extra = esc(e.message); }
  }
  const p = f.properties;
  show($("card"), `<h2>${esc(p.name)}</h2><div class="sub">${esc(p.label)}</div><div>${esc((p.category ?? []).join(", "))}</div>
    <div class="sub">${lat.toFixed(6)}, ${lon.toFixed(6)} · ${esc(p.id)}</div>${extra}`);
  await clickAt(lat, lon);
}

// ---- click: forcodes (and reverse geocoding when served)
map.on("click", (e) => clickAt(e.lngLat.lat, e.lngLat.lng));
async function clickAt(lat, lng) {
  state.picked = { lat, lng };
  const parts = [`<h2>Điểm đã chọn</h2><div class="sub">${lat.toFixed(6)}, ${lng.toFixed(6)}</div>`];
  try {
    const f = await bando.forcodesEncode({ lat: +lat.toFixed(6), lng: +lng.toFixed(6), resolution: 11 });
    parts.push(`<div>Forcode: <b id="forcode">${esc(f.forcodes)}</b> (${esc(f.admin_code)})</div>`);
  } catch (e) { parts.push(`<div class="sub">forcodes: ${esc(e.message)}</div>`); }
  if (state.probes["geocode/reverse"]) {
    try {
      const r = await bando.geocodeReverse({ "point.lat": lat, "point.lon": lng, admin_v2: state.v2 });
      const p = r.features[0]?.properties;
      if (p) parts.push(`<div>${esc(p.name)}<div class="sub">${esc(p.label)}</div></div>`);
    } catch (e) { parts.push(`<div class="sub">${esc(e.message)}</div>`); }
  }
  show($("click"), parts.join(""));
  state.clicked = (state.clicked ?? 0) + 1;
}

// ---- routing (when served)
function decodePolyline(s, precision) {
  const f = 10 ** precision, out = [];
  let i = 0, lat = 0, lng = 0;
  const next = () => { let r = 0, sh = 0, c; do { c = s.charCodeAt(i++) - 63; r |= (c & 31) << sh; sh += 5; } while (c >= 32); return r & 1 ? ~(r >> 1) : r >> 1; };
  while (i < s.length) { lat += next(); lng += next(); out.push([lng / f, lat / f]); }
  return out;
}
function drawLine(id, coords, color) {
  const data = { type: "Feature", geometry: { type: "LineString", coordinates: coords } };
  if (map.getSource(id)) map.getSource(id).setData(data);
  else {
    map.addSource(id, { type: "geojson", data });
    map.addLayer({ id, type: "line", source: id, paint: { "line-color": color, "line-width": 5, "line-opacity": 0.8 } });
  }
  const bb = coords.reduce((b, c) => [Math.min(b[0], c[0]), Math.min(b[1], c[1]), Math.max(b[2], c[0]), Math.max(b[3], c[1])], [180, 90, -180, -90]);
  map.fitBounds([[bb[0], bb[1]], [bb[2], bb[3]]], { padding: 40, duration: 0 });
}
const ends = {};
$("setA").onclick = () => { ends.a = state.picked; marker([ends.a.lng, ends.a.lat], "#2a2"); };
$("setB").onclick = () => { ends.b = state.picked; marker([ends.b.lng, ends.b.lat], "#22a"); };
$("go").onclick = async () => {
  try {
    const r = await bando.direction({ origin: ends.a, destination: ends.b, vehicle: $("vehicle").value, alternatives: false });
    const rt = r.routes[0];
    if (!rt) return show($("routeOut"), `<p>${esc(r.status)}</p>`);
    drawLine("route", decodePolyline(rt.overview_polyline.points, 5), "#1a73e8");
    const leg = rt.legs[0];
    show($("routeOut"), `<p><b>${esc(leg.distance.text)} · ${esc(leg.duration.text)}</b> ${esc(rt.summary)}</p>` +
      leg.steps.map((s) => `<div class="step">${s.html_instructions} <span class="sub">${esc(s.distance.text)}</span></div>`).join(""));
    state.routed = true;
  } catch (e) { fail($("routeOut"), e); }
};

// ---- trips (when served)
$("addStop").onclick = () => { state.stops.push(state.picked); marker([state.picked.lng, state.picked.lat], "#a2a"); $("stops").innerHTML = state.stops.map((s) => `<li>${s.lat.toFixed(5)}, ${s.lng.toFixed(5)}</li>`).join(""); };
$("clearStops").onclick = () => { state.stops = []; $("stops").replaceChildren(); };
$("optimize").onclick = async () => {
  try {
    const r = await bando.optimizedRoute({ locations: state.stops.map((s) => ({ lat: s.lat, lon: s.lng })), costing: "auto" }, { admin_v2: state.v2 });
    const coords = r.trip.legs.flatMap((l) => decodePolyline(l.shape, 6));
    drawLine("trip", coords, "#a020a0");
    show($("tripOut"), `<p><b>${(r.trip.summary.length).toFixed(1)} km · ${Math.round(r.trip.summary.time / 60)} phút</b></p><p>Thứ tự: ${r.trip.locations.map((l) => l.original_index + 1).join(" → ")}</p>`);
    state.tripped = true;
  } catch (e) { fail($("tripOut"), e); }
};

// ---- offline: provinces, download with progress, storage used
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
await showStorage();
state.ready = true;
