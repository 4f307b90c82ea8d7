// offline.mjs — bando's tiles offline: typed errors, tile stores (Cache
// Storage in browsers, memory elsewhere), a cache-first tile source that
// verifies what it stores, and region downloads from the manifest.

const statusWords = { 400: "INVALID_REQUEST", 401: "REQUEST_DENIED", 404: "NOT_FOUND", 405: "INVALID_REQUEST", 429: "OVER_QUERY_LIMIT", 500: "UNKNOWN_ERROR" };

/** An answer of the /v1 API that is not a success: carries the error body. */
export class BandoError extends Error {
  constructor(status, body) {
    const msg = body?.error_message ?? body?.errors?.[0] ?? body?.error ?? body?.message ?? `HTTP ${status}`;
    super(`bando: ${msg}`);
    this.name = "BandoError";
    /** HTTP status (400, 401, 404, 405, 429, 500). */
    this.status = status;
    /** The Google status word of API.md's error table ("INVALID_REQUEST", …), from the body or its HTTP status. */
    this.apiStatus = (typeof body?.status === "string" ? body.status : null) ?? statusWords[status] ?? "UNKNOWN_ERROR";
    /** Valhalla error code, when the endpoint speaks Valhalla. */
    this.code = body?.error_code ?? null;
    /** The whole error body as the API wrote it. */
    this.body = body;
  }
}

/** A tile the answer needs is not cached and the network failed. */
export class TileNotCachedError extends Error {
  constructor(path, cause) {
    super(`bando: ${path} is not cached and the network failed (${cause?.message ?? cause})`, { cause });
    this.name = "TileNotCachedError";
    this.path = path;
  }
}

/** A downloaded tile does not match the manifest's size or SHA-256. */
export class IntegrityError extends Error {
  constructor(path, expected, actual) {
    super(`bando: ${path}: expected ${expected}, got ${actual}`);
    this.name = "IntegrityError";
    this.path = path;
    this.expected = expected;
    this.actual = actual;
  }
}

export async function sha256hex(bytes) {
  const d = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", bytes));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A TileStore in memory (Node, tests). */
export class MemoryStore {
  #m = new Map();
  async get(path) { return this.#m.get(path)?.bytes ?? null; }
  async has(path) { return this.#m.has(path); }
  async put(path, bytes, sha256 = "") { this.#m.set(path, { bytes, sha256 }); }
  async delete(path) { return this.#m.delete(path); }
  async list() { return [...this.#m].map(([path, v]) => ({ path, size: v.bytes.byteLength })); }
  async clear() { this.#m.clear(); }
}

/**
 * A TileStore in Cache Storage (browsers; persists across sessions). Each
 * bundle URL gets its own entries; size and SHA-256 ride in headers.
 */
export class CacheStorageStore {
  #name; #base; #cache;
  constructor(base, name = "bando-tiles-v1") { this.#base = base; this.#name = name; }
  async #c() { return (this.#cache ??= await globalThis.caches.open(this.#name)); }
  #url(path) { return this.#base + path; }
  async get(path) {
    const r = await (await this.#c()).match(this.#url(path));
    return r ? new Uint8Array(await r.arrayBuffer()) : null;
  }
  async has(path) { return !!(await (await this.#c()).match(this.#url(path))); }
  async put(path, bytes, sha256 = "") {
    const headers = { "content-type": "application/octet-stream", "x-bando-size": String(bytes.byteLength), "x-bando-sha256": sha256 };
    await (await this.#c()).put(this.#url(path), new Response(bytes, { headers }));
  }
  async delete(path) { return (await this.#c()).delete(this.#url(path)); }
  async list() {
    const c = await this.#c();
    const out = [];
    for (const req of await c.keys()) {
      if (!req.url.startsWith(this.#base)) continue;
      const r = await c.match(req);
      out.push({ path: req.url.slice(this.#base.length), size: Number(r?.headers.get("x-bando-size") ?? 0) });
    }
    return out;
  }
  async clear() {
    for (const { path } of await this.list()) await this.delete(path);
  }
}

export async function defaultStore(base) {
  return globalThis.caches ? new CacheStorageStore(base) : new MemoryStore();
}

const manifests = new WeakMap(); // source → Promise<manifest>

/** The manifest of a tile source, read once. */
export function manifestOf(source) {
  if (!manifests.has(source)) {
    manifests.set(source, source("manifest.json").then((b) => {
      if (!b) throw new Error("bando: the bundle has no manifest.json");
      return JSON.parse(new TextDecoder().decode(b));
    }));
  }
  return manifests.get(source);
}

const tilePath = (key) => `tiles/${key}.mp`;
const keyOf = (path) => (path.startsWith("tiles/") && path.endsWith(".mp") ? path.slice(6, -3) : null);

// verify checks bytes against the manifest entry of path (the manifest
// itself has none).
async function verify(manifest, path, bytes) {
  const e = manifest?.tiles?.[keyOf(path)];
  if (!e) return "";
  if (bytes.byteLength !== e.size) throw new IntegrityError(path, `${e.size} bytes`, `${bytes.byteLength} bytes`);
  const sha = await sha256hex(bytes);
  if (sha !== e.sha256) throw new IntegrityError(path, e.sha256, sha);
  return sha;
}

async function fetchBytes(off, path, signal) {
  let r;
  try {
    r = await off.fetch(off.base + path, { signal });
  } catch (e) {
    if (e?.name === "AbortError") throw e;
    throw new TileNotCachedError(path, e);
  }
  if (r.status === 404) return null;
  if (!r.ok) throw new TileNotCachedError(path, new Error(`HTTP ${r.status}`));
  return new Uint8Array(await r.arrayBuffer());
}

/**
 * cachedSource reads tiles from off.store first, else from off.base over
 * the network, verifying them against the manifest before storing them.
 * onFail(err) hears of each TileNotCachedError (the core sees only a 500).
 */
export function cachedSource(off, onFail) {
  let manifest = null;
  const src = async (path) => {
    try {
      const hit = await off.store.get(path);
      if (hit) return hit;
      const b = await fetchBytes(off, path);
      if (b === null) return null;
      if (path !== "manifest.json") manifest ??= await manifestOf(src);
      await off.store.put(path, b, await verify(manifest, path, b));
      return b;
    } catch (e) {
      if (e instanceof TileNotCachedError) onFail(e);
      throw e;
    }
  };
  return src;
}

// Spatial key families: the part of the map a key covers, [w, s, e, n].
function tileBBox(z, x, y) {
  const n = 2 ** z;
  const lat = (t) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * t) / n))) * 180) / Math.PI;
  return [(x / n) * 360 - 180, lat(y + 1), ((x + 1) / n) * 360 - 180, lat(y)];
}

/** The bbox a key covers, or null when it is not spatial (needed everywhere). */
export function keyBBox(key) {
  let m = /^basemap\/(\d+)\/(\d+)\/(\d+)$/.exec(key);
  if (m) return tileBBox(+m[1], +m[2], +m[3]);
  m = /^place\/(-?\d+)\/(-?\d+)$/.exec(key);
  if (m) return [m[2] * 0.1, m[1] * 0.1, (+m[2] + 1) * 0.1, (+m[1] + 1) * 0.1];
  // admin/cell/<x>_<y> is not spatial here: every result of a search (units
  // anywhere in the country included) and every reverse geocode is named
  // from these cells (the whole country: 758 tiles, 14.8 MB, against 57 MB of
  // the search index a region needs anyway).
  // graph/<level>/<row>/<col>, ch/<profile>/<level>/<row>/<col> (graph v2):
  // side 0.5° at level 0, 0.25° / 2^(level−1) at levels 1–6, row = ⌊lat/side⌋;
  // v1 bundles: graph/<row>/<col>, 0.25° (core/route/graph/FORMAT.md §1–2).
  // graph/index and ch/<profile>/core are bundle-wide.
  m = /^(?:graph|ch\/[a-z_]+)\/(\d)\/(-?\d+)\/(-?\d+)$/.exec(key);
  if (m) {
    const side = +m[1] === 0 ? 0.5 : 0.25 / 2 ** (+m[1] - 1);
    return [m[3] * side, m[2] * side, (+m[3] + 1) * side, (+m[2] + 1) * side];
  }
  m = /^(?:graph|ch\/[a-z_]+)\/(-?\d+)\/(-?\d+)$/.exec(key);
  if (m) return [m[2] * 0.25, m[1] * 0.25, (+m[2] + 1) * 0.25, (+m[1] + 1) * 0.25];
  return null;
}

const intersects = (a, b) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** The bbox of a region: {bbox} or {province, structure} (from the basemap index). */
export function regionBBox(region, index) {
  if (region?.bbox) return region.bbox;
  const structure = region?.structure ?? "new";
  const r = index?.regions?.find((p) => p.code === region?.province && p.structure === structure);
  if (!r) throw new TypeError(`bando: unknown province ${region?.province} (${structure} structure)`);
  return r.bbox;
}

/**
 * The keys of the tiles a region needs: every non-spatial tile (search,
 * …), and the spatial ones (basemap archives, place cells,
 * routing graph and hierarchy cells) that intersect the region's bbox.
 */
export function regionKeys(manifest, bbox) {
  return Object.keys(manifest.tiles).filter((k) => {
    const b = keyBBox(k);
    return b === null || intersects(b, bbox);
  }).sort();
}

async function basemapIndex(source) {
  const b = await source(tilePath("basemap/index"));
  return b ? JSON.parse(new TextDecoder().decode(b)) : null;
}

/** Download a region into off.store; see Bando.download. */
export async function download(off, source, region, { onProgress, signal, concurrency = 6 } = {}) {
  const t0 = performance.now();
  const manifest = await manifestOf(source);
  const bbox = regionBBox(region, await basemapIndex(source));
  const keys = regionKeys(manifest, bbox);
  const total = keys.length;
  const totalBytes = keys.reduce((s, k) => s + manifest.tiles[k].size, 0);
  const res = { tiles: total, fetched: 0, skipped: 0, bytes: 0, totalBytes, ms: 0 };
  let next = 0, done = 0;
  const worker = async () => {
    while (next < keys.length) {
      signal?.throwIfAborted();
      const key = keys[next++], path = tilePath(key);
      if (await off.store.has(path)) {
        res.skipped++;
      } else {
        const b = await fetchBytes(off, path, signal);
        if (b === null) throw new TileNotCachedError(path, new Error("HTTP 404"));
        await off.store.put(path, b, await verify(manifest, path, b));
        res.fetched++;
        res.bytes += b.byteLength;
      }
      done++;
      onProgress?.({ done, total, bytes: res.bytes, totalBytes, key });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  signal?.throwIfAborted();
  res.ms = performance.now() - t0;
  return res;
}

/** Bytes and tiles in the store, and the browser's storage estimate. */
export async function storageUsage(off) {
  const list = await off.store.list();
  const est = await globalThis.navigator?.storage?.estimate?.().catch(() => null);
  return {
    tiles: list.length,
    bytes: list.reduce((s, e) => s + e.size, 0),
    usage: est?.usage ?? null,
    quota: est?.quota ?? null,
  };
}

/**
 * Evict: without a region, every cached tile; with one, its spatial tiles
 * that lie inside it (archives rooted at zoom ≥ 8 and place cells), keeping
 * what neighbouring regions share.
 */
export async function evict(off, source, region) {
  if (!region) {
    const list = await off.store.list();
    await off.store.clear();
    return { tiles: list.length, bytes: list.reduce((s, e) => s + e.size, 0) };
  }
  const bbox = regionBBox(region, await basemapIndex(source));
  let tiles = 0, bytes = 0;
  for (const { path, size } of await off.store.list()) {
    const key = keyOf(path), b = key && keyBBox(key);
    const deep = key && (!key.startsWith("basemap/") || +key.split("/")[1] >= 8);
    if (b && deep && b[0] >= bbox[0] && b[1] >= bbox[1] && b[2] <= bbox[2] && b[3] <= bbox[3]) {
      await off.store.delete(path);
      tiles++;
      bytes += size;
    }
  }
  return { tiles, bytes };
}
