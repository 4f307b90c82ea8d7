#!/usr/bin/env node
// deploy.mjs — from a built Worker (make worker BUNDLE=dir) to a live one, in one command:
//
//   node worker/deploy.mjs --env production --keys build/keys.txt [--domain maps.example.com |
//        --route 'maps.example.com/*' --zone example.com] [--plan free|paid] [--storage auto|assets|r2]
//        [--bucket NAME] [--dry-run]
//
// 1. finds the KV namespace of the environment's keys (title bando-keys-<env>) or creates it;
// 2. loads the key file's records into it (`bando keys export`, one bulk write);
// 3. puts the bundle where its size requires: the Worker's static assets when the plan's asset
//    limits hold (files, 25 MiB each), else an R2 bucket (created if missing) bound as TILES;
// 4. writes worker/build/wrangler.<env>.toml (the KV id, the storage, routes or a custom domain,
//    the Worker's name: bando for production, bando-<env> otherwise) from worker/wrangler.toml;
// 5. deploys it.
// With --dry-run nothing reaches Cloudflare: the KV id is a placeholder, uploads are listed, and
// wrangler deploys with --dry-run (offline), so the whole plan is checked. Without --dry-run,
// wrangler needs `wrangler login` or, in CI, CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID
// (worker/README.md, "Deploy from CI"). WRANGLER=path runs another wrangler (the tests' fake).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, readdirSync, statSync, existsSync, mkdtempSync, cpSync, rmSync } from "node:fs";
import { join, dirname, relative, resolve } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");

// Platform limits of static assets (2026): files per Worker, bytes per file.
export const LIMITS = {
  free: { files: 20_000, fileBytes: 25 * 1024 * 1024 },
  paid: { files: 100_000, fileBytes: 25 * 1024 * 1024 },
};

/** parseArgs reads the command line; it throws on anything it does not know. */
export function parseArgs(argv) {
  const o = { env: "production", plan: "free", storage: "auto", dryRun: false, routes: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    switch (a) {
      case "--env": o.env = val(); break;
      case "--keys": o.keys = val(); break;
      case "--build": o.build = val(); break;
      case "--plan": o.plan = val(); break;
      case "--storage": o.storage = val(); break;
      case "--bucket": o.bucket = val(); break;
      case "--domain": o.domain = val(); break;
      case "--route": o.routes.push(val()); break;
      case "--zone": o.zone = val(); break;
      case "--dry-run": o.dryRun = true; break;
      case "-h": case "--help": o.help = true; break;
      default: throw new Error(`unknown argument ${a} (--help lists them)`);
    }
  }
  if (!/^[a-z0-9-]{1,32}$/.test(o.env)) throw new Error(`--env ${o.env}: lower-case letters, digits and - only`);
  if (!LIMITS[o.plan]) throw new Error(`--plan ${o.plan}: free or paid`);
  if (!["auto", "assets", "r2"].includes(o.storage)) throw new Error(`--storage ${o.storage}: auto, assets or r2`);
  if (o.routes.length && !o.zone) throw new Error("--route needs --zone (the zone name the route belongs to)");
  if (o.domain && o.routes.length) throw new Error("give --domain or --route, not both");
  return o;
}

/** bundleStats counts the files and bytes under dir and finds the largest file. */
export function bundleStats(dir) {
  const s = { files: 0, bytes: 0, largest: 0, largestPath: "", paths: [] };
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) { walk(p); continue; }
      const n = statSync(p).size;
      s.files++; s.bytes += n; s.paths.push(relative(dir, p));
      if (n > s.largest) { s.largest = n; s.largestPath = relative(dir, p); }
    }
  };
  walk(dir);
  s.paths.sort();
  return s;
}

/** chooseStorage: the assets when the plan's limits hold (or "why not"), else R2. */
export function chooseStorage(stats, plan, wanted = "auto") {
  const lim = LIMITS[plan];
  const over = [];
  if (stats.files > lim.files) over.push(`${stats.files} files > ${lim.files} (${plan} plan) by ${stats.files - lim.files}`);
  if (stats.largest > lim.fileBytes) over.push(`${stats.largestPath} is ${stats.largest} bytes > ${lim.fileBytes} by ${stats.largest - lim.fileBytes}`);
  if (wanted === "assets" && over.length) throw new Error(`the bundle does not fit the static assets: ${over.join("; ")}`);
  if (wanted === "r2") return { storage: "r2", why: "asked for (--storage r2)" };
  if (wanted === "assets" || over.length === 0) return { storage: "assets", why: `${stats.files} files ≤ ${lim.files}, largest ${stats.largest} bytes ≤ ${lim.fileBytes}` };
  return { storage: "r2", why: over.join("; ") };
}

/** workerName: bando for production, bando-<env> otherwise. */
export const workerName = (env) => (env === "production" ? "bando" : `bando-${env}`);

/**
 * deployConfig rewrites worker/wrangler.toml for one deployment: paths relative to
 * worker/build (where the file is written), the name, the KV id, the storage and the routes.
 */
export function deployConfig(base, { env, kvId, storage, bucket, hasPage, domain, routes, zone }) {
  let t = base
    .replace(/^name = ".*"$/m, `name = "${workerName(env)}"`)
    .replace(/^main = "build\/(.*)"$/m, 'main = "$1"')
    .replace(/^directory = "build\/(.*)"$/m, 'directory = "$1"')
    .replace(/^id = "0{32}"$/m, `id = "${kvId}"`);
  if (!t.includes(`id = "${kvId}"`)) throw new Error("worker/wrangler.toml: no placeholder KV id to replace");
  if (storage === "r2") {
    t = t.replace(/^# \[\[r2_buckets\]\]\n# binding = "TILES"\n# bucket_name = ".*"$/m, `[[r2_buckets]]\nbinding = "TILES"\nbucket_name = "${bucket}"`);
    if (!t.includes(`bucket_name = "${bucket}"`)) throw new Error("worker/wrangler.toml: no commented [[r2_buckets]] block to enable");
    // The tiles are in R2: the assets keep only the demo page, if any.
    t = hasPage ? t.replace(/^directory = ".*"$/m, 'directory = "page-assets"') : t.replace(/^\[assets\]\n(?:[^\n[]+\n)*/m, "");
  }
  if (domain) t += `\nroutes = [ { pattern = "${domain}", custom_domain = true } ]\n`;
  else if (routes.length) t += `\nroutes = [ ${routes.map((r) => `{ pattern = "${r}", zone_name = "${zone}" }`).join(", ")} ]\n`;
  else t += "\nworkers_dev = true\n";
  return t;
}

function runner(dryRun, log) {
  const wrangler = process.env.WRANGLER || join(root, "js/node_modules/.bin/wrangler");
  if (!process.env.WRANGLER && !existsSync(wrangler)) throw new Error(`no wrangler at ${wrangler} (run make js-deps)`);
  return {
    // remote runs a wrangler command that talks to Cloudflare; in a dry run it is only listed.
    remote(args, { dry } = {}) {
      log(`${dryRun ? "would run" : "run"}: wrangler ${args.join(" ")}`);
      if (dryRun) return dry ?? "";
      return execFileSync(wrangler, args, { cwd: here, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
    },
    // local runs a wrangler command that stays offline (deploy --dry-run), even in a dry run.
    local(args) {
      log(`run: wrangler ${args.join(" ")}`);
      return execFileSync(wrangler, args, { cwd: here, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1", NO_COLOR: "1" } });
    },
  };
}

/** findOrCreateKV returns the id of the namespace titled title, creating it when missing. */
function findOrCreateKV(w, title, dryRun) {
  const list = JSON.parse(w.remote(["kv", "namespace", "list"], { dry: "[]" }) || "[]");
  const found = list.find((n) => n.title === title);
  if (found) return { id: found.id, created: false };
  const out = w.remote(["kv", "namespace", "create", title], { dry: "" });
  if (dryRun) return { id: "d".repeat(32), created: true };
  const m = out.match(/\b([0-9a-f]{32})\b/);
  if (!m) throw new Error(`wrangler kv namespace create ${title}: no id in its answer`);
  return { id: m[1], created: true };
}

export async function main(argv, log = console.log) {
  const o = parseArgs(argv);
  if (o.help) {
    log(readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n").slice(1, 20).map((l) => l.replace(/^\/\/ ?/, "")).join("\n"));
    return;
  }
  const build = resolve(o.build ?? join(here, "build"));
  const assets = join(build, "assets");
  if (!existsSync(join(build, "index.mjs")) || !existsSync(join(assets, "manifest.json"))) {
    throw new Error(`${build} is not a built Worker with a bundle (run: make worker BUNDLE=<bundle dir>)`);
  }
  if (!o.keys) throw new Error("--keys FILE is required (a key file of `bando keys add`)");
  if (!o.dryRun && !process.env.CLOUDFLARE_API_TOKEN) log("note: no CLOUDFLARE_API_TOKEN: wrangler uses the account of `wrangler login`");
  const w = runner(o.dryRun, log);

  // 1–2. Keys.
  const title = `bando-keys-${o.env}`;
  const kv = findOrCreateKV(w, title, o.dryRun);
  log(`kv: ${title} ${kv.created ? "created" : "found"} (${kv.id})`);
  const bando = process.env.BANDO || join(root, "build/bando");
  const records = execFileSync(bando, ["keys", "export", "--file", o.keys], { encoding: "utf8" });
  const n = JSON.parse(records).length;
  const tmp = mkdtempSync(join(tmpdir(), "bando-deploy-"));
  const bulk = join(tmp, "keys.json");
  writeFileSync(bulk, records, { mode: 0o600 });
  try {
    w.remote(["kv", "bulk", "put", bulk, "--namespace-id", kv.id, "--remote"]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  log(`keys: ${n} records`);

  // 3. The bundle.
  const tiles = bundleStats(assets);
  const page = existsSync(join(assets, "page"));
  const choice = chooseStorage(tiles, o.plan, o.storage);
  log(`storage: ${choice.storage} (${choice.why}); bundle ${tiles.files} files, ${tiles.bytes} bytes`);
  const bucket = o.bucket ?? `bando-tiles-${o.env}`;
  if (choice.storage === "r2") {
    const buckets = w.remote(["r2", "bucket", "list"], { dry: "" });
    if (!buckets.includes(bucket)) w.remote(["r2", "bucket", "create", bucket]);
    let uploaded = 0;
    for (const p of tiles.paths) {
      if (p.startsWith("page/")) continue;
      if (o.dryRun) { uploaded++; continue; }
      w.remote(["r2", "object", "put", `${bucket}/${p}`, "--file", join(assets, p), "--remote"]);
      uploaded++;
    }
    log(`r2: ${uploaded} objects ${o.dryRun ? "to upload" : "uploaded"} to ${bucket}`);
  }

  if (choice.storage === "r2" && page) {
    rmSync(join(build, "page-assets"), { recursive: true, force: true });
    cpSync(join(assets, "page"), join(build, "page-assets", "page"), { recursive: true });
  }

  // 4. The configuration.
  const config = join(build, `wrangler.${o.env}.toml`);
  writeFileSync(config, deployConfig(readFileSync(join(here, "wrangler.toml"), "utf8"), {
    env: o.env, kvId: kv.id, storage: choice.storage, bucket, hasPage: page,
    domain: o.domain, routes: o.routes, zone: o.zone,
  }));
  log(`config: ${relative(root, config)}`);

  // 5. Deploy.
  if (o.dryRun) {
    const out = w.local(["deploy", "--dry-run", "--config", config, "--outdir", join(build, "dist")]);
    const bindings = out.split("\n").filter((l) => /env\.[A-Z_]+/.test(l)).map((l) => l.trim().replace(/\s{2,}/g, " "));
    log(`dry run: wrangler accepted the configuration; bindings: ${bindings.join(" | ")}`);
  } else {
    w.remote(["deploy", "--config", config]);
  }
  log(`${o.dryRun ? "planned" : "deployed"}: ${workerName(o.env)} (${o.env})`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(`deploy: ${e.message}`);
    process.exit(2);
  });
}
