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
  /** length bytes at offset of path (fewer when it ends before), or null. */
  async getRange(path, offset, length) { return this.#m.get(path)?.bytes.subarray(offset, offset + length) ?? null; }
  /** The SHA-256 path was stored with ("" when none), or null when absent. */
  async sha256(path) { return this.#m.has(path) ? this.#m.get(path).sha256 : null; }
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
  // A slice of the cached Blob: the browser reads only those bytes of an
  // archive from disk.
  async getRange(path, offset, length) {
    const r = await (await this.#c()).match(this.#url(path));
    return r ? new Uint8Array(await (await r.blob()).slice(offset, offset + length).arrayBuffer()) : null;
  }
  async sha256(path) {
    const r = await (await this.#c()).match(this.#url(path));
    await r?.body?.cancel();
    return r ? (r.headers.get("x-bando-sha256") ?? "") : null;
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

// fileEntry is the manifest's {size, sha256} of a bundle file: a loose
// tile, a packed bundle's directory or archive (core/tile/SPEC.md §9);
// undefined for the manifest itself.
export function fileEntry(manifest, path) {
  if (manifest?.pack) {
    if (path === "tiles.dir") return manifest.pack.directory;
    const m = /^packs\/(.+)\.pack$/.exec(path);
    return m ? manifest.pack.archives.find((a) => a.name === m[1]) : undefined;
  }
  return manifest?.tiles?.[keyOf(path)];
}

// verify checks bytes against the manifest entry of path (the manifest
// itself has none).
async function verify(manifest, path, bytes) {
  const e = fileEntry(manifest, path);
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
  const src = async (path, range) => {
    try {
      if (range) return await cachedRange(off, src, path, range);
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

// cachedRange reads range {offset, length} of a packed bundle's archive:
// from the store when it holds the archive the manifest lists (same
// SHA-256: an archive of an older bundle is not read), else over the
// network (a Range request; not stored: archives are stored whole, by
// download).
async function cachedRange(off, src, path, range) {
  const manifest = await manifestOf(src);
  const e = fileEntry(manifest, path);
  if (e && (await off.store.sha256?.(path)) === e.sha256) {
    const b = off.store.getRange ? await off.store.getRange(path, range.offset, range.length)
      : (await off.store.get(path))?.subarray(range.offset, range.offset + range.length);
    if (b) return b;
  }
  if (range.length === 0) return new Uint8Array(0);
  let r;
  try {
    r = await off.fetch(off.base + path, { headers: { range: `bytes=${range.offset}-${range.offset + range.length - 1}` } });
  } catch (e) {
    throw new TileNotCachedError(path, e);
  }
  if (r.status === 404) return null;
  if (r.status === 416) return new Uint8Array(0);
  if (!r.ok) throw new TileNotCachedError(path, new Error(`HTTP ${r.status}`));
  const b = new Uint8Array(await r.arrayBuffer());
  return r.status === 200 ? b.subarray(range.offset, range.offset + range.length) : b;
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
  const b = await readTile(source, "basemap/index");
  return b ? JSON.parse(new TextDecoder().decode(b)) : null;
}

const directories = new WeakMap(); // source → Promise<directory lookup>

/**
 * readTile(source, key) → the bytes of the tile with this key, checked
 * against its size and SHA-256 (IntegrityError), or null when the bundle
 * has none: a loose bundle's tiles/<key>.mp, or a packed bundle's range of
 * an archive found in its directory (core/tile/SPEC.md §9.3).
 */
export async function readTile(source, key) {
  const manifest = await manifestOf(source);
  if (!manifest.pack) {
    const b = await source(tilePath(key));
    if (b) await verify(manifest, tilePath(key), b);
    return b;
  }
  if (!directories.has(source)) {
    directories.set(source, source("tiles.dir").then(async (b) => {
      if (!b) throw new TileNotCachedError("tiles.dir", new Error("not found"));
      await verify(manifest, "tiles.dir", b);
      return parseDirectory(b);
    }));
  }
  const e = (await directories.get(source))(key);
  if (!e) return null;
  const path = archivePath(manifest.pack.archives[e.archive]?.name);
  const b = await source(path, { offset: e.offset, length: e.size });
  if (!b || b.byteLength !== e.size) throw new IntegrityError(path, `${e.size} bytes at ${e.offset}`, `${b?.byteLength ?? 0}`);
  const sha = await sha256hex(b);
  if (sha !== e.sha256) throw new IntegrityError(`${path} (${key})`, e.sha256, sha);
  return b;
}

// parseDirectory reads tiles.dir (SPEC.md §9.3) into a lookup
// key → {archive, offset, size, sha256} (binary search over the keys).
function parseDirectory(b) {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const magic = new TextDecoder().decode(b.subarray(0, 8));
  if (b.byteLength < 32 || magic !== "BANDODIR" || dv.getUint32(8, true) !== 1) throw new IntegrityError("tiles.dir", "a bando directory v1", magic);
  const n = dv.getUint32(12, true), pad = (2 * n + 3) & ~3;
  const sums = 32 + 12 * n + pad, keys = sums + 32 * n;
  const dec = new TextDecoder();
  const keyAt = (i) => dec.decode(b.subarray(keys + (i ? dv.getUint32(32 + 4 * (i - 1), true) : 0), keys + dv.getUint32(32 + 4 * i, true)));
  return (key) => {
    let lo = 0, hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keyAt(mid) < key) lo = mid + 1; else hi = mid;
    }
    if (lo >= n || keyAt(lo) !== key) return null;
    const hex = Array.from(b.subarray(sums + 32 * lo, sums + 32 * lo + 32), (x) => x.toString(16).padStart(2, "0")).join("");
    return { size: dv.getUint32(32 + 4 * (n + lo), true), offset: dv.getUint32(32 + 4 * (2 * n + lo), true), archive: dv.getUint16(32 + 12 * n + 2 * lo, true), sha256: hex };
  };
}

// ---- Packed bundles (core/tile/SPEC.md §9): downloads of whole archives ----

const archivePath = (name) => `packs/${name}.pack`;
const PART_BYTES = 1 << 20; // a download keeps what it received in parts of this size
const partPrefix = (a) => `partial/${a.name}/${a.sha256}/`;

/**
 * The archives a region needs (SPEC.md §9.1): the national ones (region ""
 * without bbox), those of its provinces (new structure: an old province,
 * or a bbox, takes every new province whose bbox meets its own) and the
 * spatial ones whose bbox meets its bbox.
 */
export function regionArchives(manifest, region, index) {
  const bbox = regionBBox(region, index);
  const codes = new Set();
  if (region?.province && (region.structure ?? "new") === "new") codes.add(region.province);
  else for (const r of index?.regions ?? []) if (r.structure === "new" && intersects(r.bbox, bbox)) codes.add(r.code);
  return manifest.pack.archives.filter((a) =>
    a.bbox ? intersects(a.bbox, bbox) : a.region === "" || codes.has(a.region));
}

// freshManifest reads manifest.json from the network (the bundle may have
// changed since it was stored); the stored one when the network fails.
async function freshManifest(off, source) {
  let b = null;
  try {
    const r = await off.fetch(off.base + "manifest.json", { cache: "no-store" });
    if (r.ok) b = new Uint8Array(await r.arrayBuffer());
    else await r.body?.cancel();
  } catch {}
  if (!b) return { manifest: await manifestOf(source), bytes: null };
  return { manifest: JSON.parse(new TextDecoder().decode(b)), bytes: b };
}

/** The names of the archives off.store holds whole (the SHA-256 the manifest of source lists). */
export async function heldArchives(off, source) {
  const manifest = await manifestOf(source);
  const out = [];
  for (const a of manifest.pack?.archives ?? []) {
    if ((await off.store.sha256?.(archivePath(a.name))) === a.sha256) out.push(a.name);
  }
  return out;
}

/** What a download of region would fetch; see Bando.downloadPlan. */
export async function downloadPlan(off, source, region) {
  const { manifest } = await freshManifest(off, source);
  if (!manifest.pack) throw new TypeError("bando: downloadPlan needs a packed bundle (core/tile/SPEC.md §9)");
  const archives = [];
  for (const a of regionArchives(manifest, region, await basemapIndex(source))) {
    archives.push({ name: a.name, region: a.region, size: a.size, cached: (await off.store.sha256?.(archivePath(a.name))) === a.sha256 });
  }
  const bytes = archives.reduce((n, a) => n + a.size, 0);
  return { archives, bytes, toFetch: archives.reduce((n, a) => n + (a.cached ? 0 : a.size), 0) };
}

// downloadPacked stores the archives of a region, whole and checked, and
// the bundle's manifest and directory. An archive whose stored SHA-256 is
// the manifest's is skipped (so a call after the bundle changed fetches
// only the archives that changed); one being fetched is kept in parts as
// it arrives, so a dropped connection resumes with a Range request from
// the first byte not held (retried `retries` times, then the error is
// thrown: a later call resumes the same way).
async function downloadPacked(off, source, region, { onProgress, signal, concurrency = 3, retries = 3 } = {}) {
  const t0 = performance.now();
  const { manifest, bytes: fresh } = await freshManifest(off, source);
  const stored = await off.store.get("manifest.json");
  const changed = fresh !== null && !(stored && equalBytes(stored, fresh));
  const archives = regionArchives(manifest, region, await basemapIndex(source));
  const totalBytes = archives.reduce((n, a) => n + a.size, 0);
  const res = { archives: archives.length, fetched: 0, skipped: 0, bytes: 0, totalBytes, ms: 0, updated: changed };
  let held = 0, done = 0, next = 0;
  const progress = (archive) => onProgress?.({ bytes: held, totalBytes, archive, done, total: archives.length });
  const worker = async () => {
    while (next < archives.length) {
      signal?.throwIfAborted();
      const a = archives[next++];
      if ((await off.store.sha256?.(archivePath(a.name))) === a.sha256) {
        res.skipped++;
        held += a.size;
      } else {
        res.bytes += await fetchArchive(off, a, signal, retries, (n) => { held += n; progress(a.name); });
        res.fetched++;
      }
      done++;
      progress(a.name);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, archives.length) }, worker));
  signal?.throwIfAborted();
  // The directory, then the manifest last: a bundle is stored whole or
  // the old one stays.
  const d = manifest.pack.directory;
  if ((await off.store.sha256?.("tiles.dir")) !== d.sha256) {
    const b = await fetchBytes(off, "tiles.dir", signal);
    if (b === null) throw new TileNotCachedError("tiles.dir", new Error("HTTP 404"));
    await off.store.put("tiles.dir", b, await verify(manifest, "tiles.dir", b));
    res.bytes += b.byteLength;
  }
  if (changed) await off.store.put("manifest.json", fresh);
  const regions = await downloadedRegions(off);
  if (!regions.some((r) => sameRegion(r, region))) await off.store.put(DOWNLOADS, new TextEncoder().encode(JSON.stringify([...regions, region])));
  res.ms = performance.now() - t0;
  return res;
}

// The regions downloaded into a store (so that evict keeps what another
// needs), as a JSON list in the store entry DOWNLOADS.
const DOWNLOADS = "downloads.json";
async function downloadedRegions(off) {
  const b = await off.store.get(DOWNLOADS);
  try {
    return b ? JSON.parse(new TextDecoder().decode(b)) : [];
  } catch {
    return [];
  }
}
const sameRegion = (a, b) => JSON.stringify([a.province, a.structure ?? "new", a.bbox]) === JSON.stringify([b.province, b.structure ?? "new", b.bbox]);

function equalBytes(a, b) {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

// fetchArchive fetches archive a into off.store (checked whole against
// its size and SHA-256), resuming from the parts a previous attempt kept;
// onBytes(n) hears of every n bytes held (those already kept first).
// Returns the bytes fetched over the network.
async function fetchArchive(off, a, signal, retries, onBytes) {
  const path = archivePath(a.name), prefix = partPrefix(a);
  const parts = [];
  for (let i = 0; ; i++) {
    const p = await off.store.get(prefix + i);
    if (!p) break;
    parts.push(p);
  }
  let have = parts.reduce((n, p) => n + p.byteLength, 0);
  if (have > a.size) { // not this archive's: start again
    for (let i = 0; i < parts.length; i++) await off.store.delete(prefix + i);
    parts.length = 0;
    have = 0;
  }
  if (have) onBytes(have);
  let fetched = 0, failures = 0;
  while (have < a.size) {
    signal?.throwIfAborted();
    let pending = [], pendingBytes = 0;
    const keep = async () => { // store what arrived as one part
      if (!pendingBytes) return;
      const b = concat(pending, pendingBytes);
      await off.store.put(prefix + parts.length, b);
      parts.push(b);
      have += b.byteLength;
      pending = [];
      pendingBytes = 0;
    };
    try {
      const r = await off.fetch(off.base + path, { headers: { range: `bytes=${have}-` }, signal, cache: "no-store" });
      if (r.status === 404) throw new TileNotCachedError(path, new Error("HTTP 404"));
      if (r.status !== 206 && r.status !== 200) throw new Error(`HTTP ${r.status}`);
      let skip = r.status === 200 ? have : 0; // the Range header ignored: the whole archive again
      const reader = r.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        let v = value;
        if (skip) {
          const s = Math.min(skip, v.byteLength);
          v = v.subarray(s);
          skip -= s;
          if (!v.byteLength) continue;
        }
        if (have + pendingBytes + v.byteLength > a.size) throw new IntegrityError(path, `${a.size} bytes`, "more");
        pending.push(v);
        pendingBytes += v.byteLength;
        fetched += v.byteLength;
        onBytes(v.byteLength);
        if (pendingBytes >= PART_BYTES) await keep();
      }
      await keep();
      if (have < a.size) throw new Error(`connection closed at byte ${have} of ${a.size}`);
    } catch (e) {
      await keep(); // nothing received is fetched again
      if (e?.name === "AbortError" || signal?.aborted || e instanceof IntegrityError) {
        if (e instanceof IntegrityError) await dropParts(off, prefix, parts.length);
        throw e;
      }
      if (++failures > retries) throw e instanceof TileNotCachedError ? e : new TileNotCachedError(path, e);
      await new Promise((ok) => setTimeout(ok, 250 * 2 ** (failures - 1)));
    }
  }
  const b = concat(parts, have);
  try {
    await off.store.put(path, b, await verify({ pack: { archives: [a] } }, path, b));
  } finally {
    await dropParts(off, prefix, parts.length); // a bad archive is fetched whole again next time
  }
  return fetched;
}

async function dropParts(off, prefix, n) {
  for (let i = 0; i < n; i++) await off.store.delete(prefix + i);
}

function concat(chunks, n) {
  if (chunks.length === 1 && chunks[0].byteLength === n) return chunks[0];
  const b = new Uint8Array(n);
  let o = 0;
  for (const c of chunks) { b.set(c, o); o += c.byteLength; }
  return b;
}

/** Download a region into off.store; see Bando.download. */
export async function download(off, source, region, options = {}) {
  if ((await manifestOf(source)).pack) return downloadPacked(off, source, region, options);
  const { onProgress, signal, concurrency = 6 } = options;
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
    archives: list.filter((e) => e.path.startsWith("packs/")).length,
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
  const manifest = await manifestOf(source);
  if (region && manifest.pack) return evictPacked(off, source, manifest, region);
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

// evictPacked removes the archives region needs that no other region
// downloaded into the store needs (the national ones go with the last
// region), with their partial downloads.
async function evictPacked(off, source, manifest, region) {
  const index = await basemapIndex(source);
  const others = (await downloadedRegions(off)).filter((r) => !sameRegion(r, region));
  const keep = new Set(others.flatMap((r) => regionArchives(manifest, r, index).map((a) => a.name)));
  const names = new Set(regionArchives(manifest, region, index).map((a) => a.name).filter((n) => !keep.has(n)));
  let archives = 0, bytes = 0;
  for (const { path, size } of await off.store.list()) {
    const m = /^packs\/(.+)\.pack$/.exec(path) ?? /^partial\/([^/]+)\//.exec(path);
    if (m && names.has(m[1])) {
      await off.store.delete(path);
      if (path.startsWith("packs/")) archives++;
      bytes += size;
    }
  }
  await off.store.put(DOWNLOADS, new TextEncoder().encode(JSON.stringify(others)));
  return { tiles: archives, archives, bytes };
}
