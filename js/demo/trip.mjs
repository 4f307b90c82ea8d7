// The trip panel: several stops (typed or clicked) → /v1/optimized-route
// (a Valhalla optimized_route request in the `json` parameter); the
// visiting order numbered on the map, each leg drawn from its polyline6
// shape in its own colour, the trip summary and each leg's maneuvers.
import { decodePolyline } from "./bando/bando.mjs";
import { $, h, letter, lines, lineFeature, fit, km, minutes, choices, Waypoints } from "./ui.mjs";
import { t as tr } from "./i18n.mjs";

const palette = ["#d7263d", "#1b998b", "#2e86de", "#f46036", "#8e44ad", "#c5a100", "#2d3047", "#e84393"];

export function tripPanel({ engine, map, state, v2, fail }) {
  const draw = lines(map, "trip", [
    { suffix: "casing", paint: { "line-color": "#ffffff", "line-width": 9 } },
    { suffix: "line", paint: { "line-color": ["get", "color"], "line-width": 5 } },
  ]);
  choices($("costing"), $("tripLang"), "trip");
  const out = $("tripOut");
  let seq = 0;
  const wps = new Waypoints($("tripWps"), {
    engine, map, v2, min: 2, max: 50, pinClass: "trip", label: (i) => letter(i),
    placeholder: (i) => (i === 0 ? tr("start") : tr("stop", letter(i))),
    onChange: () => { seq++; draw([]); out.replaceChildren(); wps.pins(); },
  });

  async function optimize() {
    if (wps.points.some((p) => !p) && wps.filled().length >= 2) wps.compact(); // row letters = stop indexes
    const stops = wps.filled();
    if (stops.length < 2) return out.replaceChildren(h("p", { class: "err" }, tr("needTwo")));
    const my = ++seq;
    const locations = stops.map((p) => ({ lat: +p.lat.toFixed(6), lon: +p.lng.toFixed(6) }));
    if ($("roundtrip").checked) locations.push(locations[0]);
    out.replaceChildren(h("p", { class: "sub" }, tr("optimizing")));
    const t0 = performance.now();
    try {
      const r = await engine().optimizedRoute({
        locations, costing: $("costing").value, directions_options: { units: "km", language: $("tripLang").value },
      }, { admin_v2: v2() });
      if (my !== seq) return;
      state.trip = { ms: performance.now() - t0, order: r.trip.locations.map((l) => l.original_index), legs: r.trip.legs.length, length: r.trip.summary.length, time: r.trip.summary.time };
      show(r.trip, stops);
      map.once("idle", () => { state.trip.drawn = true; });
    } catch (e) {
      if (my !== seq) return;
      fail(out, e);
      state.trip = { status: "ERROR", error: String(e), drawn: true };
    }
  }

  function show(t, stops) {
    const n = stops.length;
    const stopOf = (l) => l.original_index % n; // a round trip's last location is the first stop again
    const shapes = t.legs.map((l) => decodePolyline(l.shape, 6));
    draw(shapes.map((c, i) => lineFeature(c, { color: palette[i % palette.length], leg: i })));
    fit(map, shapes.flat());
    // Pins: the visiting order (a stop visited twice, first and last of a round trip, keeps its first number).
    const visit = new Map();
    t.locations.forEach((l, k) => { if (!visit.has(stopOf(l))) visit.set(stopOf(l), k + 1); });
    wps.pins((i) => visit.get(stops.indexOf(wps.points[i])) ?? letter(i));
    const name = (l) => `${letter(stopOf(l))} ${stops[stopOf(l)].name ?? ""}`;
    out.replaceChildren(
      h("p", {}, h("b", {}, `${km(t.summary.length * 1000)} · ${minutes(t.summary.time)}`), " ",
        h("span", { class: "sub" }, [tr("legs", t.legs.length), t.summary.has_toll && tr("toll"), t.summary.has_ferry && tr("ferry")].filter(Boolean).join(" · "))),
      h("p", { class: "order" }, tr("order"), t.locations.map((l) => letter(stopOf(l))).join(" → ")),
      h("ol", { class: "legs" }, ...t.legs.map((leg, i) => h("li", {},
        h("span", { class: "swatch", style: `background:${palette[i % palette.length]}` }),
        `${name(t.locations[i])} → ${name(t.locations[i + 1])}`, h("div", { class: "sub" }, `${km(leg.summary.length * 1000)} · ${minutes(leg.summary.time)}`),
        h("details", {}, h("summary", {}, tr("instructions", leg.maneuvers.length)),
          h("ol", { class: "steps" }, ...leg.maneuvers.map((m) => h("li", { class: "step" }, m.instruction))))))),
    );
  }

  $("optimize").onclick = optimize;
  $("addStop").onclick = () => wps.add();
  $("clearStops").onclick = () => wps.clear();
  for (const id of ["costing", "tripLang", "roundtrip"]) $(id).addEventListener("change", () => { if (out.childElementCount) optimize(); });

  return {
    waypoints: wps,
    optimize,
    /** A point chosen on the map while this tab is open. */
    pick: (p) => wps.pick(p),
    add(p) { wps.set(null, { ...p }); },
    /** Ask again if a trip is shown (the structure changed). */
    refresh() { if (out.childElementCount && wps.filled().length >= 2) optimize(); },
    /** The UI language changed: the choices, the rows, and the trip in it. */
    relabel() { choices($("costing"), $("tripLang"), "trip"); wps.render(); if (out.childElementCount && wps.filled().length >= 2) optimize(); },
    show(on) { draw.show(on); wps.showPins(on); },
  };
}
