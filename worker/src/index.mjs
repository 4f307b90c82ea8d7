// bando Worker glue: ONE Go instance per isolate, requests served one at a
// time through it; API keys from KV, usage counters in a Durable Object
// (BandoUsage, exported below).
//
// syumai/workers' own glue starts a fresh Go program for every request
// (~10 ms of CPU each). Here the program (worker/main.go) starts once, at
// the script's global scope, and stays; its engine and tile cache live as
// long as the isolate. A request crosses into Go as bytes written into Go's
// memory and comes back the same way (writeRequest, done): one call each
// way, numbers only.
//
// Workers forbid I/O objects from crossing requests, and a continuation that
// runs inside another request's context may be cancelled when that request
// ends. So:
//   - requests enter Go strictly one at a time (a FIFO of waiters);
//   - each waiter waits on a promise created in ITS OWN request; the previous
//     holder resolves it, and workerd runs the continuation in the waiter's
//     context (never a promise created by another request);
//   - before a request enters Go, runtimeContext.env/ctx are set to that
//     request's, and tiles are read with env.ASSETS of the request in Go, so
//     every asset fetch belongs to the request that needs it;
//   - the response body is complete (copied out of Go's memory in done)
//     when Go answers, so nothing of one request is pending in Go while
//     another runs.
import "./wasm_exec.js";
import mod from "./app.wasm";
// The bundle's manifest.json when `make worker` shipped it in the script (a
// Data module: an ArrayBuffer; empty when it did not): Go parses it at
// start-up instead of in the first request (main.go, bandoManifest).
import manifest from "./manifest.bin";

// Hostname is ignored by the assets binding; only the path matters.
const ASSET_ORIGIN = "https://assets.invalid/";
// A holder that keeps Go longer than this is taken to be stuck (a crashed Go
// program, a cancelled request): waiters then start a fresh instance. It is
// also the longest a request waits for its turn (then 503).
const STUCK_MS = 10_000;

// The largest request body accepted (as natively: core/httpserve.MaxBody).
const MAX_BODY = 1 << 20;

// The env of the request currently in Go (the tile, key and usage reads
// Go makes belong to that request).
const runtimeContext = { env: undefined, ctx: undefined };

globalThis.__bandoWorker = {
  // memoryBytes() → the size of the Go instance's wasm memory (it only
  // grows): for measurements (js/bench), through the inspector.
  memoryBytes() {
    return instance?.go._inst.exports.mem.buffer.byteLength ?? 0;
  },
  // liveHeapBytes() → Go's live heap after a full collection (measurements).
  liveHeapBytes() {
    return instance ? instance.go._inst.exports.bandoHeap() * 1024 : 0;
  },
  // env() → the env of the request in Go (Go reads its settings once).
  env() {
    return runtimeContext.env;
  },
  // getTile(path[, size, sha256hex]) → Promise<Uint8Array|null|"corrupt">:
  // the bundle file at path ("manifest.json", "tiles/…"), null when it
  // does not exist. With size and sha256 (a tile, core/tile
  // JSVerifyingSource) the bytes are checked here with WebCrypto, ~20×
  // faster than Go's sha256 in wasm: "corrupt" when they do not match.
  //
  // The bundle comes from the R2 bucket bound as TILES when there is one
  // (past the static assets' limits: objects named like the bundle's files,
  // "manifest.json", "tiles/…"), else from the assets (ASSETS).
  //
  // With offset (a packed bundle, core/tile/SPEC.md §9) it is the size
  // bytes at offset of the archive at path: a ranged read of the asset or
  // the R2 object, checked the same way (fewer bytes: "corrupt").
  async getTile(path, size, sha256, offset) {
    const env = runtimeContext.env;
    const range = offset === undefined ? undefined : { offset, length: size };
    const b = env?.TILES ? await fromR2(env.TILES, path, range) : await fromAssets(env?.ASSETS, path, range);
    if (b === null || sha256 === undefined) return b === null ? null : new Uint8Array(b);
    if (b.byteLength !== size) return "corrupt";
    const d = new Uint8Array(await crypto.subtle.digest("SHA-256", b));
    for (let i = 0; i < 32; i++) {
      if (d[i] !== parseInt(sha256.slice(2 * i, 2 * i + 2), 16)) return "corrupt";
    }
    return new Uint8Array(b);
  },
  // lookupKey(hashHex) → Promise<null|{revoked, admin, rpm, rpd}>: the key's
  // record in KV BANDO_KEYS. Go caches answers (≤ 60 s), so this runs about
  // once a minute per key per isolate; it also seeds today's request count
  // from the key's Durable Object, so a fresh isolate enforces the quota.
  async lookupKey(hash) {
    const env = runtimeContext.env;
    const rec = await env.BANDO_KEYS.get(hash, { type: "json" });
    if (rec && env.BANDO_USAGE) {
      const id = hash.slice(0, 12), day = new Date().toISOString().slice(0, 10);
      try {
        const c = await usageStub(env, id).fetch(`https://usage/get?day=${day}`).then((r) => r.json());
        bumpKnown(id, day, c.requests ?? 0);
      } catch {} // counting never blocks serving
    }
    return rec && typeof rec === "object" ? rec : null;
  },
  // usageReserve(id, day, limit) → boolean: counts one request of the key
  // today unless limit > 0 and this isolate knows of limit requests already
  // (check and count in one step; requests enter Go one at a time, so no
  // two are admitted on the same count). usageRelease takes one back (the
  // request failed); usageUnits bills a successful one.
  usageReserve(id, day, limit) {
    const k = id + "|" + day;
    if (limit > 0 && (known.get(k) ?? 0) >= limit) return false;
    pendingOf(id, day).requests++;
    known.set(k, (known.get(k) ?? 0) + 1);
    return true;
  },
  usageRelease(id, day) {
    const k = id + "|" + day;
    pendingOf(id, day).requests--;
    known.set(k, Math.max(0, (known.get(k) ?? 0) - 1));
  },
  usageUnits(id, day, units) {
    pendingOf(id, day).units += units;
  },
  // usageCounters(id) → Promise<string>: JSON [{key, day, requests, units}]
  // from the Durable Objects (every key listed in KV when id is "").
  async usageCounters(id) {
    const env = runtimeContext.env;
    let ids = [id];
    if (!id) {
      ids = [];
      let cursor;
      do {
        const page = await env.BANDO_KEYS.list({ cursor });
        ids.push(...page.keys.map((k) => k.name.slice(0, 12)));
        cursor = page.list_complete ? undefined : page.cursor;
      } while (cursor);
    }
    const out = [];
    for (const i of ids) {
      const cs = await usageStub(env, i).fetch("https://usage/counters").then((r) => r.json());
      for (const c of cs) out.push({ key: i, day: c.day, requests: c.requests, units: c.units });
    }
    out.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.key < b.key ? -1 : 1));
    return JSON.stringify(out);
  },
};

// fromAssets / fromR2 read one bundle file: an ArrayBuffer, or null when
// it does not exist.
// range {offset, length}: only those bytes (an HTTP Range request to the
// assets, a ranged R2 get); fewer when the file ends before.
async function fromAssets(assets, path, range) {
  if (!assets) throw new Error("bando worker: no ASSETS binding");
  if (range?.length === 0) return new ArrayBuffer(0);
  const url = ASSET_ORIGIN + path.split("/").map(encodeURIComponent).join("/");
  const init = range ? { headers: { range: `bytes=${range.offset}-${range.offset + range.length - 1}` } } : undefined;
  const r = await assets.fetch(new Request(url, init));
  if (r.status === 404) {
    await r.body?.cancel();
    return null;
  }
  if (range && r.status === 416) { // past the end: a truncated archive
    await r.body?.cancel();
    return new ArrayBuffer(0);
  }
  if (!r.ok) throw new Error(`bando worker: asset ${path}: HTTP ${r.status}`);
  const b = await r.arrayBuffer();
  // An answer to a range request that is the whole file (the Range header
  // ignored): the range is cut out of it.
  return range && r.status === 200 ? b.slice(range.offset, range.offset + range.length) : b;
}

async function fromR2(bucket, path, range) {
  if (range?.length === 0) return (await bucket.head(path)) === null ? null : new ArrayBuffer(0);
  let o;
  try {
    o = await bucket.get(path, range ? { range } : undefined);
  } catch (e) {
    if (range) return new ArrayBuffer(0); // a range past the end of the object: truncated
    throw e;
  }
  return o === null ? null : o.arrayBuffer();
}

// Usage kept in the isolate: known = today's requests per key as far as
// this isolate knows (its own + the Durable Object's last answer), pending
// = increments not yet sent. After a response the pending increments go to
// each key's Durable Object (scheduleFlush), whose answer updates known.
const known = new Map();
const pending = new Map();

function pendingOf(id, day) {
  const k = id + "|" + day;
  let p = pending.get(k);
  if (!p) pending.set(k, p = { id, day, requests: 0, units: 0 });
  return p;
}

function bumpKnown(id, day, n) {
  const k = id + "|" + day;
  if ((known.get(k) ?? 0) < n) known.set(k, n);
}

function usageStub(env, id) {
  return env.BANDO_USAGE.get(env.BANDO_USAGE.idFromName(id));
}

// flushUsage sends the pending increments, one Durable Object request per
// key and day; false when one failed (it is kept for the next flush).
async function flushUsage(env) {
  const batch = [...pending.values()];
  pending.clear();
  const ok = await Promise.all(batch.map(async (p) => {
    try {
      const r = await usageStub(env, p.id).fetch("https://usage/add", {
        method: "POST",
        body: JSON.stringify({ day: p.day, requests: p.requests, units: p.units }),
      });
      const c = await r.json();
      bumpKnown(p.id, p.day, c.requests + (pending.get(p.id + "|" + p.day)?.requests ?? 0));
      return true;
    } catch {
      // The Durable Object is unreachable: keep the increment for the next flush.
      const k = p.id + "|" + p.day;
      const q = pending.get(k) ?? { id: p.id, day: p.day, requests: 0, units: 0 };
      q.requests += p.requests;
      q.units += p.units;
      pending.set(k, q);
      return false;
    }
  }));
  return ok.every(Boolean);
}

// scheduleFlush sends the pending increments after a response
// (ctx.waitUntil), at most one flush loop at a time: increments made while
// a flush is in flight go in the loop's next round, so under load one
// Durable Object request carries many API requests' counts (each DO
// request costs the Worker CPU and is billed) while a lone request is
// still counted at once. A loop runs ≤ 5 s; one older than STUCK_MS (its
// request's context cancelled) is taken to be dead.
let flushingSince = 0;
function scheduleFlush(env, ctx) {
  if (!pending.size || !env.BANDO_USAGE || !ctx?.waitUntil) return;
  if (flushingSince && Date.now() - flushingSince < STUCK_MS) return;
  const mine = flushingSince = Date.now();
  ctx.waitUntil((async () => {
    try {
      // Bounded well within waitUntil's 30 s: what is left waits for the
      // next request's flush.
      while (pending.size && Date.now() - mine < 5_000 && await flushUsage(env));
    } finally {
      if (flushingSince === mine) flushingSince = 0;
    }
  })());
}

// BandoUsage is the Durable Object holding one key's counters, one record
// per UTC day: {requests, units}. One object per key (idFromName(key id)),
// so increments of a key are serialised (exact counts) and keys scale
// apart. Why not KV: KV takes at most one write per second per key and is
// eventually consistent, so concurrent increments from several isolates
// would overwrite each other. Days older than 400 are dropped.
export class BandoUsage {
  constructor(state) {
    this.storage = state.storage;
  }

  async fetch(req) {
    const u = new URL(req.url);
    if (u.pathname === "/add" && req.method === "POST") {
      const { day, requests, units } = await req.json();
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return new Response("bad day", { status: 400 });
      const k = "d:" + day;
      const c = (await this.storage.get(k)) ?? { requests: 0, units: 0 };
      c.requests += requests | 0;
      c.units += units | 0;
      await this.storage.put(k, c);
      return Response.json(c);
    }
    if (u.pathname === "/get") {
      return Response.json((await this.storage.get("d:" + u.searchParams.get("day"))) ?? { requests: 0, units: 0 });
    }
    if (u.pathname === "/counters") {
      const all = await this.storage.list({ prefix: "d:" });
      const out = [...all].map(([k, c]) => ({ day: k.slice(2), requests: c.requests, units: c.units }));
      const old = out.slice(0, Math.max(0, out.length - 400)).map((c) => "d:" + c.day);
      if (old.length) await this.storage.delete(old);
      return Response.json(out.slice(-400));
    }
    return new Response("not found", { status: 404 });
  }
}

// instance is the live Go program: {go, exited, fail}.
let instance = null;

// start runs the Go program until it waits for requests. With early (at
// the script's global scope, i.e. in Cloudflare's start-up phase, not
// billed to a request) crypto.getRandomValues is not allowed, so the few
// random bytes Go's runtime asks for at start (map hash seeds) come from
// Math.random; everything after start gets crypto.getRandomValues.
let globalScope = false;
function start(early = false) {
  const go = new globalThis.Go();
  const inst = { go, exited: false, fail: null };
  const getRandomData = go.importObject.gojs["runtime.getRandomData"];
  go.importObject.gojs["runtime.getRandomData"] = (sp) => {
    if (!globalScope) return getRandomData(sp);
    sp >>>= 0;
    const mem = new DataView(go._inst.exports.mem.buffer);
    const ptr = Number(mem.getBigInt64(sp + 8, true)), len = Number(mem.getBigInt64(sp + 16, true));
    const b = new Uint8Array(go._inst.exports.mem.buffer, ptr, len);
    for (let i = 0; i < len; i++) b[i] = (Math.random() * 256) | 0;
  };
  // Go's clock (time.Now) as wasm_exec.js reads it, without a Date object
  // per call (garbage at every time.Now of every request).
  go.importObject.gojs["runtime.walltime"] = (sp) => {
    sp >>>= 0;
    const msec = Date.now(), sec = msec / 1000;
    go.mem.setUint32(sp + 8, sec, true);
    go.mem.setUint32(sp + 12, Math.floor(sec / 4294967296), true);
    go.mem.setInt32(sp + 16, (msec % 1000) * 1000000, true);
  };
  const wasmExit = go.importObject.gojs["runtime.wasmExit"];
  go.importObject.gojs["runtime.wasmExit"] = (sp) => {
    wasmExit(sp);
    inst.exited = true;
    inst.fail?.(new Error("bando worker: the Go program exited"));
  };
  let ready = false;
  globalThis.__bandoReady = () => { ready = true; };
  const wasm = new WebAssembly.Instance(mod, {
    ...go.importObject,
    // Go's answers (main.go: //go:wasmimport bando done).
    bando: { done },
    // The engine's Math for h3port's trigonometry (-tags jsmath builds).
    h3math: { sin: Math.sin, cos: Math.cos, tan: Math.tan, atan: Math.atan, atan2: Math.atan2, asin: Math.asin, acos: Math.acos },
  });
  // Go's main runs synchronously until it blocks (warm-up done, serveLoop
  // waiting), calling __bandoReady on the way; the promise go.run returns
  // settles only if Go exits.
  go.run(wasm).catch(() => {});
  if (!ready || inst.exited || typeof wasm.exports.bandoServe !== "function") {
    throw new Error("bando worker: the Go program did not start");
  }
  inst.reqCap = 1 << 16;
  inst.reqPtr = wasm.exports.bandoRequestBuffer(inst.reqCap) >>> 0;
  if (manifest.byteLength > 0) {
    const ptr = wasm.exports.bandoManifestBuffer(manifest.byteLength) >>> 0;
    if (ptr) {
      new Uint8Array(wasm.exports.mem.buffer, ptr, manifest.byteLength).set(new Uint8Array(manifest));
      wasm.exports.bandoManifest(); // not 0: the first request reads the assets' manifest
    }
  }
  return inst;
}

// Start Go now, in the start-up phase, so that the first request does not
// pay for it; if that is refused, the first request starts it.
try {
  globalScope = true;
  instance = start(true);
} catch {
  instance = null;
} finally {
  globalScope = false;
}

// The FIFO: busy is true while a request is in Go; waiters are the requests
// waiting their turn, oldest first.
let busy = false;
let busySince = 0;
const waiters = [];
let generation = 0;

// restart abandons the current Go instance (stuck: a crashed program, or a
// holder whose request was cancelled) and everything queued behind it.
function restart() {
  generation++;
  instance = null;
  busy = false;
  for (const w of waiters.splice(0)) w.fail(new Error("bando worker: engine restarted"));
}

// acquire resolves when the caller may enter Go. A waiter's promise is made
// in its own request and resolved by the previous holder; its timer keeps
// the waiting request alive (a request with no pending event of its own is
// cancelled by workerd as hung) and bounds the wait.
function acquire() {
  if (busy && Date.now() - busySince > STUCK_MS) restart();
  if (!busy) {
    busy = true;
    busySince = Date.now();
    return Promise.resolve(generation);
  }
  const { promise, resolve, reject } = Promise.withResolvers();
  const w = {
    go(gen) { clearTimeout(w.timer); resolve(gen); },
    fail(err) { clearTimeout(w.timer); reject(err); },
    timer: setTimeout(() => {
      const i = waiters.indexOf(w);
      if (i >= 0) waiters.splice(i, 1);
      if (busy && Date.now() - busySince > STUCK_MS) {
        restart();
        busy = true;
        busySince = Date.now();
        resolve(generation);
      } else {
        reject(new Error("bando worker: too busy, try again"));
      }
    }, STUCK_MS),
  };
  waiters.push(w);
  return promise;
}

function release(gen) {
  if (gen !== generation) return;
  const next = waiters.shift();
  if (next) {
    busySince = Date.now();
    next.go(gen); // busy stays true: the slot passes to next
  } else {
    busy = false;
  }
}

// tooBig answers a body over MAX_BODY (413, as natively).
function tooBig() {
  const message = `request body over ${MAX_BODY} bytes`;
  return new Response(JSON.stringify({ status: "INVALID_REQUEST", error_message: message, message }), {
    status: 413,
    headers: { "Content-Type": "application/json; charset=utf-8", "Access-Control-Allow-Origin": "*" },
  });
}

// The longest a request body may take to arrive (as natively:
// core/httpserve.ReadTimeout); env.BANDO_BODY_TIMEOUT_MS overrides it.
const BODY_TIMEOUT_MS = 10_000;

// readBody returns {body} (null when none), false when over MAX_BODY (read
// no further than that), or {error}: why the body could not be read whole
// (cut short of its Content-Length, a stream error, too slow). Go answers
// such a request 400 naming the body, never from the part that arrived.
async function readBody(req, env) {
  if (req.method === "GET" || req.method === "HEAD" || req.body === null) return { body: null };
  const declared = req.headers.get("content-length");
  if (Number(declared ?? 0) > MAX_BODY) return false;
  const parts = [];
  let n = 0;
  const reader = req.body.getReader();
  const ms = Number(env?.BANDO_BODY_TIMEOUT_MS) || BODY_TIMEOUT_MS;
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve("late"), ms); });
  try {
    for (;;) {
      const r = await Promise.race([reader.read(), late]);
      if (r === "late") {
        reader.cancel().catch(() => {});
        return { error: `request body not received in time (${n} bytes read)` };
      }
      if (r.done) break;
      n += r.value.byteLength;
      if (n > MAX_BODY) {
        reader.cancel().catch(() => {});
        return false;
      }
      parts.push(r.value);
    }
  } catch {
    return { error: declared ? `request body incomplete: ${n} of the ${declared} bytes declared` : `request body could not be read (${n} bytes read)` };
  } finally {
    clearTimeout(timer);
  }
  if (declared !== null && Number(declared) !== n) {
    return { error: `request body incomplete: ${n} of the ${declared} bytes declared` };
  }
  const b = new Uint8Array(n);
  let o = 0;
  for (const c of parts) { b.set(c, o); o += c.byteLength; }
  return { body: b };
}

// Requests in Go wait for done(id, …): answers maps id → {resolve, inst}.
const answers = new Map();
let lastID = 0;
const utf8 = new TextDecoder();
const utf8enc = new TextEncoder();

// writeRequest writes "method\npath\ncontent-type\nbody-error\nrequest-id\n"
// (path: target(req.url); body-error: why the body could not be read, ""
// when it was; request-id: Cloudflare's Ray ID, which names the request in
// Cloudflare's logs, "" when there is none) and the body into Go's request
// buffer (main.go, bandoServe) and returns its length.
function writeRequest(inst, req, path, body, bodyError = "") {
  const ray = (req.headers.get("cf-ray") ?? "").replace(/[^0-9A-Za-z_.-]/g, "").slice(0, 64);
  const head = `${req.method}\n${path}\n${req.headers.get("content-type") ?? ""}\n${bodyError.replace(/\n/g, " ")}\n${ray}\n`;
  const ex = inst.go._inst.exports;
  let buf = new Uint8Array(ex.mem.buffer, inst.reqPtr, inst.reqCap);
  let { read, written } = utf8enc.encodeInto(head, buf);
  const blen = body?.byteLength ?? 0;
  if (read < head.length || written + blen > buf.length) {
    const h = utf8enc.encode(head);
    inst.reqCap = h.length + blen;
    inst.reqPtr = ex.bandoRequestBuffer(inst.reqCap) >>> 0; // may grow memory: new view after
    if (!inst.reqPtr) throw new Error("bando worker: request too large");
    buf = new Uint8Array(ex.mem.buffer, inst.reqPtr, inst.reqCap);
    buf.set(h);
    written = h.length;
  }
  if (body) buf.set(body, written);
  return written + blen;
}

// done(id, ptr, len) is Go's wasm import bando.done: the answer to request
// id, len bytes of Go's memory at ptr (main.go, answer): uint32 n, n bytes
// "status\nname\nvalue\n…", the body. Copied out at once.
function done(id, ptr, len) {
  const a = answers.get(id);
  if (!a) return;
  answers.delete(id);
  const mem = new Uint8Array(a.inst.go._inst.exports.mem.buffer, ptr >>> 0, len);
  const n = mem[0] | (mem[1] << 8) | (mem[2] << 16) | (mem[3] << 24);
  const { status, headers } = parseHead(utf8.decode(mem.subarray(4, 4 + n)));
  const body = status === 204 || status === 304 ? null : mem.slice(4 + n);
  a.resolve(new Response(body, { status, headers }));
}

// parseHead reads "status\nname\nvalue\n…" into {status, headers}. Most
// answers carry the same head as the one before (200 and the same JSON
// headers): that one is kept and reused, not split again.
let lastHead = null;
function parseHead(text) {
  if (lastHead?.text === text) return lastHead;
  const head = text.split("\n");
  const headers = [];
  for (let i = 1; i + 1 < head.length; i += 2) headers.push([head[i], head[i + 1]]);
  lastHead = { text, status: Number(head[0]), headers };
  return lastHead;
}

// target returns path and query of an absolute URL ("http://h/p?q" →
// "/p?q") without parsing it (the URL parser costs more than Go's routing).
function target(url) {
  const i = url.indexOf("/", url.indexOf("//") + 2);
  if (i < 0) return "/";
  const h = url.indexOf("#", i);
  return h < 0 ? url.slice(i) : url.slice(i, h);
}

async function serveOne(req, path, body, bodyError, env, ctx) {
  let inst = instance;
  if (!inst || inst.exited) inst = instance = start();
  runtimeContext.env = env;
  runtimeContext.ctx = ctx;
  const id = ++lastID;
  try {
    // Go answers with the whole body (copied out in done), so once this
    // resolves nothing of the request is left in Go. One promise: done
    // resolves it, the Go program's exit (inst.fail) rejects it.
    const { promise, resolve, reject } = Promise.withResolvers();
    inst.fail = reject;
    answers.set(id, { resolve, inst });
    if (inst.go._inst.exports.bandoServe(id, writeRequest(inst, req, path, body, bodyError)) !== 0) throw new Error("bando worker: malformed request");
    inst.go._resume(); // Go serves it until it answers or waits for a tile
    return await promise;
  } finally {
    answers.delete(id);
    inst.fail = null;
    if (inst.exited && instance === inst) instance = null;
    scheduleFlush(env, ctx);
  }
}

// ---- The demo page (issue #15; kept apart from the API path above) ----
// `make worker PAGE=build/demo-page` puts the page in assets/page/; then GET
// and HEAD outside /v1/ serve it ("/" → page/index.html) and the bundle it
// downloads for offline use at /bundle/ (manifest.json, tiles/, and a packed
// bundle's tiles.dir and packs/ only). A
// build without the page exposes neither: such paths fall through to Go,
// which answers the JSON 404. hasPage (a boolean, never a promise shared
// across requests) is looked up once per isolate.
let hasPage = null;
async function servePage(req, env) {
  if ((req.method !== "GET" && req.method !== "HEAD") || !env.ASSETS) return null;
  const path = new URL(req.url).pathname;
  if (path.startsWith("/v1/")) return null;
  if (hasPage === null) {
    const r = await env.ASSETS.fetch(new Request(ASSET_ORIGIN + "page/index.html", { method: "HEAD" }));
    await r.body?.cancel();
    hasPage = r.ok;
  }
  if (!hasPage) return null;
  const rest = path.startsWith("/bundle/") ? path.slice(8) : null;
  if (rest !== null && rest !== "manifest.json" && rest !== "tiles.dir" && !rest.startsWith("tiles/") && !rest.startsWith("packs/")) return null;
  const asset = rest ?? "page" + (path === "/" ? "/index.html" : path);
  const r = await env.ASSETS.fetch(new Request(ASSET_ORIGIN + asset, { method: req.method, headers: req.headers }));
  if (r.status === 404) {
    await r.body?.cancel();
    return null;
  }
  return r;
}

async function fetch(req, env, ctx) {
  // The demo page, when built in: only for paths outside /v1/ (checked
  // without parsing the URL: the API path pays nothing for the page).
  const path = target(req.url); // req.url makes a new string at every read
  if (!path.startsWith("/v1/")) {
    const page = await servePage(req, env);
    if (page) return page;
  }
  const read = req.method === "GET" || req.method === "HEAD" ? { body: null } : await readBody(req, env);
  if (read === false) return tooBig();
  let gen;
  try {
    gen = await acquire();
  } catch (e) {
    return errorResponse(e, 503);
  }
  const work = (async () => {
    try {
      return await serveOne(req, path, read.body ?? null, read.error ?? "", env, ctx);
    } catch (e) {
      return errorResponse(e, 500);
    } finally {
      release(gen);
    }
  })();
  // If the client goes away, finish anyway so the slot is released.
  ctx?.waitUntil?.(work);
  return work;
}

function errorResponse(e, status) {
  const message = String(e?.message ?? e);
  const body = JSON.stringify({ status: "UNKNOWN_ERROR", error_message: message, message });
  return new Response(body, {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Access-Control-Allow-Origin": "*" },
  });
}

export default { fetch };
