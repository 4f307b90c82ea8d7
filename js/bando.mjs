// bando.mjs — the bando engine in-process: Bando.open({tiles}) loads the Go
// core (build/bando.wasm) and bando.fetch(url) answers /v1 requests with
// exactly what the HTTP API returns, as a standard Response.
//
// Tile sources: a function (path) => Promise<Uint8Array|null>, or
// Bando.dirSource(dir) (Node), or Bando.httpSource(baseURL) (fetch).

const isNode = typeof process !== "undefined" && !!process.versions?.node;
const defaultBuild = new URL("../build/", import.meta.url);
const runtimes = new Map(); // wasm URL → Promise<api>

async function loadBytes(url) {
  if (isNode && url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return readFile(url);
  }
  const r = await fetch(url);
  if (!r.ok) throw new Error(`bando: loading ${url}: HTTP ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
}

async function loadGoGlue(url) {
  if (globalThis.Go) return;
  if (isNode && url.protocol === "file:") {
    await import(url.href);
    return;
  }
  // wasm_exec.js is a classic script that defines globalThis.Go.
  const src = new TextDecoder().decode(await loadBytes(url));
  (0, eval)(src);
}

// toURL accepts a URL, an absolute URL string, or (Node) a file path;
// in a browser a relative string is resolved against the page.
async function toURL(x) {
  if (x instanceof URL) return x;
  if (/^[a-z][a-z0-9+.-]*:/i.test(x)) return new URL(x);
  if (isNode) {
    const { pathToFileURL } = await import("node:url");
    return pathToFileURL(x);
  }
  return new URL(x, globalThis.location?.href);
}

// The JavaScript engine's own Math, offered to the Go core as the wasm
// import module "h3math" (h3port can use it for bit-exact trigonometry when
// built with -tags jsmath; an unused import module is ignored).
export const h3mathImports = {
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

export class Bando {
  #engine;

  constructor(engine) { this.#engine = engine; }

  /**
   * Open a bundle. options.tiles: a function (path) => Promise<Uint8Array|null>,
   * a URL string (http/https) or a directory path (Node). options.wasm: URL of
   * bando.wasm (default ../build/bando.wasm next to this module);
   * options.wasmExec: URL of Go's wasm_exec.js (default beside bando.wasm).
   * options.keyHashes: SHA-256 hex hashes of accepted keys (newline separated),
   * to require `apikey` as the HTTP API does; default none required.
   */
  static async open(options = {}) {
    const wasmURL = await toURL(options.wasm ?? new URL("bando.wasm", defaultBuild));
    const execURL = await toURL(options.wasmExec ?? new URL("wasm_exec.js", wasmURL));
    const api = await boot(wasmURL, execURL);
    const engine = await api.open(Bando.source(options.tiles), {
      keyHashes: options.keyHashes ?? "",
      cacheBytes: options.cacheBytes ?? 0,
    });
    return new Bando(engine);
  }

  /** Turn options.tiles into a tile-source function. */
  static source(tiles) {
    if (typeof tiles === "function") return tiles;
    if (typeof tiles === "string" && /^https?:\/\//.test(tiles)) return Bando.httpSource(tiles);
    if (typeof tiles === "string" || tiles instanceof URL) return Bando.dirSource(tiles);
    throw new TypeError("bando: options.tiles must be a function, a URL or a directory");
  }

  /** Tiles from a local directory (Node). */
  static dirSource(dir) {
    return async (path) => {
      const { readFile } = await import("node:fs/promises");
      const { join } = await import("node:path");
      const base = dir instanceof URL ? dir.pathname : dir;
      try {
        return await readFile(join(base, path));
      } catch (e) {
        if (e.code === "ENOENT") return null;
        throw e;
      }
    };
  }

  /** Tiles over HTTP(S) from a bundle published at baseURL. */
  static httpSource(baseURL, fetchFn = globalThis.fetch) {
    const base = baseURL.endsWith("/") ? baseURL : baseURL + "/";
    return async (path) => {
      const r = await fetchFn(base + path);
      if (r.status === 404) return null;
      if (!r.ok) throw new Error(`bando: ${base + path}: HTTP ${r.status}`);
      return new Uint8Array(await r.arrayBuffer());
    };
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
}

export default Bando;
