// style.mjs — a MapLibre GL style over the bundle's own vector tiles
// (core/basemap/FORMAT.md §5): land, water, roads, boundaries, then labels
// (street names along roads, place names, POI icons from z15, house
// numbers at z18) drawn from the package's own glyphs and sprite
// (dist/glyphs, dist/sprite: Noto Sans and Maki icons, made by
// bundle/cmd/mapkit), so the map needs nothing from the network.
//
// style({tiles, glyphs, sprite, structure, language, minzoom, maxzoom}):
// tiles is the tile URL template, e.g. "bando://{z}/{x}/{y}" with
// maplibregl.addProtocol, or "https://…/v1/tiles/{z}/{x}/{y}.mvt?apikey=…";
// glyphs ("…/glyphs/{fontstack}/{range}.pbf") and sprite ("…/sprite",
// absolute URLs) where the page serves dist/; without them the style has no
// labels. language "en" prefers English place names where OSM has them.

const road = {
  motorway: ["#e892a2", 5, 1.5, 14, 8], trunk: ["#f9b29c", 6, 1.2, 14, 7], primary: ["#fcd6a4", 8, 1, 14, 6],
  secondary: ["#f7fabf", 9, 0.8, 14, 5], tertiary: ["#ffffff", 11, 0.7, 14, 4], minor: ["#ffffff", 12, 0.5, 14, 3],
  service: ["#ffffff", 14, 0.5, 16, 2], path: ["#d89a8a", 14, 0.4, 16, 1], rail: ["#999999", 10, 0.5, 14, 1.5],
};
const land = {
  residential: "#e8e4df", commercial: "#f2dad9", industrial: "#ebdbe8", farmland: "#eef0d5", forest: "#add19e",
  grass: "#cdebb0", park: "#c8facc", pitch: "#aae0cb", cemetery: "#aacbaf", sand: "#f5e9c6", wetland: "#d6e9e0",
};

/** The boundary filter of one structure ("old": 63 provinces + districts; "new": 34 provinces + wards). */
export function boundaryFilter(structure) {
  return ["==", ["get", "structure"], structure];
}

const regular = ["Noto Sans Regular"], bold = ["Noto Sans Bold"];
const landmarks = ["hospital", "museum", "attraction", "monument", "landmark", "rail", "airport", "bus", "town-hall", "police", "post",
  "school", "library", "place-of-worship", "park", "stadium", "theatre", "cinema", "zoo", "information", "pharmacy", "fuel"];
const halo = { "text-halo-color": "#ffffff", "text-halo-width": 1.4, "text-halo-blur": 0.3 };

/**
 * The text of place labels in a language ("en": the English name where OSM
 * has one); map.setLayoutProperty("label-place", "text-field", placeName(l))
 * switches a shown map.
 */
export function placeName(language) {
  return language === "en" ? ["coalesce", ["get", "name:en"], ["get", "name"]] : ["get", "name"];
}

/** The label layers, bottom to top (MapLibre places the top ones first): house numbers, POIs, street and water names, places. */
function labelLayers(src, language) {
  const name = placeName(language);
  const size = (z0, s0, z1, s1) => ["interpolate", ["linear"], ["zoom"], z0, s0, z1, s1];
  return [
    {
      id: "label-waterway", type: "symbol", source: src, "source-layer": "waterways", minzoom: 13,
      layout: { "symbol-placement": "line", "text-field": ["get", "name"], "text-font": regular, "text-size": 11, "text-letter-spacing": 0.1 },
      paint: { "text-color": "#3b6e8f", ...halo },
    },
    {
      id: "housenumbers", type: "symbol", source: src, "source-layer": "housenumbers", minzoom: 18,
      layout: { "text-field": ["get", "addr:housenumber"], "text-font": regular, "text-size": 10, "text-padding": 1 },
      paint: { "text-color": "#6b5f55", ...halo },
    },
    {
      id: "pois", type: "symbol", source: src, "source-layer": "pois", minzoom: 15,
      // landmarks and services from z15, shops, food and lodging from z17
      filter: ["any", [">=", ["zoom"], 17], ["match", ["get", "class"], landmarks, true, false]],
      layout: {
        "icon-image": ["get", "class"], "icon-size": 1, "icon-padding": 2,
        "text-field": ["step", ["zoom"], "", 16, ["get", "name"]], "text-font": regular, "text-size": 11,
        "text-anchor": "top", "text-offset": [0, 0.9], "text-max-width": 8, "text-optional": true,
        "symbol-sort-key": ["match", ["get", "class"], landmarks, 0, 1],
      },
      paint: { "text-color": "#55463a", ...halo },
    },
    {
      id: "label-road", type: "symbol", source: src, "source-layer": "roads",
      filter: ["all", ["has", "name"], ["!=", ["get", "class"], "rail"],
        [">=", ["zoom"], ["match", ["get", "class"], ["motorway", "trunk", "primary"], 12, ["secondary", "tertiary"], 13, ["minor"], 14, 15]]],
      layout: {
        "symbol-placement": "line", "text-field": ["get", "name"], "text-font": regular,
        "text-size": size(12, 10, 18, 14), "text-max-angle": 30, "symbol-spacing": 300, "text-padding": 2,
        "text-rotation-alignment": "map", "text-pitch-alignment": "viewport",
      },
      paint: { "text-color": "#3a3a3a", ...halo },
    },
    {
      id: "label-road-ref", type: "symbol", source: src, "source-layer": "roads", minzoom: 8, maxzoom: 13,
      filter: ["all", ["has", "ref"], ["match", ["get", "class"], ["motorway", "trunk", "primary"], true, false]],
      layout: { "symbol-placement": "line", "text-field": ["get", "ref"], "text-font": bold, "text-size": 10, "symbol-spacing": 400, "text-rotation-alignment": "viewport" },
      paint: { "text-color": "#7a4a00", ...halo },
    },
    {
      id: "label-water", type: "symbol", source: src, "source-layer": "water", minzoom: 12,
      layout: { "text-field": ["get", "name"], "text-font": regular, "text-size": 12, "symbol-placement": "point" },
      paint: { "text-color": "#3b6e8f", ...halo },
    },
    {
      id: "label-place", type: "symbol", source: src, "source-layer": "places",
      layout: {
        "text-field": name,
        "text-font": ["match", ["get", "class"], ["city", "town"], ["literal", bold], ["literal", regular]],
        "text-size": ["interpolate", ["linear"], ["zoom"],
          6, ["match", ["get", "class"], "city", 12, "town", 10, 10],
          14, ["match", ["get", "class"], "city", 20, "town", 16, "suburb", 13, "village", 12, 11]],
        "text-transform": ["match", ["get", "class"], ["suburb", "quarter"], "uppercase", "none"],
        "text-letter-spacing": ["match", ["get", "class"], ["suburb", "quarter"], 0.08, 0],
        "text-max-width": 8, "text-padding": 4,
        "symbol-sort-key": ["match", ["get", "class"], "city", 0, "town", 1, "suburb", 2, "village", 3, "quarter", 4, 5],
      },
      paint: { "text-color": ["match", ["get", "class"], ["city", "town"], "#1f1f1f", "#444444"], ...halo },
    },
  ];
}

export function style({ tiles, glyphs, sprite, structure = "new", language = "vi", minzoom = 5, maxzoom = 14 } = {}) {
  const src = "bando";
  const layers = [
    { id: "background", type: "background", paint: { "background-color": "#f2efe9" } },
    {
      id: "landuse", type: "fill", source: src, "source-layer": "landuse",
      paint: { "fill-color": ["match", ["get", "class"], ...Object.entries(land).flat(), "#e0e0d0"] },
    },
    { id: "water", type: "fill", source: src, "source-layer": "water", paint: { "fill-color": "#aad3df" } },
    {
      id: "waterways", type: "line", source: src, "source-layer": "waterways",
      paint: { "line-color": "#aad3df", "line-width": ["interpolate", ["linear"], ["zoom"], 8, 0.5, 14, ["match", ["get", "class"], "river", 4, 1.5]] },
    },
    { id: "buildings", type: "fill", source: src, "source-layer": "buildings", minzoom: 14, paint: { "fill-color": "#d9d0c9", "fill-outline-color": "#c4b6ab" } },
  ];
  // roads: minor first so major roads draw on top
  for (const [cls, [color, z0, w0, z1, w1]] of Object.entries(road).reverse()) {
    layers.push({
      id: `road-${cls}`, type: "line", source: src, "source-layer": "roads", minzoom: z0,
      filter: ["==", ["get", "class"], cls],
      layout: { "line-cap": "round", "line-join": "round" },
      paint: {
        "line-color": color,
        "line-width": ["interpolate", ["exponential", 1.6], ["zoom"], z0, w0, z1, w1, 18, w1 * 4],
        ...(cls === "rail" ? { "line-dasharray": [3, 2] } : {}),
      },
    });
  }
  for (const [level, color, width, dash, z] of [["ward", "#b08cb0", 0.6, [2, 2], 10], ["district", "#9e6a9e", 1, [3, 2], 8], ["province", "#7b3f7b", 1.6, [4, 2], 0]]) {
    layers.push({
      id: `boundary-${level}`, type: "line", source: src, "source-layer": "boundaries", minzoom: z,
      filter: ["all", ["==", ["get", "level"], level], boundaryFilter(structure)],
      paint: { "line-color": color, "line-width": width, "line-dasharray": dash },
    });
  }
  if (glyphs) layers.push(...labelLayers(src, language).filter((l) => sprite || l.id !== "pois"));
  else {
    layers.push({
      id: "places", type: "circle", source: src, "source-layer": "places",
      paint: {
        "circle-radius": ["match", ["get", "class"], "city", 5, "town", 4, 3],
        "circle-color": "#333", "circle-stroke-color": "#fff", "circle-stroke-width": 1,
      },
    });
  }
  return {
    version: 8,
    name: "bando",
    ...(glyphs ? { glyphs } : {}),
    ...(sprite ? { sprite } : {}),
    sources: { [src]: { type: "vector", tiles: [tiles], minzoom, maxzoom, attribution: "© OpenStreetMap contributors" } },
    layers,
  };
}
