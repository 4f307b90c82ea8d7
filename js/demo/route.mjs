// The route panel: two or more points (typed or clicked) → /v1/direction
// with a vehicle and a language; the chosen route drawn from its
// overview_polyline over lighter alternatives (click one to choose it), the
// legs and steps with their html_instructions (only <b> kept), distance and
// duration texts; a step clicked is highlighted on the map.
import { decodePolyline } from "./bando/bando.mjs";
import { $, h, sanitize, letter, lines, lineFeature, fit, km, minutes, choices, Waypoints } from "./ui.mjs";
import { t } from "./i18n.mjs";

// Google maneuver strings (API.md §3.7) → an arrow.
const icons = {
  "turn-left": "↰", "turn-right": "↱", "turn-slight-left": "↖", "turn-slight-right": "↗", "turn-sharp-left": "↙",
  "turn-sharp-right": "↘", "uturn-left": "↶", "uturn-right": "↷", "keep-left": "↖", "keep-right": "↗", "fork-left": "↖",
  "fork-right": "↗", "ramp-left": "↖", "ramp-right": "↗", merge: "⤨", "roundabout-left": "↺", "roundabout-right": "↻",
  straight: "↑", ferry: "⛴",
};

export function routePanel({ engine, map, state, v2, fail }) {
  const draw = lines(map, "route", [
    { suffix: "alt", filter: ["!=", ["get", "sel"], true], paint: { "line-color": "#7fa6e0", "line-width": 6, "line-opacity": 0.6 } },
    { suffix: "casing", filter: ["==", ["get", "sel"], true], paint: { "line-color": "#0b4fb3", "line-width": 9 } },
    { suffix: "line", filter: ["==", ["get", "sel"], true], paint: { "line-color": "#1a73e8", "line-width": 6 } },
  ]);
  const drawStep = lines(map, "route-step", [{ suffix: "line", paint: { "line-color": "#f9ab00", "line-width": 7 } }]);
  choices($("vehicle"), $("lang"), "direction");
  const out = $("routeOut");
  let last = null, sel = 0, seq = 0;
  const wps = new Waypoints($("routeWps"), {
    engine, map, v2, min: 2, max: 10, pinClass: "route", label: (i) => letter(i),
    placeholder: (i, n) => (i === 0 ? t("origin") : n > 2 ? t("destN", i) : t("dest")),
    onChange: () => route(),
  });

  async function route() {
    wps.pins();
    const my = ++seq;
    last = null;
    draw([]);
    drawStep([]);
    if (!wps.complete()) return out.replaceChildren();
    const [origin, ...dests] = wps.points;
    out.replaceChildren(h("p", { class: "sub" }, t("routing")));
    const t0 = performance.now();
    try {
      const r = await engine().direction({
        origin, destination: dests.length === 1 ? dests[0] : dests, vehicle: $("vehicle").value,
        language: $("lang").value, alternatives: $("alts").checked, admin_v2: v2(),
      });
      if (my !== seq) return;
      last = r;
      sel = 0;
      state.route = { status: r.status, routes: r.routes.length, ms: performance.now() - t0, vehicle: $("vehicle").value };
      show(true);
      map.once("idle", () => { state.route.drawn = true; });
    } catch (e) {
      if (my !== seq) return;
      fail(out, e);
      state.route = { status: "ERROR", error: String(e), drawn: true };
    }
  }

  // show draws the routes (sel on top) and lists the selected one's steps.
  function show(refit) {
    const r = last;
    if (!r.routes.length) {
      const bad = r.geocoded_waypoints.findIndex((w) => w.geocoder_status !== "OK");
      return out.replaceChildren(h("p", { class: "err" }, r.status === "NOT_FOUND" && bad >= 0
        ? t("noRoad", letter(bad)) : t("noRoute", r.status)));
    }
    const shapes = r.routes.map((rt) => decodePolyline(rt.overview_polyline.points));
    draw(shapes.map((c, i) => lineFeature(c, { sel: i === sel, i })));
    drawStep([]);
    if (refit) fit(map, shapes.flat());
    const rt = r.routes[sel];
    Object.assign(state.route, { selected: sel, points: shapes[sel].length, steps: rt.legs.reduce((s, l) => s + l.steps.length, 0) });
    out.replaceChildren(...[
      ...r.routes.map((x, i) => h("div", { class: `routeopt${i === sel ? " on" : ""}`, onclick: () => { sel = i; show(false); } },
        h("b", {}, total(x)), " ", h("span", { class: "sub" }, x.summary ? `${$("lang").value === "en" ? "via" : "qua"} ${x.summary}` : ""))),
      ...rt.warnings.map((w) => h("p", { class: "warn" }, w)),
      ...rt.legs.flatMap((leg, li) => [
        rt.legs.length > 1 ? h("h3", {}, `${letter(li)} → ${letter(li + 1)}: ${leg.distance.text} · ${leg.duration.text}`) : null,
        h("ol", { class: "steps" }, ...leg.steps.map((s) => h("li", { class: "step", onclick: () => focusStep(s) },
          h("span", { class: "icon" }, icons[s.maneuver] ?? "•"),
          h("span", { class: "instr" }, sanitize(s.html_instructions)),
          h("span", { class: "sub" }, s.distance.value > 0 ? ` ${s.distance.text}` : "")))),
      ]),
    ].filter(Boolean));
  }

  // total: one leg's own texts, or the sum over several legs.
  function total(rt) {
    if (rt.legs.length === 1) return `${rt.legs[0].duration.text} · ${rt.legs[0].distance.text}`;
    const d = rt.legs.reduce((s, l) => s + l.distance.value, 0), t = rt.legs.reduce((s, l) => s + l.duration.value, 0);
    return `${minutes(t)} · ${km(d)}`;
  }

  function focusStep(s) {
    const c = decodePolyline(s.polyline.points);
    drawStep([lineFeature(c)]);
    fit(map, c, 120);
  }

  // Clicking a lighter alternative on the map chooses it.
  map.on("click", "route-alt", (e) => {
    e.originalEvent.bandoHandled = true;
    sel = e.features[0].properties.i;
    show(false);
  });
  for (const id of ["vehicle", "lang", "alts"]) $(id).addEventListener("change", () => route());
  $("addDest").onclick = () => wps.add();
  $("swap").onclick = () => wps.reverse();
  $("clearRoute").onclick = () => wps.clear();

  return {
    waypoints: wps,
    /** A point chosen on the map while this tab is open. */
    pick: (p) => wps.pick(p),
    /** From the place or click card: "from here" (row 0) or "to here" (the last row). */
    setEnd(which, p) { wps.set(which === "from" ? 0 : wps.points.length - 1, { ...p }); },
    /** Ask again (the structure changed). */
    refresh() { if (wps.complete()) route(); },
    /** The UI language changed: the choices, the rows, and the instructions in it. */
    relabel() { choices($("vehicle"), $("lang"), "direction"); wps.render(); if (wps.complete()) route(); },
    show(on) { draw.show(on); drawStep.show(on); wps.showPins(on); },
  };
}
