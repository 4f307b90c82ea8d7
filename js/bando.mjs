// bando.mjs — the bando engine in-process: Bando.open({tiles, cache}) loads
// the Go core (dist/bando.wasm) and answers the /v1 API offline: a typed
// method per endpoint (errors thrown as BandoError), bando.fetch(url) giving
// exactly what the HTTP API returns as a standard Response, and region
// downloads into a persistent tile cache (offline.mjs).
//
// Tile sources: a function (path) => Promise<Uint8Array|null>, or
// Bando.dirSource(dir) (Node), or Bando.httpSource(baseURL) (fetch); with
// options.cache, an HTTP source reads through a TileStore (Cache Storage).
// Go's wasm_exec.js (it defines globalThis.Go) as a module import: bundlers
// include it, browsers load it as a script of this origin, and no code is
// ever evaluated from a string (a Content-Security-Policy needs only
// 'wasm-unsafe-eval'). `make wasm` and `npm pack` put it in dist/.
import "./dist/wasm_exec.js";
import { manifestParts } from "./manifest.mjs";
import { BandoError, TileNotCachedError, IntegrityError, cachedSource, download, downloadPlan, heldArchives, storageUsage, evict, defaultStore, manifestOf, readTile, regionKeys, sha256hex } from "./offline.mjs";

export { BandoError, TileNotCachedError, IntegrityError, MemoryStore, CacheStorageStore, regionKeys, regionArchives } from "./offline.mjs";

const isNode = typeof process !== "undefined" && !!process.versions?.node;
// nodeImport loads a Node built-in only where the code runs in Node. The
// specifier is hidden from bundlers, which would otherwise stub it and split
// the stub into a chunk of its own (a module Web Worker built by Vite then
// needs worker.format "es").
const nodeImport = (m) => import(/* @vite-ignore */ /* webpackIgnore: true */ m);
// `make wasm` and `npm pack` put bando.wasm in dist/; written as a literal
// new URL(…, import.meta.url) so bundlers (Vite, webpack) emit the file.
const defaultWasm = () => new URL("./dist/bando.wasm", import.meta.url);
const runtimes = new Map(); // wasm URL → Promise<api>

async function loadBytes(url) {
  if (isNode && url.protocol === "file:") {
    const { readFile } = await nodeImport("node:fs/promises");
    return readFile(url);
  }
  const r = await fetch(url);
  if (!r.ok) throw new Error(`bando: loading ${url}: HTTP ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
}

// loadGoGlue imports another wasm_exec.js (options.wasmExec, for a
// bando.wasm built by another Go) as a module, never by eval.
async function loadGoGlue(url) {
  if (url === null) return;
  await import(/* @vite-ignore */ url.href);
}

// toURL accepts a URL, an absolute URL string, or (Node) a file path;
// in a browser a relative string is resolved against the page.
async function toURL(x) {
  if (x instanceof URL) return x;
  if (/^[a-z][a-z0-9+.-]*:/i.test(x)) return new URL(x);
  if (isNode) {
    const { pathToFileURL } = await nodeImport("node:url");
    return pathToFileURL(x);
  }
  return new URL(x, globalThis.location?.href);
}

// The JavaScript engine's own Math, offered to the Go core as the wasm
// import module "h3math" (h3port can use it for bit-exact trigonometry when
// built with -tags jsmath; an unused import module is ignored).
const h3mathImports = {
  sin: Math.sin, cos: Math.cos, tan: Math.tan, atan: Math.atan,
  atan2: Math.atan2, asin: Math.asin, acos: Math.acos,
};

// boot starts one Go instance per wasm URL and resolves with its API
// object {open, version}.
function boot(wasmURL, execURL) {
  const key = wasmURL.href;
  if (!runtimes.has(key)) {
    runtimes.set(key, (async () => {
      await loadGoGlue(execURL);
      const go = new globalThis.Go();
      const bytes = await loadBytes(wasmURL);
      const { instance } = await WebAssembly.instantiate(bytes, { ...go.importObject, h3math: h3mathImports });
      const api = new Promise((resolve) => { globalThis.__bandoBoot = resolve; });
      go.run(instance); // resolves only when Go exits, which it does not
      return api;
    })());
  }
  return runtimes.get(key);
}

// query turns a parameter object into a query string: undefined and null
// are left out, arrays joined by ",", objects (the Valhalla requests) sent
// as JSON.
function query(params = {}) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) q.set(k, v.join(","));
    else if (typeof v === "object") q.set(k, JSON.stringify(v));
    else q.set(k, String(v));
  }
  const s = q.toString();
  return s ? "?" + s : "";
}

// latLng accepts "lat,lng", [lat, lng] or {lat, lng}.
function latLng(p) {
  if (p === undefined || p === null || typeof p === "string") return p;
  if (Array.isArray(p)) return `${p[0]},${p[1]}`;
  return `${p.lat},${p.lng ?? p.lon}`;
}

/**
 * decodePolyline(s, precision = 5) → [[lng, lat], …] (GeoJSON order) from an
 * encoded polyline: Google's (precision 5: /direction's overview_polyline
 * and step polylines) or polyline6 (precision 6: /optimized-route's leg
 * shapes). A malformed string throws a RangeError.
 */
export function decodePolyline(s, precision = 5) {
  const f = 10 ** precision, out = [];
  let i = 0, lat = 0, lng = 0;
  const next = () => {
    let r = 0, sh = 0, c;
    do {
      c = s.charCodeAt(i++) - 63;
      if (!(c >= 0 && c < 64) || sh > 35) throw new RangeError(`bando: bad polyline at ${i - 1}`);
      r += (c & 31) * 2 ** sh; // arithmetic, not bit operators: exact past 32 bits
      sh += 5;
    } while (c >= 32);
    return r % 2 ? -(r + 1) / 2 : r / 2;
  };
  while (i < s.length) {
    lat += next();
    lng += next();
    out.push([lng / f, lat / f]);
  }
  return out;
}

// sha256Hex(bytes) → Promise<hex> with the platform's native SHA-256
// (node:crypto, or WebCrypto where the page is a secure context), or null
// where there is none: Go then hashes itself, about ten times slower in
// wasm (core/search/BENCHMARKS.search.md, "Memory and cold reads").
async function nativeSHA256() {
  if (isNode) {
    const crypto = await nodeImport("node:crypto");
    if (typeof crypto.hash === "function") return (b) => crypto.hash("sha256", b, "hex");
    return (b) => crypto.createHash("sha256").update(b).digest("hex");
  }
  return globalThis.crypto?.subtle ? sha256hex : null;
}

// verifyingReader(tiles, source) → the getTile the Go engine reads with:
// getTile(path, size, sha256hex) → bytes, null (no such tile) or "corrupt"
// (tile.JSVerifyingSource), checked by the platform's SHA-256; null when
// there is none (Go checks then). In Node, for a directory, reads are
// synchronous into one reused buffer (up to 256 KB; a larger tile gets its
// own, which the collector frees: the gazetteer's 1.3 MB would otherwise
// stay held): tiles are small local files (a read costs tens of µs, a
// promise round trip more), the engine copies each tile into Go at once,
// and no freed tile buffers pile up in the allocator. JavaScript's own reads (manifest(), download()) keep source.
async function verifyingReader(tiles, source) {
  const sha = await nativeSHA256();
  if (!sha) return null;
  if (isNode && (tiles instanceof URL || (typeof tiles === "string" && !/^https?:\/\//.test(tiles)))) {
    return nodeDirReader(tiles instanceof URL ? tiles.pathname : tiles, sha);
  }
  return async (path, size, hex, offset) => {
    // offset: a tile of a packed bundle, size bytes at offset of an archive
    // (core/tile/SPEC.md §9), read by range.
    let b = await source(path, offset === undefined ? undefined : { offset, length: size });
    if (b === null || b === undefined || size === undefined) return b;
    // A function that ignores the range answers the whole archive.
    if (offset !== undefined && b.byteLength > size) b = b.subarray(offset, offset + size);
    if (b.byteLength !== size || (await sha(b)) !== hex) return "corrupt";
    return b;
  };
}

async function nodeDirReader(dir, sha) {
  const fs = await nodeImport("node:fs");
  const { join } = await nodeImport("node:path");
  const sharedCap = 256 << 10; // most tiles are a few tens of KB
  let buf = new Uint8Array(64 << 10);
  return (path, size, hex, offset) => {
    let fd;
    try {
      fd = fs.openSync(join(dir, path), "r");
    } catch (e) {
      if (e.code === "ENOENT") return null;
      throw e;
    }
    try {
      if (size === undefined) return fs.readFileSync(fd); // the manifest: its size is not known
      // A tile larger than the shared buffer's cap gets a buffer of its own,
      // left to the collector: the shared one would keep its size for good.
      let into = buf;
      if (size + 1 > buf.byteLength) {
        if (size + 1 <= sharedCap) into = buf = new Uint8Array(Math.max(size + 1, Math.min(2 * buf.byteLength, sharedCap)));
        else into = new Uint8Array(size + 1);
      }
      let n = 0, got;
      if (offset !== undefined) { // a tile of a packed archive: size bytes at offset (fewer: truncated)
        while (n < size && (got = fs.readSync(fd, into, n, size - n, offset + n)) > 0) n += got;
      } else {
        while (n <= size && (got = fs.readSync(fd, into, n, size + 1 - n, null)) > 0) n += got; // one byte more: a longer file is corrupt
      }
      const b = into.subarray(0, n);
      return n === size && sha(b) === hex ? b : "corrupt";
    } finally {
      fs.closeSync(fd);
    }
  };
}

// fetchRange(fetchFn, url, range?, signal?) → the bytes of url (null on
// 404); with range {offset, length} only those (an HTTP Range request; a
// 416 is an empty answer: the file ends before offset).
export async function fetchRange(fetchFn, url, range, signal) {
  if (range && range.length === 0) return new Uint8Array(0);
  const init = range ? { headers: { range: `bytes=${range.offset}-${range.offset + range.length - 1}` }, signal } : { signal };
  const r = await fetchFn(url, init);
  if (r.status === 404) return null;
  if (range && r.status === 416) {
    await r.body?.cancel();
    return new Uint8Array(0);
  }
  if (!r.ok) throw new Error(`bando: ${url}: HTTP ${r.status}`);
  const b = new Uint8Array(await r.arrayBuffer());
  if (range && r.status === 200) return b.subarray(range.offset, range.offset + range.length); // Range ignored
  return b;
}

export class Bando {
  #engine;
  #source;
  #offline; // {base, store, fetch} when opened with a cache
  #failures = []; // offline tile failures not yet claimed by a request

  constructor(engine, source, offline) {
    this.#engine = engine;
    this.#source = source;
    this.#offline = offline;
  }

  /**
   * Open a bundle. options.tiles: a function (path) => Promise<Uint8Array|null>,
   * a URL string (http/https) or a directory path (Node). options.cache: a
   * TileStore, true (Cache Storage in browsers, memory elsewhere) or
   * undefined (no cache); with an http tiles URL, tiles are read from the
   * cache first and stored there when fetched. options.wasm: URL of
   * bando.wasm (default dist/bando.wasm next to this module);
   * options.wasmExec: URL of another Go's wasm_exec.js, imported as a module
   * (only for a bando.wasm built by another Go than the packaged one).
   * options.keyHashes: SHA-256 hex hashes of accepted keys (newline separated),
   * to require `apikey` as the HTTP API does; default none required.
   * Memory (both settings measured in core/search/BENCHMARKS.search.md):
   * options.cacheBytes: decoded-tile cache budget in bytes of search and
   * admin tiles (0 or absent: 8 MiB; 512 KB is the lean setting for
   * search: about the same autocomplete p95, ~15 % more CPU); options.geocodeCacheBytes: the own
   * cache of place cells and address tiles (reverse and forward geocoding,
   * nearby, place details; 0 or absent: 24 MiB, filled only by those); options.routeCacheBytes: the routing graph's and hierarchies' own
   * cache (0 or absent: 56 MiB, filled only by routes); options.gcPercent: the Go collector's target, heap growth in %
   * between collections (absent: 25; Go's own default is 100; lower uses
   * less memory and more CPU); options.memoryLimit: a soft limit in bytes
   * on the Go heap (absent: none). gcPercent and memoryLimit belong to the
   * wasm instance, shared by every Bando opened from the same bando.wasm.
   * options.heldOnly (with cache, a packed bundle): read only the archives
   * the cache holds (download()ed provinces); the tiles of the others are
   * absent rather than fetched, so a device offline with some provinces
   * answers inside them (search skips the provinces it does not hold)
   * instead of failing on what it lacks.
   * The manifest is parsed here and only its table handed to Go
   * (manifestParts); options.manifestParts: false has Go read the JSON
   * itself (tests compare the two).
   */
  static async open(options = {}) {
    const wasmURL = await toURL(options.wasm ?? defaultWasm());
    const execURL = options.wasmExec ? await toURL(options.wasmExec) : null;
    let offline = null;
    let source;
    const failures = [];
    if (options.cache && typeof options.tiles === "string" && /^https?:\/\//.test(options.tiles)) {
      const base = options.tiles.endsWith("/") ? options.tiles : options.tiles + "/";
      const store = options.cache === true ? await defaultStore(base) : options.cache;
      offline = { base, store, fetch: options.fetch ?? globalThis.fetch.bind(globalThis) };
      source = cachedSource(offline, (e) => failures.push(e));
    } else {
      source = Bando.source(options.tiles);
    }
    const api = await boot(wasmURL, execURL);
    const reader = await verifyingReader(options.tiles, source);
    const raw = await (reader ?? source)("manifest.json");
    const manifest = raw instanceof Uint8Array ? manifestParts(raw) : null;
    const engine = await api.open(reader ?? source, {
      ...(manifest && options.manifestParts !== false ? { manifest } : {}),
      // A packed bundle's manifest (no tile table: manifestParts is null) is
      // handed over as it was read, not read again.
      ...(!manifest && raw instanceof Uint8Array && options.manifestParts !== false ? { manifestJSON: raw } : {}),
      ...(offline && options.heldOnly ? { archives: await heldArchives(offline, source) } : {}),
      verifying: reader !== null,
      keyHashes: options.keyHashes ?? "",
      cacheBytes: options.cacheBytes ?? 0,
      routeCacheBytes: options.routeCacheBytes ?? 0,
      geocodeCacheBytes: options.geocodeCacheBytes ?? 0,
      ...(options.gcPercent === undefined ? {} : { gcPercent: options.gcPercent }),
      ...(options.memoryLimit === undefined ? {} : { memoryLimit: options.memoryLimit }),
    });
    const b = new Bando(engine, source, offline);
    b.#failures = failures;
    return b;
  }

  /** Turn options.tiles into a tile-source function. */
  static source(tiles) {
    if (typeof tiles === "function") return tiles;
    if (typeof tiles === "string" && /^https?:\/\//.test(tiles)) return Bando.httpSource(tiles);
    if (typeof tiles === "string" || tiles instanceof URL) return Bando.dirSource(tiles);
    throw new TypeError("bando: options.tiles must be a function, a URL or a directory");
  }

  /**
   * Tiles from a local directory (Node). source(path, range?): the file,
   * or with range {offset, length} those bytes of it (a packed bundle's
   * archive, read at a position: fewer when the file ends before).
   */
  static dirSource(dir) {
    return async (path, range) => {
      const { readFile, open } = await nodeImport("node:fs/promises");
      const { join } = await nodeImport("node:path");
      const base = dir instanceof URL ? dir.pathname : dir;
      try {
        if (!range) return await readFile(join(base, path));
        const f = await open(join(base, path), "r");
        try {
          const b = new Uint8Array(range.length);
          let n = 0, got;
          while (n < b.length && (got = (await f.read(b, n, b.length - n, range.offset + n)).bytesRead) > 0) n += got;
          return b.subarray(0, n);
        } finally {
          await f.close();
        }
      } catch (e) {
        if (e.code === "ENOENT") return null;
        throw e;
      }
    };
  }

  /**
   * Tiles over HTTP(S) from a bundle published at baseURL. source(path,
   * range?): with range {offset, length}, an HTTP Range request (a server
   * that ignores it answers the whole file, which is sliced).
   */
  static httpSource(baseURL, fetchFn = globalThis.fetch) {
    const base = baseURL.endsWith("/") ? baseURL : baseURL + "/";
    return async (path, range) => fetchRange(fetchFn, base + path, range);
  }

  /**
   * Answer a /v1 request in-process. url: "/v1/…" or an absolute URL;
   * init: {method, headers, body, signal} as for fetch. Returns a Response.
   * An AbortSignal cancels the engine's work (its context: pending tile
   * reads stop) and the promise rejects with the signal's reason, as fetch
   * does.
   */
  async fetch(url, init = {}) {
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const target = typeof url === "string" ? url : url.href;
    const headers = {};
    new Headers(init.headers ?? {}).forEach((v, k) => { headers[k] = v; });
    let body = init.body ?? null;
    if (body !== null && typeof body !== "string") {
      body = body instanceof Uint8Array ? body : new TextEncoder().encode(String(body));
    }
    const r = await this.#engine.serve({ method: (init.method ?? "GET").toUpperCase(), url: target, headers, body, signal });
    signal?.throwIfAborted();
    const nullBody = r.status === 204 || r.status === 304;
    return new Response(nullBody ? null : r.body, { status: r.status, headers: r.headers });
  }

  // call answers one endpoint as JSON, or throws: the signal's reason when
  // options.signal aborts (an AbortError DOMException for abort()),
  // TileNotCachedError when a
  // tile the answer needs is neither cached nor reachable, BandoError for
  // any other non-2xx answer (carrying the API's error body).
  async #call(method, path, params, body, options = {}) {
    const mark = this.#failures.length;
    const init = { method, signal: options.signal };
    if (body !== undefined) {
      init.body = new URLSearchParams(body).toString();
      init.headers = { "content-type": "application/x-www-form-urlencoded" };
    }
    const r = await this.fetch(path + query(params), init);
    const failed = this.#failures.splice(mark);
    if (r.status >= 500 && failed.length > 0) throw failed[0];
    const json = await r.json();
    if (!r.ok) throw new BandoError(r.status, json);
    return json;
  }

  /** GET /v1/autocomplete (API.md §3.1): Pelias shape with `text`, Google shape with `input`. */
  autocomplete(params, options) {
    return this.#call("GET", "/v1/autocomplete", { ...params, location: latLng(params.location), origin: latLng(params.origin) }, undefined, options);
  }
  /** GET /v1/place (§3.2). `ids`: one id or an array. */
  place(params, options) { return this.#call("GET", "/v1/place", params, undefined, options); }
  /** GET /v1/place/children (§3.3). */
  placeChildren(params, options) { return this.#call("GET", "/v1/place/children", params, undefined, options); }
  /** GET /v1/geocode/forward (§3.4): Google shape with `address`, Pelias with `text`. */
  geocodeForward(params, options) { return this.#call("GET", "/v1/geocode/forward", params, undefined, options); }
  /** GET /v1/geocode/reverse (§3.5): Google shape with `latlng`, Pelias with `point.lat`/`point.lon`. */
  geocodeReverse(params, options) { return this.#call("GET", "/v1/geocode/reverse", { ...params, latlng: latLng(params.latlng) }, undefined, options); }
  /** GET /v1/nearby (§3.6). */
  nearby(params, options) { return this.#call("GET", "/v1/nearby", params, undefined, options); }
  /** GET /v1/direction (§3.7). `destination`: one point or an array of points. */
  direction(params, options) {
    const d = Array.isArray(params.destination) && typeof params.destination[0] !== "number"
      ? params.destination.map(latLng).join(";") : latLng(params.destination);
    return this.#call("GET", "/v1/direction", { ...params, origin: latLng(params.origin), destination: d }, undefined, options);
  }
  /** GET /v1/optimized-route (§3.8): a Valhalla optimized_route request. */
  optimizedRoute(request, params = {}, options) { return this.#call("GET", "/v1/optimized-route", { ...params, json: request }, undefined, options); }
  /** GET /v1/distancematrix (§3.12): a Valhalla sources_to_targets request. */
  distanceMatrix(request, params = {}, options) { return this.#call("GET", "/v1/distancematrix", { ...params, json: request }, undefined, options); }
  /** GET /v1/address/convert (§3.13). */
  addressConvert(params, options) { return this.#call("GET", "/v1/address/convert", params, undefined, options); }
  /** POST /v1/forcodes/encode (§3.9). */
  forcodesEncode(params, options) { return this.#call("POST", "/v1/forcodes/encode", params, undefined, options); }
  /** POST /v1/forcodes/decode (§3.9); the code goes in a form body. */
  forcodesDecode(params, options) {
    const { forcodes, ...rest } = params;
    return this.#call("POST", "/v1/forcodes/decode", rest, { forcodes }, options);
  }
  /** GET /v1/status (§3.11). */
  status(options) { return this.#call("GET", "/v1/status", {}, undefined, options); }

  /**
   * GET /v1/tiles/{z}/{x}/{y}.mvt (docs/API.md): the basemap vector tile
   * (empty where the bundle has no data).
   */
  async tile(z, x, y, options = {}) {
    const mark = this.#failures.length;
    const r = await this.fetch(`/v1/tiles/${z}/${x}/${y}.mvt`, { signal: options.signal });
    const failed = this.#failures.splice(mark);
    if (r.status >= 500 && failed.length > 0) throw failed[0];
    if (!r.ok) throw new BandoError(r.status, await r.json());
    return new Uint8Array(await r.arrayBuffer());
  }

  /** The bundle manifest (manifest.json), parsed. */
  manifest() { return manifestOf(this.#source); }

  /** The basemap index (basemap/index: zooms, archives, provinces), or null. */
  async basemapIndex() {
    const b = await readTile(this.#source, "basemap/index");
    return b ? JSON.parse(new TextDecoder().decode(b)) : null;
  }

  #needCache() {
    if (!this.#offline) throw new TypeError("bando: open with {tiles: 'https://…', cache} to download or evict");
    return this.#offline;
  }

  /**
   * Download every tile a region needs into the cache: region is
   * {province: code, structure?: "new"|"old"} or {bbox: [w, s, e, n]}.
   *
   * A packed bundle (core/tile/SPEC.md §9): the region's archives, whole
   * (regionArchives), and the manifest and directory. options:
   * {onProgress({bytes, totalBytes, archive, done, total}), signal,
   * concurrency (3), retries (3)}; bytes counts what is held, resumed
   * parts included. Each archive is checked against the manifest's size
   * and SHA-256 (IntegrityError); one already held with that SHA-256 is
   * skipped, so a later call fetches only the archives that changed (the
   * manifest is read from the network first: result.updated is true when
   * it changed, and a Bando opened again reads the new bundle). A dropped
   * connection resumes with a Range request from the first byte not held,
   * `retries` times; past that the error is thrown (TileNotCachedError)
   * and a later call resumes without fetching again what was received.
   * Resolves to {archives, fetched, skipped, bytes (fetched), totalBytes,
   * ms, updated}.
   *
   * A loose bundle: every tile the region needs; options
   * {onProgress({done, total, bytes, key}), signal, concurrency}. Tiles
   * already cached are skipped (so a second call resumes); each is
   * checked against the manifest's size and SHA-256.
   */
  download(region, options = {}) { return download(this.#needCache(), this.#source, region, options); }

  /**
   * What download(region) would fetch from a packed bundle, before
   * fetching it: {archives: [{name, region, size, cached}], bytes (all of
   * them), toFetch (those not held with the current SHA-256)}.
   */
  downloadPlan(region) { return downloadPlan(this.#needCache(), this.#source, region); }

  /**
   * Bytes and entries in the cache ({tiles: entries, archives: a packed
   * bundle's archives held, bytes, usage, quota}), with the browser's
   * estimate when known.
   */
  storage() { return storageUsage(this.#needCache()); }

  /**
   * Remove from the cache what only this region needs (or, without a
   * region, everything): a packed bundle's archives that region's
   * download fetched and no other region downloaded into the cache needs
   * (the national ones go with the last region), with their partial
   * downloads; a loose bundle's spatial tiles inside it.
   */
  evict(region) { return evict(this.#needCache(), this.#source, region); }
}

export default Bando;
