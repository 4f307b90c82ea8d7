// startWorkerd runs a Worker build under workerd directly (no Miniflare),
// with a configuration shaped like production's: the socket goes straight
// to the Worker (Miniflare puts its entry worker and the static-assets
// router worker, both JavaScript, in front of every request: 1.2–1.5 ms of
// CPU per request that Cloudflare does not run in the user's isolate), and
// ASSETS is a service binding to a read-only disk service (in production
// the assets binding is served outside the Worker's isolate too). With kv:
// BANDO_KEYS is a KV namespace served by a small JavaScript worker holding
// the given records, BANDO_USAGE the BandoUsage Durable Object (in memory).
//
//   const w = await startWorkerd({ buildDir, assetsDir, keyHashes | kv: { hash: record } });
//   fetch(w.url + "/v1/status?apikey=…"); w.pid; await w.stop();
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync, readFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { repoRoot } from "../test/contract-lib.mjs";
import { manifestModule } from "../test/worker-miniflare.mjs";

const WORKERD = join(repoRoot, "js/node_modules/.bin/workerd");

function compatibilityDate() {
  const toml = readFileSync(join(repoRoot, "worker/wrangler.toml"), "utf8");
  return toml.match(/^compatibility_date\s*=\s*"([^"]*)"/m)[1];
}

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => res(p)); });
    s.on("error", rej);
  });
}

function canConnect(port) {
  return new Promise((res) => {
    const c = connect(port, "127.0.0.1");
    c.on("connect", () => { c.destroy(); res(true); });
    c.on("error", () => res(false));
  });
}

const capStr = (s) => JSON.stringify(String(s));

// The KV namespace service: GET /<key> → the record's JSON, or 404.
const KV_WORKER = `export default { async fetch(req, env) {
  const u = new URL(req.url); const k = decodeURIComponent(u.pathname.slice(1));
  const recs = JSON.parse(env.RECORDS);
  if (req.method === "GET" && k && k in recs) return new Response(JSON.stringify(recs[k]));
  if (req.method === "GET" && !k) return Response.json({ keys: Object.keys(recs).map((name) => ({ name })), list_complete: true });
  return new Response(null, { status: 404 });
} };`;

// noop: a constant-answer Worker in the same configuration (the harness
// cost: workerd's HTTP and the client).
// inspectorPort: workerd's DevTools inspector on 127.0.0.1 (CPU profiles).
export { freePort };

// isolateMemory connects to a workerd started with inspectorPort and
// returns sample() → {wasmMB, jsMB, jsTotalMB, buffersMB}: the Go
// instance's wasm memory (the glue's __bandoWorker.memoryBytes), V8's used
// JS heap and the heap V8 has committed, and the ArrayBuffers outside the
// heap (fetched bodies, Data modules; V8's backingStorageSize, which does
// not count the wasm memory) — the isolate's memory, which Cloudflare
// bounds (128 MB), as opposed to workerd's RSS (which also holds V8's
// code, workerd's own buffers and malloc's retained arenas).
export async function isolateMemory(inspectorPort) {
  const { default: WebSocket } = await import("ws");
  const list = await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json();
  const ws = new WebSocket(list[0].webSocketDebuggerUrl);
  await new Promise((r, j) => { ws.on("open", r); ws.on("error", j); });
  let id = 0, ctxId;
  const pend = new Map();
  ws.on("message", (m) => {
    const v = JSON.parse(m);
    if (v.method === "Runtime.executionContextCreated") ctxId ??= v.params.context.id;
    if (v.id && pend.has(v.id)) { pend.get(v.id)(v); pend.delete(v.id); }
  });
  const send = (method, params = {}) => new Promise((r) => { const i = ++id; pend.set(i, r); ws.send(JSON.stringify({ id: i, method, params })); });
  await send("Runtime.enable");
  for (let i = 0; i < 50 && ctxId === undefined; i++) await new Promise((r) => setTimeout(r, 20));
  return {
    // liveMB: Go's live heap after a full collection (it runs one).
    async liveMB() {
      const r = await send("Runtime.evaluate", { expression: "globalThis.__bandoWorker?.liveHeapBytes?.() ?? 0", contextId: ctxId });
      return (r.result?.result?.value ?? NaN) / 1048576;
    },
    async sample() {
      const w = await send("Runtime.evaluate", { expression: "globalThis.__bandoWorker?.memoryBytes?.() ?? 0", contextId: ctxId });
      const h = await send("Runtime.getHeapUsage");
      const mb = (x) => (x ?? NaN) / 1048576;
      return { wasmMB: mb(w.result?.result?.value), jsMB: mb(h.result?.usedSize), jsTotalMB: mb(h.result?.totalSize), buffersMB: mb(h.result?.backingStorageSize) };
    },
    close() { ws.close(); },
  };
}

export async function startWorkerd({ buildDir, assetsDir, keyHashes, kv, vars = {}, noop = false, stdio = "ignore", inspectorPort } = {}) {
  buildDir = resolve(buildDir ?? join(repoRoot, "worker/build"));
  assetsDir = resolve(assetsDir ?? join(buildDir, "assets"));
  const dir = mkdtempSync(join(tmpdir(), "bando-workerd-"));
  const port = await freePort();
  const bindings = [`(name = "ASSETS", service = "assets")`];
  if (keyHashes !== undefined) bindings.push(`(name = "BANDO_KEY_HASHES", text = ${capStr(keyHashes)})`);
  for (const [k, v] of Object.entries(vars)) bindings.push(`(name = ${capStr(k)}, text = ${capStr(v)})`);
  const services = [`(name = "main", worker = .main)`, `(name = "assets", disk = (path = ${capStr(assetsDir)}, writable = false))`];
  let extra = "";
  if (kv) {
    bindings.push(`(name = "BANDO_KEYS", kvNamespace = "kv")`, `(name = "BANDO_USAGE", durableObjectNamespace = (className = "BandoUsage"))`);
    services.push(`(name = "kv", worker = .kv)`);
    writeFileSync(join(dir, "kv.mjs"), KV_WORKER);
    extra = `const kv :Workerd.Worker = (
  modules = [(name = "kv.mjs", esModule = embed "kv.mjs")],
  compatibilityDate = ${capStr(compatibilityDate())},
  bindings = [(name = "RECORDS", text = ${capStr(JSON.stringify(kv))})],
);`;
  }
  let modules;
  if (noop) {
    writeFileSync(join(dir, "index.mjs"), `export default { fetch() { return new Response('{"ok":true}', { headers: { "content-type": "application/json" } }); } };`);
    modules = `[(name = "index.mjs", esModule = embed "index.mjs")]`;
  } else {
    for (const f of ["index.mjs", "wasm_exec.js", "app.wasm"]) symlinkSync(join(buildDir, f), join(dir, f));
    const manifest = manifestModule(buildDir, assetsDir);
    if (manifest) writeFileSync(join(dir, "manifest.bin"), manifest);
    modules = `[
    (name = "index.mjs", esModule = embed "index.mjs"),
    (name = "wasm_exec.js", esModule = embed "wasm_exec.js"),
    (name = "app.wasm", wasm = embed "app.wasm"),
    ${manifest ? `(name = "manifest.bin", data = embed "manifest.bin"),` : ""}
  ]`;
  }
  const config = `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [${services.join(", ")}],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const main :Workerd.Worker = (
  modules = ${modules},
  compatibilityDate = ${capStr(compatibilityDate())},
  bindings = [${bindings.join(", ")}],
  ${kv ? `durableObjectNamespaces = [(className = "BandoUsage", uniqueKey = "bando-usage")], durableObjectStorage = (inMemory = void),` : ""}
);
${extra}
`;
  writeFileSync(join(dir, "config.capnp"), config);
  const t0 = performance.now();
  const argv = ["serve", join(dir, "config.capnp")];
  if (inspectorPort) argv.push(`--inspector-addr=127.0.0.1:${inspectorPort}`);
  const child = spawn(WORKERD, argv, { stdio: ["ignore", stdio, stdio] });
  let exited = null;
  child.on("exit", (code) => { exited = code ?? -1; });
  while (!(await canConnect(port))) {
    if (exited !== null) throw new Error(`workerd exited (${exited}); config in ${dir}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - t0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    readyMs,
    async stop() {
      if (exited === null) {
        const done = new Promise((r) => child.on("exit", r));
        child.kill("SIGTERM");
        await done;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
