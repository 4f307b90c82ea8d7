// style.mjs — a MapLibre GL style over the bundle's own vector tiles
// (core/basemap/FORMAT.md §5). No glyphs, sprites or external URLs: labels
// are left to the page (the demo draws place names as HTML), so the map
// needs nothing but the bundle.
//
// style({tiles, structure, minzoom, maxzoom}): tiles is the tile URL
// template, e.g. "bando://{z}/{x}/{y}" with maplibregl.addProtocol, or
// "https://…/v1/tiles/{z}/{x}/{y}.mvt?apikey=…".

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

export function style({ tiles, structure = "new", minzoom = 5, maxzoom = 14 } = {}) {
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
  layers.push({
    id: "places", type: "circle", source: src, "source-layer": "places",
    paint: {
      "circle-radius": ["match", ["get", "class"], "city", 5, "town", 4, 3],
      "circle-color": "#333", "circle-stroke-color": "#fff", "circle-stroke-width": 1,
    },
  });
  return {
    version: 8,
    name: "bando",
    sources: { [src]: { type: "vector", tiles: [tiles], minzoom, maxzoom, attribution: "© OpenStreetMap contributors" } },
    layers,
  };
}
