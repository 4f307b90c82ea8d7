// The Worker as a product (issue #14), under workerd (Miniflare): the
// malformed-request catalogue (worker/testdata/malformed.json, generated
// from the table in core/httpserve/malformed_test.go), keys in KV
// (missing/unknown/revoked → 401, revoked within the key TTL), rate and
// daily quotas → 429 + Retry-After, usage and sessions through
// /v1/admin/usage, no key in any log, and tile faults failing only the
// requests that need the tile. Needs `make worker`.
//
//   node --test js/test/worker-access.test.mjs
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Log, LogLevel } from "miniflare";
import { compare, loadContract, repoRoot, runner, summary } from "./contract-lib.mjs";
import { startWorker, workerDir } from "./worker-miniflare.mjs";

const buildDir = join(workerDir, "build");
const cf = loadContract();
const sha = (k) => createHash("sha256").update(k).digest("hex");

// Everything workerd and Miniflare print, to check no key is logged.
const logged = [];
class CaptureLog extends Log {
  log(message) { logged.push(message); }
}
const capture = {
  log: new CaptureLog(LogLevel.VERBOSE),
  handleRuntimeStdio(stdout, stderr) {
    stdout.on("data", (d) => logged.push(String(d)));
    stderr.on("data", (d) => logged.push(String(d)));
  },
};

const started = [];
after(async () => { for (const mf of started) await mf.dispose(); });

async function worker(opts) {
  const { mf } = await startWorker({ buildDir, options: capture, ...opts });
  started.push(mf);
  return mf;
}

const get = (mf, url, init) => mf.dispatchFetch("http://127.0.0.1" + url, init);

// checkError mirrors checkMalformed in core/httpserve/malformed_test.go.
function checkError(c, status, ctype, text) {
  if (status < 400 || status > 499 || (c.status && status !== c.status)) return `status ${status}, want ${c.status}`;
  if (!ctype?.startsWith("application/json")) return `content-type ${ctype}`;
  let v;
  try { v = JSON.parse(text); } catch (e) { return "body not JSON: " + text.slice(0, 200); }
  if (!v.status || v.status === "OK" || !v.message) return "no status word or message: " + text.slice(0, 200);
  if (c.shape === "pelias") {
    if (v.type !== "FeatureCollection" || !Array.isArray(v.features) || v.features.length || v.errors?.length !== 1 || v.errors[0] !== v.message) return "not a Pelias error: " + text.slice(0, 200);
  } else if (v.error_message !== v.message) return "not a Google error: " + text.slice(0, 200);
  if (c.names && !v.message.includes(c.names)) return `message ${JSON.stringify(v.message)} does not name ${c.names}`;
  return null;
}

test("malformed-request catalogue: 100% clear 4xx in the right shape", async () => {
  const mf = await worker({ keyHashes: cf.keyHashes });
  const cases = JSON.parse(readFileSync(join(repoRoot, "worker/testdata/malformed.json"), "utf8"));
  assert.ok(cases.length >= 300, `${cases.length} cases`);
  const bad = [];
  for (const c of cases) {
    const body = c.body_bytes ? new Uint8Array(c.body_bytes).fill(97) : c.body;
    const init = { method: c.method, ...(body !== undefined ? { body, headers: c.body ? { "content-type": "application/json" } : {} } : {}) };
    const r = await get(mf, c.url, init);
    const msg = checkError(c, r.status, r.headers.get("content-type"), await r.text());
    if (msg) bad.push(`${c.name}: ${msg}`);
  }
  assert.deepEqual(bad, [], `${bad.length}/${cases.length} wrong:\n${bad.slice(0, 20).join("\n")}`);
});

test("keys from KV: missing/unknown → 401, revoked → 401 within the TTL, over quota → 429, usage and sessions counted", async () => {
  const mf = await worker({ kv: true, extraBindings: { BANDO_KEY_TTL: "1" } });
  const kv = await mf.getKVNamespace("BANDO_KEYS");
  const key = "bd_test_key_1", admin = "bd_admin_key", limited = "bd_limited";
  await kv.put(sha(key), JSON.stringify({ revoked: false, rpm: 0, rpd: 0 }));
  await kv.put(sha(admin), JSON.stringify({ admin: true }));
  await kv.put(sha(limited), JSON.stringify({ rpm: 3 }));

  let r = await get(mf, "/v1/status");
  assert.equal(r.status, 401, await r.text());
  r = await get(mf, "/v1/autocomplete?text=pho&apikey=nope");
  const denied = await r.json();
  assert.equal(r.status, 401);
  assert.match(denied.errors[0], /apikey: unknown key/);

  // Sessions (API.md §2): three autocompletes + the first place call with
  // one token = 1 unit; one call without a token = 1 unit.
  const tok = "6f1c2a4e-1b2c-4d3e-8f40-123456789abc";
  for (const t of ["p", "ph", "pho"]) {
    r = await get(mf, `/v1/autocomplete?text=${t}&sessiontoken=${tok}&apikey=${key}`);
    assert.equal(r.status, 200, await r.text());
  }
  r = await get(mf, `/v1/autocomplete?text=pho&apikey=${key}`);
  assert.equal(r.status, 200);

  // Rate limit: the 4th request in a minute → 429 + Retry-After, in the
  // endpoint's shape.
  for (let i = 0; i < 3; i++) assert.equal((await get(mf, `/v1/status?apikey=${limited}`)).status, 200);
  r = await get(mf, `/v1/autocomplete?text=pho&apikey=${limited}`);
  const over = await r.json();
  assert.equal(r.status, 429);
  assert.ok(Number(r.headers.get("retry-after")) >= 1 && Number(r.headers.get("retry-after")) <= 60, r.headers.get("retry-after"));
  assert.equal(over.status, "OVER_QUERY_LIMIT");
  assert.match(over.errors[0], /rate limit of 3/);

  // Usage through the admin endpoint (the Durable Object); only admin keys.
  assert.equal((await get(mf, `/v1/admin/usage?apikey=${key}`)).status, 401);
  let counters;
  for (let i = 0; i < 20; i++) { // the increments reach the Durable Object after each response
    r = await get(mf, `/v1/admin/usage?apikey=${admin}&key=${sha(key).slice(0, 12)}`);
    counters = (await r.json()).counters;
    if (counters?.[0]?.requests === 4) break;
    await new Promise((res) => setTimeout(res, 100));
  }
  assert.equal(counters.length, 1, JSON.stringify(counters));
  assert.equal(counters[0].requests, 4);
  assert.equal(counters[0].units, 2, "3 autocompletes in one session + 1 without a token");

  // Revocation: refused once the cached answer expires (BANDO_KEY_TTL=1 s
  // here; 60 s by default, the longest allowed).
  await kv.put(sha(key), JSON.stringify({ revoked: true }));
  await new Promise((res) => setTimeout(res, 1300));
  r = await get(mf, `/v1/status?apikey=${key}`);
  assert.equal(r.status, 401);
  assert.match((await r.json()).message, /revoked/);

  const all = logged.join("\n");
  for (const k of [key, admin, limited]) assert.ok(!all.includes(k), `key ${k} appears in the logs`);
});

test("daily quota → 429 with Retry-After until UTC midnight", async () => {
  const mf = await worker({ kv: true });
  const kv = await mf.getKVNamespace("BANDO_KEYS");
  const key = "bd_daily";
  await kv.put(sha(key), JSON.stringify({ rpd: 2 }));
  for (let i = 0; i < 2; i++) assert.equal((await get(mf, `/v1/forcodes/decode?forcodes=HN4TZUZBPKRN0F&apikey=${key}`, { method: "POST" })).status, 200);
  const r = await get(mf, `/v1/forcodes/decode?forcodes=HN4TZUZBPKRN0F&apikey=${key}`, { method: "POST" });
  const body = await r.json();
  assert.equal(r.status, 429, JSON.stringify(body));
  assert.equal(body.status, "OVER_QUERY_LIMIT");
  const now = new Date();
  const toMidnight = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
  assert.ok(Math.abs(Number(r.headers.get("retry-after")) - toMidnight) < 5, `${r.headers.get("retry-after")} vs ${toMidnight}`);
});

test("a plain key in BANDO_KEY_HASHES is never shown in the 503", async () => {
  const mf = await worker({ keyHashes: "sk-live-PLAINSECRET" });
  const r = await get(mf, "/v1/status?apikey=x");
  const text = await r.text();
  assert.equal(r.status, 503);
  assert.ok(!text.includes("PLAINSECRET"), text);
  assert.match(text, /BANDO_KEY_HASHES/);
});

test("faults: a deleted tile and a corrupted tile fail only their requests; the isolate keeps serving", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bando-fault-"));
  try {
    cpSync(join(buildDir, "assets"), dir, { recursive: true });
    // The whole search layer deleted (listed in the manifest, gone) and the
    // whole id layer corrupted: whichever shard a query needs is affected,
    // however the index splits the fixture's names.
    for (const f of readdirSync(join(dir, "tiles/sx"))) unlinkSync(join(dir, "tiles/sx", f));
    for (const f of readdirSync(join(dir, "tiles/pid"))) {
      const corrupt = join(dir, "tiles/pid", f);
      const b = readFileSync(corrupt);
      for (let i = 0; i < b.length; i += 3) b[i] ^= 0x5a;
      writeFileSync(corrupt, b);
    }
    const mf = await worker({ keyHashes: cf.keyHashes, assetsDir: dir });
    const k = "demo-key";
    for (let round = 0; round < 3; round++) {
      for (const [path, want] of [
        ["/v1/autocomplete?text=pho", 500], // needs a deleted search tile
        ["/v1/place?ids=n1003", 500], // needs a corrupted id tile
        ["/v1/nearby?categories=restaurant&point.lat=21.018&point.lon=105.8515", 200], // place cells only
        ["/v1/nearby?categories=cafe&point.lat=91&point.lon=105.85", 400], // refused before any tile
      ]) {
        const r = await get(mf, `${path}&apikey=${k}`);
        const text = await r.text();
        assert.equal(r.status, want, `${path}: ${text}`);
        if (want === 500) {
          const v = JSON.parse(text);
          assert.equal(v.status, "UNKNOWN_ERROR");
          assert.equal(v.message, "internal error");
          assert.ok(!text.includes("tiles/"), "a 500 shows no tile path");
        }
      }
      assert.equal((await get(mf, `/v1/status?apikey=${k}`)).status, 200);
      assert.equal((await get(mf, `/v1/forcodes/encode?lat=21.0285&lng=105.8542&apikey=${k}`, { method: "POST" })).status, 200);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// r2Worker: a Worker whose assets hold the manifest only, every bundle file
// in an R2 bucket bound as TILES; tiles under corruptPrefix are corrupted.
async function r2Worker(dir, corruptPrefix) {
  const mf = await worker({ keyHashes: cf.keyHashes, assetsDir: dir, options: { ...capture, r2Buckets: ["TILES"] } });
  const bucket = await mf.getR2Bucket("TILES");
  const src = join(buildDir, "assets");
  for (const e of readdirSync(src, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
    const f = join(e.parentPath ?? e.path, e.name);
    const key = f.slice(src.length + 1);
    const b = new Uint8Array(readFileSync(f));
    if (corruptPrefix && key.startsWith(corruptPrefix)) for (let i = 0; i < b.length; i += 3) b[i] ^= 0x5a;
    await bucket.put(key, b);
  }
  return mf;
}

test("tiles from an R2 bucket bound as TILES: the contract cases, and a corrupted object fails only its requests", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bando-r2-"));
  try {
    cpSync(join(buildDir, "assets/manifest.json"), join(dir, "manifest.json"));
    const mf = await r2Worker(dir);
    const got = await Promise.all(cf.cases.map(runner((url, init) => get(mf, url, init))));
    const msg = summary(cf.cases.map((c, i) => ({ name: c.name, problems: compare(c, cf.goldens[c.name], got[i]) })));
    assert.ok(msg === null, msg);
    const bad = await r2Worker(dir, "tiles/pid/");
    for (let round = 0; round < 2; round++) {
      const r = await get(bad, "/v1/place?ids=n1003&apikey=demo-key");
      const text = await r.text();
      assert.equal(r.status, 500, text);
      assert.equal(JSON.parse(text).message, "internal error");
      assert.equal((await get(bad, "/v1/autocomplete?text=pho&apikey=demo-key")).status, 200);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
