// bando Worker glue: ONE Go instance per isolate, requests served one at a
// time through it.
//
// syumai/workers' own glue starts a fresh Go program for every request
// (~10 ms of CPU each). Here the program (worker/main.go) starts on the first
// request and stays; its engine and tile cache live as long as the isolate.
//
// Workers forbid I/O objects from crossing requests, and a continuation that
// runs inside another request's context may be cancelled when that request
// ends. So:
//   - requests enter Go strictly one at a time (a FIFO of waiters);
//   - each waiter waits on a promise created in ITS OWN request; the previous
//     holder resolves it, and workerd runs the continuation in the waiter's
//     context (never a promise created by another request);
//   - before a request enters Go, globalThis.context.env/ctx are set to that
//     request's, and tiles are read with env.ASSETS of the request in Go, so
//     every asset fetch belongs to the request that needs it;
//   - the response body is complete (a Uint8Array, see main.go) when Go
//     answers, so nothing of one request is pending in Go while another runs.
import "./wasm_exec.js";
import mod from "./app.wasm";

// Hostname is ignored by the assets binding; only the path matters.
const ASSET_ORIGIN = "https://assets.invalid/";
// A holder that keeps Go longer than this is taken to be stuck (a crashed Go
// program, a cancelled request): waiters then start a fresh instance. It is
// also the longest a request waits for its turn (then 503).
const STUCK_MS = 10_000;

// The request headers handed to Go: those the core reads (content-type for
// the /forcodes bodies) and a few it may. Every header costs several JS↔Go
// calls in syumai's conversion, and Cloudflare and browsers add a dozen
// (cf-*, sec-*, x-forwarded-*), so the rest are dropped. If the core starts
// reading another header, add it here.
const FORWARDED_HEADERS = ["content-type", "content-length", "accept-language", "origin", "if-none-match"];

globalThis.tryCatch ??= (fn) => {
  try {
    return { result: fn() };
  } catch (error) {
    return { error };
  }
};

// syumai reads globalThis.context.binding when the Go program starts (it
// puts handleRequest there) and context.env when asked for a binding; we
// keep one object and point env/ctx at the request currently in Go.
const runtimeContext = { env: undefined, ctx: undefined, binding: {} };
globalThis.context = runtimeContext;

globalThis.__bandoWorker = {
  // getTile(path) → Promise<Uint8Array|null>: the bundle file at path
  // ("manifest.json", "tiles/…"), null when it does not exist.
  async getTile(path) {
    const assets = runtimeContext.env?.ASSETS;
    if (!assets) throw new Error("bando worker: no ASSETS binding");
    const url = ASSET_ORIGIN + path.split("/").map(encodeURIComponent).join("/");
    const r = await assets.fetch(new Request(url));
    if (r.status === 404) {
      await r.body?.cancel();
      return null;
    }
    if (!r.ok) throw new Error(`bando worker: asset ${path}: HTTP ${r.status}`);
    return new Uint8Array(await r.arrayBuffer());
  },
};

// instance is the live Go program: {go, binding, exited, fail}.
let instance = null;

function start() {
  const go = new globalThis.Go();
  const inst = { go, binding: {}, exited: false, fail: null };
  runtimeContext.binding = inst.binding;
  const wasmExit = go.importObject.gojs["runtime.wasmExit"];
  go.importObject.gojs["runtime.wasmExit"] = (sp) => {
    wasmExit(sp);
    inst.exited = true;
    inst.fail?.(new Error("bando worker: the Go program exited"));
  };
  let ready = false;
  const wasm = new WebAssembly.Instance(mod, {
    ...go.importObject,
    // The engine's Math for h3port's trigonometry (-tags jsmath builds).
    h3math: { sin: Math.sin, cos: Math.cos, tan: Math.tan, atan: Math.atan, atan2: Math.atan2, asin: Math.asin, acos: Math.acos },
    workers: { ready: () => { ready = true; } },
  });
  // Go's main runs synchronously until it blocks, calling workers.ready()
  // on the way; the promise go.run returns settles only if Go exits.
  go.run(wasm).catch(() => {});
  if (!ready || inst.exited || typeof inst.binding.handleRequest !== "function") {
    throw new Error("bando worker: the Go program did not start");
  }
  return inst;
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

async function serveOne(req, env, ctx) {
  let inst = instance;
  if (!inst || inst.exited) inst = instance = start();
  runtimeContext.env = env;
  runtimeContext.ctx = ctx;
  runtimeContext.binding = inst.binding;
  const headers = new Headers();
  for (const k of FORWARDED_HEADERS) {
    const v = req.headers.get(k);
    if (v !== null) headers.set(k, v);
  }
  const failed = new Promise((_, reject) => { inst.fail = reject; });
  try {
    // main.go hands the body over whole (a Uint8Array, not a stream pulled
    // from Go later), so once this resolves nothing of it is left in Go.
    return await Promise.race([inst.binding.handleRequest(new Request(req, { headers })), failed]);
  } finally {
    inst.fail = null;
    if (inst.exited && instance === inst) instance = null;
  }
}

async function fetch(req, env, ctx) {
  let gen;
  try {
    gen = await acquire();
  } catch (e) {
    return errorResponse(e, 503);
  }
  const work = (async () => {
    try {
      return await serveOne(req, env, ctx);
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
