// Shared pieces of the demo: escaping and the instruction sanitiser, pins,
// line layers on the map, and the waypoint editor used by the route and
// trip panels (each row: type-ahead search, or a point clicked on the map).

import { t, language } from "./i18n.mjs";

export const $ = (id) => document.getElementById(id);

export const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/**
 * sanitize(html) → a DocumentFragment holding the text of html with only
 * <b> elements kept (the markup of html_instructions, API.md §3.7). Parsed
 * in an inert <template> (nothing loads or runs); every other element is
 * replaced by its text, and script/style contents are dropped.
 */
export function sanitize(html) {
  const t = document.createElement("template");
  t.innerHTML = String(html ?? "");
  const out = document.createDocumentFragment();
  const walk = (src, dst) => {
    for (const n of src.childNodes) {
      if (n.nodeType === Node.TEXT_NODE) dst.append(n.data);
      else if (n.nodeType !== Node.ELEMENT_NODE || /^(SCRIPT|STYLE|TEMPLATE)$/.test(n.tagName)) continue;
      else if (n.tagName === "B") {
        const b = document.createElement("b");
        walk(n, b);
        dst.append(b);
      } else walk(n, dst);
    }
  };
  walk(t.content, out);
  return out;
}

/** An element with children (strings become text). */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  e.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return e;
}

// The six vehicles: /direction's `vehicle`, /optimized-route's `costing` (API.md §3.7, §3.8), labels vi, en.
const vehicles = [["car", "auto", "Ô tô", "Car"], ["motor", "motorcycle", "Xe máy", "Motorbike"], ["taxi", "taxi", "Taxi", "Taxi"],
  ["truck", "truck", "Xe tải", "Truck"], ["bike", "bicycle", "Xe đạp", "Bicycle"], ["walking", "pedestrian", "Đi bộ", "Walking"]];
const languages = [["vi", "vi-VN", "Tiếng Việt"], ["en", "en-US", "English"]];

/**
 * Fill a vehicle and a language <select> (api "direction": Google words, or
 * "trip": Valhalla's) in the UI language, keeping the chosen vehicle; the
 * instructions' language follows the UI language.
 */
export function choices(vehicleSelect, languageSelect, api) {
  const col = api === "direction" ? 0 : 1, keep = vehicleSelect.value;
  vehicleSelect.replaceChildren(...vehicles.map((v) => new Option(v[language() === "en" ? 3 : 2], v[col])));
  if (keep) vehicleSelect.value = keep;
  languageSelect.replaceChildren(...languages.map((l) => new Option(l[2], l[col])));
  languageSelect.value = languages.find((l) => l[0] === language())[col];
}

export const letter = (i) => String.fromCharCode(65 + (i % 26)) + (i >= 26 ? Math.floor(i / 26) : "");
export const fmt = (x, d = 5) => Number(x).toFixed(d);
export const km = (m) => (m >= 1000 ? `${(m / 1000).toLocaleString(language() === "en" ? "en-US" : "vi-VN", { maximumFractionDigits: 1 })} km` : `${Math.round(m)} m`);
export const minutes = (s) => (s >= 3600 ? t("hours", Math.floor(s / 3600), Math.round((s % 3600) / 60)) : t("minutes", Math.max(1, Math.round(s / 60))));

/** A round map pin with a short text (a letter or a number). */
export function pin(map, [lng, lat], text, cls = "") {
  const el = h("div", { class: `pin ${cls}` }, String(text));
  return new maplibregl.Marker({ element: el, anchor: "bottom" }).setLngLat([lng, lat]).addTo(map);
}

/**
 * lines(map, id, layers) keeps a GeoJSON source `id` and its line layers
 * (each {suffix, filter, paint}), drawn above the basemap; returns
 * set(features) to replace what it shows (set.show(on) shows or hides them).
 */
export function lines(map, id, layers) {
  const empty = { type: "FeatureCollection", features: [] };
  map.addSource(id, { type: "geojson", data: empty });
  for (const l of layers) {
    map.addLayer({
      id: `${id}-${l.suffix}`, type: "line", source: id, ...(l.filter ? { filter: l.filter } : {}),
      layout: { "line-cap": "round", "line-join": "round" }, paint: l.paint,
    });
  }
  const set = (features) => map.getSource(id).setData({ type: "FeatureCollection", features });
  set.show = (on) => { for (const l of layers) map.setLayoutProperty(`${id}-${l.suffix}`, "visibility", on ? "visible" : "none"); };
  return set;
}

export const lineFeature = (coords, properties = {}) => ({ type: "Feature", properties, geometry: { type: "LineString", coordinates: coords } });

/** Fit the map to [lng, lat] points. */
export function fit(map, coords, padding = 50) {
  if (!coords.length) return;
  const b = coords.reduce((b, c) => [Math.min(b[0], c[0]), Math.min(b[1], c[1]), Math.max(b[2], c[0]), Math.max(b[3], c[1])], [180, 90, -180, -90]);
  map.fitBounds([[b[0], b[1]], [b[2], b[3]]], { padding, duration: 0, maxZoom: 17 });
}

/** A short label for a point: the reverse-geocoded name, or its coordinates. */
async function describe(engine, { lat, lng }, v2) {
  try {
    const r = await engine().geocodeReverse({ "point.lat": lat, "point.lon": lng, admin_v2: v2(), size: 1 });
    const p = r.features[0]?.properties;
    if (p?.name) return p.name;
  } catch { /* coordinates below */ }
  return `${fmt(lat)}, ${fmt(lng)}`;
}

/**
 * Waypoints: the editable list of points of a panel. Each row shows a pin
 * label, an input with type-ahead search (autocomplete near the map's
 * centre) and a remove button. points[i] is {lat, lng, name} or null.
 * opts: {engine, map, v2, min, max, label(i, n), placeholder(i, n), onChange}.
 */
export class Waypoints {
  constructor(el, opts) {
    this.el = el;
    this.o = opts;
    this.points = Array.from({ length: opts.min }, () => null);
    this.seq = 0;
    this.render();
  }

  /** Fill row i with point p ({lat, lng, name}), or the first empty row, or add one (else the last); returns the row. */
  set(i, p) {
    if (i === null || i === undefined) {
      i = this.points.indexOf(null);
      if (i < 0) {
        if (this.points.length >= this.o.max) i = this.points.length - 1;
        else i = this.points.push(null) - 1;
      }
    }
    this.points[i] = p;
    this.render();
    this.o.onChange();
    return i;
  }

  /** A point clicked on the map: into the next row (see set) named by its coordinates, then by its address. */
  async pick({ lat, lng }) {
    const p = { lat, lng, name: `${fmt(lat)}, ${fmt(lng)}` };
    const i = this.set(null, p);
    this.rename(i, p, await describe(this.o.engine, p, this.o.v2));
  }

  /** Name point p (still at row i) without changing the answer. */
  rename(i, p, name) {
    if (this.points[i] !== p) return;
    p.name = name;
    this.render();
  }

  /** Move row i's point to {lat, lng} (a dragged pin). */
  move(i, lngLat) {
    const p = this.points[i];
    if (!p) return;
    this.points[i] = { lat: lngLat.lat, lng: lngLat.lng, name: `${fmt(lngLat.lat)}, ${fmt(lngLat.lng)}` };
    this.render();
    this.o.onChange();
    return this.points[i];
  }

  add() {
    if (this.points.length < this.o.max) this.points.push(null);
    this.render();
  }

  remove(i) {
    if (this.points.length > this.o.min) this.points.splice(i, 1);
    else this.points[i] = null;
    this.render();
    this.o.onChange();
  }

  clear() {
    this.points = Array.from({ length: this.o.min }, () => null);
    this.render();
    this.o.onChange();
  }

  reverse() {
    this.points.reverse();
    this.render();
    this.o.onChange();
  }

  /** Pins on the map for the filled rows (text(i) on each); dragging one moves its point. */
  pins(text = (i) => this.o.label(i, this.points.length)) {
    for (const m of this.markers ?? []) m.remove();
    this.markers = this.points.flatMap((p, i) => {
      if (!p) return [];
      const m = pin(this.o.map, [p.lng, p.lat], text(i), this.o.pinClass ?? "");
      m.setDraggable(true);
      m.on("dragend", () => this.move(i, m.getLngLat()));
      return [m];
    });
  }

  /** Show or hide the pins (the panel's tab is shown or left). */
  showPins(on) {
    for (const m of this.markers ?? []) m.getElement().style.display = on ? "" : "none";
  }

  /** Drop the empty rows (as long as min rows remain). */
  compact() {
    this.points = this.points.filter(Boolean);
    while (this.points.length < this.o.min) this.points.push(null);
    this.render();
    this.pins();
  }

  filled() { return this.points.filter(Boolean); }
  complete() { return this.points.length >= this.o.min && this.points.every(Boolean); }

  render() {
    const n = this.points.length;
    this.el.replaceChildren(...this.points.map((p, i) => {
      const input = h("input", { class: "search", value: p?.name ?? "", placeholder: this.o.placeholder(i, n), autocomplete: "off" });
      const sugg = h("ul", { class: "list sugg" });
      input.addEventListener("input", () => this.suggest(i, input, sugg));
      input.addEventListener("keydown", (e) => { if (e.key === "Enter") sugg.firstChild?.click(); });
      return h("div", { class: "wp" },
        h("span", { class: "pin small" }, this.o.label(i, n)), input,
        h("button", { class: "x", title: t("removePoint"), "aria-label": t("removePoint"), onclick: () => this.remove(i) }, "×"), sugg);
    }));
  }

  async suggest(i, input, sugg) {
    const my = ++this.seq, text = input.value.trim();
    if (!text) return sugg.replaceChildren();
    const c = this.o.map.getCenter();
    try {
      const r = await this.o.engine().autocomplete({ text, size: 5, admin_v2: this.o.v2(), "boundary.circle.lat": c.lat, "boundary.circle.lon": c.lng });
      if (my !== this.seq) return;
      sugg.replaceChildren(...r.features.map((f) => h("li", {
        onclick: () => {
          const [lng, lat] = f.geometry.coordinates;
          this.set(i, { lat, lng, name: f.properties.name });
        },
      }, f.properties.name, h("div", { class: "sub" }, f.properties.label))));
    } catch (e) {
      sugg.replaceChildren(h("li", { class: "err" }, e.message));
    }
  }
}
