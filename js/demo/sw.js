// The demo's service worker: the page, its scripts, the engine (wasm),
// MapLibre, the glyphs and the sprite are cached on the first visit, so the
// app reopens without a network. Pages load network first (a new version
// when online), everything else from the cache first (a new release renames
// CACHE, which makes the browser install this worker again). The bundle's tiles are not handled here: bando.mjs keeps the
// downloaded ones in its own Cache Storage.
const CACHE = "bando-page-v1";
const glyphs = ["Noto Sans Regular", "Noto Sans Bold"].flatMap((f) =>
  ["0-255", "256-511", "768-1023", "7680-7935", "8192-8447"].map((r) => `bando/dist/glyphs/${encodeURIComponent(f)}/${r}.pbf`));
const PAGE = [
  "./", "index.html", "app.mjs", "ui.mjs", "route.mjs", "trip.mjs", "i18n.mjs", "sheet.mjs", "demo.css", "manifest.webmanifest",
  "icon.svg", "icon-192.png", "vendor/maplibre-gl.js", "vendor/maplibre-gl.css",
  "bando/bando.mjs", "bando/offline.mjs", "bando/manifest.mjs", "bando/basemap.mjs", "bando/style.mjs",
  "bando/dist/bando.wasm", "bando/dist/wasm_exec.js", "bando/dist/sprite.json", "bando/dist/sprite.png",
  "bando/dist/sprite@2x.json", "bando/dist/sprite@2x.png", ...glyphs,
];

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(PAGE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((ks) => Promise.all(ks.filter((k) => k.startsWith("bando-page-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (e) => {
  const req = e.request, url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== location.origin) return;
  const scope = new URL(self.registration.scope);
  const rel = url.pathname.slice(scope.pathname.length);
  if (rel.startsWith("bundle/") || rel.startsWith("v1/")) return; // tiles: bando.mjs's own cache
  if (req.mode === "navigate") {
    e.respondWith(fetch(req).then((r) => {
      if (r.ok) caches.open(CACHE).then((c) => c.put("./", r.clone()));
      return r;
    }).catch(() => caches.match("./", { ignoreSearch: true })));
    return;
  }
  e.respondWith(caches.open(CACHE).then(async (c) => {
    const hit = await c.match(req, { ignoreSearch: true });
    if (hit) return hit;
    const r = await fetch(req);
    if (r.status === 200) c.put(req, r.clone());
    return r;
  }));
});
