// startWorker runs worker/build (made by `make worker`) under workerd with
// Miniflare's Node API: the script modules (index.mjs, wasm_exec.js,
// app.wasm), the bundle as static assets behind env.ASSETS, and
// BANDO_KEY_HASHES; settings come from worker/wrangler.toml. Shared by the
// contract test and js/bench/worker-bench.mjs.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { repoRoot } from "./contract-lib.mjs";

export const workerDir = join(repoRoot, "worker");

// wranglerSettings reads the few wrangler.toml settings Miniflare needs.
export function wranglerSettings() {
  const toml = readFileSync(join(workerDir, "wrangler.toml"), "utf8");
  const get = (k) => toml.match(new RegExp(`^${k}\\s*=\\s*"([^"]*)"`, "m"))?.[1];
  const flags = toml.match(/^compatibility_flags\s*=\s*\[([^\]]*)\]/m)?.[1];
  return {
    main: get("main"),
    compatibilityDate: get("compatibility_date"),
    compatibilityFlags: flags ? [...flags.matchAll(/"([^"]+)"/g)].map((m) => m[1]) : [],
    assetsDir: get("directory"),
    assetsBinding: get("binding"),
  };
}

// assetsDir: the bundle to serve (default buildDir/assets).
// options are more Miniflare options (log, handleRuntimeStdio, …).
// kv: true binds an (empty, in-memory) KV namespace BANDO_KEYS and the
// Durable Object namespace BANDO_USAGE, as wrangler.toml does.
export async function startWorker({ buildDir = join(workerDir, "build"), assetsDir, keyHashes, port = 0, extraBindings = {}, kv = false, options = {} } = {}) {
  const s = wranglerSettings();
  assetsDir ??= join(buildDir, "assets");
  for (const f of ["index.mjs", "wasm_exec.js", "app.wasm"].map((f) => join(buildDir, f)).concat(join(assetsDir, "manifest.json"))) {
    if (!existsSync(f)) throw new Error(`${f} missing: run \`make worker\` first`);
  }
  const manifest = manifestModule(buildDir, assetsDir);
  const mf = new Miniflare({
    name: "bando",
    modulesRoot: buildDir,
    modules: [
      { type: "ESModule", path: join(buildDir, "index.mjs") },
      { type: "ESModule", path: join(buildDir, "wasm_exec.js") },
      { type: "CompiledWasm", path: join(buildDir, "app.wasm") },
      ...(manifest ? [{ type: "Data", path: join(buildDir, "manifest.bin"), contents: manifest }] : []),
    ],
    compatibilityDate: s.compatibilityDate,
    compatibilityFlags: s.compatibilityFlags,
    bindings: { ...(keyHashes === undefined ? {} : { BANDO_KEY_HASHES: keyHashes }), ...extraBindings },
    ...(kv ? { kvNamespaces: ["BANDO_KEYS"], durableObjects: { BANDO_USAGE: "BandoUsage" } } : {}),
    assets: {
      directory: assetsDir,
      binding: s.assetsBinding ?? "ASSETS",
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
    },
    host: "127.0.0.1",
    port,
    ...options,
  });
  const url = await mf.ready; // workerd's own HTTP socket on 127.0.0.1
  return { mf, url };
}

// manifestModule: the contents of the Data module manifest.bin for a build
// served with the bundle assetsDir: when the build embeds the manifest
// (make worker wrote a non-empty build/manifest.bin), the served bundle's
// manifest.json — what `make worker BUNDLE=assetsDir` would ship with it —
// else empty; null for a build older than the module (no manifest.bin).
export function manifestModule(buildDir, assetsDir) {
  const f = join(buildDir, "manifest.bin");
  if (!existsSync(f)) return null;
  return statSync(f).size > 0 ? readFileSync(join(assetsDir, "manifest.json")) : new Uint8Array(0);
}

// workerdPids lists the workerd processes started by this Node process.
export function workerdPids() {
  const out = [];
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (Number(rest[1]) === process.pid && comm.startsWith("workerd")) out.push(Number(d));
    } catch {}
  }
  return out;
}

// cpuTicks returns utime+stime of pid in clock ticks (1/100 s on Linux).
export function cpuTicks(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(rest[11]) + Number(rest[12]); // fields 14 and 15
}
